/** The load benchmark's figures, verdicts and tables, from the loads' outcomes and the probe's samples. */
import { availableParallelism, loadavg } from 'node:os';
import { label, type Endpoint } from './load-endpoints.js';
import type { Generated } from './load-generator.js';
import type { HealthSample, MemorySample, ProbeReport } from './load-probe.js';

export const HEALTH_P99_TARGET_MS = 50;
const RSS_RETURN_TOLERANCE = 0.2;
const RSS_AFTER_SEGMENTATION_LIMIT_MIB = 1024;

/** One endpoint's load: what the generator counted, and what load.ts measured around it. */
export interface Outcome extends Generated {
  endpoint: Endpoint;
  startedAt: number;
  endedAt: number;
  /** CPUs the server used during the load (1 = one CPU busy throughout), its worker threads and processes included; its main thread (event loop) alone. */
  serverCpu: number;
  mainThreadCpu: number;
  /** How long after the load the server took to become idle. */
  settledMs: number;
  /** The machine's 1-minute load average at the end of the load: other processes count too. */
  loadAverage: number;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const between = <T extends { at: number }>(samples: readonly T[], from: number, to: number): T[] => samples.filter((s) => s.at >= from && s.at <= to);
const peakOf = (samples: readonly MemorySample[]): number => Math.max(...samples.map((s) => s.rssMiB));
/** The median of the samples in the last 2 s before `at`: one sample can catch a transient. */
const medianBefore = (samples: readonly MemorySample[], at: number, of: (s: MemorySample) => number): number =>
  percentile(between(samples, at - 2_000, at).map(of), 50);
const rssAt = (samples: readonly MemorySample[], at: number): number => medianBefore(samples, at, (s) => s.rssMiB);

/** The samples just before `at`, in words: the total and how it is made up. */
export function memoryInWords(samples: readonly MemorySample[], at: number): string {
  const total = rssAt(samples, at);
  const own = medianBefore(samples, at, (s) => s.ownMiB);
  const workers = Math.max(...between(samples, at - 2_000, at).map((s) => s.processes)) - 1;
  return `${mib(total)} (server process ${mib(own)}${workers > 0 ? `, ${workers} worker process${workers > 1 ? 'es' : ''} ${mib(total - own)}` : ', no worker process'})`;
}

export const ms = (value: number): string => (Number.isNaN(value) ? '–' : value < 100 ? value.toFixed(1) : Math.round(value).toString());
export const mib = (value: number): string => `${Math.round(value)} MiB`;
export const counts = (map: ReadonlyMap<string | number, number>): string =>
  [...map]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, n]) => `${key}×${n}`)
    .join(' ') || '0';
const percent = (share: number): string => `${Math.round(share * 100)} %`;
const signed = (share: number): string => `${share >= 0 ? '+' : '−'}${Math.abs(share * 100).toFixed(0)} %`;

function judge(outcome: Outcome, health: HealthSample[], memory: MemorySample[]) {
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

  // Column names must not be integers: objects list integer keys first.
  const row = {
    endpoint: label(endpoint),
    /** Answered, or ended in a connection error or timeout. */
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
    'server CPU': percent(outcome.serverCpu),
    'event loop CPU': percent(outcome.mainThreadCpu),
    'generator CPU': percent(outcome.generatorCpu),
    'busy after': `${(outcome.settledMs / 1000).toFixed(0)} s`,
    'load avg': outcome.loadAverage.toFixed(1),
    verdict: failures.length === 0 ? 'PASS' : 'FAIL',
  };
  return { row, failures, notes };
}

function markdownTable(rows: Record<string, string | number>[]): string {
  const columns = Object.keys(rows[0] ?? {});
  const line = (cells: (string | number)[]): string => `| ${cells.join(' | ')} |`;
  return [line(columns), line(columns.map(() => '---')), ...rows.map((row) => line(columns.map((column) => row[column] ?? '')))].join('\n');
}

export interface Run {
  clients: number;
  durationS: number;
  outcomes: Outcome[];
  /** Every sample of the probe, from before the loads to `idleAfterMs` after the last. */
  probe: ProbeReport;
  /** When the loads started, after the warm-up and the baseline. */
  startAt: number;
  lastLoadEnd: number;
  idleAfterMs: number;
  /** Health latencies of the idle server before the loads, and the machine's load average then. */
  baselineHealth: number[];
  baselineLoad: number;
}

