/**
 * Dithering off, soft and strong against plain Floyd–Steinberg (what peers offer) on the same
 * threads: per photo and colour count, the mean ΔE00 per stitch and of 3 × 3 blocks (the mix seen
 * from a little way off, which dithering is for), and the lone-stitch share before and after the
 * confetti clean-up. Targets: soft lowers the block ΔE00 against off on smooth photos, and adds at
 * most half the lone stitches plain Floyd–Steinberg adds (before clean-up, like for like).
 */
import { createRequire } from 'node:module';
import {
  cleanConfetti,
  confettiShare,
  DMC_THREADS,
  deltaE2000,
  generatePattern,
  meanBlockDeltaE,
  meanDeltaE,
  patternFromPrepared,
  prepareGrid,
  resampleToGrid,
  rgbToLab,
  type Dithering,
  type Thread,
  type Lab,
  type RgbaImage,
  type StitchGrid,
} from '@stitchwise/core';
import { decodePhoto } from './photos.js';
import { medianMs } from './timing.js';

const require = createRequire(import.meta.url);

/** The other benchmarks' photos, and a smooth one (sky and cloud) from the same package. */
const PHOTOS: Record<string, { path: string; smooth: boolean }> = {
  'kodim21.png': { path: require.resolve('rgbquant/demo/img/kodim21.png'), smooth: true },
  'baboon.png': { path: require.resolve('baboon-image/baboon.png'), smooth: false },
  'cloudplane.jpg': { path: require.resolve('rgbquant/demo/img/cloudplane.jpg'), smooth: true },
};
const MAX_SIDE = 100;
const COLOUR_COUNTS = [10, 20, 40];
const LEVELS: Dithering[] = ['off', 'soft', 'strong'];

interface Measured {
  method: string;
  perStitch: number;
  block: number;
  before: number;
  after: number;
}

/**
 * The reference: plain serpentine Floyd–Steinberg in sRGB, as image quantisers and chart makers do
 * it: the whole error of each stitch passed on, every stitch to the nearest thread (ΔE00, as ours).
 * Written here on its own so the comparison does not lean on the core's diffusion.
 */
function plainFloydSteinberg(grid: StitchGrid, threads: readonly Thread[]): Int16Array {
  const { width, height } = grid;
  const cells = new Int16Array(width * height).fill(-1);
  const work = Float32Array.from(grid.rgb);
  const nearest = new Map<number, number>();
  const labs = threads.map((thread) => thread.lab);
  const nearestOf = (r: number, g: number, b: number): number => {
    const key = (r << 16) | (g << 8) | b;
    let found = nearest.get(key);
    if (found === undefined) {
      const lab: Lab = rgbToLab({ r, g, b });
      found = 0;
      for (let i = 1; i < labs.length; i++) if (deltaE2000(lab, labs[i]!) < deltaE2000(lab, labs[found]!)) found = i;
      nearest.set(key, found);
    }
    return found;
  };
  const push = (x: number, y: number, error: number[], share: number) => {
    if (x < 0 || x >= width || y >= height || !grid.stitched[y * width + x]) return;
    for (let c = 0; c < 3; c++) work[(y * width + x) * 3 + c]! += error[c]! * share;
  };
  for (let y = 0; y < height; y++) {
    const step = y % 2 === 0 ? 1 : -1;
    for (let i = 0, x = step > 0 ? 0 : width - 1; i < width; i++, x += step) {
      const cell = y * width + x;
      if (!grid.stitched[cell]) continue;
      const colour = [0, 1, 2].map((c) => Math.round(Math.min(255, Math.max(0, work[cell * 3 + c]!))));
      const chosen = nearestOf(colour[0]!, colour[1]!, colour[2]!);
      cells[cell] = chosen;
      const thread = threads[chosen]!;
      const error = [colour[0]! - thread.r, colour[1]! - thread.g, colour[2]! - thread.b];
      push(x + step, y, error, 7 / 16);
      push(x - step, y + 1, error, 3 / 16);
      push(x, y + 1, error, 5 / 16);
      push(x + step, y + 1, error, 1 / 16);
    }
  }
  return cells;
}

const percent = (share: number): string => `${(share * 100).toFixed(1)}%`;

