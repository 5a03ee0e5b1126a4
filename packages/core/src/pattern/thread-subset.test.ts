import { createHash } from 'node:crypto';
import { findBrandThread, threadsOf as threadsOfBrand } from '../threads/brands.js';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { exactOrBinnedHistogram, type RgbaImage } from '../analysis/color-histogram.js';
import { deltaE2000 } from '../color/ciede2000.js';
import { rgbToLab } from '../color/spaces.js';
import { seededRandom } from '../random.js';
import { DMC_THREADS, findThread, findThreads, nearestThreads, type Thread } from '../threads/catalogue.js';
import { generatePattern, meanDeltaE, patternFromGrid, patternFromPrepared, prepareGrid, type PatternOptions } from './generate.js';
import { gridAsImage, resampleToGrid } from './grid.js';
import type { Pattern } from './model.js';
import { snapToDistinctThreads, threadsByNearestUse } from './threads.js';

const require = createRequire(import.meta.url);

async function decode(name: string): Promise<RgbaImage> {
  const { data, info } = await sharp(require.resolve(name)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

const threadsOf = (codes: readonly string[]): Thread[] => codes.map((code) => findThread(code)!);
const legendCodes = (pattern: Pattern): string[] => pattern.legend.map((entry) => entry.dmc_code);

/** Width, height, legend (its symbols aside: symbols.ts chooses them, and its tests pin them), stats and every cell, hashed. */
function fingerprint(pattern: Pattern): string {
  const hash = createHash('sha256');
  // The fields a legend entry had before brands, in their order: DMC charts must stay exactly as they were.
  const legend = pattern.legend.map(({ index, hex, dmc_code, dmc_name, stitch_count, rgb }) => ({ index, hex, dmc_code, dmc_name, stitch_count, rgb }));
  hash.update(JSON.stringify({ w: pattern.width, h: pattern.height, legend, stats: pattern.stats }));
  hash.update(Buffer.from(pattern.cells.buffer, pattern.cells.byteOffset, pattern.cells.byteLength));
  return hash.digest('hex').slice(0, 16);
}

/** A stitcher's small stash: a black, a white, a red, a green and a blue. */
const FIVE = threadsOf(['310', 'Blanc', '321', '699', '796']);

/** `count` distinct catalogue threads picked at random. */
function randomThreads(random: () => number, count: number): Thread[] {
  const picked = new Set<Thread>();
  while (picked.size < count) picked.add(DMC_THREADS[Math.floor(random() * DMC_THREADS.length)]!);
  return [...picked];
}

describe('generation among the threads given', () => {
  // Hashes of patterns made before the option existed: the default path gives the same chart, bit for bit.
  it.each([
    ['baboon-image/baboon.png', { maxSide: 100, colors: 20, useKmeans: false, mergeThreads: false }, '7d680a635a3e7e06'],
    ['baboon-image/baboon.png', { maxSide: 300, colors: 30, useKmeans: false, mergeThreads: true, dithering: 'soft' }, '1db236544d1c0abf'],
    ['rgbquant/demo/img/kodim21.png', { maxSide: 150, colors: 12, useKmeans: true, mergeThreads: false }, '8a924e9a085cc984'],
    [
      'rgbquant/demo/img/kodim21.png',
      { maxSide: 100, colors: 8, useKmeans: false, mergeThreads: false, cleanConfetti: false, dithering: 'strong' },
      '783a6bfafb1ade50',
    ],
    ['rgbquant/demo/img/AlphaBall.png', { maxSide: 50, colors: 5, useKmeans: false, mergeThreads: false }, '66620c0bbafbafb0'],
  ] as [string, PatternOptions, string][])('leaves the pattern without the option as it was: %s %j', async (name, options, expected) => {
    expect(fingerprint(generatePattern(await decode(name), options))).toBe(expected);
  });

  it.each([
    { name: 'plain', extra: {} },
    { name: 'k-means, merging and soft dithering', extra: { useKmeans: true, mergeThreads: true, dithering: 'soft' } },
    { name: 'strong dithering without clean-up', extra: { dithering: 'strong', cleanConfetti: false } },
  ] as { name: string; extra: Partial<PatternOptions> }[])(
    'gives a photo only the five threads owned, and no more colours than them ($name)',
    async ({ extra }) => {
      const photo = await decode('rgbquant/demo/img/kodim21.png');
      const owned = new Set(FIVE.map((thread) => thread.code));
      for (const maxSide of [100, 300]) {
        // The list may name a thread twice: it counts once.
        const pattern = generatePattern(photo, { maxSide, colors: 20, useKmeans: false, mergeThreads: false, ...extra, threads: [...FIVE, FIVE[0]!] });
        expect(pattern.legend.length).toBeGreaterThanOrEqual(3);
        expect(pattern.legend.length).toBeLessThanOrEqual(5);
        for (const code of legendCodes(pattern)) expect(owned.has(code)).toBe(true);
      }
    },
  );

  it('caps the colour count at the threads given, and keeps to a smaller count asked for', async () => {
    const grid = resampleToGrid(await decode('baboon-image/baboon.png'), 120);
    const stash = randomThreads(seededRandom(3), 30);
    const owned = new Set(stash.map((thread) => thread.code));
    const capped = patternFromGrid(grid, { colors: 50, useKmeans: false, mergeThreads: false, cleanConfetti: false, threads: stash.slice(0, 8) });
    expect(capped.legend.length).toBe(8);
    const fewer = patternFromGrid(grid, { colors: 12, useKmeans: false, mergeThreads: false, threads: stash });
    expect(fewer.legend.length).toBeLessThanOrEqual(12);
    expect(fewer.legend.length).toBeGreaterThanOrEqual(10);
    for (const code of legendCodes(fewer)) expect(owned.has(code)).toBe(true);
    expect(() => patternFromGrid(grid, { colors: 5, useKmeans: false, mergeThreads: false, threads: [] })).toThrow(RangeError);
  });

  it('reports the mean ΔE00 of the threads it had, which the whole catalogue beats', async () => {
    const grid = resampleToGrid(await decode('rgbquant/demo/img/kodim21.png'), 100); // under 32,768 stitches: every one counted
    const options = { colors: 10, useKmeans: false, mergeThreads: false };
    const restricted = patternFromGrid(grid, { ...options, threads: FIVE });
    const free = patternFromGrid(grid, options);
    const measured = meanDeltaE(
      grid,
      restricted.cells,
      restricted.legend.map((entry) => entry.rgb),
    );
    expect(restricted.stats.mean_delta_e).toBeCloseTo(measured, 1);
    expect(restricted.stats.mean_delta_e).toBeGreaterThan(free.stats.mean_delta_e + 5);
  });

  it('gives the same pattern from a prepared grid as from the grid alone, and leaves the preparation for the next', async () => {
    const grid = resampleToGrid(await decode('baboon-image/baboon.png'), 150);
    const prepared = prepareGrid(grid);
    const options = { colors: 20, useKmeans: false, mergeThreads: true, dithering: 'soft' as const };
    const withFive = patternFromPrepared(prepared, { ...options, threads: FIVE });
    expect(fingerprint(withFive)).toBe(fingerprint(patternFromGrid(grid, { ...options, threads: FIVE })));
    expect(fingerprint(patternFromPrepared(prepared, options))).toBe(fingerprint(patternFromGrid(grid, options)));
  });
});

describe('nearest threads among a subset', () => {
  const bruteNearest = (lab: { L: number; a: number; b: number }, threads: readonly Thread[]): number => {
    let best = 0;
    for (let i = 1; i < threads.length; i++) if (deltaE2000(lab, threads[i]!.lab) < deltaE2000(lab, threads[best]!.lab)) best = i;
    return best;
  };

  it('ranks the threads by the weight of the samples they are nearest to, as a scan of every thread does', async () => {
    const random = seededRandom(11);
    const samples = exactOrBinnedHistogram(gridAsImage(resampleToGrid(await decode('baboon-image/baboon.png'), 60)));
    for (const size of [2, 3, 5, 9, 17, 40]) {
      const subset = randomThreads(random, size);
      const usage = new Map<Thread, number>();
      for (const { lab, weight } of samples) {
        const nearest = subset[bruteNearest(lab, subset)]!;
        usage.set(nearest, (usage.get(nearest) ?? 0) + weight);
      }
      const expected = [...usage].sort((x, y) => y[1] - x[1] || x[0].code.localeCompare(y[0].code)).map(([thread]) => thread.code);
      expect(threadsByNearestUse(samples, subset).map((thread) => thread.code)).toEqual(expected);
    }
  });

  // Greys far from every thread of a sparse set, where the catalogue's quick bound (NearestThreadFinder) misses the nearest by 4–10 ΔE00.
  it.each([
    [
      [99, 110, 111],
      ['300', '898', '13', '150'],
    ],
    [
      [229, 220, 219],
      ['517', '444', '780'],
    ],
    [
      [69, 80, 78],
      ['906', '524', '162', '01', '917', '3807', '963', '647'],
    ],
  ])('gives %j the nearest of %j, as a scan of every thread does', ([r, g, b], codes) => {
    const subset = threadsOf(codes);
    const lab = rgbToLab({ r: r!, g: g!, b: b! });
    expect(threadsByNearestUse([{ rgb: { r: r!, g: g!, b: b! }, lab, weight: 1 }], subset)[0]!.code).toBe(subset[bruteNearest(lab, subset)]!.code);
  });

  it('finds the nearest threads of any colour among a few, as a scan of every thread does', () => {
    const random = seededRandom(5);
    for (let trial = 0; trial < 200; trial++) {
      const subset = randomThreads(random, 2 + Math.floor(random() * 10));
      const lab = rgbToLab({ r: Math.floor(random() * 256), g: Math.floor(random() * 256), b: Math.floor(random() * 256) });
      const scanned = subset
        .map((thread, order) => ({ code: thread.code, distance: deltaE2000(lab, thread.lab), order }))
        .sort((x, y) => x.distance - y.distance || x.order - y.order)
        .slice(0, 3)
        .map(({ code }) => code);
      expect(nearestThreads(lab, 3, subset).map((match) => match.thread.code)).toEqual(scanned);
    }
  });

  it('reads a list of codes as catalogue threads, leaving out what the catalogue lacks', () => {
    expect(findThreads(['310', 'blanc', '1', 'nope']).map((thread) => thread.code)).toEqual(['310', 'Blanc', '01']);
  });

  it('snaps a palette to distinct threads of the subset only, and refuses more colours than threads', () => {
    const palette = ['#202020', '#303030', '#e0e0e0', '#c02030'].map((hex) => {
      const rgb = { r: parseInt(hex.slice(1, 3), 16), g: parseInt(hex.slice(3, 5), 16), b: parseInt(hex.slice(5, 7), 16) };
      return { rgb, lab: rgbToLab(rgb), weight: 1, members: [] };
    });
    const snapped = snapToDistinctThreads(palette, FIVE).map((thread) => thread.code);
    expect(new Set(snapped).size).toBe(4);
    expect(snapped[0]).toBe('310');
    expect(snapped[2]).toBe('Blanc');
    expect(snapped[3]).toBe('321');
    expect(() => snapToDistinctThreads(palette, FIVE.slice(0, 3))).toThrow(RangeError);
  });
});

describe('generation in another brand', () => {
  it.each(['anchor', 'madeira'] as const)('charts a photo in %s threads only, each the nearest of that brand to its colours', async (brand) => {
    const photo = await decode('rgbquant/demo/img/kodim21.png');
    const pattern = generatePattern(photo, { maxSide: 80, colors: 15, useKmeans: false, mergeThreads: false, threads: threadsOfBrand(brand) });
    expect(pattern.legend.length).toBeGreaterThan(8);
    expect(pattern.legend.every((entry) => entry.brand === brand && entry.dmc_code === '' && findBrandThread(brand, entry.code)?.hex === entry.hex)).toBe(true);
    // As close to the picture as the DMC chart, within what a different set of colours allows.
    const dmc = generatePattern(photo, { maxSide: 80, colors: 15, useKmeans: false, mergeThreads: false });
    expect(pattern.stats.mean_delta_e).toBeLessThan(dmc.stats.mean_delta_e * 1.25);
  });
});