/** Prints the figures, verdicts and the summary for the README; whether every target was met. */
export function report(run: Run): boolean {
  const { outcomes, probe, startAt, lastLoadEnd, idleAfterMs, baselineHealth } = run;
  const idleS = idleAfterMs / 1000;
  const verdicts = outcomes.map((outcome, i) => {
    const next = outcomes[i + 1]?.startedAt ?? outcome.endedAt + outcome.settledMs;
    return judge(outcome, between(probe.health, outcome.startedAt, outcome.endedAt), between(probe.memory, outcome.startedAt, next));
  });
  console.log(
    `\nEndpoints under load (${run.clients} connections, ${run.durationS} s each; requests answered or failed; latencies of every answer and of 2xx only; ` +
      'health p99 of GET /api/health every 50 ms meanwhile; resident memory of the server and its worker processes, peak during the load ' +
      'and once the server was idle again (of it the server process); CPUs used by the server, by its main thread (the event loop) and by ' +
      "the load generator (autocannon at nice 10) (100 % = one CPU); how long the server stayed busy after the load; the machine's load average at its end):",
  );
  console.table(verdicts.map((v) => v.row));

  const startRss = rssAt(probe.memory, startAt);
  const idleRss = rssAt(probe.memory, lastLoadEnd + idleAfterMs);
  const loadMemory = between(probe.memory, startAt, lastLoadEnd + (outcomes.at(-1)?.settledMs ?? 0));
  const peakRss = peakOf(loadMemory);
  const peakSample = loadMemory.find((s) => s.rssMiB === peakRss);
  const peakDuring = outcomes.find((o, i) => peakSample && peakSample.at >= o.startedAt && peakSample.at < (outcomes[i + 1]?.startedAt ?? Infinity));
  const returned = (idleRss - startRss) / startRss;
  console.log(
    `Resident memory of the server and its worker processes: start ${memoryInWords(probe.memory, startAt)} after the warm-up; ` +
      `peak ${peakSample ? memoryInWords([peakSample], peakSample.at) : '–'}${peakDuring ? ` during ${label(peakDuring.endpoint)}` : ''}; ` +
      `${idleS} s after the last load ${memoryInWords(probe.memory, lastLoadEnd + idleAfterMs)}.`,
  );
  // The server process on its own too: a worker process that exits when idle must not hide the server's growth.
  const ownAt = (at: number): number => medianBefore(probe.memory, at, (sample) => sample.ownMiB);
  const startOwn = ownAt(startAt);
  const idleOwn = ownAt(lastLoadEnd + idleAfterMs);
  const ownReturned = (idleOwn - startOwn) / startOwn;
  const memoryChecks = [
    {
      // Only growth counts against it: less than at the start is memory given back (an idle worker process gone).
      passed: returned <= RSS_RETURN_TOLERANCE,
      text: `RSS ${idleS} s after the last load ${mib(idleRss)} is ${signed(returned)} from its start ${mib(startRss)} (target: at most ${RSS_RETURN_TOLERANCE * 100} % above it)`,
    },
    {
      passed: ownReturned <= RSS_RETURN_TOLERANCE,
      text: `RSS of the server process alone ${idleS} s after the last load ${mib(idleOwn)} is ${signed(ownReturned)} from its start ${mib(startOwn)} (target: at most ${RSS_RETURN_TOLERANCE * 100} % above it)`,
    },
  ];
  const segmentation = outcomes.find((o) => o.endpoint.key === 'remove-background');
  let segmentationPeak = NaN;
  let afterSegmentation = NaN;
  if (segmentation) {
    // "After background removals": once the last of them has finished and the server is idle again.
    const until = segmentation.endedAt + segmentation.settledMs;
    segmentationPeak = peakOf(between(probe.memory, segmentation.startedAt, until));
    afterSegmentation = rssAt(probe.memory, until);
    memoryChecks.push({
      passed: afterSegmentation <= RSS_AFTER_SEGMENTATION_LIMIT_MIB,
      text:
        `RSS after background removals ${memoryInWords(probe.memory, until)}, once the server was idle again ${(segmentation.settledMs / 1000).toFixed(0)} s after that load ` +
        `(target at most 1 GB = ${RSS_AFTER_SEGMENTATION_LIMIT_MIB} MiB)`,
    });
  }

  const baselineP99 = percentile(baselineHealth, 99);
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
  if (!(baselineP99 < HEALTH_P99_TARGET_MS)) {
    console.log(
      `note: the idle server's health p99 was already ${ms(baselineP99)} ms before any load (load average ${run.baselineLoad.toFixed(1)} on ` +
        `${availableParallelism()} CPUs): other processes on this machine count in every health figure; judge the health target on a quiet machine.`,
    );
  }

  const missed = verdicts.filter((v) => v.failures.length > 0).length + memoryChecks.filter((c) => !c.passed).length;
  console.log(`\n${missed > 0 ? `FAIL: ${missed} target(s) missed` : 'PASS: every target met'}.`);

  const date = new Date().toISOString().slice(0, 10);
  console.log(
    `\nSummary for the README (${date}; ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(1)}; ${run.clients} clients × ${run.durationS} s per endpoint, ` +
      `load generator at nice 10; idle server's health p99 ${ms(baselineP99)} ms):\n`,
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
        'server (event loop) / generator CPU': `${row['server CPU']} (${row['event loop CPU']}) / ${row['generator CPU']}`,
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
        [`RSS ${idleS} s after`]: `${mib(idleRss)} (${signed(returned)})`,
        'RSS after background removals (peak while)': Number.isNaN(afterSegmentation) ? '–' : `${mib(afterSegmentation)} (${mib(segmentationPeak)})`,
        '': memoryChecks.every((c) => c.passed) ? 'PASS' : 'FAIL',
      },
    ]),
  );
  return missed === 0;
}
