import { encodeProgress, localDay, progressDiffers, type DailyMarks } from '@stitchwise/core';
import { ApiError, detailOf, statusOf } from '../api/client';
import { ProgressLedger, type ServerProgress, type VersionMarks } from './progress-ledger';
import { ProgressKeeper } from './progress-keeper';
import { markLive } from './progress-live';

export type { ServerProgress } from './progress-ledger';

/** A PUT's body: one version's bits and the server bits they were made over (both base64), and the device's calendar date. */
export interface ProgressPut {
  version: number;
  done: string;
  base: string;
  /** YYYY-MM-DD: the day the server counts the change on. */
  day: string;
}

/** How the sync engine reaches the server: a PUT answered with the current version's progress. */
export interface ProgressTransport {
  put(body: ProgressPut, options: { keepalive: boolean }): Promise<ServerProgress>;
}

/**
 * loading: no progress read yet; saving: marks wait for the debounce or are on their way; offline: no
 * connection, marks kept; retrying: the server failed (or answered 401 while the sign-in was renewed),
 * marks kept; refused: the server said no (see `refusal`), marks kept.
 */
export type SyncStatus = 'loading' | 'saved' | 'saving' | 'offline' | 'retrying' | 'refused';

export interface ProgressState {
  /** The chart version the bits are for; undefined until the progress is read. */
  version: number | undefined;
  width: number;
  height: number;
  /** Done bits, one per cell; a new array after every change, never changed in place. */
  bits: Uint8Array;
  status: SyncStatus;
  /** Stitches marked (or unmarked) on this device and not yet on the server. */
  unsent: number;
  /** Why the server refused the marks (status refused). */
  refusal: string | undefined;
  /** Marks that could not be kept: made on a chart version the server no longer keeps. */
  lost: boolean;
  /**
   * Net stitches marked per day: the server's record, with this device's marks not yet sent (less its
   * unmarks) counted on today, the day they will be sent with.
   */
  daily: DailyMarks;
}

export interface SyncOptions {
  /** Where unsent marks are kept (localStorage); none keeps them in memory only. */
  storage?: Storage | undefined;
  /** How long after the last mark they are sent. */
  debounceMs?: number;
  /** How long after a failed send (not a refusal) it is tried again. */
  retryMs?: number;
  /** The server answered: its progress now (for caches such as the projects list). */
  onSaved?: (answer: ServerProgress) => void;
  /** The server's chart is a newer version than the one marked on (an edit elsewhere): show the new chart. */
  onNewVersion?: (version: number) => void;
  /** The version marked on is gone: read the progress (and chart) again. */
  onStale?: () => void;
  /** The device's calendar date, YYYY-MM-DD (its local date unless given). */
  today?: () => string;
}

const DEBOUNCE_MS = 1000;
const RETRY_MS = 15_000;
/**
 * How soon after a mark the unsent marks are written to storage: a crash loses at most that much, and a drag
 * writes storage a few times a second rather than on every move (about 1 ms each for a 500 × 500 chart).
 */
const PERSIST_MS = 150;

/**
 * Stitching progress of one project, kept in sync with the server: marks change the local bits at once,
 * are kept in the browser (within 150 ms) until the server has them, and are sent ~1 s after the last one
 * (at once when the page is hidden, with a keepalive request that outlives it). Each PUT carries the
 * server bits the marks were made over (`base`), so the server changes only what changed here and another
 * device's marks stay (a three-way merge; the same merge lays kept marks over the server's bits on the
 * next load). Offline or on a failed send they stay kept and go when the connection is back. Changes made
 * on an older chart version are sent with that version; the server carries them over to the current one.
 * The bits of each version and the merges are the ledger's (progress-ledger.ts); what is kept in storage, the
 * keeper's (progress-keeper.ts). Each PUT names the device's calendar date, on which the server counts the
 * stitches it marks; marks kept unsent count on today here, so the statistics are right offline too.
 */
