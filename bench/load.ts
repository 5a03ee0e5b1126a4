/**
 * `npm run bench:load [-- --duration 30] [-- --only dominant,pick] [-- --log-level info] [-- --keep]`:
 * the built server under load, endpoint by endpoint.
 *
 * Starts apps/server/dist/main.js as a child process on a free port with a fresh data directory,
 * TRUST_PROXY=true, LOG_LEVEL=warn and every other setting at its default (60 requests a minute per
 * client and endpoint; heavy requests admitted only while their work queue has room). Each heavy
 * endpoint then gets 25 concurrent connections for `--duration` seconds, every request from one of
 * 25 simulated clients (X-Forwarded-For; a bearer token of one of 25 users where signing in is
 * needed), with a real photo. Meanwhile a separate process (load-probe.ts) asks GET /api/health
 * every 50 ms and samples the resident memory of the server and its worker processes every 250 ms.
 * After each load the next waits until the server is idle again. Options: --duration seconds per
 * endpoint (30); --only keys of endpoints (see `endpoints`); --log-level of the server (warn);
 * --keep the data directory and server log; --server-env KEY=VALUE, only to diagnose.
 *
 * Targets: only 2xx, 429 and 503 answers (403 for ideas once a user's daily credits are spent) and
 * no connection errors or timeouts; health p99 under 50 ms during each load; resident memory 30 s
 * after the last load within 20 % of its start (after a warm-up request to every endpoint, so model
 * loading is part of the start); at most 1 GB after background removals. Exits non-zero on FAIL.
 */
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon, { type Client, type RequestData } from 'autocannon';
import { OidcBrowser } from '../apps/server/test/support/oidc-client.js';
import type { HealthSample, MemorySample, ProbeReport } from './load-probe.js';
import { cpuSecondsOf, residentOf, threadCpuSecondsOf } from './proc-stats.js';

const CLIENTS = 25;
const HEALTH_P99_TARGET_MS = 50;
const RSS_RETURN_TOLERANCE = 0.2;
const RSS_AFTER_SEGMENTATION_LIMIT_MIB = 1024;
const IDLE_AFTER_MS = 30_000;
/**
 * After each load, the next waits until the server is idle again (under 15 % of a CPU for a second),
 * at least 3 s and at most 3 min: work of requests the clients gave up on goes on, and must not be
 * counted against the next endpoint.
 */
const SETTLE_MS = 3_000;
const SETTLE_MAX_MS = 180_000;
const IDLE_CPU_SHARE = 0.15;
/** Health checks of the idle server before the loads, to tell the machine's own noise from the load's effect. */
const BASELINE_MS = 5_000;
/** As long as the server's own requestTimeout: a slower answer is a real timeout. */
const REQUEST_TIMEOUT_S = 120;

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '30' },
    only: { type: 'string' },
    'log-level': { type: 'string', default: 'warn' },
    keep: { type: 'boolean', default: false },
    /** For diagnosis only: a server setting that differs from its default, e.g. --server-env WORKERS=1. */
    'server-env': { type: 'string', multiple: true, default: [] },
  },
});
const durationS = Number(options.duration);
if (!Number.isFinite(durationS) || durationS < 1) throw new Error('--duration takes a number of seconds, at least 1');

const root = fileURLToPath(new URL('..', import.meta.url));
const serverEntry = join(root, 'apps/server/dist/main.js');
const require = createRequire(import.meta.url);
const photo = readFileSync(require.resolve('rgbquant/demo/img/kodim21.png')); // Kodak 21, 768 × 512 PNG, 636 KiB
const now = (): number => performance.timeOrigin + performance.now();
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Requests

interface Body {
  bytes: Buffer;
  contentType: string;
}

