import { DMC_THREADS, type PatternDocument } from '@stitchwise/core';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_DOCUMENT_BODY_LIMIT } from '../src/routes/exports.js';
import { cpuSecondsOf, mainThreadCpuSecondsOf } from '../../../bench/proc-stats.js';
import { apiClient, signUpAt, useTestServer, type ApiClient } from './support/harness.js';
import { legendEntry, patternDocument } from './support/pattern-fixtures.js';
import { exited, startServerProcess, type ServerProcess } from './support/server-process.js';

/** A `size` × `size` chart of `threads` threads in a scattered order (so it prints as slowly as a photo's). */
function chart(size: number, threads: number): PatternDocument {
  const legend = DMC_THREADS.slice(0, threads).map((thread, index) => legendEntry(thread.code, index));
  const cells = Array.from({ length: size * size }, (_, cell) => (cell * 7919 + (cell >> 5)) % threads);
  return patternDocument({ width: size, height: size, legend, cells });
}

/** CPU time of this process (the server and its worker threads run in it), in milliseconds. */
const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

describe('hostile pattern documents', () => {
  const suite = useTestServer({ environment: { WORKERS: '2' }, users: ['hostile'] });
  const hostile = suite.user('hostile');
  const large = JSON.stringify(chart(500, 50));

  const exportOf = (body: BodyInit, { signedIn = false, format = 'pdf', signal }: { signedIn?: boolean; format?: string; signal?: AbortSignal } = {}) =>
    (signedIn ? hostile : suite.visitor).api(`/stitch/patterns/export?format=${format}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      ...(signal ? { signal } : {}),
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    });

  it("refuses a visitor's chart larger than a visitor's can be, by its Content-Length, with a sentence", async () => {
    const response = await exportOf(large + ' '.repeat(3_000_000)); // 3.7 MB, as in the attack
    expect(response.status).toBe(413);
    const problem = (await response.json()) as { code: string; detail: string };
    expect(problem.code).toBe('payload_too_large');
    expect(problem.detail).toMatch(/^Without an account, a chart sent for export can be at most 3 MB .*Sign in to export larger charts\.$/);
  });

  it("refuses a visitor's chunked body once it passes the limit, without a Content-Length to go by", async () => {
    const chunk = new TextEncoder().encode(' '.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 4 * VISITOR_DOCUMENT_BODY_LIMIT) controller.close();
        else {
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        }
      },
    });
    const response = await exportOf(body).catch((error: unknown) => error);
    // The server answers 413 as soon as the limit is passed; the client may see it, or a closed connection while still sending.
    if (response instanceof Response) expect(response.status).toBe(413);
    expect(sent).toBeLessThan(4 * VISITOR_DOCUMENT_BODY_LIMIT);
  });

  it("takes a visitor's chart of the largest size a visitor has, with every mark it may hold, and a signed-in user's 500 × 500 chart", async () => {
    expect((await exportOf(JSON.stringify(chart(100, 10)), { format: 'png' })).status).toBe(200);
    // 100 × 100 without full stitches: a part stitch in every cell, a knot on every stitch corner, and as
    // many half-stitch backstitch lines as a chart this size may hold, with the longest numbers.
    const { width, height } = { width: 100, height: 100 };
    const marked: PatternDocument = {
      ...chart(100, 10),
      cells: Array<number>(width * height).fill(-1),
      part_stitches: Array.from({ length: width * height }, (_, cell) => ({
        x: cell % width,
        y: Math.floor(cell / width),
        kind: 'three-quarter-br' as const,
        thread: 9,
      })),
      knots: Array.from({ length: (width + 1) * (height + 1) }, (_, point) => ({
        x: 2 * (point % (width + 1)),
        y: 2 * Math.floor(point / (width + 1)),
        thread: 9,
      })),
      backstitches: Array.from({ length: 2 * (width + 1) * (height + 1) }, (_, line) => {
        const y = 2 * height - Math.floor(line / (2 * width));
        const x = line % (2 * width);
        return { x1: x, y1: y, x2: x + 1, y2: y, thread: 9 };
      }),
    };
    const json = JSON.stringify(marked);
    expect(json.length).toBeGreaterThan(1024 * 1024);
    expect(json.length).toBeLessThanOrEqual(VISITOR_DOCUMENT_BODY_LIMIT);
    expect((await exportOf(json, { format: 'oxs' })).status).toBe(200);
    expect((await exportOf(large, { signedIn: true, format: 'png' })).status).toBe(200);
  }, 60_000);

  it('stops the work of an export whose client went away', async () => {
    const cancel = new AbortController();
    const pending = exportOf(large, { signedIn: true, format: 'pdf', signal: cancel.signal }).catch(() => undefined);
    /** This process's CPU time per wall-clock ms over `ms`. */
    const cpuRate = async (ms: number): Promise<number> => {
      const before = cpuMs();
      await new Promise((resolve) => setTimeout(resolve, ms));
      return (cpuMs() - before) / ms;
    };
    await new Promise((resolve) => setTimeout(resolve, 500));
    const drawing = await cpuRate(1000); // the PDF is being drawn (it takes several CPU-seconds)
    cancel.abort();
    await pending;
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Compared with the drawing's own rate in the same run, so a busy machine slows both alike.
    expect(await cpuRate(2000)).toBeLessThan(drawing / 4);
    // And the pool serves the next export at once.
    expect((await exportOf(JSON.stringify(chart(40, 5)), { signedIn: true, format: 'pdf' })).status).toBe(200);
  }, 60_000);
});

/** Health answers and their latency p99 while `work` runs, asking every 10 ms. */
async function healthP99During(client: ApiClient, work: () => Promise<void>): Promise<{ p99: number; answers: number[] }> {
  const latencies: number[] = [];
  const answers: number[] = [];
  const probing = { on: true };
  const probe = (async () => {
    while (probing.on) {
      const started = performance.now();
      answers.push((await client.api('/health')).status);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  await work();
  probing.on = false;
  await probe;
  latencies.sort((a, b) => a - b);
  return { p99: latencies[Math.floor(latencies.length * 0.99)]!, answers };
}

/**
 * The server in a process of its own, so what is timed is its event loop, not this test's (which builds
 * and sends the documents): a 3.7 MB document parsed on the server's event loop stalls it for 0.3–1 s.
 */
describe('hostile pattern documents, timed from outside the server', () => {
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'stitchwise-hostile-'));
    server = await startServerProcess({ DATA_DIR: dataDir, WORKERS: '2', RATE_LIMIT_PER_MINUTE: '1000' });
  }, 60_000);
  afterAll(async () => {
    server.child.kill('SIGKILL');
    await exited(server.child);
    await rm(dataDir, { recursive: true, force: true });
  });

  it("keeps documents off the server's event loop: its main thread's CPU during a burst stays small, and health answers throughout", async () => {
    const burster = await signUpAt(server.baseUrl, 'burst');
    const visitor = apiClient(server.baseUrl);
    const large = JSON.stringify(chart(500, 50));
    const send = (body: string, signedIn: boolean) =>
      (signedIn ? burster : visitor).api('/stitch/patterns/export?format=oxs', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    // Visitors sending 3.5 MB charts (a 500 × 500 chart with 60,000 backstitch lines), four at a time, and a
    // signed-in user's large documents, valid and broken.
    const lines = Array.from({ length: 60_000 }, (_, n) => ({
      x1: n % 1000,
      y1: 2 * Math.floor(n / 1000),
      x2: (n % 1000) + 1,
      y2: 2 * Math.floor(n / 1000),
      thread: 7,
    }));
    const oversized = JSON.stringify({ ...chart(500, 50), backstitches: lines });
    const broken = large.replace('"cells":[', '"cells":[-7,');
    const statuses: number[][] = [];
    const pid = server.child.pid!;
    const mainThreadBefore = mainThreadCpuSecondsOf(pid);
    const allBefore = cpuSecondsOf(pid);
    const burst = await healthP99During(visitor, async () => {
      for (let round = 0; round < 5; round++) {
        const answers = await Promise.all([...Array.from({ length: 4 }, () => send(oversized, false)), send(broken, true), send(large, true)]);
        statuses.push(answers.map((answer) => answer.status));
        await Promise.all(answers.map((answer) => answer.arrayBuffer()));
      }
    });
    // The event loop's share of the server's CPU time during the burst: neither a clock nor a machine's speed
    // counts. Parsed and checked on the event loop, these documents cost it 3.3 CPU-seconds; received
    // and handed to the worker threads, a small part.
    const mainThreadSeconds = mainThreadCpuSecondsOf(pid) - mainThreadBefore;
    const allSeconds = cpuSecondsOf(pid) - allBefore;
    console.info(`main thread ${mainThreadSeconds.toFixed(2)} of ${allSeconds.toFixed(2)} CPU-s during the burst; health p99 ${burst.p99.toFixed(1)} ms`);
    expect(mainThreadSeconds / allSeconds).toBeLessThan(0.3); // 0.13 here
    expect(burst.answers.length).toBeGreaterThan(20);
    expect(burst.answers.every((status) => status === 200)).toBe(true);
    expect(statuses).toEqual(Array(5).fill([413, 413, 413, 413, 400, 200]));
  }, 120_000);
});
