/**
 * The load benchmark's attack scenarios (#28), each run for a while against the server while other
 * clients use it and the probe measures health:
 * - abort storm: signed-in users start generations of the heaviest kind (50 colours, 500 stitches, k-means,
 *   strong dithering, 24 px with symbols) as server-sent events and abort each 0.4–1.5 s in, 20 at a time,
 *   round after round; after each round another client's request must be served within seconds.
 * - slow bodies: one visitor opens 18 requests announcing 1 MB bodies (a chart export, as found, and an
 *   upload), sends `{` and then a byte every 8 s; meanwhile other clients upload as usual.
 */
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { endpoint, heaviestGeneration, requestOf, type Identity } from './load-endpoints.js';
import { counts, ms, percentile } from './load-report.js';

export interface AttackOutcome {
  name: string;
  startedAt: number;
  endedAt: number;
  /** What the attacker's requests got: a status, or `aborted` / `closed` without an answer. */
  attacker: Map<string, number>;
  /** What other clients' requests got meanwhile, and how long each took. */
  others: Map<string, number>;
  otherLatencies: number[];
  /** Abort storm: how long after each round the next normal request was served. */
  servedAfterRound: number[];
}

const now = (): number => performance.timeOrigin + performance.now();

function count(map: Map<string, number>, key: string | number): void {
  map.set(String(key), (map.get(String(key)) ?? 0) + 1);
}

/** One ordinary request of `key` from `who`: its status and time, or `error`. */
async function ordinary(base: string, key: string, who: Identity): Promise<{ status: string; ms: number }> {
  const request = requestOf(endpoint(key), who);
  const started = performance.now();
  try {
    const response = await fetch(base + request.path, {
      method: request.method,
      headers: request.headers,
      ...(request.body ? { body: new Uint8Array(request.body as Buffer) } : {}),
      signal: AbortSignal.timeout(60_000),
    });
    await response.arrayBuffer();
    return { status: String(response.status), ms: performance.now() - started };
  } catch {
    return { status: 'error', ms: performance.now() - started };
  }
}