/** A multipart/form-data body built once: the fields, then the photo as image_file, as a browser's FormData sends them. */
function multipart(fields: Record<string, string | number>): Body {
  const boundary = `----StitchwiseLoad${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image_file"; filename="kodim21.png"\r\nContent-Type: image/png\r\n\r\n`));
  parts.push(photo, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { bytes: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function json(value: unknown): Body {
  return { bytes: Buffer.from(JSON.stringify(value)), contentType: 'application/json' };
}

/** Who sends a request: an address, and for signed-in endpoints a user with one project. */
interface Identity {
  address: string;
  token: string;
  projectId: string;
}

interface Endpoint {
  /** For --only. */
  key: string;
  method: 'GET' | 'POST';
  path: (who: Identity) => string;
  body?: Body;
  signedIn: boolean;
  /** An answer expected besides 2xx, 429 and 503, and why. */
  expected?: { status: number; why: string };
}

const label = (endpoint: Endpoint): string =>
  `${endpoint.method} ${endpoint.path({ address: '', token: '', projectId: '<project>' }).replace(/\/patterns\/[^/]+\//, '/patterns/<pattern>/')}`;

function endpoints(patternId: string): Endpoint[] {
  const image = (key: string, path: string, fields: Record<string, string | number> = {}): Endpoint => ({
    key,
    method: 'POST',
    path: () => path,
    body: multipart(fields),
    signedIn: false,
  });
  return [
    image('dominant', '/api/colors/dominant', { n_colors: 6 }),
    image('pick', '/api/colors/pick', { x: 384, y: 256 }),
    image('upload', '/api/images/upload'),
    image('crop', '/api/images/crop', { x: 100, y: 50, width: 400, height: 300 }),
    image('remove-background', '/api/images/remove-background'),
    image('generate-anonymous', '/api/stitch/generate/anonymous', { colors: 10, max_side: 100 }),
    { key: 'export-pdf', method: 'GET', path: () => `/api/stitch/patterns/${patternId}/export?format=pdf&paper=a4&fabric=14`, signedIn: false },
    { key: 'export-oxs', method: 'GET', path: () => `/api/stitch/patterns/${patternId}/export?format=oxs&fabric=14`, signedIn: false },
    { ...image('generate', '/api/stitch/generate', { project_name: 'Load test', colors: 20, max_side: 100 }), signedIn: true },
    {
      key: 'ideas',
      method: 'POST',
      path: () => '/api/stitch/creative-ideas',
      body: json({ prompt: 'a red fox' }),
      signedIn: true,
      expected: { status: 403, why: 'daily idea credits spent (10 a day per user)' },
    },
    {
      key: 'project-export',
      method: 'GET',
      path: (who) => `/api/stitch/projects/${who.projectId}/export?format=pdf&paper=a4&fabric=14`,
      signedIn: true,
    },
  ];
}

function endpoint(key: string, patternId = ''): Endpoint {
  const found = endpoints(patternId).find((candidate) => candidate.key === key);
  if (!found) throw new Error(`No endpoint ${key}`);
  return found;
}

function requestOf(endpoint: Endpoint, who: Identity): RequestData {
  const headers: Record<string, string> = { 'x-forwarded-for': who.address };
  if (endpoint.signedIn) headers.authorization = `Bearer ${who.token}`;
  if (endpoint.body) headers['content-type'] = endpoint.body.contentType;
  return { method: endpoint.method, path: endpoint.path(who), headers, ...(endpoint.body ? { body: endpoint.body.bytes } : {}) };
}

async function send(base: string, endpoint: Endpoint, who: Identity): Promise<{ status: number; body: string }> {
  const request = requestOf(endpoint, who);
  const response = await fetch(base + request.path, {
    method: request.method,
    headers: request.headers,
    ...(request.body ? { body: new Uint8Array(request.body as Buffer) } : {}),
  });
  return { status: response.status, body: await response.text() };
}

// ---------------------------------------------------------------------------------------------
// The server and the probe

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

function ensureBuilt(): void {
  if (existsSync(serverEntry) && existsSync(join(root, 'apps/web/dist/index.html'))) return;
  console.log('The server or the web app is not built: running npm run build first.');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('npm run build failed; the load benchmark needs the built server (apps/server/dist) and web app (apps/web/dist).');
    process.exit(1);
  }
}

interface Running {
  base: string;
  server: ChildProcess;
  logFile: string;
  workDir: string;
}

async function startServer(logLevel: string): Promise<Running> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const workDir = mkdtempSync(join(tmpdir(), 'stitchwise-load-'));
  const logFile = join(workDir, 'server.log');
  const log = openSync(logFile, 'a');
  // Only what the server's settings need; anything else in this shell (RATE_LIMIT_PER_MINUTE…) stays out.
  const environment: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: join(workDir, 'data'),
    LOG_LEVEL: logLevel,
    TRUST_PROXY: 'true',
  };
  for (const setting of options['server-env']) {
    const [key = '', ...value] = setting.split('=');
    environment[key] = value.join('=');
  }
  // node itself, not npm: the pid is the server's, for its memory.
  const server = spawn(process.execPath, [serverEntry], { cwd: root, env: environment, stdio: ['ignore', log, log] });
  closeSync(log);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}) while starting:\n${tail(logFile)}`);
    if (Date.now() > deadline) throw new Error(`The server did not answer /api/health within 60 s:\n${tail(logFile)}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, server, logFile, workDir };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
}

