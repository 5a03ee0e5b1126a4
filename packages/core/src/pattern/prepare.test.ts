import { createRequire } from 'node:module';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { RgbaImage } from '../analysis/color-histogram.js';
import { seededRandom } from '../random.js';
import { patternFromGrid, patternFromPrepared, prepareGrid, type PatternOptions } from './generate.js';
import { resampleToGrid, type StitchGrid } from './grid.js';
import type { Pattern } from './model.js';
import { mostUsedNearestThreads } from './threads.js';

const require = createRequire(import.meta.url);

async function decode(path: string): Promise<RgbaImage> {
  const { data, info } = await sharp(path).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/** A gradient with per-pixel noise of `noise` levels and a transparent hole: a camera photo's worst case. */
function noisyPicture(width: number, height: number, noise: number, seed: number): RgbaImage {
  const random = seededRandom(seed);
  const data = new Uint8Array(width * height * 4);
  const wobble = (base: number): number => Math.max(0, Math.min(255, Math.round(base + (random() - 0.5) * noise)));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const hole = (x - width / 3) ** 2 + (y - height / 2) ** 2 < (height / 6) ** 2;
      data.set([wobble((x * 255) / width), wobble((y * 255) / height), wobble(140), hole ? 0 : 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

/** Settings in the order a user might try them in the wizard: every pattern comes from one prepared grid. */
const SETTINGS: Omit<PatternOptions, 'maxSide'>[] = [
  { colors: 20, useKmeans: false, mergeThreads: false, cleanConfetti: true },
  { colors: 19, useKmeans: false, mergeThreads: false, cleanConfetti: true },
  { colors: 50, useKmeans: false, mergeThreads: false, cleanConfetti: true },
  { colors: 12, useKmeans: true, mergeThreads: false, cleanConfetti: true },
  { colors: 30, useKmeans: false, mergeThreads: true, cleanConfetti: true },
  { colors: 8, useKmeans: true, mergeThreads: true, cleanConfetti: false },
];

/** The same chart: size, legend (threads, symbols, counts), every cell and every stat to the last bit. */
function expectSamePattern(actual: Pattern, expected: Pattern): void {
  expect([actual.width, actual.height]).toEqual([expected.width, expected.height]);
  expect(actual.legend).toEqual(expected.legend);
  expect(sameBytes(actual.cells, expected.cells)).toBe(true);
  expect(actual.stats.confetti_before).toBe(expected.stats.confetti_before);
  expect(actual.stats.confetti_after).toBe(expected.stats.confetti_after);
  expect(actual.stats.mean_delta_e).toBe(expected.stats.mean_delta_e);
}

/** Byte for byte (a deep comparison of large arrays takes the test runner seconds). */
function sameBytes(x: ArrayBufferView, y: ArrayBufferView): boolean {
  return Buffer.from(x.buffer, x.byteOffset, x.byteLength).equals(Buffer.from(y.buffer, y.byteOffset, y.byteLength));
}

/** Every setting from one prepared grid against a fresh pattern from the grid alone; the preparation is left as it was. */
function expectPreparedMatchesPlain(grid: StitchGrid): void {
  const prepared = prepareGrid(grid);
  const untouched = structuredClone(prepared);
  for (const options of SETTINGS) expectSamePattern(patternFromPrepared(prepared, options), patternFromGrid(grid, options));
  expect(JSON.stringify(prepared.samples)).toBe(JSON.stringify(untouched.samples));
  expect(prepared.threadsByUse).toEqual(untouched.threadsByUse);
  const [plan, before] = [prepared.assignment, untouched.assignment];
  if (plan.kind === 'by-colour' && before.kind === 'by-colour') {
    expect(sameBytes(plan.colours.colourOf, before.colours.colourOf) && sameBytes(plan.colours.labs, before.colours.labs)).toBe(true);
  } else expect(plan).toEqual(before);
}

describe('a prepared grid', () => {
  const photos = {
    'baboon.png': require.resolve('baboon-image/baboon.png'),
    'kodim21.png': require.resolve('rgbquant/demo/img/kodim21.png'),
    'redpanda.jpg': require.resolve('rgbquant/demo/img/redpanda.jpg'),
    'AlphaBall.png (transparency)': require.resolve('rgbquant/demo/img/AlphaBall.png'),
  };

  // 100 stitches: a colour search per distinct colour; 300: colour bins (see planAssignment).
  const names = Object.keys(photos) as (keyof typeof photos)[];
  it.each([...names.map((name) => [name, 100] as const), ['baboon.png', 300] as const, ['kodim21.png', 300] as const])(
    'gives the patterns the grid alone gives, setting after setting, for %s at %i stitches',
    async (name, maxSide) => {
      expectPreparedMatchesPlain(resampleToGrid(await decode(photos[name]), maxSide));
    },
  );

  it.each([
    // Few distinct colours per stitch (one exact search each), fine colour bins, and coarse ones.
    { name: 'a small noisy photo', width: 400, height: 300, noise: 40, maxSide: 100, kind: 'by-colour' },
    { name: 'a large noisy gradient', width: 150, height: 150, noise: 12, maxSide: 150, kind: 'by-bin' },
    { name: 'noise over every colour', width: 150, height: 150, noise: 255, maxSide: 150, kind: 'by-bin' },
  ])('gives the patterns the grid alone gives for $name', ({ width, height, noise, maxSide, kind }) => {
    const grid = resampleToGrid(noisyPicture(width, height, noise, noise), maxSide);
    expect(prepareGrid(grid).assignment.kind).toBe(kind);
    expectPreparedMatchesPlain(grid);
  });

  it('keeps the ranking of nearest catalogue threads that every budget takes its most used threads from', () => {
    const prepared = prepareGrid(resampleToGrid(noisyPicture(120, 90, 30, 4), 60));
    const codes = (threads: readonly { code: string }[]): string[] => threads.map((thread) => thread.code);
    expect(prepared.threadsByUse.length).toBeGreaterThan(20);
    for (const budget of [2, 5, 19, 20, 50]) {
      expect(codes(prepared.threadsByUse.slice(0, budget))).toEqual(codes(mostUsedNearestThreads(prepared.samples, budget)));
    }
  });
});
