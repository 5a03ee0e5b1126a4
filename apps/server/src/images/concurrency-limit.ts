import { busy } from '../refusals.js';

/**
 * At most `concurrency` jobs at once and `maxQueue` waiting; beyond that, 503 at once. For work that
 * runs on libvips' own threads (sharp) rather than in the worker pool, with the same back-pressure.
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxQueue: number,
  ) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxQueue) throw busy();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next)
        next(); // the slot passes straight to the next job
      else this.running--;
    }
  }
}
