/**
 * Blends on against off with the same number of threads to buy: per photo at 10 and 20 threads, the mean
 * ΔE00 per stitch and of 3 × 3 blocks against the resampled photo (a blend's colour by the model of
 * threads/blends.ts), lone stitches before and after the clean-up, and generation time at 500 × 500.
 * Targets: ΔE00 per stitch at least 10 % lower on average and lower on every photo; lone stitches after
 * clean-up at most 1.2 × off; time at most 1.5 × off.
 */
import { createRequire } from 'node:module';
import { confettiShare, generatePattern, meanBlockDeltaE, meanDeltaE, patternFromPrepared, prepareGrid, resampleToGrid, type Blending } from '@stitchwise/core';
import { decodePhoto } from './photos.js';
import { medianMs } from './timing.js';

const require = createRequire(import.meta.url);

const PHOTOS: Record<string, string> = {
  'kodim21.png': require.resolve('rgbquant/demo/img/kodim21.png'),
  'baboon.png': require.resolve('baboon-image/baboon.png'),
  'cloudplane.jpg': require.resolve('rgbquant/demo/img/cloudplane.jpg'),
  'redpanda.jpg': require.resolve('rgbquant/demo/img/redpanda.jpg'),
  'pheasant.jpg': require.resolve('rgbquant/demo/img/pheasant.jpg'),
  'baby.jpg': require.resolve('rgbquant/demo/img/baby.jpg'),
  'plush.jpg': require.resolve('rgbquant/demo/img/plush.jpg'),
};
const MAX_SIDE = 100;
const THREAD_COUNTS = [10, 20];
const TIMED_SIDE = 500;

interface Measured {
  perStitch: number;
  block: number;
  before: number;
  after: number;
  entries: number;
  threads: number;
}

const percent = (share: number): string => `${(share * 100).toFixed(2)}%`;

export async function benchBlends(): Promise<void> {
  const perStitchRatios: number[] = [];
  const loneAfter = { off: 0, on: 0 };
  const verdicts: string[] = [];
  const timings: string[] = [];
  for (const [name, path] of Object.entries(PHOTOS)) {
    const image = await decodePhoto(path);
    const prepared = prepareGrid(resampleToGrid(image, MAX_SIDE));
    const { grid } = prepared;
    for (const colors of THREAD_COUNTS) {
      const measure = (blends: Blending): Measured => {
        const options = { colors, useKmeans: false, mergeThreads: false, blends };
        const pattern = patternFromPrepared(prepared, options);
        const raw = patternFromPrepared(prepared, { ...options, cleanConfetti: false });
        const colours = pattern.legend.map((entry) => entry.rgb);
        return {
          perStitch: meanDeltaE(grid, pattern.cells, colours),
          block: meanBlockDeltaE(grid, pattern.cells, colours),
          before: confettiShare(raw.cells, grid.width, grid.height),
          after: pattern.stats.confetti_after,
          entries: pattern.legend.length,
          threads: new Set(pattern.legend.flatMap((entry) => entry.threads.map((thread) => thread.code))).size,
        };
      };
      const off = measure('off');
      const on = measure('on');
      const ratio = on.perStitch / off.perStitch;
      perStitchRatios.push(ratio);
      loneAfter.off += off.after;
      loneAfter.on += on.after;
      const loneRatio = off.after === 0 ? (on.after === 0 ? 1 : Infinity) : on.after / off.after;
      verdicts.push(
        `${name} K=${colors}: ΔE00 per stitch ${off.perStitch.toFixed(3)} → ${on.perStitch.toFixed(3)} (${((1 - ratio) * 100).toFixed(1)} % lower) ${ratio < 1 ? '✓' : '✗'}; ` +
          `3×3 blocks ${off.block.toFixed(3)} → ${on.block.toFixed(3)}; lone before ${percent(off.before)} → ${percent(on.before)}, ` +
          `after ${percent(off.after)} → ${percent(on.after)} (${loneRatio.toFixed(2)} ×) ${loneRatio <= 1.2 ? '✓' : '✗'}; ` +
          `legend ${off.entries} → ${on.entries} entries, ${on.threads} threads to buy ${on.threads <= colors ? '✓' : '✗'}`,
      );
    }
  }
  const meanRatio = perStitchRatios.reduce((sum, ratio) => sum + ratio, 0) / perStitchRatios.length;
  console.log(`\nBlends on against off, ${MAX_SIDE} stitches on the long side (ΔE00 after the clean-up):\n  ${verdicts.join('\n  ')}`);
  console.log(
    `Blends: mean ΔE00 per stitch ${((1 - meanRatio) * 100).toFixed(1)} % lower on average (target ≥ 10 %) ${meanRatio <= 0.9 ? '✓' : '✗'}; ` +
      `lower on every photo ${perStitchRatios.every((ratio) => ratio < 1) ? '✓' : '✗'}; ` +
      `lone stitches after clean-up over all photos ${(loneAfter.on / loneAfter.off).toFixed(2)} × off (target ≤ 1.2) ${loneAfter.on <= 1.2 * loneAfter.off ? '✓' : '✗'}`,
  );

  for (const name of ['kodim21.png', 'baboon.png', 'cloudplane.jpg']) {
    const image = await decodePhoto(PHOTOS[name]!);
    for (const colors of THREAD_COUNTS) {
      const options = { colors, useKmeans: false, mergeThreads: false, maxSide: TIMED_SIDE };
      const [off, on] = medianMs([() => generatePattern(image, { ...options, blends: 'off' }), () => generatePattern(image, { ...options, blends: 'on' })]) as [
        number,
        number,
      ];
      timings.push(`${name} K=${colors}: off ${off.toFixed(0)} ms, on ${on.toFixed(0)} ms = ${(on / off).toFixed(2)} × ${on / off <= 1.5 ? '✓' : '✗'}`);
    }
  }
  console.log(`Blends: generation at ${TIMED_SIDE} × ${TIMED_SIDE} stitches (target on ≤ 1.5 × off):\n  ${timings.join('\n  ')}`);
}
