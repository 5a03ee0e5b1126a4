import { describe, expect, it } from 'vitest';
import type { RgbaImage } from '../analysis/color-histogram.js';
import { writeLabOfBytes } from '../color/spaces.js';
import { seededRandom } from '../random.js';
import { ADJUSTMENT_RANGES, adjustGrid, adjustmentsOf, isNeutral, NEUTRAL_ADJUSTMENTS } from './adjust.js';
import { generatePattern } from './generate.js';
import { resampleToGrid, type StitchGrid } from './grid.js';
import { toPatternDocument } from './model.js';

type Cell = [number, number, number] | null;

/** A grid of the given cells, row by row; `null` is an empty (transparent) cell, its bytes left at (1, 2, 3) to see that they stay. */
function gridOf(width: number, cells: Cell[]): StitchGrid {
  const height = cells.length / width;
  const rgb = new Uint8Array(cells.length * 3);
  const lab = new Float32Array(cells.length * 3);
  const stitched = new Uint8Array(cells.length);
  cells.forEach((cell, index) => {
    rgb.set(cell ?? [1, 2, 3], index * 3);
    if (cell) {
      writeLabOfBytes(cell[0], cell[1], cell[2], lab, index * 3);
      stitched[index] = 1;
    }
  });
  return { width, height, rgb, lab, stitched };
}

const bytesOf = (grid: StitchGrid, cell: number): number[] => Array.from(grid.rgb.subarray(cell * 3, cell * 3 + 3));

