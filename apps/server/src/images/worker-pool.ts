import type { Transferable } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { HttpProblem } from '../http/problem.js';

/** How long an idle worker thread is kept. */
const IDLE_THREAD_MS = 20_000;

export interface PoolOptions {
  threads: number;
  /** Tasks that may wait for a thread; beyond that, requests are refused with 503. */
  maxQueue: number;
}

/**
 * A bounded pool of worker threads for heavy work (decoding, analysis, model inference), so the
 * event loop keeps answering — /api/health included — while images are processed. When every
 * thread is busy and the queue is full, the request is refused at once with 503 and Retry-After
 * instead of waiting without bound.
 */
export class WorkerPool {
  private readonly pool: Piscina;
  /** Wake tasks not yet done: closing waits for them, as Piscina throws on an answer from a task it has dropped. */
  private readonly wakes = new Set<Promise<unknown>>();

  /**
   * @param script the worker module next to this one
   * @param wakeTask a task of that module that does nothing (see run)
   */
  constructor(
    script: string,
    private readonly options: PoolOptions,
    private readonly wakeTask: unknown,
  ) {
    const { filename, execArgv } = workerEntry(script);
    this.pool = new Piscina({
      filename,
      execArgv,
      minThreads: 0,
      maxThreads: options.threads,
      maxQueue: options.maxQueue,
      // A thread idle this long exits and gives back its heap (tens of MB each after a burst); starting
      // one again costs a fraction of a second, small beside the work that wakes it.
      idleTimeout: IDLE_THREAD_MS,
    });
  }

  /** Runs a task; when `signal` aborts, a waiting task is dropped and a running one's thread is ended. */
  async run<Result>(task: unknown, transferList?: Transferable[], signal?: AbortSignal): Promise<Result> {
    if (this.pool.queueSize >= this.options.maxQueue) throw busy();
    try {
      return (await this.pool.run(task, { ...(transferList ? { transferList } : {}), ...(signal ? { signal } : {}) })) as Result;
    } catch (error) {
      if (error instanceof Error && error.message === 'Task queue is at limit') throw busy();
      // Piscina replaces an ended thread only up to minThreads (0): tasks still waiting would wait for
      // the next request. A task that does nothing starts a thread, which takes them first.
      if (signal?.aborted && this.pool.queueSize > 0) {
        const wake = this.pool.run(this.wakeTask).catch(() => undefined);
        this.wakes.add(wake);
        void wake.finally(() => this.wakes.delete(wake));
      }
      throw error;
    }
  }

  get pending(): number {
    return this.pool.queueSize;
  }

  /** Tasks it takes at once: running and waiting. */
  get capacity(): number {
    return this.options.threads + this.options.maxQueue;
  }

  async close(): Promise<void> {
    await Promise.all(this.wakes);
    await this.pool.destroy();
  }
}

export function busy(): HttpProblem {
  return new HttpProblem(503, 'busy', 'The server is busy processing other images. Please try again in a few seconds.', undefined, {
    'Retry-After': '5',
  });
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
