import { KNOT_REACH, type Backstitch, type FrenchKnot, type Pattern } from '@stitchwise/core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { chartLayout, chartPalette, renderChart } from '../src/render/chart.js';
import { chartOf, entry, lightness, rgbOf, same } from './support/backstitch-charts.js';

/**
 * Backstitch you can see (#30), in the chart PNG: a line is at least a fifth of a stitch wide and at least 2.5
 * thin grid lines, measured on the pixels drawn; a light thread's line on light stitches has a dark edge. The
 * PDF's are in backstitch-pdf.test.ts, the viewer's in draw-marks.test.ts.
 */

/** A rendered chart PNG: its pixels, and where lattice point (X, Y) falls on them. */
async function renderedPng(pattern: Pattern, cellSize: number) {
  const { png } = await renderChart(pattern, { cellSize, symbols: false });
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const { left, top } = chartLayout(pattern, cellSize);
  const pixel = (x: number, y: number): number[] => {
    const at = (y * info.width + x) * info.channels;
    return [...data.subarray(at, at + 3)];
  };
  /**
   * How many pixels in a row of `colour` there are along (dx, dy) through pixel (x, y), which is the first
   * of them found from (x, y) within 3 pixels either way (undefined: none).
   */
  const run = (x: number, y: number, dx: number, dy: number, colour: number[]): { count: number; first: number; last: number } | undefined => {
    const offsets = [0, -1, 1, -2, 2, -3, 3];
    const start = offsets.find((k) => same(pixel(x + k * dx, y + k * dy), colour));
    if (start === undefined) return undefined;
    let [first, last] = [start, start];
    while (same(pixel(x + (first - 1) * dx, y + (first - 1) * dy), colour)) first--;
    while (same(pixel(x + (last + 1) * dx, y + (last + 1) * dy), colour)) last++;
    return { count: last - first + 1, first, last };
  };
  return {
    pixel,
    run,
    /** The pixel column or row of a lattice coordinate (floored where it falls between two). */
    px: (lattice: number) => Math.floor(left + (lattice * cellSize) / 2),
    py: (lattice: number) => Math.floor(top + (lattice * cellSize) / 2),
  };
}

