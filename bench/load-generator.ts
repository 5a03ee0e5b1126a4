/**
 * The load benchmark's load generator: autocannon in a process of its own, which load.ts forks and
 * runs at nice 10. Real clients are on other machines; on a machine of two CPUs autocannon takes
 * most of one, and at the same priority as the server the health latency would measure the
 * contention with it. Niceness stands in for the other machine: the server gets the CPU first.
 *
 * Messages (advanced serialization): load.ts sends a Job; this builds the requests and answers
 * 'ready'; load.ts sends 'go'; this runs the load, answers its Generated figures (or { error }) and exits.
 */
import autocannon, { type Client, type RequestData } from 'autocannon';
import { endpoint, requestOf, type Identity } from './load-endpoints.js';

export interface Job {
  base: string;
  /** Of the endpoint, see load-endpoints.ts; its requests are built here. */
  key: string;
  patternId: string;
  /** The simulated clients, each request from the next in turn. */
  clients: Identity[];
  durationS: number;
  timeoutS: number;
}

export interface Generated {
  statuses: Map<number, number>;
  /** Connection errors and timeouts, by code. */
  errors: Map<string, number>;
  /** Errors of a connection the server had announced it would close (harmless), by code. */
  closingErrors: Map<string, number>;
  /** Answers that carried Connection: close. */
  closes: number;
  latencies: number[];
  successLatencies: number[];
  /** CPUs this process used during the load (1 = one CPU busy throughout). */
  generatorCpu: number;
}

/** What autocannon's Client has inside; used to make it honour Connection: close. */
interface ClientInternals {
  _doRequest: () => void;
}

function count<K>(map: Map<K, number>, key: K): void {
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
function honourConnectionClose(client: Client, generated: Generated): void {
  const internals = client as unknown as ClientInternals;
  if (typeof internals._doRequest !== 'function') throw new Error('autocannon has changed: its Client has no _doRequest to wrap');
  const doRequest = internals._doRequest.bind(client);
  let closeAnnounced = false;
  let awaitingClose = false;
  client.on('headers', (info: { headers: string[]; shouldKeepAlive?: boolean }) => {
    const header = info.headers.findIndex((value, i) => i % 2 === 0 && value.toLowerCase() === 'connection');
    closeAnnounced = header >= 0 ? info.headers[header + 1]!.toLowerCase() === 'close' : info.shouldKeepAlive === false;
    if (closeAnnounced) generated.closes++;
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
    count(awaitingClose ? generated.closingErrors : generated.errors, error.code ?? error.message);
  });
}

async function generate(job: Job, requests: RequestData[]): Promise<Generated> {
  const start = performance.now();
  const cpuBefore = process.cpuUsage();
  const generated: Generated = {
    statuses: new Map(),
    errors: new Map(),
    closingErrors: new Map(),
    closes: 0,
    latencies: [],
    successLatencies: [],
    generatorCpu: 0,
  };
  let next = 0;
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      {
        url: job.base,
        connections: job.clients.length,
        duration: job.durationS,
        timeout: job.timeoutS,
        // Every request from the next simulated client in turn, so each gets an equal share.
        requests: [{ setupRequest: (request) => ({ ...request, ...requests[next++ % requests.length]! }) }],
        setupClient: (client: Client) => {
          honourConnectionClose(client, generated);
        },
      },
      (error) => {
        if (error) reject(error);
        else resolve();
      },
    );
    instance.on('response', (_client: Client, status: number, _bytes: number, ms: number) => {
      count(generated.statuses, status);
      generated.latencies.push(ms);
      if (status >= 200 && status < 300) generated.successLatencies.push(ms);
    });
    instance.on('reqError', (error: Error) => {
      if (error.message === 'request timed out') count(generated.errors, 'timeout');
    });
  });
  const cpu = process.cpuUsage(cpuBefore);
  generated.generatorCpu = (cpu.user + cpu.system) / 1e6 / ((performance.now() - start) / 1000);
  return generated;
}

const send = process.send?.bind(process);
if (!send) throw new Error('fork load-generator.ts from load.ts');
process.once('disconnect', () => process.exit(0));
process.once('message', (message) => {
  const job = message as Job;
  const target = endpoint(job.key, job.patternId);
  const requests = job.clients.map((who) => requestOf(target, who));
  process.once('message', () => {
    generate(job, requests).then(
      (generated) => send(generated, undefined, undefined, () => process.exit(0)),
      (error: unknown) => send({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }, undefined, undefined, () => process.exit(1)),
    );
  });
  send('ready');
});
