import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, headOf, openUpload } from './support/raw-http.js';
import { encodePng, multipartBody } from './support/images.js';
import { freePort } from './support/test-server.js';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

interface LogLine {
  level: number;
  msg?: string;
  err?: unknown;
  [key: string]: unknown;
}

/**
 * The real server as a process, logging at info level as in production, with one worker thread:
 * 9 heavy requests at once (one running, 8 waiting) fill its image queue.
 */
describe('slow and stalled clients, against a server process', () => {
  let child: ChildProcess;
  let baseUrl: string;
  let dataDir: string;
  const logs: LogLine[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'stitchwise-slow-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', '--conditions=stitchwise-source', MAIN], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', WORKERS: '1', RATE_LIMIT_PER_MINUTE: '1000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let pending = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop()!;
      for (const line of lines) if (line.startsWith('{')) logs.push(JSON.parse(line) as LogLine);
    });
    for (let attempt = 0; attempt < 150; attempt++) {
      if (
        await fetch(`${baseUrl}/api/health`).then(
          (response) => response.ok,
          () => false,
        )
      )
        return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the server did not start');
  }, 60_000);

  afterAll(async () => {
    child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  const healthLatency = async (): Promise<number> => {
    const started = performance.now();
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
    return performance.now() - started;
  };

  it('answers 503 at once, before the body, when the queue is full of uploads in progress; health stays quick', async () => {
    const stalled: Socket[] = [];
    for (let i = 0; i < 9; i++) stalled.push(await openUpload(baseUrl, '/api/images/upload', { bodyBytes: 5_000_000, sent: 100_000 }));
    await new Promise((resolve) => setTimeout(resolve, 300));

    const refusedSocket = await openUpload(baseUrl, '/api/images/upload', { bodyBytes: 5_000_000 });
    const refused = await headOf(refusedSocket);
    expect(refused.head).toMatch(/^HTTP\/1\.1 503 /);
    expect(refused.head.toLowerCase()).toContain('retry-after: 5');
    expect(refused.afterMs).toBeLessThan(3000);
    refusedSocket.destroy();
    expect(await healthLatency()).toBeLessThan(1000);

    // Closing the stalled uploads frees their places at once.
    for (const socket of stalled) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const image = encodePng(16, 16, (x) => [x * 16, 0, 0]);
    const body = multipartBody({}, { field: 'image_file', filename: 'a.png', contentType: 'image/png', bytes: image });
    expect((await fetch(`${baseUrl}/api/images/upload`, { method: 'POST', body })).status).toBe(201);
  });

  it('lets a refused client send its whole upload and read the answer, without a reset', async () => {
    const stalled: Socket[] = [];
    for (let i = 0; i < 9; i++) stalled.push(await openUpload(baseUrl, '/api/images/upload', { bodyBytes: 5_000_000, sent: 100_000 }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const image = encodePng(16, 16, (x) => [x * 16, 0, 0]);
    const padding = 'x'.repeat(3_000_000); // a large form, still sent in full while the answer comes back
    const body = multipartBody({ padding }, { field: 'image_file', filename: 'a.png', contentType: 'image/png', bytes: image });
    const response = await fetch(`${baseUrl}/api/images/upload`, { method: 'POST', body });
    expect(response.status).toBe(503);
    expect(((await response.json()) as { code: string }).code).toBe('busy');
    for (const socket of stalled) socket.destroy();
  });

  it('closes a connection whose body stalls, within a minute', async () => {
    const socket = await openUpload(baseUrl, '/api/colors/dominant', { bodyBytes: 2_000_000, sent: 1_000_000 });
    const { closedAfterMs } = await answerOf(socket);
    expect(closedAfterMs).toBeGreaterThan(20_000);
    expect(closedAfterMs).toBeLessThan(60_000);
  }, 70_000);

  it('logs the busy answers and aborted uploads without error lines or stacks', () => {
    const faults = logs.filter((line) => line.level >= 50 || line.err !== undefined || JSON.stringify(line).includes('    at '));
    expect(faults).toEqual([]);
    expect(logs.some((line) => line.level === 30 && line['status'] === 503)).toBe(true);
  });
});
