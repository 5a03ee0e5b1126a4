import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Refusal } from '../src/refusals.js';
import type { ImageInput } from '../src/images/intake.js';
import { sniffImage } from '../src/images/sniff.js';
import { WorkerProcess } from '../src/images/worker-process.js';
import { BackgroundRemoval } from '../src/services/shared/background-removal.js';
import { multipartBody, subjectOnPlainBackground } from './support/images.js';
import { sqliteUnderTest, startTestServer, type DatabaseUnderTest, type TestServer } from './support/test-server.js';

let photo: ImageInput;
beforeAll(async () => {
  const bytes = new Uint8Array(await subjectOnPlainBackground());
  photo = { bytes, header: sniffImage(bytes)!, field: 'image_file' };
});

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(condition: () => boolean, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A model run takes seconds on an idle machine and several times that on a busy one (a load of 9 on 2 cores): these tests wait, never race. */
const MODEL_TEST_TIMEOUT_MS = 240_000;

describe('the segmentation worker process', () => {
  it(
    'starts on the first removal, leaves when idle (the model then not loaded), and comes back for the next',
    async () => {
      const worker = new WorkerProcess('segmentation-worker', { maxQueue: 4, idleTimeoutMs: 300 });
      const removal = new BackgroundRemoval(worker, 1);
      try {
        expect(removal.modelState).toBe('not_loaded');
        expect(worker.pid).toBeUndefined();
        const first = removal.remove(photo, 64);
        expect(removal.modelState).toBe('loading');
        await expect(first).resolves.toMatchObject({ width: 512, height: 512, preview: { width: 64, height: 64, channels: 4 } });
        expect(removal.modelState).toBe('ready');
        const pid = worker.pid!;
        expect(alive(pid)).toBe(true);

        await until(() => worker.pid === undefined, 'the idle process has left');
        expect(removal.modelState).toBe('not_loaded');
        await until(() => !alive(pid), `process ${pid} has exited`);

        await expect(removal.remove(photo)).resolves.toMatchObject({ width: 512 });
        expect(removal.modelState).toBe('ready');
        expect(worker.pid).not.toBe(pid);
      } finally {
        await worker.close();
      }
    },
    MODEL_TEST_TIMEOUT_MS,
  );

  it(
    'fails the removal a crash interrupts, gives the waiting ones to a new process, and exits when closed',
    async () => {
      const worker = new WorkerProcess('segmentation-worker', { maxQueue: 4 });
      const removal = new BackgroundRemoval(worker, 1);
      const interrupted = removal.remove(photo);
      const waiting = removal.remove(photo);
      const crashed = worker.pid!;
      process.kill(crashed, 'SIGKILL');
      await expect(interrupted).rejects.toThrow(/segmentation-worker process stopped unexpectedly \(signal SIGKILL\)/);
      expect(removal.modelState).toBe('failed');
      await expect(waiting).resolves.toMatchObject({ width: 512 });
      expect(removal.modelState).toBe('ready');
      const replacement = worker.pid!;
      expect(replacement).not.toBe(crashed);

      await worker.close();
      expect(alive(replacement)).toBe(false);
      expect(worker.pid).toBeUndefined();
      await expect(removal.remove(photo)).rejects.toThrow(/closed/);
    },
    MODEL_TEST_TIMEOUT_MS,
  );

  it(
    'refuses with 503 and Retry-After while a removal runs and the queue is full',
    async () => {
      const worker = new WorkerProcess('segmentation-worker', { maxQueue: 1 });
      const removal = new BackgroundRemoval(worker, 1);
      try {
        const running = removal.remove(photo);
        const queued = removal.remove(photo);
        expect(worker.pending).toBe(1);
        await expect(removal.remove(photo)).rejects.toSatisfy(
          (error) => error instanceof Refusal && error.kind === 'busy' && error.code === 'busy' && error.options.retryAfterSeconds === 5,
        );
        await expect(Promise.all([running, queued])).resolves.toHaveLength(2);
        expect(removal.modelState).toBe('ready');
      } finally {
        await worker.close();
      }
    },
    MODEL_TEST_TIMEOUT_MS,
  );
});

/** Child processes of this process (Linux /proc) running the segmentation worker. */
function segmentationWorkers(): number[] {
  const pids: number[] = [];
  for (const task of readdirSync(`/proc/${process.pid}/task`)) {
    const children = readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').trim();
    for (const pid of children ? children.split(/\s+/).map(Number) : []) {
      try {
        if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('segmentation-worker')) pids.push(pid);
      } catch {
        // gone
      }
    }
  }
  return pids;
}

describe.skipIf(!existsSync('/proc/self/task'))('POST /api/images/remove-background when the worker process crashes', () => {
  let database: DatabaseUnderTest;
  let server: TestServer;
  beforeAll(async () => {
    database = await sqliteUnderTest();
    server = await startTestServer(database.environment);
  });
  afterAll(async () => {
    await server.stop();
    await database.dispose();
    expect(segmentationWorkers()).toEqual([]); // closing the app ended the worker process
  });

  const removeBackground = (): Promise<Response> =>
    fetch(`${server.baseUrl}/api/images/remove-background`, {
      method: 'POST',
      body: multipartBody({}, { field: 'image_file', filename: 'photo.png', contentType: 'image/png', bytes: Buffer.from(photo.bytes) }),
    });
  const modelState = async (): Promise<string> =>
    ((await (await fetch(`${server.baseUrl}/api/health`)).json()) as { background_removal: { model: string } }).background_removal.model;

  it(
    'answers 500 as a problem, says so in /api/health, and the next request works',
    async () => {
      const answer = removeBackground();
      await until(() => segmentationWorkers().length === 1, 'the worker process has started');
      process.kill(segmentationWorkers()[0]!, 'SIGKILL');
      const failed = await answer;
      expect(failed.status).toBe(500);
      expect(failed.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(await failed.json()).toMatchObject({ status: 500, code: 'internal_error' });
      expect(await modelState()).toBe('failed');

      const next = await removeBackground();
      expect(next.status).toBe(201);
      await next.arrayBuffer();
      expect(await modelState()).toBe('ready');
      expect(segmentationWorkers()).toHaveLength(1);
    },
    MODEL_TEST_TIMEOUT_MS,
  );
});