/** Stops the server as an operator would (SIGTERM), and says how it ended. */
async function stopServer(server: ChildProcess): Promise<string> {
  const describe = (): string => (server.signalCode ? `signal ${server.signalCode}` : `exit code ${server.exitCode}`);
  if (server.exitCode !== null || server.signalCode !== null) return `${describe()} before it was asked to stop`;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timeout = sleep(15_000).then(() => 'timeout');
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    server.kill('SIGKILL');
    await exited;
    return 'no exit within 15 s: killed';
  }
  return describe();
}

function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

class Probe {
  private readonly process: ChildProcess;

  constructor(base: string, pid: number) {
    this.process = fork(fileURLToPath(new URL('./load-probe.ts', import.meta.url)), [`${base}/api/health`, String(pid)], {
      cwd: root,
      execArgv: ['--import', 'tsx'],
    });
  }

  report(): Promise<ProbeReport> {
    return new Promise((resolve) => {
      this.process.once('message', (message) => {
        resolve(message as ProbeReport);
      });
      this.process.send('report');
    });
  }

  stop(): void {
    if (this.process.connected) this.process.send('stop');
  }
}

// ---------------------------------------------------------------------------------------------
// Accounts and what the load needs

async function signUp(base: string, name: string): Promise<string> {
  const id = `${name}-${randomBytes(4).toString('hex')}`;
  const tokens = await new OidcBrowser(base).signUp({ name: `Load ${name}`, email: `${id}@example.com`, password: `linen floss hoop ${id}` });
  return tokens.access_token;
}

/** A signed-in generation, for the project the export load downloads. */
async function projectOf(base: string, who: Omit<Identity, 'projectId'>): Promise<string> {
  const { status, body } = await send(base, endpoint('generate'), { ...who, projectId: '' });
  if (status !== 200) throw new Error(`Making a project for the export load failed: ${status} ${body}`);
  return (JSON.parse(body) as { project_id: string }).project_id;
}

// ---------------------------------------------------------------------------------------------
// Load and figures

interface Outcome {
  endpoint: Endpoint;
  startedAt: number;
  endedAt: number;
  statuses: Map<number, number>;
  /** Connection errors and timeouts, by code. */
  errors: Map<string, number>;
  /** Errors of a connection the server had announced it would close (harmless), by code. */
  closingErrors: Map<string, number>;
  /** Answers that carried Connection: close. */
  closes: number;
  latencies: number[];
  successLatencies: number[];
  /** CPUs the server used during the load (1 = one CPU busy throughout), its worker threads and processes included; its main thread (event loop) alone; and this process (autocannon). */
  serverCpu: number;
  mainThreadCpu: number;
  benchCpu: number;
  /** How long after the load the server took to become idle. */
  settledMs: number;
  /** The machine's 1-minute load average at the end of the load: other processes count too. */
  loadAverage: number;
}

/** What autocannon's Client has inside; used to make it honour Connection: close. */
interface ClientInternals {
  _doRequest: () => void;
}

