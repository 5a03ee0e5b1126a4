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
 * 9 heavy requests at once (one running, 8 waiting) fill its image queue, at most 4 of them from one
 * client. It trusts X-Forwarded-For, so each test client is an address of its own.
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
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        WORKERS: '1',
        RATE_LIMIT_PER_MINUTE: '1000',
        TRUST_PROXY: 'true',
      },
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

  /** Health answers while the attack's sockets are still open (a blocked server would not answer until they went). */
  const expectHealthAnswers = async (): Promise<void> => {
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
  };

  /** Stalled uploads (100 KB sent of 5 MB) from `clients` addresses, one each unless told. */
  const stallUploads = async (addresses: string[]): Promise<Socket[]> => {
    const sockets: Socket[] = [];
    for (const address of addresses)
      sockets.push(await openUpload(baseUrl, '/api/images/upload', { bodyBytes: 5_000_000, sent: 100_000, headers: { 'X-Forwarded-For': address } }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    return sockets;
  };
  const smallUpload = (address: string): Promise<Response> => {
    const image = encodePng(16, 16, (x) => [x * 16, 0, 0]);
    const body = multipartBody({}, { field: 'image_file', filename: 'a.png', contentType: 'image/png', bytes: image });
    return fetch(`${baseUrl}/api/images/upload`, { method: 'POST', body, headers: { 'X-Forwarded-For': address } });
  };

  it('answers 503 at once, before the body, when the queue is full of uploads in progress; health stays quick', async () => {
    const stalled = await stallUploads(['198.51.100.1', '198.51.100.2', '198.51.100.3'].flatMap((address) => [address, address, address]));

    const refusedSocket = await openUpload(baseUrl, '/api/images/upload', { bodyBytes: 5_000_000, headers: { 'X-Forwarded-For': '198.51.100.4' } });
    // At once: before the body, which never comes (read first, it would have been cut off as too slow, 408).
    const refused = await headOf(refusedSocket);
    expect(refused.head).toMatch(/^HTTP\/1\.1 503 /);
    expect(refused.head.toLowerCase()).toContain('retry-after: 5');
    refusedSocket.destroy();
    await expectHealthAnswers();

    // Closing the stalled uploads frees their places at once.
    for (const socket of stalled) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await smallUpload('198.51.100.4')).status).toBe(201);
  });

  it('lets one client hold at most 4 heavy requests: the fifth is 429 at once, and another client is served meanwhile', async () => {
    const stalled = await stallUploads(Array(4).fill('198.51.100.10') as string[]);
    const fifth = await openUpload(baseUrl, '/api/images/upload', { bodyBytes: 5_000_000, headers: { 'X-Forwarded-For': '198.51.100.10' } });
    const refused = await headOf(fifth);
    expect(refused.head).toMatch(/^HTTP\/1\.1 429 /);
    expect(refused.head.toLowerCase()).toContain('retry-after: 5');
    fifth.destroy();
    expect((await smallUpload('198.51.100.11')).status).toBe(201);
    for (const socket of stalled) socket.destroy();
  });

  it('lets a refused client send its whole upload and read the answer, without a reset', async () => {
    const stalled = await stallUploads(Array(4).fill('198.51.100.20') as string[]);
    const image = encodePng(16, 16, (x) => [x * 16, 0, 0]);
    const padding = 'x'.repeat(3_000_000); // a large form, still sent in full while the answer comes back
    const body = multipartBody({ padding }, { field: 'image_file', filename: 'a.png', contentType: 'image/png', bytes: image });
    const response = await fetch(`${baseUrl}/api/images/upload`, { method: 'POST', body, headers: { 'X-Forwarded-For': '198.51.100.20' } });
    expect(response.status).toBe(429);
    expect(((await response.json()) as { code: string }).code).toBe('too_many_at_once');
    for (const socket of stalled) socket.destroy();
  });

  it('cuts off bodies that trickle (a byte every 8 s) with 408 within seconds, serving everyone else meanwhile', async () => {
    // The slow-body attack: 18 requests of one visitor announce 1 MB and send a byte now and then.
    const attacker = '198.51.100.30';
    const sockets = await Promise.all(
      Array.from({ length: 18 }, () => openUpload(baseUrl, '/api/colors/dominant', { bodyBytes: 1_000_000, headers: { 'X-Forwarded-For': attacker } })),
    );
    const trickle = setInterval(() => {
      for (const socket of sockets) if (!socket.destroyed) socket.write('-');
    }, 8000);
    const answers = sockets.map((socket) => answerOf(socket));
    try {
      // Meanwhile another visitor is served as usual, and health answers quickly.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect((await smallUpload('198.51.100.31')).status).toBe(201);
      await expectHealthAnswers();

      const settled = await Promise.all(answers);
      const statuses = settled.map(({ text }) => Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1]));
      // Four were admitted and cut off for being too slow; the rest were refused at once.
      expect(statuses.filter((status) => status === 408)).toHaveLength(4);
      expect(statuses.filter((status) => status === 429)).toHaveLength(14);
      // The code names the cut-off after 5 s of waiting, not the 120 s request deadline.
      for (const { text } of settled.filter(({ text }) => text.startsWith('HTTP/1.1 408'))) expect(text).toContain('"code":"request_too_slow"');
      // Their places are free again: the same visitor is served.
      expect((await smallUpload(attacker)).status).toBe(201);
    } finally {
      clearInterval(trickle);
      for (const socket of sockets) socket.destroy();
    }
  }, 60_000);

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
