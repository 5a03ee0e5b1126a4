/** Small, dependency-free timing helpers shared by the benchmarks. */

export interface Measurement {
  name: string;
  /** Median operations per second over the rounds. */
  opsPerSecond: number;
}

/**
 * Runs `operation(i)` repeatedly for `rounds` rounds of about `roundMs` each, after a warm-up,
 * and reports the median rate, so one noisy round on a shared machine does not decide the figure.
 */
export function measure(name: string, operation: (i: number) => void, { rounds = 7, roundMs = 250 } = {}): Measurement {
  runFor(operation, roundMs); // warm-up: let the JIT settle
  const rates: number[] = [];
  for (let round = 0; round < rounds; round++) rates.push(runFor(operation, roundMs));
  rates.sort((x, y) => x - y);
  return { name, opsPerSecond: rates[Math.floor(rates.length / 2)]! };
}

function runFor(operation: (i: number) => void, ms: number): number {
  let count = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let i = 0; i < 100; i++) operation(count++);
    elapsed = performance.now() - start;
  }
  return (count / elapsed) * 1000;
}

/** Prints measurements as a table with each one's speed relative to the first (the baseline). */
export function printTable(title: string, measurements: Measurement[], extra: Record<string, string>[] = []): void {
  const baseline = measurements[0]!.opsPerSecond;
  console.log(`\n${title}`);
  console.table(
    measurements.map((m, i) => ({
      implementation: m.name,
      'ops/s': Math.round(m.opsPerSecond).toLocaleString('en'),
      'µs/op': (1e6 / m.opsPerSecond).toFixed(2),
      [`× vs ${measurements[0]!.name}`]: (m.opsPerSecond / baseline).toFixed(2),
      ...extra[i],
    })),
  );
}

/**
 * Median milliseconds of each of two async operations, run alternately `runs` times after 3 warm-ups (both
 * at once), so that both see the same machine.
 */
export async function alternatingMedians(runs: number, first: () => Promise<unknown>, second: () => Promise<unknown>): Promise<[number, number]> {
  for (let i = 0; i < 3; i++) await Promise.all([first(), second()]);
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i++) {
    for (const [which, operation] of [first, second].entries()) {
      const start = performance.now();
      await operation();
      times[which as 0 | 1].push(performance.now() - start);
    }
  }
  const median = (values: number[]): number => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return [median(times[0]), median(times[1])];
}

/** Median milliseconds of each run, over seven rounds that take turns after a warm-up, so all see the same machine. */
export function medianMs(runs: (() => unknown)[]): number[] {
  const times = runs.map(() => [] as number[]);
  for (let round = 0; round < 8; round++) {
    runs.forEach((run, i) => {
      const start = performance.now();
      run();
      if (round > 0) times[i]!.push(performance.now() - start);
    });
  }
  return times.map((list) => list.sort((x, y) => x - y)[3]!);
}