function count(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/**
 * autocannon writes the next request on a connection as soon as an answer arrives, even one with
 * `Connection: close` (which the server sends with 429 and 503 refused before the upload was read):
 * that request then dies with EPIPE or ECONNRESET and its latency is attributed to a later answer.
 * A browser or any HTTP client opens a new connection instead, so each client here does that: after
 * such an answer it sends nothing more on that connection, and autocannon reconnects when the
 * server closes it. Errors of such a connection are counted apart, as harmless.
 */
function honourConnectionClose(client: Client, outcome: Outcome): void {
  const internals = client as unknown as ClientInternals;
  if (typeof internals._doRequest !== 'function') throw new Error('autocannon has changed: its Client has no _doRequest to wrap');
  const doRequest = internals._doRequest.bind(client);
  let closeAnnounced = false;
  let awaitingClose = false;
  client.on('headers', (info: { headers: string[]; shouldKeepAlive?: boolean }) => {
    const header = info.headers.findIndex((value, i) => i % 2 === 0 && value.toLowerCase() === 'connection');
    closeAnnounced = header >= 0 ? info.headers[header + 1]!.toLowerCase() === 'close' : info.shouldKeepAlive === false;
    if (closeAnnounced) outcome.closes++;
  });
  internals._doRequest = () => {
    if (closeAnnounced) {
      closeAnnounced = false;
      awaitingClose = true;
      return;
    }
    awaitingClose = false;
    doRequest();
  };
  client.on('connError', (error: NodeJS.ErrnoException) => {
    count(awaitingClose ? outcome.closingErrors : outcome.errors, error.code ?? error.message);
  });
}

async function load(base: string, pid: number, endpoint: Endpoint, clients: Identity[]): Promise<Outcome> {
  const serverCpuBefore = cpuSecondsOf(pid);
  const mainThreadCpuBefore = threadCpuSecondsOf(pid);
  const benchCpuBefore = process.cpuUsage();
  const outcome: Outcome = {
    endpoint,
    startedAt: now(),
    endedAt: 0,
    statuses: new Map(),
    errors: new Map(),
    closingErrors: new Map(),
    closes: 0,
    latencies: [],
    successLatencies: [],
    serverCpu: 0,
    mainThreadCpu: 0,
    benchCpu: 0,
    settledMs: 0,
    loadAverage: 0,
  };
  let next = 0;
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: CLIENTS,
        duration: durationS,
        timeout: REQUEST_TIMEOUT_S,
        requests: [
          {
            // Every request from the next simulated client in turn, so each gets 1/25 of them.
            setupRequest: (request) => ({ ...request, ...requestOf(endpoint, clients[next++ % clients.length]!) }),
          },
        ],
        setupClient: (client: Client) => {
          honourConnectionClose(client, outcome);
        },
      },
      (error) => {
        if (error) reject(error);
        else resolve();
      },
    );
    instance.on('response', (_client: Client, status: number, _bytes: number, ms: number) => {
      outcome.statuses.set(status, (outcome.statuses.get(status) ?? 0) + 1);
      outcome.latencies.push(ms);
      if (status >= 200 && status < 300) outcome.successLatencies.push(ms);
    });
    instance.on('reqError', (error: Error) => {
      if (error.message === 'request timed out') count(outcome.errors, 'timeout');
    });
  });
  outcome.endedAt = now();
  outcome.loadAverage = loadavg()[0]!;
  const seconds = (outcome.endedAt - outcome.startedAt) / 1000;
  outcome.serverCpu = (cpuSecondsOf(pid) - serverCpuBefore) / seconds;
  outcome.mainThreadCpu = (threadCpuSecondsOf(pid) - mainThreadCpuBefore) / seconds;
  const bench = process.cpuUsage(benchCpuBefore);
  outcome.benchCpu = (bench.user + bench.system) / 1e6 / seconds;
  return outcome;
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const between = <T extends { at: number }>(samples: readonly T[], from: number, to: number): T[] => samples.filter((s) => s.at >= from && s.at <= to);
const peakOf = (samples: readonly MemorySample[]): number => Math.max(...samples.map((s) => s.rssMiB));
/** The median of the samples in the last `ms` before `at`: one sample can catch a transient. */
const rssAt = (samples: readonly MemorySample[], at: number, ms = 2_000): number =>
  percentile(
    between(samples, at - ms, at).map((s) => s.rssMiB),
    50,
  );
/** A sample, or the samples just before `at`, in words: the total and how it is made up. */
function memoryInWords(samples: readonly MemorySample[], at: number): string {
  const recent = between(samples, at - 2_000, at);
  const total = percentile(
    recent.map((s) => s.rssMiB),
    50,
  );
  const own = percentile(
    recent.map((s) => s.ownMiB),
    50,
  );
  const workers = Math.max(...recent.map((s) => s.processes)) - 1;
  return `${mib(total)} (server process ${mib(own)}${workers > 0 ? `, ${workers} worker process${workers > 1 ? 'es' : ''} ${mib(total - own)}` : ', no worker process'})`;
}
const ms = (value: number): string => (Number.isNaN(value) ? '–' : value < 100 ? value.toFixed(1) : Math.round(value).toString());
const mib = (value: number): string => `${Math.round(value)} MiB`;
const counts = (map: ReadonlyMap<string | number, number>): string =>
  [...map]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, n]) => `${key}×${n}`)
    .join(' ') || '0';

/** Waits until the server is idle again (see SETTLE_MS); the time it took. */
async function settle(pid: number): Promise<number> {
  const start = performance.now();
  await sleep(SETTLE_MS);
  while (performance.now() - start < SETTLE_MAX_MS) {
    const before = cpuSecondsOf(pid);
    await sleep(1_000);
    if (cpuSecondsOf(pid) - before < IDLE_CPU_SHARE) break;
  }
  return performance.now() - start;
}

