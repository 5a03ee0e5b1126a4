import { describe, expect, it } from 'vitest';
import { rgbToLab } from '../color/spaces.js';
import { findThread } from '../threads/catalogue.js';
import {
  BACKSTITCH_CASING,
  BACKSTITCH_OVER_GRID,
  BACKSTITCH_WIDTH,
  backstitchWidthFor,
  CASING_FROM_LIGHTNESS,
  CASING_RGB,
  groupByThread,
  KNOT_RADIUS,
  KNOT_REACH,
  KNOT_RING,
  knotInRange,
  lineCrossesRange,
  lineWithinRange,
  marksCrossing,
  marksWithin,
  needsCasing,
  partInRange,
  polylines,
  type StitchRange,
} from './mark-geometry.js';
import type { Backstitch, ChartMarks } from './stitches.js';

const line = (x1: number, y1: number, x2: number, y2: number, thread = 0): Backstitch => ({ x1, y1, x2, y2, thread });

/** Stitches 2–4 across and 1–3 down: on the lattice, 4 to 10 across and 2 to 8 down. */
const RANGE: StitchRange = { x0: 2, y0: 1, x1: 5, y1: 4 };

describe('the proportions the viewer, the chart PNG and the PDF share', () => {
  it('draw backstitch a fifth of a stitch wide', () => {
    expect(BACKSTITCH_WIDTH).toBe(0.2);
  });

  it('draw backstitch at least 2.5 thin grid lines wide, however small the stitch', () => {
    expect(BACKSTITCH_OVER_GRID).toBe(2.5);
    // Every medium's stitch against its thin grid line: the viewer (device px), the chart PNG (px), the PDF (pt).
    for (const [cell, thin] of [
      [4, 1],
      [8, 1],
      [12, 1],
      [24, 1],
      [64, 1],
      [8, 2],
      [6, 1],
      [4.5, 0.25],
      [10, 0.25],
    ] as const) {
      const width = backstitchWidthFor(cell, thin);
      expect(width, `${cell} a stitch, thin grid ${thin}`).toBeGreaterThanOrEqual(0.2 * cell);
      expect(width, `${cell} a stitch, thin grid ${thin}`).toBeGreaterThanOrEqual(2.5 * thin);
    }
    // A fifth of a stitch where that is the wider: not more.
    expect(backstitchWidthFor(24, 1)).toBeCloseTo(4.8, 10);
    expect(backstitchWidthFor(10, 0.25)).toBeCloseTo(2, 10);
    // 2.5 grid lines where a fifth of a stitch would be about as thin as the grid (the old hairline).
    expect(backstitchWidthFor(8, 1)).toBe(2.5);
    expect(backstitchWidthFor(12, 1)).toBe(2.5);
  });

  it('draw a light thread’s line over a dark casing a quarter of its width beyond each side', () => {
    const rgbOf = (code: string) => {
      const { r, g, b } = findThread(code)!;
      return { r, g, b };
    };
    // White, cream and the palest threads get one; darker threads, and mid greys, do not.
    for (const code of ['B5200', 'Blanc', 'Ecru', '3865', '746', '744', '415', '3756']) expect(needsCasing(rgbOf(code)), code).toBe(true);
    for (const code of ['310', '820', '321', '699', '318', '3799']) expect(needsCasing(rgbOf(code)), code).toBe(false);
    expect(CASING_FROM_LIGHTNESS).toBe(75);
    expect(BACKSTITCH_CASING).toBe(0.25);
    // The casing is far darker than any line it edges: at least 45 L* below the lightest that gets none.
    expect(CASING_RGB).toEqual({ r: 64, g: 64, b: 64 });
    expect(CASING_FROM_LIGHTNESS - rgbToLab(CASING_RGB).L).toBeGreaterThan(45);
  });

  it('draw a knot almost half a stitch across, with a ring a quarter of its radius centred on it', () => {
    expect(2 * KNOT_RADIUS).toBe(0.45);
    expect(KNOT_RING).toBe(KNOT_RADIUS / 4);
    expect(KNOT_REACH).toBeCloseTo(0.253125, 10);
    // Knots on neighbouring lattice points (half a stitch apart) may touch; on points a stitch apart they stay clear.
    expect(2 * KNOT_REACH).toBeGreaterThan(0.5);
    expect(2 * KNOT_REACH).toBeLessThan(1);
  });
});

