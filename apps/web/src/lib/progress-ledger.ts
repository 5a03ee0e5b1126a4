/**
 * The bookkeeping behind the progress sync engine (progress-sync.ts): one project's done bits per chart
 * version, as the server last answered them (`base`) and with this device's marks (`local`), for the version
 * marked on and for older versions whose changes are still to send (the server carries them over). The
 * three-way merges that keep another device's marks live here: kept marks laid over the server's bits on the
 * first read, and each answer taken under the marks made since. No timers, storage or network.
 */
import { countChanged, countDone, isDone, overlayProgress, progressDiffers, progressOfSize, setDone, type DailyMarks } from '@stitchwise/core';
import type { components } from '../api/openapi.gen';
import type { KeptMarks } from './progress-store';

/** What GET and PUT …/progress answer: the current chart version's done bits (base64) and counts. */
export type ServerProgress = components['schemas']['StitchingProgress'];

/**
 * The bits of one chart version: `base` as the server last answered them, `local` with this device's marks.
 * The current version's, or an older version's changes still to send (the server carries them over).
 */
export type VersionMarks = KeptMarks;

export class ProgressLedger {
  private marked: VersionMarks | undefined;
  private queued: VersionMarks[] = [];
  private serverDaily: DailyMarks = {};

  /** Stitches marked per day as the server last answered them (without the marks not sent yet). */
  get daily(): DailyMarks {
    return this.serverDaily;
  }

  /** The version marked on; undefined until the progress is first read. */
  get current(): VersionMarks | undefined {
    return this.marked;
  }

  /** Older versions with changes still to send, in the order they are to go. */
  get carries(): readonly VersionMarks[] {
    return this.queued;
  }

  /**
   * The first read of the server's progress: marks kept for its version (and its size) are laid over its
   * bits; older versions' kept changes wait to be sent.
   */
  start(server: ServerProgress, kept: readonly KeptMarks[]): void {
    this.serverDaily = server.daily;
    const bits = bitsOf(server);
    const current: VersionMarks = { version: server.version, width: server.width, height: server.height, base: bits, local: bits };
    for (const marks of kept) {
      if (marks.version === server.version) {
        if (marks.width === server.width && marks.height === server.height) current.local = overlayProgress(current.local, marks.base, marks.local);
      } else if (progressDiffers(marks.local, marks.base)) {
        this.queued.push(marks);
      }
    }
    this.marked = current;
  }

  /**
   * Marks stitches (cell indices) done or not done; returns those that changed. Nothing is marked before the
   * first read, or when `version` (the chart the cells were chosen on) is not the version marked on.
   */
  mark(cells: readonly number[], done: boolean, version?: number): number[] {
    const current = this.marked;
    if (!current || (version !== undefined && version !== current.version)) return [];
    const local = current.local.slice();
    const changed: number[] = [];
    const count = current.width * current.height;
    for (const cell of cells) {
      if (cell < 0 || cell >= count || isDone(local, cell) === done) continue;
      setDone(local, cell, done);
      changed.push(cell);
    }
    if (changed.length > 0) current.local = local;
    return changed;
  }

  /**
   * Takes the server's answer: its bits, the new base, with this device's changes since the bits sent (or
   * since the last answer) laid over them. An answer for a newer version leaves those changes to be sent
   * with the old one, and moves on to it: then true. Bits sent from a version left meanwhile (a read answered
   * first) say nothing here.
   */
  take(answer: ServerProgress, sent?: { from: VersionMarks; bits: Uint8Array }): boolean {
    const current = this.marked!;
    this.serverDaily = answer.daily;
    const server = bitsOf(answer);
    const since = sent?.from === current ? sent.bits : current.base;
    if (answer.version === current.version) {
      current.local = overlayProgress(server, since, current.local);
      current.base = server;
    } else if (answer.version > current.version) {
      const left = { ...current, base: since };
      if (progressDiffers(left.local, left.base)) this.queued.push(left);
      this.marked = { version: answer.version, width: answer.width, height: answer.height, base: server, local: server };
      return true;
    }
    return false;
  }

  /** An older version's changes are done with: sent, or refused for good. */
  settled(carry: VersionMarks): void {
    this.queued = this.queued.filter((other) => other !== carry);
  }

  /** Gives up the marks not yet sent on `marks`' version: the server no longer keeps it. */
  abandon(marks: VersionMarks): void {
    marks.local = marks.base;
  }

  /** The versions with changes still to send: the older ones, then the current one. */
  unsentVersions(): VersionMarks[] {
    const current = this.marked;
    if (!current) return [];
    return progressDiffers(current.local, current.base) ? [...this.queued, current] : [...this.queued];
  }

  /** Stitches marked (or unmarked) on this device and not yet on the server, over all versions. */
  unsent(): number {
    const current = this.marked;
    if (!current) return 0;
    return this.queued.reduce((sum, carry) => sum + countChanged(carry.local, carry.base), countChanged(current.local, current.base));
  }

  /** Stitches marked less those unmarked on this device and not yet on the server, over all versions: what they will add to a day's count. */
  unsentNet(): number {
    const current = this.marked;
    if (!current) return 0;
    return [...this.queued, current].reduce((sum, marks) => sum + countDone(marks.local) - countDone(marks.base), 0);
  }
}

function bitsOf(answer: ServerProgress): Uint8Array {
  return progressOfSize(answer.done, answer.width, answer.height);
}
