/**
 * The load benchmark's observer, in a process of its own at normal priority, apart from the load
 * generator (at nice 10) and from load.ts: GET /api/health every 50 ms (latency by
 * performance.now()) and the server's resident memory (VmRSS of /proc/<pid>/status, of the server
 * process and of its worker processes) every 250 ms. Started by load.ts with `fork`; arguments:
 * health URL and server pid. On the message 'report' it sends back every sample so far, on 'stop'
 * it exits.
 */
import { Agent, get } from 'node:http';
import { residentOf } from './proc-stats.js';

export interface HealthSample {
  /** Wall-clock time of the request's start, ms since the epoch. */
  at: number;
  ms: number;
  /** 200 answered; false for another status or a connection error. */
  ok: boolean;
}

export interface MemorySample {
  at: number;
  /** Resident set size in MiB of the server and its worker processes. */
  rssMiB: number;
  /** Of the server process alone. */
  ownMiB: number;
  /** Processes: 1 while no worker process runs. */
  processes: number;
}

export interface ProbeReport {
  health: HealthSample[];
  memory: MemorySample[];
}

const HEALTH_EVERY_MS = 50;
const MEMORY_EVERY_MS = 250;

const [healthUrl, pidArgument] = process.argv.slice(2);
if (!healthUrl || !pidArgument || !process.send) throw new Error('usage: fork load-probe.ts <health URL> <server pid>');
const pid = Number(pidArgument);
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const report: ProbeReport = { health: [], memory: [] };
const now = (): number => performance.timeOrigin + performance.now();

function checkHealth(): Promise<HealthSample> {
  const at = now();
  const start = performance.now();
  return new Promise((resolve) => {
    const request = get(healthUrl!, { agent, timeout: 10_000 }, (response) => {
      response.resume();
      response.once('end', () => {
        resolve({ at, ms: performance.now() - start, ok: response.statusCode === 200 });
      });
    });
    request.once('timeout', () => request.destroy(new Error('timed out')));
    request.once('error', () => {
      resolve({ at, ms: performance.now() - start, ok: false });
    });
  });
}

/** Requests follow a 50 ms beat; one that takes longer delays the next, never overlaps it. */
async function healthLoop(): Promise<void> {
  for (;;) {
    const sample = await checkHealth();
    report.health.push(sample);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, HEALTH_EVERY_MS - sample.ms)));
  }
}

function sampleMemory(): void {
  const resident = residentOf(pid);
  // None when the server has exited; load.ts notices that itself.
  if (resident.processes > 0) report.memory.push({ at: now(), rssMiB: resident.totalMiB, ownMiB: resident.ownMiB, processes: resident.processes });
}

process.on('message', (message) => {
  if (message === 'report') process.send!(report);
  else if (message === 'stop') process.exit(0);
});
process.once('disconnect', () => process.exit(0));

sampleMemory();
setInterval(sampleMemory, MEMORY_EVERY_MS);
void healthLoop();
