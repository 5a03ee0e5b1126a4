import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { Refusal } from '../src/refusals.js';
import type { ImageTask } from '../src/images/image-worker.js';
import { sniffImage } from '../src/images/sniff.js';
import { ConcurrencyLimit } from '../src/images/concurrency-limit.js';
import { WorkerPool } from '../src/images/worker-pool.js';
import { fromRaw } from './support/images.js';

describe('WorkerPool', () => {
  it('runs tasks off the main thread and refuses with 503 and Retry-After once its queue is full', async () => {
    const pool = new WorkerPool('image-worker', { threads: 1, maxQueue: 1 });
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
        (error) => error instanceof Refusal && error.kind === 'busy' && error.code === 'busy' && error.options.retryAfterSeconds === 5,
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
    const pool = new WorkerPool('image-worker', { threads: 1, maxQueue: 2 });
    try {
      const png = new Uint8Array(
        await fromRaw(2400, 2400, (x, y) => [(x * y) % 256, y % 256, x % 256])
          .png()
          .toBuffer(),
      );
      const header = sniffImage(png)!;
      const stages = new MessageChannel();
      const started = new Promise((resolve) => stages.port1.once('message', resolve));
      const options = {
        maxSide: 500,
        colors: 50,
        useKmeans: true,
        mergeThreads: false,
        cleanConfetti: true,
        cellSize: 24,
        symbols: true,
        brand: 'dmc' as const,
      };
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

describe('WorkerPool under an abort storm', () => {
  it('serves a normal task right after tasks are aborted at every stage (waiting, starting, running, finishing), round after round', async () => {
    const pool = new WorkerPool('image-worker', { threads: 2, maxQueue: 4 });
    try {
      const png = new Uint8Array(
        await fromRaw(900, 900, (x, y) => [(x * y) % 256, y % 256, x % 256])
          .png()
          .toBuffer(),
      );
      const header = sniffImage(png)!;
      const options = {
        maxSide: 200,
        colors: 30,
        useKmeans: true,
        mergeThreads: false,
        cleanConfetti: true,
        cellSize: 12,
        symbols: true,
        brand: 'dmc' as const,
      };
      const heavy: ImageTask = { kind: 'pattern', bytes: png, header, options };
      const light: ImageTask = { kind: 'size', bytes: png, header };
      let seed = 7;
      const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      for (let round = 0; round < 12; round++) {
        // Six at once fill both threads and the queue; a seventh is refused. Each is aborted after 0–400 ms:
        // before it starts, while its thread starts, while it runs, or just as it ends.
        const tasks = Array.from({ length: 6 }, (_, i) => {
          const cancel = new AbortController();
          const settled = pool.run(i % 2 ? light : heavy, undefined, cancel.signal).then(
            () => 'done',
            () => 'aborted',
          );
          setTimeout(
            () => {
              cancel.abort();
            },
            Math.floor(random() * 400),
          );
          return settled;
        });
        await expect(pool.run(light)).rejects.toMatchObject({ kind: 'busy' });
        const outcomes = await Promise.all(tasks);
        expect(outcomes.every((outcome) => outcome === 'done' || outcome === 'aborted')).toBe(true);
        // Nothing is left waiting or holding a thread, and a normal task is served within seconds.
        expect({ pending: pool.pending, active: pool.active }).toEqual({ pending: 0, active: 0 });
        const served = pool.run<{ width: number }>(light);
        await expect(
          Promise.race([
            served,
            new Promise((_, reject) =>
              setTimeout(() => {
                reject(new Error(`round ${round}: not served`));
              }, 5000),
            ),
          ]),
        ).resolves.toMatchObject({
          width: 900,
        });
      }
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('drops a waiting task whose signal aborts at once, so it never holds a place in the queue', async () => {
    const pool = new WorkerPool('image-worker', { threads: 1, maxQueue: 1 });
    try {
      const png = new Uint8Array(
        await fromRaw(1600, 1600, (x, y) => [x % 256, y % 256, 9])
          .png()
          .toBuffer(),
      );
      const header = sniffImage(png)!;
      const running = pool.run({ kind: 'decode', bytes: png, header, channels: 4 } satisfies ImageTask);
      const cancel = new AbortController();
      const waiting = pool.run({ kind: 'size', bytes: png, header } satisfies ImageTask, undefined, cancel.signal);
      cancel.abort();
      await expect(waiting).rejects.toThrow();
      expect(pool.pending).toBe(0);
      // Its place is free again before the running task ends.
      const next = pool.run<{ width: number }>({ kind: 'size', bytes: png, header } satisfies ImageTask);
      await expect(Promise.all([running, next])).resolves.toMatchObject([{ width: 1600 }, { width: 1600 }]);
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
    await expect(job()).rejects.toMatchObject({ kind: 'busy', code: 'busy' });
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
