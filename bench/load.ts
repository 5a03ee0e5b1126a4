/**
 * `npm run bench:load [-- --duration 30] [-- --only dominant,pick] [-- --log-level info] [-- --keep]`:
 * the built server under load, endpoint by endpoint.
 *
 * Starts apps/server/dist/main.js as a child process on a free port with a fresh data directory,
 * TRUST_PROXY=true, LOG_LEVEL=warn and every other setting at its default (60 requests a minute per
 * client and endpoint; heavy requests admitted only while their work queue has room). Each heavy
 * endpoint then gets 25 concurrent connections for `--duration` seconds, every request from one of
 * 25 simulated clients (X-Forwarded-For; a bearer token of one of 25 users where signing in is
 * needed), with a real photo. The load comes from a process of its own at nice 10 (load-generator.ts),
 * standing in for the other machines real clients are on. Meanwhile a separate process at normal
 * priority (load-probe.ts) asks GET /api/health every 50 ms and samples the resident memory of the
 * server and its worker processes every 250 ms. After each load the next waits until the server is
 * idle again. Options: --duration seconds per endpoint (30); --only keys of endpoints (see
 * load-endpoints.ts); --log-level of the server (warn); --keep the data directory and server log;
 * --server-env KEY=VALUE, only to diagnose.
 *
 * Targets: only 2xx, 429 and 503 answers (403 for ideas once a user's daily credits are spent) and
 * no connection errors or timeouts; health p99 under 50 ms during each load; resident memory 30 s
 * after the last load at most 20 % above its start (after a warm-up request to every endpoint, so model
 * loading is part of the start); at most 1 GB after background removals. Exits non-zero on FAIL.
 */
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { availableParallelism, loadavg, setPriority } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { endpoint, endpoints, label, projectOf, send, signUp, type Endpoint, type Identity } from './load-endpoints.js';
import type { Generated, Job } from './load-generator.js';
import { abortStorm, ATTACK_KEYS, reportAttacks, slowBodies, type AttackOutcome } from './load-attacks.js';
import { between, counts, HEALTH_P99_TARGET_MS, memoryInWords, mib, ms, percentile, report, type Outcome } from './load-report.js';
import { ensureBuilt, forkBench, Probe, settle, startServer, stopServer } from './load-server.js';
import { cpuSecondsOf, mainThreadCpuSecondsOf, reniceThreads, residentOf } from './proc-stats.js';

const CLIENTS = 25;
const GENERATOR_NICE = 10;
const IDLE_AFTER_MS = 30_000;
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

const now = (): number => performance.timeOrigin + performance.now();
const rssOf = (pid: number): string => mib(residentOf(pid).totalMiB);

/** The generator's next message; rejects if it exits first or reports an error. */
function reply(generator: ChildProcess): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const exited = (code: number | null, signal: string | null): void => {
      reject(new Error(`The load generator exited (${signal ?? code}) before it answered`));
    };
    generator.once('exit', exited);
    generator.once('message', (message) => {
      generator.off('exit', exited);
      if (typeof message === 'object' && 'error' in message) reject(new Error(`The load generator failed: ${String(message.error)}`));
      else resolve(message);
    });
  });
}

/** One endpoint's load, from a generator process at nice 10, and the server's CPU meanwhile. */
async function load(base: string, pid: number, endpoint: Endpoint, clients: Identity[], patternId: string): Promise<Outcome> {
  const generator = forkBench('./load-generator.ts', [], { serialization: 'advanced' });
  const exited = new Promise((resolve) => generator.once('exit', resolve));
  if (generator.pid === undefined) throw new Error('The load generator did not start');
  // At once, so that the threads its start-up creates inherit it; those already there are reniced once it is ready.
  setPriority(generator.pid, GENERATOR_NICE);
  const job: Job = { base, key: endpoint.key, patternId, clients, durationS, timeoutS: REQUEST_TIMEOUT_S };
  generator.send(job);
  await reply(generator);
  const niceness = reniceThreads(generator.pid, GENERATOR_NICE);
  if (niceness.some((nice) => nice !== GENERATOR_NICE)) throw new Error(`The load generator's threads run at nice ${niceness.join(', ')}`);

  const serverCpuBefore = cpuSecondsOf(pid);
  const mainThreadCpuBefore = mainThreadCpuSecondsOf(pid);
  const startedAt = now();
  generator.send('go');
  const generated = (await reply(generator)) as Generated;
  const endedAt = now();
  const loadAverage = loadavg()[0]!;
  const seconds = (endedAt - startedAt) / 1000;
  const serverCpu = (cpuSecondsOf(pid) - serverCpuBefore) / seconds;
  const mainThreadCpu = (mainThreadCpuSecondsOf(pid) - mainThreadCpuBefore) / seconds;
  await exited;
  return { ...generated, endpoint, startedAt, endedAt, serverCpu, mainThreadCpu, settledMs: 0, loadAverage };
}