/** The server's resident memory now, its worker processes' included, read directly (the probe's samples are for the loads). */
const rssOf = (pid: number): number => residentOf(pid).totalMiB;

// Column names must not be integers: objects list integer keys first.
interface Row {
  endpoint: string;
  /** Answered, or ended in a connection error or timeout. */
  requests: number;
  '2xx': number;
  '429 limited': number;
  '503 busy': number;
  'other 4xx': string;
  'other 5xx': string;
  errors: string;
  'p50 ms': string;
  'p99 ms': string;
  '2xx p50 ms': string;
  '2xx p99 ms': string;
  'health p99 ms': string;
  'RSS peak': string;
  'RSS after': string;
  'server CPU': string;
  'event loop CPU': string;
  'bench CPU': string;
  'busy after': string;
  'load avg': string;
  verdict: string;
}

interface Verdict {
  row: Row;
  failures: string[];
  notes: string[];
}

function judge(outcome: Outcome, health: HealthSample[], memory: MemorySample[]): Verdict {
  const { endpoint, statuses, errors } = outcome;
  const pick = (filter: (status: number) => boolean): Map<number, number> => new Map([...statuses].filter(([status]) => filter(status)));
  const sum = (filter: (status: number) => boolean): number => [...pick(filter).values()].reduce((a, b) => a + b, 0);
  const success = (status: number): boolean => status >= 200 && status < 300;
  const allowed = (status: number): boolean => success(status) || status === 429 || status === 503 || status === endpoint.expected?.status;
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  const healthP99 = percentile(
    health.map((h) => h.ms),
    99,
  );
  const healthFailures = health.filter((h) => !h.ok).length;

  const failures: string[] = [];
  const notes: string[] = [];
  const name = label(endpoint);
  const unexpected = pick((status) => !allowed(status));
  if (unexpected.size > 0) failures.push(`unexpected answers ${counts(unexpected)}`);
  if (errorCount > 0) failures.push(`${errorCount} connection errors or timeouts before an answer (${counts(errors)})`);
  if (!(healthP99 < HEALTH_P99_TARGET_MS))
    failures.push(`health p99 ${ms(healthP99)} ms (target < ${HEALTH_P99_TARGET_MS} ms; max ${ms(Math.max(...health.map((h) => h.ms)))} ms)`);
  if (healthFailures > 0) failures.push(`${healthFailures} of ${health.length} health checks failed`);
  if (sum(success) === 0) notes.push('not one request succeeded');
  if (endpoint.expected && statuses.has(endpoint.expected.status)) {
    notes.push(`${statuses.get(endpoint.expected.status)} × ${endpoint.expected.status} are expected: ${endpoint.expected.why}`);
  }
  if (outcome.closes > 0) {
    const harmless = [...outcome.closingErrors.values()].reduce((a, b) => a + b, 0);
    notes.push(
      `${outcome.closes} answers carried Connection: close; the client reconnected after each` +
        (harmless > 0 ? ` (${harmless} of those connections ended in ${counts(outcome.closingErrors)} after the answer: harmless)` : ''),
    );
  }

  return {
    failures,
    notes,
    row: {
      endpoint: name,
      requests: sum(() => true) + errorCount,
      '2xx': sum(success),
      '429 limited': statuses.get(429) ?? 0,
      '503 busy': statuses.get(503) ?? 0,
      'other 4xx': counts(pick((status) => status >= 400 && status < 500 && status !== 429)),
      'other 5xx': counts(pick((status) => status >= 500 && status !== 503)),
      errors: counts(errors),
      'p50 ms': ms(percentile(outcome.latencies, 50)),
      'p99 ms': ms(percentile(outcome.latencies, 99)),
      '2xx p50 ms': ms(percentile(outcome.successLatencies, 50)),
      '2xx p99 ms': ms(percentile(outcome.successLatencies, 99)),
      'health p99 ms': ms(healthP99),
      'RSS peak': memory.length > 0 ? mib(peakOf(memory)) : '–',
      'RSS after': memory.length > 0 ? `${mib(memory.at(-1)!.rssMiB)} (server ${mib(memory.at(-1)!.ownMiB)})` : '–',
      'server CPU': `${Math.round(outcome.serverCpu * 100)} %`,
      'event loop CPU': `${Math.round(outcome.mainThreadCpu * 100)} %`,
      'bench CPU': `${Math.round(outcome.benchCpu * 100)} %`,
      'busy after': `${(outcome.settledMs / 1000).toFixed(0)} s`,
      'load avg': outcome.loadAverage.toFixed(1),
      verdict: failures.length === 0 ? 'PASS' : 'FAIL',
    },
  };
}

