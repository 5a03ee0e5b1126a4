/**
 * The processes of the load benchmark besides its own: the built server (started, waited for until
 * idle, stopped) and the health and memory probe (load-probe.ts).
 */
import { fork, spawn, spawnSync, type ChildProcess, type ForkOptions } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { freePort } from '../apps/server/test/support/free-port.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { ProbeReport } from './load-probe.js';
import { cpuSecondsOf } from './proc-stats.js';

export const root = fileURLToPath(new URL('..', import.meta.url));
const serverEntry = join(root, 'apps/server/dist/main.js');

/**
 * After each load, the next waits until the server is idle again (under 15 % of a CPU for a second),
 * at least 3 s and at most 3 min: work of requests the clients gave up on goes on, and must not be
 * counted against the next endpoint.
 */
const SETTLE_MS = 3_000;
const SETTLE_MAX_MS = 180_000;
const IDLE_CPU_SHARE = 0.15;

/** Runs a TypeScript file of bench/ in a child process with an IPC channel. */
export function forkBench(file: string, args: string[] = [], options: ForkOptions = {}): ChildProcess {
  return fork(fileURLToPath(new URL(file, import.meta.url)), args, { cwd: root, execArgv: ['--import', 'tsx'], ...options });
}

export function ensureBuilt(): void {
  if (existsSync(serverEntry) && existsSync(join(root, 'apps/web/dist/index.html'))) return;
  console.log('The server or the web app is not built: running npm run build first.');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('npm run build failed; the load benchmark needs the built server (apps/server/dist) and web app (apps/web/dist).');
    process.exit(1);
  }
}

export interface Running {
  base: string;
  server: ChildProcess;
  logFile: string;
  workDir: string;
}

/** Starts the server on a free port with a fresh data directory; `settings` (KEY=VALUE) differ from its defaults. */
export async function startServer(logLevel: string, settings: string[]): Promise<Running> {
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
    SIGN_UPS_PER_DAY: '1000', // every simulated client signs up from this one address
  };
  for (const setting of settings) {
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
export async function stopServer(server: ChildProcess): Promise<string> {
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

/** Waits until the server is idle again (see SETTLE_MS); the time it took. */
export async function settle(pid: number): Promise<number> {
  const start = performance.now();
  await sleep(SETTLE_MS);
  while (performance.now() - start < SETTLE_MAX_MS) {
    const before = cpuSecondsOf(pid);
    await sleep(1_000);
    if (cpuSecondsOf(pid) - before < IDLE_CPU_SHARE) break;
  }
  return performance.now() - start;
}

/** The probe process, at normal priority, from the start of the loads to the end. */
export class Probe {
  private readonly process: ChildProcess;

  constructor(base: string, pid: number) {
    this.process = forkBench('./load-probe.ts', [`${base}/api/health`, String(pid)]);
  }

  /** Every sample so far. */
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