export class ProgressSync {
  private readonly ledger = new ProgressLedger();
  private state: ProgressState = {
    version: undefined,
    width: 0,
    height: 0,
    bits: new Uint8Array(0),
    status: 'loading',
    unsent: 0,
    refusal: undefined,
    lost: false,
    daily: {},
  };
  private refusal: string | undefined;
  private lost = false;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private persistTimer: ReturnType<typeof setTimeout> | undefined;
  private sending = false;
  private again = false;
  private againKeepalive = false;
  private readonly keeper: ProgressKeeper;

  constructor(
    private readonly projectId: string,
    private readonly transport: ProgressTransport,
    private readonly options: SyncOptions = {},
  ) {
    this.keeper = new ProgressKeeper(options.storage, projectId);
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getState = (): ProgressState => this.state;

  /** The server's progress was read: the first time, with the marks this device kept unsent laid over it (and sent). */
  load(server: ServerProgress): void {
    if (this.ledger.current) {
      // Read again (a new chart is shown, or the version marked on was gone): taken like an answer.
      this.take(server);
      if (this.ledger.unsent() > 0) this.schedule();
      this.publish(this.ledger.unsent() > 0 ? 'saving' : 'saved');
      return;
    }
    this.ledger.start(server, this.keeper.read());
    this.persist();
    if (this.ledger.unsent() === 0) this.publish('saved');
    else void this.flush();
  }

  /**
   * Marks stitches (cell indices) done or not done; returns those that changed. `version` names the chart
   * the cells were chosen on: when the engine is on another version (the server's chart moved on), nothing
   * is marked, since a cell index of one version may be another stitch in the next.
   */
  mark(cells: readonly number[], done: boolean, version?: number): number[] {
    const changed = this.ledger.mark(cells, done, version);
    if (changed.length === 0) return changed;
    // Kept soon, not only when sent: a crash before the send loses nothing more.
    this.persistTimer ??= setTimeout(() => this.persist(), PERSIST_MS);
    this.schedule();
    this.publish(this.online() ? 'saving' : 'offline');
    return changed;
  }

  /** Sends after the debounce (again from now). */
  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.options.debounceMs ?? DEBOUNCE_MS);
  }

  /** Keeps unsent marks in storage and sends them now, if there is a connection; `keepalive` for a page being hidden or closed. */
  async flush({ keepalive = false }: { keepalive?: boolean } = {}): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.ledger.current) return;
    this.persist();
    if (this.ledger.unsent() === 0) {
      if (!this.sending) this.publish('saved');
      return;
    }
    if (!this.online()) {
      this.publish('offline');
      this.retryLater(); // in case the browser never says it is back online
      return;
    }
    // One send at a time, so answers come back in order; a page going away mid-send has its marks kept for the next load.
    if (this.sending) {
      this.again = true;
      this.againKeepalive ||= keepalive;
      return;
    }
    await this.send(keepalive);
  }

  /**
   * Listens for the connection coming back and the page being hidden or closed, and marks the project live in
   * storage (progress-live.ts) so the sender of kept marks leaves them to this engine; returns the removal
   * (which sends what is left, then unmarks it).
   */
  attach(window: Window): () => void {
    // Without storage this engine keeps no marks there, so there is nothing for the sender to race it for.
    const stopLive = this.options.storage ? markLive(this.projectId, this.options.storage) : () => undefined;
    const online = () => void this.flush();
    const offline = () => {
      if (this.ledger.unsent() > 0) this.publish('offline');
    };
    const hide = () => void this.flush({ keepalive: true });
    const visibility = () => {
      if (window.document.visibilityState === 'hidden') hide();
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    window.addEventListener('pagehide', hide);
    window.document.addEventListener('visibilitychange', visibility);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      window.removeEventListener('pagehide', hide);
      window.document.removeEventListener('visibilitychange', visibility);
      clearTimeout(this.retryTimer);
      if (this.timer !== undefined) {
        void this.flush().finally(stopLive);
        return;
      }
      if (this.persistTimer !== undefined) this.persist();
      stopLive();
    };
  }

  private async send(keepalive: boolean): Promise<void> {
    this.sending = true;
    clearTimeout(this.retryTimer);
    this.publish('saving');
    try {
      for (const carry of [...this.ledger.carries]) {
        try {
          this.take(await this.transport.put(this.bodyOf(carry), { keepalive }));
        } catch (error) {
          if (!isUnknownVersion(error)) throw error;
          this.lost = true; // only the original and the latest versions are kept
        }
        this.ledger.settled(carry);
      }
      const current = this.ledger.current!;
      if (progressDiffers(current.local, current.base)) {
        const sent = current.local;
        try {
          this.take(await this.transport.put(this.bodyOf(current), { keepalive }), { from: current, bits: sent });
        } catch (error) {
          if (!isUnknownVersion(error)) throw error;
          // The version marked on is gone (edited elsewhere, and only the latest versions are kept).
          this.ledger.abandon(current);
          this.lost = true;
          this.options.onStale?.();
        }
      }
      this.publish(this.ledger.unsent() > 0 ? 'saving' : 'saved');
    } catch (error) {
      this.failed(error);
    } finally {
      this.sending = false;
      this.persist();
      const keepalive = this.againKeepalive;
      const again = this.again;
      this.again = this.againKeepalive = false;
      if (this.state.status === 'saving' || this.state.status === 'saved') {
        // Marks made meanwhile, or made on a version the answer showed to be old, are still to go.
        if (again) void this.flush({ keepalive });
        else if (this.ledger.unsent() > 0 && this.timer === undefined) this.schedule();
      }
    }
  }

  /**
   * A send failed: a refusal is reported; a lost connection or a failing server is tried again, and so is a
   * 401, which comes while the access token is being renewed (the connection back after it expired).
   */
  private failed(error: unknown): void {
    const status = statusOf(error);
    const temporary = status === undefined || status >= 500 || status === 429 || status === 409 || status === 401;
    if (!temporary) {
      this.refusal = detailOf(error) ?? `The server refused the marks (${status}).`;
      this.publish('refused');
      return;
    }
    // No answer at all is a lost connection, whatever the browser says about being online.
    this.publish(status === undefined || !this.online() ? 'offline' : 'retrying');
    this.retryLater();
  }

  private retryLater(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.flush(), this.options.retryMs ?? RETRY_MS);
  }

  /** Takes the server's answer into the ledger (see `ProgressLedger.take`), and reports it. */
  private take(answer: ServerProgress, sent?: { from: VersionMarks; bits: Uint8Array }): void {
    if (this.ledger.take(answer, sent)) this.options.onNewVersion?.(answer.version);
    this.options.onSaved?.(answer);
  }

  /** Writes what is unsent to storage per version, and forgets versions with nothing left to send. */
  private persist(): void {
    clearTimeout(this.persistTimer);
    this.persistTimer = undefined;
    if (this.ledger.current) this.keeper.keep(this.ledger.unsentVersions());
  }

  /** A PUT of one version's marks, with the server bits they were made over, counted on today. */
  private bodyOf(marks: VersionMarks): ProgressPut {
    return { version: marks.version, done: encodeProgress(marks.local), base: encodeProgress(marks.base), day: this.today() };
  }

  private today(): string {
    return this.options.today?.() ?? localDay(new Date());
  }

  private online(): boolean {
    return typeof navigator === 'undefined' || navigator.onLine;
  }

  private publish(status: SyncStatus): void {
    const current = this.ledger.current;
    this.state = {
      version: current?.version,
      width: current?.width ?? 0,
      height: current?.height ?? 0,
      bits: current?.local ?? this.state.bits,
      status,
      unsent: this.ledger.unsent(),
      refusal: status === 'refused' ? this.refusal : undefined,
      lost: this.lost,
      daily: withUnsent(this.ledger.daily, this.today(), this.ledger.unsentNet()),
    };
    for (const listener of this.listeners) listener();
  }
}

/** The server's record of stitches marked per day with `unsent` more on `today`. */
function withUnsent(daily: DailyMarks, today: string, unsent: number): DailyMarks {
  return unsent === 0 ? daily : { ...daily, [today]: (daily[today] ?? 0) + unsent };
}

function isUnknownVersion(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.problem?.code === 'unknown_version';
}