function markdownTable(rows: Record<string, string | number>[]): string {
  const columns = Object.keys(rows[0] ?? {});
  const line = (cells: (string | number)[]): string => `| ${cells.join(' | ')} |`;
  return [line(columns), line(columns.map(() => '---')), ...rows.map((row) => line(columns.map((column) => row[column] ?? '')))].join('\n');
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  ensureBuilt();
  const logLevel = options['log-level'];
  console.log(
    `Node ${process.version}, ${availableParallelism()} CPUs; ${CLIENTS} clients per endpoint for ${durationS} s each; ` +
      `server LOG_LEVEL=${logLevel}, TRUST_PROXY=true, ${options['server-env'].length > 0 ? `${options['server-env'].join(', ')} (not the default), ` : ''}other settings at their defaults.`,
  );
  const running = await startServer(logLevel);
  const { base, server } = running;
  const pid = server.pid!;
  console.log(`Server pid ${pid} at ${base}; data and log in ${running.workDir}; resident memory ${mib(rssOf(pid))} at start.`);
  const probe = new Probe(base, pid);
  let failed = true;
  try {
    // One user per simulated client, and one more for the warm-up.
    const signUpStart = performance.now();
    const tokens: string[] = [];
    for (let i = 0; i <= CLIENTS; i++) tokens.push(await signUp(base, i === CLIENTS ? 'warm-up' : `client${i + 1}`));
    console.log(`Signed up ${tokens.length} users through the built-in OpenID provider in ${ms(performance.now() - signUpStart)} ms.`);

    // Warm-up: one request to every endpoint (the segmentation model loads here), from an identity of its own.
    const warmUpIdentity = { address: '10.0.0.1', token: tokens[CLIENTS]! };
    const anonymous = await send(base, endpoint('generate-anonymous'), { ...warmUpIdentity, projectId: '' });
    if (anonymous.status !== 200) throw new Error(`Generating the pattern to export failed: ${anonymous.status} ${anonymous.body}`);
    const patternId = (JSON.parse(anonymous.body) as { pattern_url: string }).pattern_url.split('/').pop()!;
    const warmUp: Identity = { ...warmUpIdentity, projectId: await projectOf(base, warmUpIdentity) };
    const all = endpoints(patternId);
    const only = options.only?.split(',').map((key) => key.trim());
    const unknown = only?.filter((key) => !all.some((endpoint) => endpoint.key === key)) ?? [];
    if (unknown.length > 0) throw new Error(`--only: no endpoint ${unknown.join(', ')}; there are ${all.map((e) => e.key).join(', ')}`);
    const chosen = only ? all.filter((endpoint) => only.includes(endpoint.key)) : all;
    const warmUpSteps: string[] = [];
    for (const endpoint of all) {
      const start = performance.now();
      const { status, body } = await send(base, endpoint, warmUp);
      if (status < 200 || status >= 300) throw new Error(`Warm-up ${label(endpoint)} answered ${status}: ${body.slice(0, 500)}`);
      warmUpSteps.push(`${endpoint.key} ${ms(performance.now() - start)} ms → ${mib(rssOf(pid))}`);
    }
    console.log(`Warm-up, one request to each endpoint (time, then resident memory after it):\n  ${warmUpSteps.join('\n  ')}`);

    // The simulated clients of each endpoint: addresses of their own per endpoint, so one load's limits do not carry into the next.
    const plans: { endpoint: Endpoint; clients: Identity[] }[] = [];
    for (const endpoint of chosen) {
      const index = all.indexOf(endpoint);
      const clients: Identity[] = [];
      for (let i = 0; i < CLIENTS; i++) {
        const who = { address: `10.${index + 1}.0.${i + 1}`, token: tokens[i]! };
        // Each signed-in client downloads a project of its own.
        clients.push({ ...who, projectId: endpoint.key === 'project-export' ? await projectOf(base, who) : '' });
      }
      plans.push({ endpoint, clients });
    }

    const warmUpSettle = await settle(pid);
    await sleep(BASELINE_MS);
    const startAt = now();
    const baseline = await probe.report();
    const startRss = rssAt(baseline.memory, startAt);
    const baselineHealth = between(baseline.health, startAt - BASELINE_MS, startAt).map((h) => h.ms);
    const baselineLoad = loadavg()[0]!;
    console.log(
      `Resident memory after the warm-up: ${memoryInWords(baseline.memory, startAt)}; the server was idle again ${(warmUpSettle / 1000).toFixed(0)} s after it.`,
    );
    console.log(
      `Idle server, for comparison: health p50 ${ms(percentile(baselineHealth, 50))} ms, p99 ${ms(percentile(baselineHealth, 99))} ms over ${BASELINE_MS / 1000} s; ` +
        `load average of this machine ${baselineLoad.toFixed(1)} on ${availableParallelism()} CPUs.\n`,
    );

    const outcomes: Outcome[] = [];
    for (const { endpoint, clients } of plans) {
      process.stdout.write(`${label(endpoint)}: ${durationS} s … `);
      const outcome = await load(base, pid, endpoint, clients);
      outcomes.push(outcome);
      const answers = counts(outcome.statuses);
      process.stdout.write(`${answers}${outcome.errors.size > 0 ? `; errors ${counts(outcome.errors)}` : ''}`);
      outcome.settledMs = await settle(pid);
      console.log(`; idle again ${(outcome.settledMs / 1000).toFixed(0)} s later`);
    }
    const lastLoadEnd = outcomes.at(-1)?.endedAt ?? now();
    console.log(`\nIdle for ${IDLE_AFTER_MS / 1000} s after the last load …`);
    await sleep(Math.max(0, lastLoadEnd + IDLE_AFTER_MS + 500 - now()));
    const report = await probe.report();
    const idleRss = rssAt(report.memory, lastLoadEnd + IDLE_AFTER_MS);

    // Figures and verdicts.
    const verdicts = outcomes.map((outcome, i) => {
      const next = outcomes[i + 1]?.startedAt ?? outcome.endedAt + outcome.settledMs;
      return judge(outcome, between(report.health, outcome.startedAt, outcome.endedAt), between(report.memory, outcome.startedAt, next));
    });
    console.log(
      `\nEndpoints under load (${CLIENTS} connections, ${durationS} s each; requests answered or failed; latencies of every answer and of 2xx only; ` +
        'health p99 of GET /api/health every 50 ms meanwhile; resident memory of the server and its worker processes, peak during the load ' +
        'and once the server was idle again (of it the server process); CPUs used by the server, by its main thread (the event loop) and by ' +
        "autocannon (100 % = one CPU); how long the server stayed busy after the load; the machine's load average at its end):",
    );
    console.table(verdicts.map((v) => v.row));

    const loadMemory = between(report.memory, startAt, lastLoadEnd + (outcomes.at(-1)?.settledMs ?? 0));
    const peakRss = peakOf(loadMemory);
    const peakSample = loadMemory.find((s) => s.rssMiB === peakRss);
    const peakDuring = outcomes.find((o, i) => peakSample && peakSample.at >= o.startedAt && peakSample.at < (outcomes[i + 1]?.startedAt ?? Infinity));
    const returned = (idleRss - startRss) / startRss;
    const memoryChecks: { passed: boolean; text: string }[] = [];
    console.log(
      `Resident memory of the server and its worker processes: start ${memoryInWords(report.memory, startAt)} after the warm-up; ` +
        `peak ${peakSample ? memoryInWords([peakSample], peakSample.at) : '–'}${peakDuring ? ` during ${label(peakDuring.endpoint)}` : ''}; ` +
        `${IDLE_AFTER_MS / 1000} s after the last load ${memoryInWords(report.memory, lastLoadEnd + IDLE_AFTER_MS)}.`,
    );
    memoryChecks.push({
      passed: Math.abs(returned) <= RSS_RETURN_TOLERANCE,
      text: `RSS ${IDLE_AFTER_MS / 1000} s after the last load ${mib(idleRss)} is ${returned >= 0 ? '+' : '−'}${Math.abs(returned * 100).toFixed(0)} % from its start ${mib(startRss)} (target within ${RSS_RETURN_TOLERANCE * 100} %)`,
    });
    const segmentation = outcomes.findIndex((o) => o.endpoint.key === 'remove-background');
    let segmentationPeak = NaN;
    let afterSegmentation = NaN;
    if (segmentation >= 0) {
      // "After background removals": once the last of them has finished and the server is idle again.
      const o = outcomes[segmentation]!;
      const until = o.endedAt + o.settledMs;
      segmentationPeak = peakOf(between(report.memory, o.startedAt, until));
      afterSegmentation = rssAt(report.memory, until);
      memoryChecks.push({
        passed: afterSegmentation <= RSS_AFTER_SEGMENTATION_LIMIT_MIB,
        text:
          `RSS after background removals ${memoryInWords(report.memory, until)}, once the server was idle again ${(o.settledMs / 1000).toFixed(0)} s after that load ` +
          `(target at most 1 GB = ${RSS_AFTER_SEGMENTATION_LIMIT_MIB} MiB)`,
      });
    }

    console.log('\nTargets (answers only 2xx, 429 or 503, no connection errors or timeouts, health p99 under 50 ms):');
    for (const verdict of verdicts) {
      console.log(`${verdict.row.verdict}  ${verdict.row.endpoint}`);
      for (const failure of verdict.failures) console.log(`        ${failure}`);
      for (const note of verdict.notes) console.log(`        note: ${note}`);
    }
    for (const { passed, text } of memoryChecks) console.log(`${passed ? 'PASS' : 'FAIL'}  ${text}`);
    if (segmentationPeak > RSS_AFTER_SEGMENTATION_LIMIT_MIB) {
      console.log(`        note: while removing backgrounds the peak was ${mib(segmentationPeak)}, over 1 GB (not a target: the target is for after them)`);
    }
    if (!(percentile(baselineHealth, 99) < HEALTH_P99_TARGET_MS)) {
      console.log(
        `note: the idle server's health p99 was already ${ms(percentile(baselineHealth, 99))} ms before any load (load average ${baselineLoad.toFixed(1)} on ` +
          `${availableParallelism()} CPUs): other processes on this machine count in every health figure; judge the health target on a quiet machine.`,
      );
    }

    const missed = verdicts.filter((v) => v.failures.length > 0).length + memoryChecks.filter((c) => !c.passed).length;
    failed = missed > 0;
    console.log(`\n${failed ? `FAIL: ${missed} target(s) missed` : 'PASS: every target met'}.`);

    const date = new Date().toISOString().slice(0, 10);
    console.log(
      `\nSummary for the README (${date}; ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(1)}; ${CLIENTS} clients × ${durationS} s per endpoint; ` +
        `idle server's health p99 ${ms(percentile(baselineHealth, 99))} ms):\n`,
    );
    console.log(
      markdownTable(
        verdicts.map(({ row }) => ({
          endpoint: `\`${row.endpoint}\``,
          requests: row.requests,
          '2xx': row['2xx'],
          '429 limited': row['429 limited'],
          '503 busy': row['503 busy'],
          'other 4xx': row['other 4xx'],
          'other 5xx / errors': `${row['other 5xx']} / ${row.errors}`,
          'p50 / p99 ms': `${row['p50 ms']} / ${row['p99 ms']}`,
          '2xx p50 / p99 ms': `${row['2xx p50 ms']} / ${row['2xx p99 ms']}`,
          'health p99 ms': row['health p99 ms'],
          'server (event loop) / bench CPU': `${row['server CPU']} (${row['event loop CPU']}) / ${row['bench CPU']}`,
          'RSS peak / after': `${row['RSS peak']} / ${row['RSS after']}`,
          'busy after': row['busy after'],
          '': row.verdict,
        })),
      ),
    );
    console.log('');
    console.log(
      markdownTable([
        {
          'RSS start (after warm-up)': mib(startRss),
          'RSS peak': mib(peakRss),
          [`RSS ${IDLE_AFTER_MS / 1000} s after`]: `${mib(idleRss)} (${returned >= 0 ? '+' : '−'}${Math.abs(returned * 100).toFixed(0)} %)`,
          'RSS after background removals (peak while)': Number.isNaN(afterSegmentation) ? '–' : `${mib(afterSegmentation)} (${mib(segmentationPeak)})`,
          '': memoryChecks.every((c) => c.passed) ? 'PASS' : 'FAIL',
        },
      ]),
    );
    return failed ? 1 : 0;
  } finally {
    probe.stop();
    const stopped = await stopServer(server);
    if (stopped !== 'exit code 0') console.log(`\nnote: the server stopped on SIGTERM with ${stopped}; see its log.`);
    if (options.keep) {
      console.log(`\nData directory and server log kept: ${running.workDir}`);
    } else if (failed || stopped !== 'exit code 0') {
      rmSync(join(running.workDir, 'data'), { recursive: true, force: true }); // a gigabyte of charts and uploads
      console.log(`\nServer log kept: ${running.logFile}`);
    } else {
      rmSync(running.workDir, { recursive: true, force: true });
    }
  }
}

process.exitCode = await main();
