import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as forward, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTOS, multipartBody } from './support/images.js';
import { newUser, OidcBrowser } from './support/oidc-client.js';
import { startS3, type S3UnderTest } from './support/s3-server.js';
import { freePort, POSTGRES_URL, postgresUnderTest, type DatabaseUnderTest } from './support/test-server.js';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const REDIS_URL = process.env.TEST_REDIS_URL;
const LIMIT = 6;

if (!POSTGRES_URL) console.warn('Skipped: two server processes on one database need PostgreSQL; set TEST_DATABASE_URL.');
if (POSTGRES_URL && !REDIS_URL) console.warn('Skipped: the abuse limit shared by two processes needs Redis; set TEST_REDIS_URL.');

interface Process {
  child: ChildProcess;
  base: string;
}

/** One server process, as an operator starts it: its own port and DATA_DIR, the shared database, bucket and Redis. */
async function startProcess(environment: NodeJS.ProcessEnv): Promise<Process> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=stitchwise-source', MAIN], {
    env: { ...process.env, ...environment, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`a server process exited with ${child.exitCode}`);
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, base };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('a server process did not start');
}

/**
 * An address of its own for each run: Redis keeps counting (sign-ups for a day) across runs of the suite.
 * Random within the first 64 bits, as IPv6 clients are counted per /64.
 */
function runAddress(): string {
  const [first, second] = [randomBytes(2).toString('hex'), randomBytes(2).toString('hex')];
  return `2001:db8:${first}:${second}::1`;
}

/** A round-robin load balancer in front of the processes, as the public address: each request to the next one. */
function roundRobin(port: number, backends: () => Process[]): Server {
  const client = runAddress();
  let next = 0;
  const balancer = createServer((incoming, outgoing) => {
    const backend = new URL(backends()[next++ % backends().length]!.base);
    const proxied = forward(
      {
        host: backend.hostname,
        port: backend.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, 'x-forwarded-for': client },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    proxied.once('error', () => outgoing.destroy());
    incoming.pipe(proxied);
  });
  balancer.listen(port, '127.0.0.1');
  return balancer;
}

/**
 * Two processes on one PostgreSQL schema and one S3 server, with separate data folders and one public
 * address, used alternately as a round-robin balancer would: they must behave as one server.
 */
describe.skipIf(!POSTGRES_URL)('two server processes behind one address', () => {
  let database: DatabaseUnderTest;
  let s3: S3UnderTest;
  const folders: string[] = [];
  const started: Process[] = [];
  let a: Process;
  let b: Process;
  let balancer: Server;
  let publicUrl: string;
  let token: string;

  /** The same address on another process: what the balancer may send anywhere, sent to the one chosen. */
  const on = (process: Process, url: string): string => url.replace(publicUrl, process.base);
  const bearer = (): HeadersInit => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    database = await postgresUnderTest();
    s3 = await startS3();
    const publicPort = await freePort();
    publicUrl = `http://127.0.0.1:${publicPort}`;
    const shared = {
      ...database.environment,
      ...s3.environment,
      ...(REDIS_URL ? { REDIS_URL } : {}),
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: 'true',
      RATE_LIMIT_PER_MINUTE: String(LIMIT),
      LOG_LEVEL: 'warn',
      WORKERS: '1',
    };
    for (let i = 0; i < 2; i++) {
      const dataDir = await mkdtemp(join(tmpdir(), `stitchwise-process-${i}-`));
      folders.push(dataDir);
      started.push(await startProcess({ ...shared, DATA_DIR: dataDir }));
    }
    [a, b] = started as [Process, Process];
    balancer = roundRobin(publicPort, () => started);
  }, 120_000);

  afterAll(async () => {
    balancer.close();
    for (const process of started) process.child.kill('SIGTERM');
    await s3.stop();
    await database.dispose();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it('signs up through the balancer (each step on either process) and the token works on both', async () => {
    const tokens = await new OidcBrowser(publicUrl).signUp(newUser('balanced'));
    token = tokens.access_token;
    for (const process of [a, b]) {
      const response = await fetch(`${process.base}/api/stitch/projects`, { headers: bearer() });
      expect(response.status).toBe(200);
    }
  });

  it('a chart generated on B is served, listed and exported through A, and deleted with its files', async () => {
    const generated = await fetch(`${b.base}/api/stitch/generate`, {
      method: 'POST',
      headers: bearer(),
      body: multipartBody(
        { colors: '8', max_side: '60', project_name: 'Two processes' },
        { field: 'image_file', filename: 'kodim21.png', contentType: 'image/png', bytes: PHOTOS.kodim21() },
      ),
    });
    expect(generated.status).toBe(200);
    const plan = (await generated.json()) as { stitch_plan_url: string; pattern_url: string; project_id: string };

    for (const url of [plan.stitch_plan_url, plan.pattern_url]) {
      const [viaA, viaB] = await Promise.all([fetch(on(a, url)), fetch(on(b, url))]);
      expect([viaA.status, viaB.status]).toEqual([200, 200]);
      expect(Buffer.from(await viaA.arrayBuffer()).equals(Buffer.from(await viaB.arrayBuffer()))).toBe(true);
    }
    const ranged = await fetch(on(a, plan.stitch_plan_url), { headers: { range: 'bytes=0-7' } });
    expect(ranged.status).toBe(206);
    expect([...new Uint8Array(await ranged.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    const listed = (await (await fetch(`${a.base}/api/stitch/projects`, { headers: bearer() })).json()) as { projects: { id: string; name: string }[] };
    expect(listed.projects.map((project) => project.name)).toContain('Two processes');
    const pdf = await fetch(`${a.base}/api/stitch/projects/${plan.project_id}/export?format=pdf`, { headers: bearer() });
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  }, 60_000);

  it("a visitor's chart generated on A is exported through B", async () => {
    const generated = await fetch(`${a.base}/api/stitch/generate/anonymous`, {
      method: 'POST',
      body: multipartBody(
        { colors: '6', max_side: '50', cell_size: '12' },
        { field: 'image_file', filename: 'baboon.png', contentType: 'image/png', bytes: PHOTOS.baboon() },
      ),
    });
    expect(generated.status).toBe(200);
    const plan = (await generated.json()) as { pattern_url: string };
    const patternId = plan.pattern_url.split('/').pop()!;
    const oxs = await fetch(`${b.base}/api/stitch/patterns/${patternId}/export?format=oxs`);
    expect(oxs.status).toBe(200);
    expect(await oxs.text()).toContain('<chart>');
  }, 60_000);

  it.skipIf(!REDIS_URL)(
    `counts one abuse budget across both: the ${LIMIT + 1}th heavy request answers 429`,
    async () => {
      const visitor = { 'x-forwarded-for': runAddress() };
      const statuses: number[] = [];
      for (let i = 0; i <= LIMIT; i++) {
        const process = i % 2 === 0 ? a : b;
        const response = await fetch(`${process.base}/api/colors/pick`, {
          method: 'POST',
          headers: visitor,
          body: multipartBody({ x: '1', y: '1' }, { field: 'image_file', filename: 'kodim21.png', contentType: 'image/png', bytes: PHOTOS.kodim21() }),
        });
        await response.arrayBuffer();
        statuses.push(response.status);
      }
      expect(statuses).toEqual([...Array.from({ length: LIMIT }, () => 200), 429]);
    },
    60_000,
  );
});