/** Rounds of 20 heavy generations aborted 0.4–1.5 s in, for `durationS`; `users` are the attackers (4 requests each at most at once). */
export async function abortStorm(base: string, users: Identity[], other: Identity, durationS: number): Promise<AttackOutcome> {
  const outcome: AttackOutcome = {
    name: 'abort storm',
    startedAt: now(),
    endedAt: 0,
    attacker: new Map(),
    others: new Map(),
    otherLatencies: [],
    servedAfterRound: [],
  };

  const deadline = now() + durationS * 1000;
  while (now() < deadline) {
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const who = users[i % users.length]!;
        const cancel = new AbortController();
        const timer = setTimeout(
          () => {
            cancel.abort();
          },
          400 + Math.random() * 1100,
        );
        const heavy = requestOf(heaviestGeneration, who);
        try {
          const response = await fetch(base + heavy.path, {
            method: 'POST',
            headers: { ...heavy.headers, accept: 'text/event-stream' },
            body: new Uint8Array(heavy.body as Buffer),
            signal: cancel.signal,
          });
          await response.arrayBuffer();
          count(outcome.attacker, response.status); // answered before its abort: a refusal, or a generation that finished first
        } catch {
          count(outcome.attacker, 'aborted');
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    // Right after the round, another client asks for dominant colours until served (or 30 s pass).
    const roundEnd = performance.now();
    for (;;) {
      const { status, ms } = await ordinary(base, 'dominant', other);
      count(outcome.others, status);
      outcome.otherLatencies.push(ms);
      if (status.startsWith('2') || performance.now() - roundEnd > 30_000) break;
      await sleep(250);
    }
    outcome.servedAfterRound.push(performance.now() - roundEnd);
  }
  outcome.endedAt = now();
  return outcome;
}

/** A request whose head announces a 1 MB body, then `{`, then a byte every 8 s; resolves with the answer's status or how it ended. */
function trickle(base: string, path: string, contentType: string, address: string, stopAt: number): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    let answer = '';
    const socket: Socket = connect(Number(port), hostname, () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: ${contentType}\r\nContent-Length: 1000000\r\nX-Forwarded-For: ${address}\r\n\r\n{`,
      );
    });
    const drip = setInterval(() => {
      if (now() > stopAt) socket.destroy();
      else if (!socket.destroyed) socket.write('-');
    }, 8000);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', () => undefined);
    socket.once('close', () => {
      clearInterval(drip);
      resolve(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 'closed');
    });
  });
}

/** The slow-body attack for `durationS`: 18 trickling exports and 18 trickling uploads of one visitor, while others upload. */
export async function slowBodies(base: string, others: Identity[], durationS: number): Promise<AttackOutcome> {
  const outcome: AttackOutcome = {
    name: 'slow bodies',
    startedAt: now(),
    endedAt: 0,
    attacker: new Map(),
    others: new Map(),
    otherLatencies: [],
    servedAfterRound: [],
  };
  const stopAt = now() + durationS * 1000;
  const attacker = '10.99.0.1';
  const attacks: Promise<void>[] = [];
  // The attacker reopens each request as soon as it ends, for as long as the scenario lasts.
  const keepTrickling = async (path: string, contentType: string): Promise<void> => {
    while (now() < stopAt) count(outcome.attacker, await trickle(base, path, contentType, attacker, stopAt));
  };
  for (let i = 0; i < 18; i++) {
    attacks.push(keepTrickling('/api/stitch/patterns/export?format=png', 'application/json'));
    attacks.push(keepTrickling('/api/images/upload', 'multipart/form-data; boundary=x'));
  }
  let turn = 0;
  while (now() < stopAt) {
    const { status, ms } = await ordinary(base, 'upload', others[turn++ % others.length]!);
    count(outcome.others, status);
    outcome.otherLatencies.push(ms);
    await sleep(500);
  }
  await Promise.all(attacks);
  outcome.endedAt = now();
  return outcome;
}

/** Attacks run by `--only` keys, in this order. */
export const ATTACK_KEYS = ['abort-storm', 'slow-bodies'] as const;

const SERVED_AFTER_ROUND_TARGET_MS = 5_000;

/**
 * The attacks' table and verdicts: every request of the other clients answered 2xx (the abort storm's
 * may meet 503 while the storm's own work still runs, but each round's is served within 5 s), and health
 * p99 under `healthTargetMs` meanwhile. Returns whether all passed.
 */
export function reportAttacks(attacks: AttackOutcome[], health: { at: number; ms: number }[], healthTargetMs: number): boolean {
  if (attacks.length === 0) return true;
  const rows = attacks.map((attack) => {
    const during = health.filter((sample) => sample.at >= attack.startedAt && sample.at <= attack.endedAt).map((sample) => sample.ms);
    const healthP99 = percentile(during, 99);
    const othersOk = [...attack.others.keys()].every((status) => status.startsWith('2') || (attack.name === 'abort storm' && status === '503'));
    const slowestRound = Math.max(0, ...attack.servedAfterRound);
    const passed = othersOk && healthP99 < healthTargetMs && slowestRound <= SERVED_AFTER_ROUND_TARGET_MS;
    return {
      scenario: attack.name,
      seconds: Math.round((attack.endedAt - attack.startedAt) / 1000),
      'attacker got': counts(attack.attacker),
      'others got': counts(attack.others),
      'others p95 ms': ms(percentile(attack.otherLatencies, 95)),
      'served after a round, max ms': attack.servedAfterRound.length > 0 ? ms(slowestRound) : '–',
      'health p99 ms': ms(healthP99),
      verdict: passed ? 'PASS' : 'FAIL',
    };
  });
  console.log(
    '\nAttacks (the abort storm: rounds of 20 heaviest generations aborted 0.4–1.5 s in, then another client asks for dominant colours until served; ' +
      'slow bodies: one visitor keeps 18 exports and 18 uploads announcing 1 MB and sending a byte every 8 s, while others upload every 0.5 s). ' +
      `Targets: others served (2xx; 503 only during the storm's own work), after each round within ${SERVED_AFTER_ROUND_TARGET_MS / 1000} s, health p99 under ${healthTargetMs} ms:`,
  );
  console.table(rows);
  return rows.every((row) => row.verdict === 'PASS');
}