export async function benchDithering(): Promise<void> {
  const verdicts: string[] = [];
  const images = new Map<string, RgbaImage>();
  for (const [name, { path, smooth }] of Object.entries(PHOTOS)) {
    const image = await decodePhoto(path);
    images.set(name, image);
    const prepared = prepareGrid(resampleToGrid(image, MAX_SIDE));
    const { grid } = prepared;
    for (const colors of COLOUR_COUNTS) {
      const rows: Measured[] = LEVELS.map((dithering) => {
        const pattern = patternFromPrepared(prepared, { colors, useKmeans: false, mergeThreads: false, dithering });
        const raw = patternFromPrepared(prepared, { colors, useKmeans: false, mergeThreads: false, cleanConfetti: false, dithering });
        const colours = pattern.legend.map((entry) => entry.rgb);
        return {
          method: dithering,
          perStitch: meanDeltaE(grid, pattern.cells, colours),
          block: meanBlockDeltaE(grid, pattern.cells, colours),
          before: confettiShare(raw.cells, grid.width, grid.height),
          after: pattern.stats.confetti_after,
        };
      });
      // The reference gets the threads the pattern without dithering chose, and the same clean-up.
      const threads = patternFromPrepared(prepared, { colors, useKmeans: false, mergeThreads: false }).legend.map((entry) =>
        DMC_THREADS.find((thread) => thread.code === entry.dmc_code)!,
      );
      const dithered = plainFloydSteinberg(grid, threads);
      const cleaned = cleanConfetti(grid, threads, { thread: dithered, distance: new Float32Array(dithered.length).fill(Number.NaN) }).thread;
      const colours = threads.map((thread) => ({ r: thread.r, g: thread.g, b: thread.b }));
      rows.push({
        method: 'plain Floyd–Steinberg',
        perStitch: meanDeltaE(grid, cleaned, colours),
        block: meanBlockDeltaE(grid, cleaned, colours),
        before: confettiShare(dithered, grid.width, grid.height),
        after: confettiShare(cleaned, grid.width, grid.height),
      });
      console.log(`\nDithering: ${name}, ${grid.width} × ${grid.height} stitches, K = ${colors} (ΔE00 after the clean-up)`);
      console.table(
        rows.map((row) => ({
          method: row.method,
          'ΔE00 per stitch': row.perStitch.toFixed(3),
          'ΔE00 of 3×3 blocks': row.block.toFixed(3),
          'lone before clean-up': percent(row.before),
          'lone after clean-up': percent(row.after),
        })),
      );
      const [off, soft, , fs] = rows as [Measured, Measured, Measured, Measured];
      const added = (soft.before - off.before) / (fs.before - off.before);
      const lowers = soft.block < off.block;
      verdicts.push(
        `${name} K=${colors}${smooth ? ' (smooth)' : ''}: 3×3-block ΔE00 soft/off ${(soft.block / off.block).toFixed(3)} ${lowers ? '✓' : smooth ? '✗' : '(not a smooth photo)'}; ` +
          `lone stitches added by soft / by plain FS ${added.toFixed(2)} ${added <= 0.5 ? '✓' : '✗'} ` +
          `(before clean-up off ${percent(off.before)}, soft ${percent(soft.before)}, FS ${percent(fs.before)}; after: ${percent(off.after)}, ${percent(soft.after)}, ${percent(fs.after)})`,
      );
    }
  }
  console.log(
    `\nDithering verdicts (targets: soft/off < 1 on smooth photos; soft adds ≤ 0.5 of the lone stitches plain Floyd–Steinberg adds, before clean-up):\n  ${verdicts.join('\n  ')}`,
  );

  // Speed at the largest size: dithering must add well under what generating the pattern costs.
  for (const name of ['kodim21.png', 'baboon.png']) {
    const image = images.get(name)!;
    const options = { colors: 50, useKmeans: false, mergeThreads: false };
    const prepared = prepareGrid(resampleToGrid(image, 500));
    const [generation, off, ...dithered] = medianMs([
      () => generatePattern(image, { ...options, maxSide: 500 }),
      ...(['off', 'soft', 'strong'] as const).map((dithering) => () => patternFromPrepared(prepared, { ...options, dithering })),
    ]) as [number, number, number, number];
    const added = dithered.map((ms, i) => `${LEVELS[i + 1]} +${(ms - off).toFixed(0)} ms (${(((ms - off) / generation) * 100).toFixed(0)}%)`);
    console.log(`Dithering ${name} at 500 × 500 stitches, K=50: generation without it ${generation.toFixed(0)} ms; ${added.join(', ')}`);
  }
}