describe('backstitch in the chart PNG', () => {
  const BLUE = entry('820', 0, '●');
  /**
   * On empty cells: lines through the stitches' centres and along thin grid lines, across and down, and a
   * diagonal, far from each other (lattice units: a stitch is 2).
   */
  const lines: Backstitch[] = [
    { x1: 2, y1: 5, x2: 18, y2: 5, thread: 0 }, // across, through row 2's centres
    { x1: 2, y1: 14, x2: 18, y2: 14, thread: 0 }, // across, on the thin line under row 6
    { x1: 25, y1: 2, x2: 25, y2: 30, thread: 0 }, // down, through column 12's centres
    { x1: 28, y1: 2, x2: 28, y2: 30, thread: 0 }, // down, on the thin line right of column 13
    { x1: 2, y1: 18, x2: 12, y2: 28 }, // diagonal
  ].map((line) => ({ ...line, thread: 0 }));
  const pattern = chartOf({ width: 16, height: 16 }, [BLUE], -1, lines);

  it('is at least a fifth of a stitch and 2.5 thin grid lines wide at every cell size, wherever it lies', async () => {
    for (let cellSize = 6; cellSize <= 24; cellSize++) {
      const { run, px, py } = await renderedPng(pattern, cellSize);
      // The thin grid line as drawn: across the line right of column 10, in an empty row of cells.
      const grid = run(px(22), py(23), 1, 0, [200, 200, 200]);
      expect(grid, `grid at ${cellSize} px`).toBeDefined();
      const thin = grid!.count;
      const least = Math.max(0.2 * cellSize, 2.5 * thin);
      const across = {
        'across, through centres': run(px(9), py(5), 0, 1, rgbOf(BLUE))?.count,
        'across, on the grid': run(px(9), py(14), 0, 1, rgbOf(BLUE))?.count,
        'down, through centres': run(px(25), py(9), 1, 0, rgbOf(BLUE))?.count,
        'down, on the grid': run(px(28), py(9), 1, 0, rgbOf(BLUE))?.count,
        // Across a 45° line a row of n pixels is n / √2 wide.
        diagonal: (run(px(7), py(23), 1, 0, rgbOf(BLUE))?.count ?? 0) / Math.SQRT2,
      };
      for (const [where, width] of Object.entries(across)) {
        expect(width, `${where} at ${cellSize} px a stitch (thin grid ${thin} px)`).toBeGreaterThanOrEqual(least);
        // Still a line, not a band: at most two pixels over (three across a diagonal's steps).
        expect(width, `${where} at ${cellSize} px a stitch`).toBeLessThanOrEqual(least + (where === 'diagonal' ? 3 : 2));
      }
    }
  });

  const WHITE = entry('B5200', 0, '○');
  const BLANC = entry('Blanc', 1, '□');
  const LEMON = entry('444', 2, '◆');

  it('of a white thread over white stitches has a dark edge on both sides, and a knot on it stays a ringed dot over it', async () => {
    const knot: FrenchKnot = { x: 9, y: 5, thread: 2 };
    const white = chartOf(
      { width: 12, height: 8 },
      [WHITE, BLANC, LEMON],
      0,
      [
        { x1: 2, y1: 5, x2: 20, y2: 5, thread: 0 }, // B5200 through row 2's centres
        { x1: 4, y1: 12, x2: 4, y2: 2, thread: 1 }, // Blanc down the thin line right of column 1
      ],
      [knot],
    );
    for (const cellSize of [7, 12, 13, 24]) {
      const { pixel, run, px, py } = await renderedPng(white, cellSize);
      const stitch = rgbOf(WHITE);
      for (const [thread, x, y, dx, dy] of [
        [WHITE, px(15), py(5), 0, 1],
        [BLANC, px(4), py(9), 1, 0],
      ] as const) {
        const line = run(x, y, dx, dy, rgbOf(thread))!;
        expect(line, `${thread.dmc_code} at ${cellSize} px`).toBeDefined();
        expect(line.count).toBeGreaterThanOrEqual(Math.max(0.2 * cellSize, 2.5));
        // Next to the line on each side: a pixel far darker than the stitches (and than the line), then stitches again.
        for (const [side, beyond] of [
          ['before', line.first - 1],
          ['after', line.last + 1],
        ] as const) {
          const edge = pixel(x + beyond * dx, y + beyond * dy);
          expect(lightness(stitch) - lightness(edge), `${thread.dmc_code} ${side} at ${cellSize} px: ${edge.join(' ')}`).toBeGreaterThan(40);
          const step = side === 'before' ? -1 : 1;
          const further = [1, 2, 3, 4].map((k) => pixel(x + (beyond + step * k) * dx, y + (beyond + step * k) * dy));
          expect(further.some((colour) => lightness(colour) > 95)).toBe(true);
        }
      }
      // The knot is drawn over the line and its casing: its dot and ring, as wide as ever and wider than the cased line.
      const [cx, cy] = [px(knot.x), py(knot.y)];
      expect(pixel(cx, cy)).toEqual(rgbOf(LEMON));
      const below = [...Array(cellSize).keys()].map((k) => pixel(cx, cy + k));
      const ringAt = below.findIndex((colour) => same(colour, [0, 0, 0]));
      const outside = below.findIndex((colour, k) => k > ringAt && !same(colour, [0, 0, 0]));
      expect(ringAt).toBeGreaterThan(0);
      expect(outside).toBeGreaterThanOrEqual(Math.ceil(cellSize * KNOT_REACH) - 1);
      const casedLine = run(px(15), py(5), 0, 1, rgbOf(WHITE))!;
      expect(outside).toBeGreaterThan(casedLine.last + 1);
    }
  });

  it('takes one palette entry for the casing, still room for 50 threads with their symbols', () => {
    const legend = Array.from({ length: 50 }, (_, index) => entry(index % 2 ? '310' : 'B5200', index, 'X'));
    const palette = chartPalette(
      legend,
      legend.map((_, index) => (index % 2 ? 255 : 0)),
      true,
      true,
    );
    expect(palette.rgb.length / 3).toBeLessThanOrEqual(256);
    expect([...palette.rgb.subarray(palette.casing * 3, palette.casing * 3 + 3)]).toEqual([64, 64, 64]);
    expect(palette.stitch(49, 0)).not.toBe(palette.casing);
  });

  it('of a dark thread gets no edge: the stitches or paper meet it', async () => {
    const { pixel, run, px, py } = await renderedPng(pattern, 12);
    const line = run(px(9), py(5), 0, 1, rgbOf(BLUE))!;
    expect(pixel(px(9), py(5) + line.first - 1)).toEqual([255, 255, 255]);
    expect(pixel(px(9), py(5) + line.last + 1)).toEqual([255, 255, 255]);
  });
});
