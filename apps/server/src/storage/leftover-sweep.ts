import type { FileStore } from './file-store.js';

/**
 * How old a file must be before the sweep may take it for a leftover. A file is put first and
 * registered in the database a moment later, and a write in progress is a `.partial` until it is
 * renamed: an hour is far longer than either can take, so nothing in use is ever touched.
 */
export const LEFTOVER_GRACE_MS = 60 * 60 * 1000;

/**
 * A crash leaves a few files behind; finding more unreferenced files than this (and more than this
 * share of all) means the database does not match the files — a wrong DATABASE_URL, an old restore —
 * and the sweep deletes nothing rather than everything.
 */
const MAX_LEFTOVERS = 100;
const MAX_LEFTOVER_SHARE = 0.1;

export interface LeftoverSweepOptions {
  /** Shorter in tests. */
  graceMs?: number;
  now?: () => Date;
}

export interface SweepResult {
  /** Stored files no row pointed at. */
  unreferenced: number;
  /** Leftovers of writes that never finished. */
  partials: number;
}

/**
 * Deletes what a crash leaves behind in the file store: files that were stored but never registered
 * (killed between the two), and `.partial` files of writes that never finished. Safe with several
 * processes sharing the files and the database: only files older than the grace period go, and only
 * when no row names them at the moment of deleting.
 */
export class LeftoverSweep {
  private readonly graceMs: number;
  private readonly now: () => Date;
  private running: Promise<SweepResult> | undefined;

  constructor(
    private readonly files: FileStore,
    private readonly referencedFiles: () => Promise<ReadonlySet<string>>,
    options: LeftoverSweepOptions = {},
  ) {
    this.graceMs = options.graceMs ?? LEFTOVER_GRACE_MS;
    this.now = options.now ?? (() => new Date());
  }

  /** One sweep; a call while one is running waits for that one instead of starting another. */
  sweep(): Promise<SweepResult> {
    this.running ??= this.sweepOnce().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async sweepOnce(): Promise<SweepResult> {
    const cutoff = this.now().getTime() - this.graceMs;
    const isOld = async (modifiedAt: () => Promise<Date | undefined>): Promise<boolean> => {
      const time = await modifiedAt();
      return time !== undefined && time.getTime() < cutoff;
    };

    // The referenced ids first, so that the listing can be streamed against them: only files no row
    // named are looked at further, and normally there are none.
    const referenced = await this.referencedFiles();
    const candidates: string[] = [];
    let partials = 0;
    let stored = 0;
    for await (const entry of this.files.list()) {
      if (entry.kind === 'file') stored += 1;
      if (entry.kind === 'partial') {
        // Nothing ever refers to a partial: once old enough, its writer is gone.
        if (await isOld(entry.modifiedAt)) {
          await this.files.deletePartial(entry.name);
          partials += 1;
        }
      } else if (!referenced.has(entry.name) && (await isOld(entry.modifiedAt))) {
        candidates.push(entry.name);
      }
    }
    if (candidates.length === 0) return { unreferenced: 0, partials };
    if (candidates.length > Math.max(MAX_LEFTOVERS, stored * MAX_LEFTOVER_SHARE)) {
      throw new Error(
        `${candidates.length} of ${stored} stored files in ${this.files.location} are named by no row: far more than a crash leaves behind. ` +
          'The database may not be the one these files belong to (check DATABASE_URL and DATA_DIR, or restore a backup). Nothing was deleted.',
      );
    }

    // Asked again just before deleting: a row written while the listing ran still saves its file.
    const stillReferenced = await this.referencedFiles();
    let unreferenced = 0;
    for (const id of candidates) {
      if (stillReferenced.has(id)) continue;
      await this.files.delete(id);
      unreferenced += 1;
    }
    return { unreferenced, partials };
  }
}
