import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../src/http/problem.js';
import type { ImageTask } from '../src/images/image-worker.js';
import { sniffImage } from '../src/images/sniff.js';
import { WorkerPool } from '../src/images/worker-pool.js';
import { fromRaw } from './support/images.js';

describe('WorkerPool', () => {
  it('runs tasks off the main thread and refuses with 503 and Retry-After once its queue is full', async () => {
    const pool = new WorkerPool('image-worker', { threads: 1, maxQueue: 1 });
    try {
      const png = new Uint8Array(await fromRaw(1200, 1200, (x, y) => [x % 256, y % 256, 7]).png().toBuffer());
      const task: ImageTask = { kind: 'decode', bytes: png, header: sniffImage(png)! };
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
