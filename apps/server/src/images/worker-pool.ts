import type { Transferable } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { busy } from '../refusals.js';

/** How long an idle worker thread is kept. */
const IDLE_THREAD_MS = 20_000;

export interface PoolOptions {
  threads: number;
  /** Tasks that may wait for a thread; beyond that, requests are refused with 503. */
  maxQueue: number;
}

interface Waiting {
  task: unknown;
  transferList: Transferable[] | undefined;
  signal: AbortSignal | undefined;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
  /** Takes the task out of the queue when its signal aborts. */
  onAbort: () => void;
}

/**
 * A bounded pool of worker threads for heavy work (decoding, analysis, rendering), so the event loop
 * keeps answering — /api/health included — while images are processed. When every thread is busy and
 * the queue is full, the request is refused at once with 503 and Retry-After instead of waiting
 * without bound.
 *
 * The queue is this class's own; Piscina is given a task only when a thread is free for it. Piscina
 * starts threads only for tasks it is handed and replaces a thread ended by a cancel only up to
 * minThreads, so tasks waiting in its queue could wait for good after cancels (0 threads, a full queue,
 * every request refused). Here a cancelled waiting task leaves the queue at once, and whenever a task
 * settles — done, failed or cancelled — the next one is handed over, which starts a thread if needed:
 * a queue with work always has a thread.
 */
export class WorkerPool {
  private readonly pool: Piscina;
  private readonly waiting: Waiting[] = [];
  private running = 0;

  /** @param script the worker module next to this one */
  constructor(
    script: string,
    private readonly options: PoolOptions,
  ) {
    const { filename, execArgv } = workerEntry(script);
    this.pool = new Piscina({
      filename,
      execArgv,
      minThreads: 0,
      maxThreads: options.threads,
      // Never more than `threads` tasks are handed over, so Piscina queues only while a thread starts.
      maxQueue: options.threads,
      // A thread idle this long exits and gives back its heap (tens of MB each after a burst); starting
      // one again costs a fraction of a second, small beside the work that wakes it.
      idleTimeout: IDLE_THREAD_MS,
    });
  }

  /** Runs a task; when `signal` aborts, a waiting task leaves the queue and a running one's thread is ended. */
  run<Result>(task: unknown, transferList?: Transferable[], signal?: AbortSignal): Promise<Result> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    if (this.running < this.options.threads) return this.start(task, transferList, signal) as Promise<Result>;
    if (this.waiting.length >= this.options.maxQueue) return Promise.reject(busy());
    return new Promise<Result>((resolve, reject) => {
      const entry: Waiting = {
        task,
        transferList,
        signal,
        resolve: resolve as (result: unknown) => void,
        reject,
        onAbort: () => {
          const index = this.waiting.indexOf(entry);
          if (index >= 0) this.waiting.splice(index, 1);
          reject(abortReason(signal!));
        },
      };
      signal?.addEventListener('abort', entry.onAbort, { once: true });
      this.waiting.push(entry);
    });
  }

  /** Hands a task to Piscina, holding a thread until it settles; then the next waiting task goes. */
  private async start(task: unknown, transferList: Transferable[] | undefined, signal: AbortSignal | undefined): Promise<unknown> {
    this.running++;
    try {
      return await this.pool.run(task, { ...(transferList ? { transferList } : {}), ...(signal ? { signal } : {}) });
    } finally {
      this.running--;
      this.startNext();
    }
  }

  private startNext(): void {
    const next = this.waiting.shift();
    if (!next) return;
    next.signal?.removeEventListener('abort', next.onAbort);
    this.start(next.task, next.transferList, next.signal).then(next.resolve, next.reject);
  }

  /** Tasks waiting for a thread. */
  get pending(): number {
    return this.waiting.length;
  }

  /** Tasks running now. */
  get active(): number {
    return this.running;
  }

  /** Tasks it takes at once: running and waiting. */
  get capacity(): number {
    return this.options.threads + this.options.maxQueue;
  }

  async close(): Promise<void> {
    for (const entry of this.waiting.splice(0)) {
      entry.signal?.removeEventListener('abort', entry.onAbort);
      entry.reject(new Error('The worker pool is closed'));
    }
    await this.pool.destroy();
  }
}

/** What a task aborted before it ran rejects with: an AbortError with the signal's reason, as Piscina's for a running one. */
function abortReason(signal: AbortSignal): Error {
  return new TaskAborted('The task has been aborted', { cause: signal.reason });
}

class TaskAborted extends Error {
  override readonly name = 'AbortError';
}

/**
 * The worker's file next to this module: the built .js in production; the .ts source when running
 * from sources (tests, development), loaded through tsx.
 */
function workerEntry(script: string): { filename: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = new URL(`./${script}.${fromSource ? 'ts' : 'js'}`, import.meta.url).href;
  // From sources, the core is read from its sources too (the `stitchwise-source` export condition), so no build is needed.
  return { filename, execArgv: fromSource ? ['--import', 'tsx', '--conditions=stitchwise-source'] : [] };
}
