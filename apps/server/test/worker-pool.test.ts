import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../src/http/problem.js';
import { WAKE_TASK, type ImageTask } from '../src/images/image-worker.js';
import { sniffImage } from '../src/images/sniff.js';
import { ConcurrencyLimit } from '../src/images/concurrency-limit.js';
import { WorkerPool } from '../src/images/worker-pool.js';
import { fromRaw } from './support/images.js';

describe('WorkerPool', () => {
  it('runs tasks off the main thread and refuses with 503 and Retry-After once its queue is full', async () => {
    const pool = new WorkerPool('image-worker', { threads: 1, maxQueue: 1 }, WAKE_TASK);
    try {
      const png = new Uint8Array(
        await fromRaw(1200, 1200, (x, y) => [x % 256, y % 256, 7])
          .png()
          .toBuffer(),
      );
      const task: ImageTask = { kind: 'decode', bytes: png, header: sniffImage(png)!, channels: 4 };
      const running = pool.run(task);
      const queued = pool.run(task);
      await expect(pool.run(task)).rejects.toSatisfy(
        (error) => error instanceof HttpProblem && error.status === 503 && error.code === 'busy' && error.headers['Retry-After'] === '5',
      );
      const [first] = await Promise.all([running, queued]);
      expect(first).toMatchObject({ width: 1200, height: 1200 });
      // Once the queue drains, work is accepted again.
      await expect(pool.run(task)).resolves.toMatchObject({ width: 1200 });
    } finally {
      await pool.close();
    }
  });
});

describe('WorkerPool cancelling', () => {
  it('ends a running task whose signal aborts, and the task that waited behind it still runs', async () => {
    const pool = new WorkerPool('image-worker', { threads: 1, maxQueue: 2 }, WAKE_TASK);
    try {
      const png = new Uint8Array(
        await fromRaw(2400, 2400, (x, y) => [(x * y) % 256, y % 256, x % 256])
          .png()
          .toBuffer(),
      );
      const header = sniffImage(png)!;
      const stages = new MessageChannel();
      const started = new Promise((resolve) => stages.port1.once('message', resolve));
      const options = { maxSide: 500, colors: 50, useKmeans: true, mergeThreads: false, cleanConfetti: true, cellSize: 24, symbols: true };
      const heavy: ImageTask = { kind: 'pattern', bytes: png, header, options, progress: stages.port2 };
      const cancel = new AbortController();
      const running = pool.run(heavy, [stages.port2], cancel.signal);
      await started; // the heavy task is running in the one thread
      const waiting = pool.run<{ width: number }>({ kind: 'decode', bytes: png, header, channels: 4 } satisfies ImageTask);
      cancel.abort();
      stages.port1.close();
      await expect(running).rejects.toThrow();
      // Nothing else is sent to the pool: the waiting task must get a thread of its own.
      await expect(waiting).resolves.toMatchObject({ width: 2400 });
    } finally {
      await pool.close();
    }
  }, 60_000);
});

describe('ConcurrencyLimit', () => {
  it('runs at most its concurrency at once, queues a bounded number, and refuses the rest with 503', async () => {
    const limit = new ConcurrencyLimit(2, 1);
    let active = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    const job = (): Promise<number> =>
      limit.run(async () => {
        active++;
        peak = Math.max(peak, active);
        await new Promise<void>((resolve) => releases.push(resolve));
        active--;
        return 1;
      });
    const accepted = [job(), job(), job()]; // two run, one waits
    await expect(job()).rejects.toMatchObject({ status: 503, code: 'busy' });
    while (releases.length < 2) await new Promise((resolve) => setTimeout(resolve, 1));
    releases.splice(0).forEach((release) => {
      release();
    });
    while (releases.length < 1) await new Promise((resolve) => setTimeout(resolve, 1));
    releases[0]!();
    await expect(Promise.all(accepted)).resolves.toEqual([1, 1, 1]);
    expect(peak).toBe(2);
  });
});