async function main(): Promise<number> {
  ensureBuilt();
  const logLevel = options['log-level'];
  const serverEnv = options['server-env'];
  console.log(
    `Node ${process.version}, ${availableParallelism()} CPUs; ${CLIENTS} clients per endpoint for ${durationS} s each; ` +
      `load generator at nice ${GENERATOR_NICE}, standing in for another machine (server and health probe at normal priority); ` +
      `server LOG_LEVEL=${logLevel}, TRUST_PROXY=true, ${serverEnv.length > 0 ? `${serverEnv.join(', ')} (not the default), ` : ''}other settings at their defaults.`,
  );
  const running = await startServer(logLevel, serverEnv);
  const { base, server } = running;
  const pid = server.pid!;
  console.log(`Server pid ${pid} at ${base}; data and log in ${running.workDir}; resident memory ${rssOf(pid)} at start.`);
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
    const isAttack = (key: string): boolean => (ATTACK_KEYS as readonly string[]).includes(key);
    const unknown = only?.filter((key) => !all.some((endpoint) => endpoint.key === key) && !isAttack(key)) ?? [];
    if (unknown.length > 0)
      throw new Error(`--only: no endpoint or attack ${unknown.join(', ')}; there are ${[...all.map((e) => e.key), ...ATTACK_KEYS].join(', ')}`);
    const attackKeys = ATTACK_KEYS.filter((key) => !only || only.includes(key));
    const chosen = only ? all.filter((endpoint) => only.includes(endpoint.key)) : all;
    const warmUpSteps: string[] = [];
    for (const endpoint of all) {
      const start = performance.now();
      const { status, body } = await send(base, endpoint, warmUp);
      if (status < 200 || status >= 300) throw new Error(`Warm-up ${label(endpoint)} answered ${status}: ${body.slice(0, 500)}`);
      warmUpSteps.push(`${endpoint.key} ${ms(performance.now() - start)} ms → ${rssOf(pid)}`);
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
      const outcome = await load(base, pid, endpoint, clients, patternId);
      outcomes.push(outcome);
      process.stdout.write(`${counts(outcome.statuses)}${outcome.errors.size > 0 ? `; errors ${counts(outcome.errors)}` : ''}`);
      outcome.settledMs = await settle(pid);
      console.log(`; idle again ${(outcome.settledMs / 1000).toFixed(0)} s later`);
    }
    const attacks: AttackOutcome[] = [];
    for (const key of attackKeys) {
      process.stdout.write(`${key}: ${durationS} s … `);
      const attack =
        key === 'abort-storm'
          ? await abortStorm(
              base,
              tokens.slice(0, 5).map((token, i) => ({ address: `10.96.0.${i + 1}`, token, projectId: '' })),
              { address: '10.98.0.1', token: '', projectId: '' },
              durationS,
            )
          : await slowBodies(
              base,
              [1, 2, 3, 4, 5].map((i) => ({ address: `10.97.0.${i}`, token: '', projectId: '' })),
              durationS,
            );
      attacks.push(attack);
      const settledMs = await settle(pid);
      console.log(`attacker ${counts(attack.attacker)}; others ${counts(attack.others)}; idle again ${(settledMs / 1000).toFixed(0)} s later`);
    }
    const lastLoadEnd = Math.max(outcomes.at(-1)?.endedAt ?? 0, attacks.at(-1)?.endedAt ?? 0) || now();
    console.log(`\nIdle for ${IDLE_AFTER_MS / 1000} s after the last load …`);
    await sleep(Math.max(0, lastLoadEnd + IDLE_AFTER_MS + 500 - now()));

    const passed = report({
      clients: CLIENTS,
      durationS,
      outcomes,
      probe: await probe.report(),
      startAt,
      lastLoadEnd,
      idleAfterMs: IDLE_AFTER_MS,
      baselineHealth,
      baselineLoad,
    });
    const attacksPassed = reportAttacks(attacks, (await probe.report()).health, HEALTH_P99_TARGET_MS);
    failed = !passed || !attacksPassed;
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
