import { describe, expect, it } from 'vitest';
import type { RgbaImage } from '../analysis/color-histogram.js';
import { findThread } from '../threads/catalogue.js';
import { assignNearestThreads } from './assign.js';
import { confettiShare } from './confetti.js';
import { diffuseError, ditherThreads, meanBlockDeltaE } from './dither.js';
import { generatePattern, meanDeltaE } from './generate.js';
import { resampleToGrid } from './grid.js';

/** A grey ramp from dark on the left to light on the right, `width` × `height`, with an optional transparent hole. */
function ramp(width: number, height: number, hole = false): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = Math.round(40 + (190 * x) / (width - 1));
      const empty = hole && x >= 10 && x < 20 && y >= 5 && y < 15;
      data.set([v, v, Math.min(255, v + 8), empty ? 0 : 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

const threads = ['310', '317', '415', 'Blanc'].map((code) => findThread(code)!);
const colours = threads.map(({ r, g, b }) => ({ r, g, b }));
const grid = resampleToGrid(ramp(120, 30), 120);

describe('dithering', () => {
  it('off gives exactly the assignment without the setting', () => {
    const picture = ramp(90, 40, true);
    const options = { maxSide: 90, colors: 5, useKmeans: false, mergeThreads: false };
    const without = generatePattern(picture, options);
    const off = generatePattern(picture, { ...options, dithering: 'off' });
    expect(off.cells).toEqual(without.cells);
    expect(off.legend).toEqual(without.legend);
    expect(off.stats).toEqual(without.stats);
    expect(generatePattern(picture, { ...options, dithering: 'soft' }).cells).not.toEqual(without.cells);
  });

  it('soft brings a smooth ramp closer as seen from a little way off, with far fewer lone stitches than plain Floyd–Steinberg', () => {
    const nearest = assignNearestThreads(grid, threads).thread;
    const soft = ditherThreads(grid, threads, 'soft').thread;
    const plain = diffuseError(grid, threads, { diffused: 1, margin: 0 }).thread;

    const offError = meanBlockDeltaE(grid, nearest, colours);
    const softError = meanBlockDeltaE(grid, soft, colours);
    expect(softError).toBeLessThan(0.8 * offError);
    // Each dithered stitch is farther from its own colour: the gain is in the mix, not per stitch.
    expect(meanDeltaE(grid, soft, colours)).toBeGreaterThan(meanDeltaE(grid, nearest, colours));

    const lone = (cells: Int16Array) => confettiShare(cells, grid.width, grid.height);
    expect(lone(nearest)).toBe(0); // bands: nothing to clean
    expect(lone(plain)).toBeGreaterThan(0.1);
    // Runs where neighbours' threads are nearly as good; what is left are the sparse dots where one thread starts to mix into another.
    expect(lone(soft)).toBeLessThan(0.75 * lone(plain));
  });

  it("keeps a neighbour's thread while it is within the margin of the best", () => {
    // A margin wider than the whole ramp: the first stitch's thread wins everywhere after it.
    const held = diffuseError(grid, threads, { diffused: 0.5, margin: 100 }).thread;
    expect(new Set(held)).toEqual(new Set([held[0]]));
    // No margin: the ramp's four threads all appear.
    expect(new Set(diffuseError(grid, threads, { diffused: 0.5, margin: 0 }).thread).size).toBe(4);
  });

  it('is deterministic, leaves empty cells empty, and the stats still measure each stitch against its thread', () => {
    const picture = ramp(90, 40, true);
    const options = { maxSide: 90, colors: 5, useKmeans: false, mergeThreads: false, dithering: 'strong' } as const;
    const first = generatePattern(picture, options);
    const second = generatePattern(picture, options);
    expect(second.cells).toEqual(first.cells);
    expect(second.stats).toEqual(first.stats);
    expect(first.cells[10 * 90 + 15]).toBe(-1);
    const perStitch = meanDeltaE(
      resampleToGrid(picture, 90),
      first.cells,
      first.legend.map((entry) => entry.rgb),
    );
    expect(first.stats.mean_delta_e).toBeCloseTo(perStitch, 6);
  });
});
