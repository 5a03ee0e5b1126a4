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
