/**
 * Nearest-DMC-thread query throughput: Stitchwise's exact ΔE00 search against the libraries a
 * developer would otherwise reach for, on the same 10,000 random colours in one run.
 */
import { DMC_THREADS, nearestThreads, rgbToLab, seededRandom, type Lab } from '@stitchwise/core';
import { closestLab } from 'color-diff';
import DeltaE from 'delta-e';
import { measure, printTable } from './timing.js';

export function benchNearestThread(): void {
  const random = seededRandom(2005);
  const queries: Lab[] = Array.from({ length: 10_000 }, () =>
    rgbToLab({ r: Math.floor(random() * 256), g: Math.floor(random() * 256), b: Math.floor(random() * 256) }),
  );
  const query = (i: number): Lab => queries[i % queries.length]!;

  const colorDiffPalette = DMC_THREADS.map((t) => ({ L: t.lab.L, a: t.lab.a, b: t.lab.b }));
  const colorDiffIndex = new Map(colorDiffPalette.map((lab, i) => [lab, DMC_THREADS[i]!]));
  const deltaEPalette = DMC_THREADS.map((t) => ({ L: t.lab.L, A: t.lab.a, B: t.lab.b }));

  const deltaENearest = (lab: Lab): number => {
    const target = { L: lab.L, A: lab.a, B: lab.b };
    let best = 0;
    let bestDistance = Infinity;
    for (let j = 0; j < deltaEPalette.length; j++) {
      const distance = DeltaE.getDeltaE00(target, deltaEPalette[j]!);
      if (distance < bestDistance) {
        bestDistance = distance;
        best = j;
      }
    }
    return best;
  };

  // Agreement: how often each peer picks the same nearest thread as Stitchwise (ties aside, 100% is expected).
  const agreement = (pick: (lab: Lab) => string): string => {
    const same = queries.filter((lab) => pick(lab) === nearestThreads(lab, 1)[0]!.thread.code).length;
    return `${((same / queries.length) * 100).toFixed(2)}%`;
  };

  let sink = 0; // keeps results alive so the JIT cannot drop the work
  const results = [
    measure('stitchwise nearestThreads (1)', (i) => {
      sink += nearestThreads(query(i), 1)[0]!.distance;
    }),
    measure('stitchwise nearestThreads (5)', (i) => {
      sink += nearestThreads(query(i), 5)[4]!.distance;
    }),
    measure('color-diff closestLab', (i) => {
      sink += closestLab(query(i), colorDiffPalette).L;
    }),
    measure('delta-e getDeltaE00 scan', (i) => {
      sink += deltaENearest(query(i));
    }),
  ];
  printTable(`Nearest DMC thread, ΔE00 over ${DMC_THREADS.length} threads (median of 7 rounds)`, results, [
    { 'same nearest as stitchwise': '100.00%' },
    { 'same nearest as stitchwise': '100.00%' },
    { 'same nearest as stitchwise': agreement((lab) => colorDiffIndex.get(closestLab(lab, colorDiffPalette))!.code) },
    { 'same nearest as stitchwise': agreement((lab) => DMC_THREADS[deltaENearest(lab)]!.code) },
  ]);
  if (Number.isNaN(sink)) console.log('');
}
