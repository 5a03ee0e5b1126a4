import { describe, expect, it } from 'vitest';
import { deltaE2000 } from '../color/ciede2000.js';
import { DMC_THREADS, findThread, nearestThreads } from '../threads/catalogue.js';
import type { ColorSample, RgbaImage } from '../analysis/color-histogram.js';
import { rgbToLab } from '../color/spaces.js';
import { seededRandom } from '../random.js';
import { confettiShare } from './confetti.js';
import { generatePattern } from './generate.js';
import { resampleToGrid } from './grid.js';
import { parsePatternDocument, PatternFormatError, toPatternDocument } from './model.js';
import { CHART_SYMBOLS } from './symbols.js';
import { assignNearestThreads, cellLab } from './assign.js';
import { fitsBetter, threadSetError } from './threads.js';

/** An image filled by `pixel(x, y)` → [r, g, b, a?]. */
function image(width: number, height: number, pixel: (x: number, y: number) => number[]): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r = 0, g = 0, b = 0, a = 255] = pixel(x, y);
      data.set([r, g, b, a], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

const rgbOf = (code: string): number[] => {
  const thread = findThread(code)!;
  return [thread.r, thread.g, thread.b];
};

describe('generatePattern', () => {
  // Four DMC colours in vertical bands of 16, 12, 8 and 4 columns, 20 rows: 320, 240, 160 and 80 stitches.
  const bands: [string, number][] = [
    ['310', 16],
    ['666', 12],
    ['Blanc', 8],
    ['700', 4],
  ];
  const bandImage = image(40, 20, (x) => {
    let edge = 0;
    for (const [code, width] of bands) {
      edge += width;
      if (x < edge) return rgbOf(code);
    }
    return [0, 0, 0];
  });

  it.each([true, false])('gives a picture of flat DMC colours exactly those threads and stitch counts (k-means: %s)', (useKmeans) => {
    const pattern = generatePattern(bandImage, { maxSide: 40, colors: 4, useKmeans, mergeThreads: false });
    expect(pattern.width).toBe(40);
    expect(pattern.height).toBe(20);
    expect(pattern.legend.map((entry) => [entry.dmc_code, entry.stitch_count])).toEqual(bands.map(([code, width]) => [code, width * 20]));
    expect(pattern.stats.mean_delta_e).toBeCloseTo(0, 4);
    expect(pattern.stats.confetti_after).toBe(0);
  });

  it('keeps K distinct colours as K distinct threads, even when they share a nearest thread', () => {
    const greys = [100, 103, 106, 109, 112, 115];
    const picture = image(60, 10, (x) => {
      const grey = greys[Math.floor(x / 10)]!;
      return [grey, grey, grey];
    });
    for (const useKmeans of [true, false]) {
      const pattern = generatePattern(picture, { maxSide: 60, colors: 6, useKmeans, mergeThreads: false, cleanConfetti: false });
      const codes = pattern.legend.map((entry) => entry.dmc_code);
      expect(new Set(codes).size).toBe(6);
      expect(pattern.legend.every((entry) => entry.stitch_count === 100)).toBe(true);
    }
  });

  it('merges near-identical threads when asked', () => {
    // DMC 760 and 957 are 2 ΔE00 apart: distinct threads, but hardly distinct on fabric. 760 covers more.
    const picture = image(40, 10, (x) => (x < 25 ? rgbOf('760') : rgbOf('957')));
    const kept = generatePattern(picture, { maxSide: 40, colors: 2, useKmeans: true, mergeThreads: false });
    const merged = generatePattern(picture, { maxSide: 40, colors: 2, useKmeans: true, mergeThreads: true });
    expect(kept.legend.map((entry) => entry.dmc_code)).toEqual(['760', '957']);
    expect(merged.legend.map((entry) => [entry.dmc_code, entry.stitch_count])).toEqual([['760', 400]]);
  });

  it('adds its legend up to the stitches, and leaves transparent areas empty', () => {
    // Left half fully transparent; a photo-like gradient on the right.
    const picture = image(80, 40, (x, y) => (x < 40 ? [255, 0, 0, 0] : [x * 3, y * 6, 255 - x * 2, 255]));
    const pattern = generatePattern(picture, { maxSide: 40, colors: 12, useKmeans: true, mergeThreads: false });
    expect(pattern.width).toBe(40);
    expect(pattern.height).toBe(20);
    let stitches = 0;
    for (let y = 0; y < pattern.height; y++) {
      for (let x = 0; x < pattern.width; x++) {
        const cell = pattern.cells[y * pattern.width + x]!;
        if (x < 20) expect(cell).toBe(-1);
        else stitches++;
      }
    }
    expect(stitches).toBe(400);
    expect(pattern.legend.reduce((sum, entry) => sum + entry.stitch_count, 0)).toBe(stitches);
    const counts = pattern.legend.map((entry) => entry.stitch_count);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    expect(pattern.legend.map((entry) => entry.index)).toEqual(pattern.legend.map((_, i) => i));
  });

  it('cleans up confetti on a noisy image, and leaves it when clean-up is off', () => {
    const random = seededRandom(7);
    // Two halves whose pixels wobble a little (sensor noise), as photos do.
    const picture = image(100, 60, (x) => {
      const base = x < 50 ? [60, 110, 170] : [200, 160, 90];
      const wobble = Math.round((random() - 0.5) * 14);
      return [base[0]! + wobble, base[1]! - wobble, base[2]! + wobble];
    });
    const cleaned = generatePattern(picture, { maxSide: 100, colors: 6, useKmeans: true, mergeThreads: false });
    const raw = generatePattern(picture, { maxSide: 100, colors: 6, useKmeans: true, mergeThreads: false, cleanConfetti: false });
    expect(cleaned.stats.confetti_before).toBeGreaterThan(0.05);
    expect(cleaned.stats.confetti_after).toBeLessThan(cleaned.stats.confetti_before / 3);
    expect(raw.stats.confetti_after).toBeCloseTo(raw.stats.confetti_before, 9);
    expect(confettiShare(cleaned.cells, cleaned.width, cleaned.height)).toBeCloseTo(cleaned.stats.confetti_after, 9);
  });

  it('is deterministic', () => {
    const random = seededRandom(3);
    const picture = image(64, 64, () => [random() * 255, random() * 255, random() * 255]);
    const options = { maxSide: 32, colors: 10, useKmeans: true, mergeThreads: false };
    expect(generatePattern(picture, options)).toEqual(generatePattern(picture, options));
  });
});

describe('resampleToGrid', () => {
  it('averages in linear light: black and white make a light grey, not sRGB 128', () => {
    const grid = resampleToGrid(
      image(2, 1, (x) => (x === 0 ? [0, 0, 0] : [255, 255, 255])),
      1,
    );
    expect(Array.from(grid.rgb)).toEqual([188, 188, 188]);
  });

  it('keeps the aspect ratio with max_side stitches on the long side', () => {
    expect(
      resampleToGrid(
        image(300, 200, () => [1, 2, 3]),
        60,
      ),
    ).toMatchObject({ width: 60, height: 40 });
    expect(
      resampleToGrid(
        image(200, 300, () => [1, 2, 3]),
        60,
      ),
    ).toMatchObject({ width: 40, height: 60 });
  });

  it('weights colours by opacity and leaves mostly transparent cells empty', () => {
    const grid = resampleToGrid(
      image(4, 1, (x) => (x < 1 ? [255, 0, 0, 255] : x < 2 ? [0, 0, 255, 0] : [0, 255, 0, 255])),
      2,
    );
    expect(Array.from(grid.stitched)).toEqual([1, 1]);
    expect(Array.from(grid.rgb.subarray(0, 3))).toEqual([255, 0, 0]); // the transparent blue does not tint it
    const sparse = resampleToGrid(
      image(4, 1, (x) => [0, 0, 0, x === 0 ? 255 : 0]),
      1,
    );
    expect(Array.from(sparse.stitched)).toEqual([0]);
  });
});

describe('symbols', () => {
  it('has at least 60 distinct symbols', () => {
    expect(CHART_SYMBOLS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(CHART_SYMBOLS).size).toBe(CHART_SYMBOLS.length);
    for (const symbol of CHART_SYMBOLS) expect(Array.from(symbol)).toHaveLength(1); // one code point each
  });
});

describe('pattern document', () => {
  it('round-trips through JSON', () => {
    const pattern = generatePattern(
      image(30, 20, (x, y) => [x * 8, y * 12, 90]),
      { maxSide: 30, colors: 5, useKmeans: false, mergeThreads: false },
    );
    const document = toPatternDocument(pattern);
    expect(document).toMatchObject({ format: 'stitchwise-pattern', version: 3, width: 30, height: 20 });
    expect(parsePatternDocument(JSON.stringify(document))).toEqual(pattern);
  });

  it('refuses broken documents', () => {
    const pattern = generatePattern(
      image(10, 10, () => [5, 5, 5]),
      { maxSide: 10, colors: 2, useKmeans: false, mergeThreads: false },
    );
    const document = toPatternDocument(pattern);
    for (const broken of [
      'not json',
      JSON.stringify({ ...document, version: 4 }),
      JSON.stringify({ ...document, format: 'other' }),
      JSON.stringify({ ...document, cells: document.cells.slice(1) }),
      JSON.stringify({ ...document, cells: document.cells.map(() => 7) }),
    ]) {
      expect(() => parsePatternDocument(broken)).toThrow(PatternFormatError);
    }
  });
});

describe('assignNearestThreads', () => {
  const threads = DMC_THREADS.filter((_, index) => index % 10 === 0); // 49 threads, a typical budget
  const random = seededRandom(55);
  // Few colours (exact search per colour), a smooth photo-like gradient with noise (fine bins, with
  // models), and wild noise over the whole colour cube (coarse bins).
  const cases = [
    { name: 'few colours', side: 120, noise: 40, colours: [0, 16_384], fineBins: [0, 16_384], exactShare: 1, excess: 0 },
    { name: 'a noisy gradient', side: 400, noise: 10, colours: [16_385, Infinity], fineBins: [0, 16_384], exactShare: 0.998, excess: 0.0005 },
    { name: 'noise over every colour', side: 400, noise: 255, colours: [16_385, Infinity], fineBins: [16_385, Infinity], exactShare: 0.998, excess: 0.0005 },
  ];
  it.each(cases)('gives (nearly) every stitch its nearest thread by ΔE00 for $name, as a search per stitch would', (example) => {
    const { side, noise, exactShare, excess: maxExcess } = example;
    const noisy = image(side, side, (x, y) => [
      Math.min(255, (((x * 240) / side) * (1 - noise / 255) + random() * noise) | 0),
      Math.min(255, (((y * 240) / side) * (1 - noise / 255) + random() * noise) | 0),
      Math.min(255, (128 * (1 - noise / 255) + random() * noise) | 0),
    ]);
    const grid = resampleToGrid(noisy, side);
    // The image is the kind the case names.
    const distinct = (shift: number): number => {
      const keys = new Set<number>();
      for (let cell = 0; cell < side * side; cell++)
        keys.add(((grid.rgb[cell * 3]! >> shift) << 16) | ((grid.rgb[cell * 3 + 1]! >> shift) << 8) | (grid.rgb[cell * 3 + 2]! >> shift));
      return keys.size;
    };
    expect(distinct(0)).toBeGreaterThanOrEqual(example.colours[0]!);
    expect(distinct(0)).toBeLessThanOrEqual(example.colours[1]!);
    expect(distinct(2)).toBeGreaterThanOrEqual(example.fineBins[0]!);
    expect(distinct(2)).toBeLessThanOrEqual(example.fineBins[1]!);

    const { thread } = assignNearestThreads(grid, threads);
    let exact = 0;
    let excess = 0;
    for (let cell = 0; cell < thread.length; cell++) {
      const nearest = nearestThreads(cellLab(grid, cell), 1, threads)[0]!;
      const given = deltaE2000(cellLab(grid, cell), threads[thread[cell]!]!.lab);
      if (given <= nearest.distance + 1e-9) exact++;
      excess += given - nearest.distance;
    }
    expect(exact / thread.length).toBeGreaterThanOrEqual(exactShare);
    expect(excess / thread.length).toBeLessThanOrEqual(maxExcess);
  });
});

describe('fitsBetter', () => {
  it('prefers the thread set nearer to the colours, whether the quick comparison settles it or all samples do', () => {
    const random = seededRandom(8);
    const around = (code: string): ColorSample => {
      const thread = findThread(code)!;
      const rgb = { r: thread.r + random() * 6 - 3, g: thread.g + random() * 6 - 3, b: thread.b + random() * 6 - 3 };
      return { rgb, lab: rgbToLab(rgb), weight: 1 + random() };
    };
    const colours = ['310', '321', '798', '702', '725'];
    const near = colours.map((code) => findThread(code)!);
    const slightlyOff = [...near.slice(0, 4), findThread('726')!]; // one thread a little further from its colour
    const far = ['B5200', '3865', '762', '3024', '822'].map((code) => findThread(code)!);
    for (const size of [500, 20_000]) {
      const samples = Array.from({ length: size }, (_, i) => around(colours[i % colours.length]!));
      expect(fitsBetter(samples, near, far)).toBe(true);
      expect(fitsBetter(samples, far, near)).toBe(false);
      expect(fitsBetter(samples, near, slightlyOff)).toBe(threadSetError(samples, near) < threadSetError(samples, slightlyOff));
      expect(fitsBetter(samples, slightlyOff, near)).toBe(threadSetError(samples, slightlyOff) < threadSetError(samples, near));
    }
  });
});