describe('a range of stitches', () => {
  it('holds the part stitches in its cells, ends excluded', () => {
    expect([partInRange({ x: 2, y: 1 }, RANGE), partInRange({ x: 4, y: 3 }, RANGE)]).toEqual([true, true]);
    expect([partInRange({ x: 5, y: 1 }, RANGE), partInRange({ x: 2, y: 4 }, RANGE), partInRange({ x: 1, y: 2 }, RANGE)]).toEqual([false, false, false]);
  });

  it('holds a knot on its border or inside it, and one just outside only within its reach', () => {
    expect(knotInRange({ x: 4, y: 2 }, RANGE)).toBe(true); // its top-left corner
    expect(knotInRange({ x: 10, y: 5 }, RANGE)).toBe(true); // on its right edge
    expect(knotInRange({ x: 7, y: 5 }, RANGE)).toBe(true);
    expect(knotInRange({ x: 11, y: 5 }, RANGE)).toBe(false); // half a stitch beyond
    expect(knotInRange({ x: 11, y: 5 }, RANGE, 0.4)).toBe(false);
    expect(knotInRange({ x: 11, y: 5 }, RANGE, 0.5)).toBe(true);
  });

  it('is crossed by a line inside it, across its edge, or touching it, but not by one outside', () => {
    const inside = line(5, 3, 9, 7);
    const acrossEdge = line(0, 5, 7, 5);
    const throughIt = line(0, 0, 14, 10); // both ends outside
    const touching = line(10, 8, 14, 8); // starts on its bottom-right corner
    const outside = line(11, 0, 11, 10);
    expect([inside, acrossEdge, throughIt, touching].map((stitch) => lineCrossesRange(stitch, RANGE))).toEqual([true, true, true, true]);
    expect(lineCrossesRange(outside, RANGE)).toBe(false);
    // Half a stitch beyond the edge: crossing once the line's reach (half its drawn width, in stitches) is half a stitch.
    expect(lineCrossesRange(outside, RANGE, 0.5)).toBe(true);
  });

  it('holds only the lines with both ends on or inside its edge', () => {
    expect(lineWithinRange(line(5, 3, 9, 7), RANGE)).toBe(true);
    expect(lineWithinRange(line(4, 2, 10, 8), RANGE)).toBe(true); // corner to corner, on the border
    expect(lineWithinRange(line(0, 5, 7, 5), RANGE)).toBe(false);
    expect(lineWithinRange(line(10, 8, 14, 8), RANGE)).toBe(false);
  });

  it('shows the marks crossing it, and holds the marks within it', () => {
    const marks: ChartMarks = {
      parts: [
        { x: 3, y: 2, kind: 'quarter-tl', thread: 0 },
        { x: 5, y: 2, kind: 'quarter-tl', thread: 0 },
      ],
      backstitches: [line(5, 3, 9, 7), line(0, 5, 7, 5), line(11, 0, 11, 10)],
      knots: [
        { x: 10, y: 8, thread: 1 },
        { x: 12, y: 8, thread: 1 },
      ],
    };
    const crossing = marksCrossing(marks, RANGE);
    expect(crossing.parts).toEqual([marks.parts[0]]);
    expect(crossing.backstitches).toEqual([marks.backstitches[0], marks.backstitches[1]]);
    expect(crossing.knots).toEqual([marks.knots[0]]);
    const within = marksWithin(marks, RANGE);
    expect(within.parts).toEqual([marks.parts[0]]);
    expect(within.backstitches).toEqual([marks.backstitches[0]]);
    expect(within.knots).toEqual([marks.knots[0]]);
  });
});

describe('marks by thread', () => {
  it('come in thread order, each thread’s marks in the order given', () => {
    const lines = [line(0, 0, 2, 0, 3), line(0, 2, 2, 2, 1), line(2, 0, 4, 0, 3), line(0, 4, 2, 4, 0), line(2, 2, 4, 2, 1)];
    const groups = groupByThread(lines);
    expect([...groups.keys()]).toEqual([0, 1, 3]);
    expect(groups.get(3)).toEqual([lines[0], lines[2]]);
    expect(groups.get(1)).toEqual([lines[1], lines[4]]);
    // The same order for any part of them: a page, or the visible stitches.
    expect([...groupByThread(lines.slice(1)).keys()]).toEqual([0, 1, 3]);
    expect([...groupByThread([]).keys()]).toEqual([]);
  });

  it('join into polylines where they meet, whichever way round they were drawn', () => {
    expect(polylines([line(0, 0, 2, 0), line(2, 2, 2, 0), line(2, 2, 4, 4), line(9, 9, 10, 9)])).toEqual([
      [
        [0, 0],
        [2, 0],
        [2, 2],
        [4, 4],
      ],
      [
        [9, 9],
        [10, 9],
      ],
    ]);
  });
});