/** A made-up photo: soft colour gradients with some grain, 90 × 60. */
function photo(): RgbaImage {
  const [width, height] = [90, 60];
  const random = seededRandom(7);
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const grain = () => Math.floor(random() * 16);
      data.set([60 + x + grain(), 50 + y * 2 + grain(), 160 - x / 2 + grain(), 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

/** The standard deviation of L* over the stitched cells. */
function lightnessSpread(grid: StitchGrid): number {
  const values = Array.from({ length: grid.width * grid.height }, (_, cell) => cell)
    .filter((cell) => grid.stitched[cell])
    .map((cell) => grid.lab[cell * 3]!);
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length);
}

describe('photo adjustments on the stitch grid', () => {
  it('leaves the grid itself when neutral, and the chart bit for bit as without adjustments', () => {
    const grid = resampleToGrid(photo(), 40);
    expect(adjustGrid(grid, {})).toBe(grid);
    expect(adjustGrid(grid, NEUTRAL_ADJUSTMENTS)).toBe(grid);
    expect(isNeutral({ gamma: 1, autoLevels: false })).toBe(true);
    expect(isNeutral({ sharpen: 1 })).toBe(false);
    const options = { maxSide: 40, colors: 8, useKmeans: true, mergeThreads: false };
    const plain = toPatternDocument(generatePattern(photo(), options));
    expect(JSON.stringify(toPatternDocument(generatePattern(photo(), { ...options, ...NEUTRAL_ADJUSTMENTS })))).toBe(JSON.stringify(plain));
    // Any adjustment changes the chart.
    expect(JSON.stringify(toPatternDocument(generatePattern(photo(), { ...options, contrast: 40 })))).not.toBe(JSON.stringify(plain));
  });

  it('widens the spread of L* with more contrast and narrows it with less', () => {
    const grid = resampleToGrid(photo(), 40);
    const spread = lightnessSpread(grid);
    expect(lightnessSpread(adjustGrid(grid, { contrast: 40 }))).toBeGreaterThan(spread * 1.3);
    expect(lightnessSpread(adjustGrid(grid, { contrast: -40 }))).toBeLessThan(spread * 0.7);
  });

  it('gives neutral greys at saturation −100: R = G = B, a* and b* about 0 in every cell', () => {
    const grid = adjustGrid(resampleToGrid(photo(), 40), { saturation: -100 });
    for (let cell = 0; cell < grid.width * grid.height; cell++) {
      const [r, g, b] = bytesOf(grid, cell);
      expect([g, b]).toEqual([r, r]);
      expect(Math.abs(grid.lab[cell * 3 + 1]!)).toBeLessThan(0.01);
      expect(Math.abs(grid.lab[cell * 3 + 2]!)).toBeLessThan(0.01);
    }
    // More saturation moves colours away from grey: a cell of (100, 150, 200), Y = 142.98, at +50 → (78.51, 153.51, 228.51).
    const vivid = adjustGrid(gridOf(1, [[100, 150, 200]]), { saturation: 50 });
    expect(bytesOf(vivid, 0)).toEqual([79, 154, 229]);
  });

  it('applies gamma as GIMP’s Levels does, against hand-computed values', () => {
    const grid = gridOf(2, [
      [64, 128, 255],
      [0, 200, 16],
    ]);
    // 255 · (v / 255)^(1/2): 64 → 127.75, 128 → 180.67, 200 → 225.83, 16 → 63.87; 0 and 255 stay.
    const brighter = adjustGrid(grid, { gamma: 2 });
    expect([bytesOf(brighter, 0), bytesOf(brighter, 1)]).toEqual([
      [128, 181, 255],
      [0, 226, 64],
    ]);
    // 255 · (v / 255)²: 64 → 16.06, 128 → 64.25, 200 → 156.86, 16 → 1.00.
    const darker = adjustGrid(grid, { gamma: 0.5 });
    expect([bytesOf(darker, 0), bytesOf(darker, 1)]).toEqual([
      [16, 64, 255],
      [0, 157, 1],
    ]);
    // CIELAB follows the new bytes, as the grid computes it.
    const lab = new Float32Array(3);
    writeLabOfBytes(128, 181, 255, lab, 0);
    expect(Array.from(brighter.lab.subarray(0, 3))).toEqual(Array.from(lab));
  });

  it('stretches the levels between the values left after ignoring 0.5 % at each end, against hand-computed values', () => {
    // 100 cells, 300 channel values: one value (1.5 rounded down) is ignored at each end, the 5 and the 250.
    // So low = 50, high = 200, and v → (v − 50) · 255 / 150 = (v − 50) · 1.7.
    const cells: Cell[] = Array.from({ length: 100 }, () => [100, 150, 120]);
    cells[0] = [5, 50, 60];
    cells[99] = [250, 200, 190];
    // An empty cell counts for nothing (its bytes, (1, 2, 3), would lower `low`) and keeps its bytes.
    cells.push(null);
    const stretched = adjustGrid(gridOf(101, cells), { autoLevels: true });
    expect(bytesOf(stretched, 1)).toEqual([85, 170, 119]);
    expect(bytesOf(stretched, 0)).toEqual([0, 0, 17]); // 5 clipped to 0
    expect(bytesOf(stretched, 99)).toEqual([255, 255, 238]); // 250 clipped to 255
    expect(bytesOf(stretched, 100)).toEqual([1, 2, 3]);
    expect(stretched.stitched[100]).toBe(0);
    // A flat picture has no range to stretch: left as it was.
    expect(
      bytesOf(
        adjustGrid(
          gridOf(2, [
            [90, 90, 90],
            [90, 90, 90],
          ]),
          { autoLevels: true },
        ),
        0,
      ),
    ).toEqual([90, 90, 90]);
  });

  it('applies brightness and contrast after gamma, against hand-computed values', () => {
    const grid = gridOf(1, [[100, 20, 240]]);
    // +1.28 per step of brightness: +50 → +64.
    expect(bytesOf(adjustGrid(grid, { brightness: 50 }), 0)).toEqual([164, 84, 255]);
    // Contrast +50: factor 2.25 about 127.5 → 65.6, −114.4 (0), 380.6 (255); −50: factor 0.25 → 120.6, 100.6, 155.6.
    expect(bytesOf(adjustGrid(grid, { contrast: 50 }), 0)).toEqual([66, 0, 255]);
    expect(bytesOf(adjustGrid(grid, { contrast: -50 }), 0)).toEqual([121, 101, 156]);
    // In order, rounded once: gamma 2 (159.69, 71.41, 247.39), +10 brightness (+12.8), contrast −50 → 138.75, 116.68, 160.67.
    expect(bytesOf(adjustGrid(grid, { gamma: 2, brightness: 10, contrast: -50 }), 0)).toEqual([139, 117, 161]);
  });

  it('sharpens at stitch scale: an edge’s step grows, flat areas and empty cells stay', () => {
    // One row: 100, 100, 100 | 150, 150, then an empty cell, which is no neighbour.
    const grid = gridOf(6, [[100, 100, 100], [100, 100, 100], [100, 100, 100], [150, 150, 150], [150, 150, 150], null]);
    const sharpened = adjustGrid(grid, { sharpen: 100 });
    // At 100 the cell moves 1.5 × its difference from its neighbourhood's mean: 100 − 1.5 · 16.67 = 75, 150 + 25 = 175.
    expect([0, 1, 2, 3, 4, 5].map((cell) => bytesOf(sharpened, cell)[0])).toEqual([100, 100, 75, 175, 150, 1]);
    expect(sharpened.rgb[3 * 3 + 0]! - sharpened.rgb[2 * 3]!).toBeGreaterThan(50);
    // Weaker at 40: 0.6 × the difference, 90 and 160.
    const weaker = adjustGrid(grid, { sharpen: 40 });
    expect([bytesOf(weaker, 2)[0], bytesOf(weaker, 3)[0]]).toEqual([90, 160]);
  });

  it('leaves empty cells as they were, bytes and CIELAB, and the input grid untouched', () => {
    const grid = gridOf(2, [[10, 200, 90], null]);
    const before = { rgb: Array.from(grid.rgb), lab: Array.from(grid.lab) };
    const adjusted = adjustGrid(grid, { brightness: 30, contrast: 20, saturation: -60, gamma: 1.4, sharpen: 80, autoLevels: true });
    expect(adjusted).not.toBe(grid);
    expect(Array.from(grid.rgb)).toEqual(before.rgb);
    expect(Array.from(grid.lab)).toEqual(before.lab);
    expect(bytesOf(adjusted, 1)).toEqual([1, 2, 3]);
    expect(Array.from(adjusted.lab.subarray(3, 6))).toEqual([0, 0, 0]);
    expect(adjusted.stitched).toEqual(grid.stitched);
  });

  it('refuses an adjustment outside its range, not a number (NaN, a string) or a flag that is not true or false, naming it', () => {
    const grid = gridOf(1, [[100, 150, 200]]);
    for (const [adjustment, message] of [
      [{ gamma: Number.NaN }, 'gamma must be a number from 0.5 to 2'],
      [{ gamma: 0 }, 'gamma must be a number from 0.5 to 2'],
      [{ brightness: 101 }, 'brightness must be a number from -100 to 100'],
      [{ sharpen: Number.POSITIVE_INFINITY }, 'sharpen must be a number from 0 to 100'],
      // From a form field: '10' + 100 would make the contrast factor 101².
      [{ contrast: '10' }, 'contrast must be a number from -100 to 100'],
      [{ autoLevels: 'false' }, 'autoLevels must be true or false'],
    ] as const)
      expect(() => adjustGrid(grid, adjustment as never), JSON.stringify(adjustment)).toThrow(new RangeError(message));
    // Each end of each range is taken.
    for (const [name, { min, max }] of Object.entries(ADJUSTMENT_RANGES)) {
      expect(() => adjustGrid(grid, { [name]: min }), `${name} ${min}`).not.toThrow();
      expect(() => adjustGrid(grid, { [name]: max }), `${name} ${max}`).not.toThrow();
    }
  });

  it('reads only the adjustments of a larger object, neutral where missing, and states each range once', () => {
    expect(adjustmentsOf({ contrast: 5, maxSide: 30 } as never)).toEqual({ ...NEUTRAL_ADJUSTMENTS, contrast: 5 });
    for (const [name, range] of Object.entries(ADJUSTMENT_RANGES)) {
      const neutral = NEUTRAL_ADJUSTMENTS[name as keyof typeof ADJUSTMENT_RANGES];
      expect(neutral, name).toBeGreaterThanOrEqual(range.min);
      expect(neutral, name).toBeLessThanOrEqual(range.max);
    }
  });
});
