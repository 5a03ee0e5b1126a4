import { describe, expect, it } from 'vitest';
import type { PartKind } from '../stitches.js';
import { ChartEditError, type EditableChart } from './chart.js';
import { fill, stroke } from './draw.js';
import type { EditResult } from './edit.js';
import {
  addBackstitch,
  backstitchNear,
  erasePartsAt,
  nearestLatticePoint,
  partAt,
  placeKnot,
  placePart,
  removeBackstitch,
  removeKnot,
  removePart,
} from './marks.js';
import { chartOf, reversal, rowsOf, snapshot, withMarks } from './testing.js';
import { mergeThread } from './threads.js';

/** Runs an operation that must change the chart, checking the input is left alone and undo and redo are exact. */
function reversibly(chart: EditableChart, operation: (chart: EditableChart) => EditResult): EditResult {
  const { result, found, owed } = reversal(chart, operation);
  expect(found).toEqual(owed);
  return result;
}

const part = (x: number, y: number, kind: PartKind, thread = 0) => ({ x, y, kind, thread });
const partsIn = (chart: EditableChart, x: number, y: number) => chart.marks.parts.filter((p) => p.x === x && p.y === y).map((p) => [p.kind, p.thread]);

// 3 × 2: 310 (0) in the top row's first two cells, 666 (1) and 700 (2) as well; the rest empty.
const PLAIN = chartOf(['00.', '...'], ['310', '666', '700']);

describe('placePart', () => {
  it('takes the full stitch out of its cell', () => {
    const { chart } = reversibly(PLAIN, (c) => placePart(c, 1, 0, 'half-slash', 1));
    expect(rowsOf(chart)).toEqual(['0..', '...']);
    expect(chart.marks.parts).toEqual([part(1, 0, 'half-slash', 1)]);
  });

  it('takes out the part stitches it overlaps, keeping the one it does not', () => {
    const chart = withMarks(PLAIN, { parts: [part(2, 0, 'three-quarter-tl', 0), part(2, 0, 'quarter-br', 1), part(2, 1, 'quarter-tr', 2)] });
    const result = reversibly(chart, (c) => placePart(c, 2, 0, 'quarter-tr', 2));
    expect(partsIn(result.chart, 2, 0)).toEqual([
      ['quarter-br', 1],
      ['quarter-tr', 2],
    ]);
    expect(partsIn(result.chart, 2, 1)).toEqual([['quarter-tr', 2]]); // another cell: untouched
    // A half stitch across a quarter takes it out.
    expect(partsIn(placePart(result.chart, 2, 0, 'half-backslash', 0).chart, 2, 0)).toEqual([
      ['quarter-tr', 2],
      ['half-backslash', 0],
    ]);
  });

  it('keeps at most two part stitches in a cell: a third takes out the older', () => {
    const chart = withMarks(PLAIN, { parts: [part(2, 1, 'quarter-tl', 0), part(2, 1, 'quarter-tr', 1)] });
    const { chart: placed } = reversibly(chart, (c) => placePart(c, 2, 1, 'quarter-bl', 2));
    expect(partsIn(placed, 2, 1)).toEqual([
      ['quarter-tr', 1],
      ['quarter-bl', 2],
    ]);
  });

  it('gives a part stitch that is there the new thread, and is no change with the same one', () => {
    const chart = withMarks(PLAIN, { parts: [part(2, 1, 'quarter-tl', 0)] });
    expect(placePart(chart, 2, 1, 'quarter-tl', 0).changed).toBe(false);
    expect(partsIn(reversibly(chart, (c) => placePart(c, 2, 1, 'quarter-tl', 2)).chart, 2, 1)).toEqual([['quarter-tl', 2]]);
  });

  it('names each kind for Undo', () => {
    expect((['half-slash', 'quarter-br', 'three-quarter-tl'] as const).map((kind) => placePart(PLAIN, 2, 1, kind, 0).inverse.label)).toEqual([
      'Half stitch',
      'Quarter stitch',
      'Three-quarter stitch',
    ]);
  });

  it('refuses a place off the chart, and a removed thread', () => {
    expect(() => placePart(PLAIN, 3, 0, 'half-slash', 0)).toThrow(ChartEditError);
    expect(() => placePart(PLAIN, 0, -1, 'half-slash', 0)).toThrow(ChartEditError);
    expect(() => placePart(mergeThread(PLAIN, 2, 1).chart, 2, 1, 'half-slash', 2)).toThrow(ChartEditError);
  });
});

describe('removePart and erasePartsAt', () => {
  const chart = withMarks(PLAIN, { parts: [part(2, 0, 'three-quarter-tl', 0), part(2, 0, 'quarter-br', 1), part(0, 1, 'half-slash', 2)] });

  it('removes one part stitch of a cell, or all of them', () => {
    expect(partsIn(reversibly(chart, (c) => removePart(c, 2, 0, 'quarter-br')).chart, 2, 0)).toEqual([['three-quarter-tl', 0]]);
    const { chart: removed } = reversibly(chart, (c) => removePart(c, 2, 0));
    expect(removed.marks.parts).toEqual([part(0, 1, 'half-slash', 2)]);
    expect(removePart(chart, 1, 1).changed).toBe(false);
    expect(removePart(chart, 2, 0, 'quarter-tl').changed).toBe(false);
  });

  it('erases the part stitches of the cells given, and only those', () => {
    const { chart: erased } = reversibly(chart, (c) => erasePartsAt(c, [{ x: 2, y: 0 }]));
    expect(erased.marks.parts).toEqual([part(0, 1, 'half-slash', 2)]);
    expect(rowsOf(erased)).toEqual(rowsOf(chart));
    // A point past the right edge is not the first cell of the next row.
    expect(erasePartsAt(chart, [{ x: 3, y: 0 }]).changed).toBe(false);
  });
});

describe('drawing over part stitches', () => {
  const chart = withMarks(PLAIN, { parts: [part(2, 0, 'half-slash', 1), part(2, 1, 'quarter-tl', 2), part(0, 1, 'quarter-br', 1)] });

  it('erases the part stitches the eraser passes, with the full stitches', () => {
    const line = [
      { x: 0.5, y: 0.5 },
      { x: 2.5, y: 0.5 },
      { x: 2.5, y: 1.5 },
    ];
    const { chart: erased } = reversibly(chart, (c) => stroke(c, line, -1));
    expect(rowsOf(erased)).toEqual(['...', '...']);
    expect(erased.marks.parts).toEqual([part(0, 1, 'quarter-br', 1)]);
    // Over part stitches alone, with no full stitch to erase, the eraser still changes the chart.
    expect(reversibly(chart, (c) => stroke(c, [{ x: 0, y: 1 }], -1)).chart.marks.parts).toHaveLength(2);
  });

  it('replaces part stitches with the full stitches of a pencil stroke or a fill', () => {
    const { chart: drawn } = reversibly(chart, (c) => stroke(c, [{ x: 2, y: 0 }], 2));
    expect(rowsOf(drawn)).toEqual(['002', '...']);
    expect(drawn.marks.parts).toEqual([part(2, 1, 'quarter-tl', 2), part(0, 1, 'quarter-br', 1)]);
    const { chart: filled } = reversibly(chart, (c) => fill(c, 0, 1, 1));
    expect(rowsOf(filled)).toEqual(['001', '111']);
    expect(filled.marks.parts).toEqual([]);
  });
});

describe('backstitch', () => {
  const chart = withMarks(PLAIN, { backstitches: [{ x1: 0, y1: 0, x2: 2, y2: 2, thread: 0 }] });

  it('adds a line between two lattice points, and one between the same points takes the new thread', () => {
    const { chart: added } = reversibly(chart, (c) => addBackstitch(c, { x: 2, y: 2 }, { x: 6, y: 4 }, 1));
    expect(snapshot(added).marks.backstitches).toEqual([
      { x1: 0, y1: 0, x2: 2, y2: 2, thread: 0 },
      { x1: 2, y1: 2, x2: 6, y2: 4, thread: 1 },
    ]);
    const { chart: redrawn } = reversibly(chart, (c) => addBackstitch(c, { x: 2, y: 2 }, { x: 0, y: 0 }, 2));
    expect(redrawn.marks.backstitches).toEqual([{ x1: 2, y1: 2, x2: 0, y2: 0, thread: 2 }]);
    expect(addBackstitch(chart, { x: 0, y: 0 }, { x: 2, y: 2 }, 0).changed).toBe(false);
  });

  it('refuses a line of no length, off the lattice, or of a removed thread', () => {
    expect(() => addBackstitch(chart, { x: 1, y: 1 }, { x: 1, y: 1 }, 0)).toThrow(ChartEditError);
    expect(() => addBackstitch(chart, { x: 0, y: 0 }, { x: 7, y: 0 }, 0)).toThrow(ChartEditError);
    expect(() => addBackstitch(chart, { x: 0, y: 0 }, { x: 0.5, y: 0 }, 0)).toThrow(ChartEditError);
    expect(() => addBackstitch(mergeThread(chart, 2, 1).chart, { x: 0, y: 0 }, { x: 1, y: 0 }, 2)).toThrow(ChartEditError);
  });

  it('removes a line given either way round', () => {
    expect(reversibly(chart, (c) => removeBackstitch(c, { x: 0, y: 0 }, { x: 2, y: 2 })).chart.marks.backstitches).toEqual([]);
    expect(reversibly(chart, (c) => removeBackstitch(c, { x: 2, y: 2 }, { x: 0, y: 0 })).chart.marks.backstitches).toEqual([]);
    expect(removeBackstitch(chart, { x: 0, y: 0 }, { x: 2, y: 0 }).changed).toBe(false);
  });

  it('finds the nearest line within reach of a click', () => {
    const lines = withMarks(PLAIN, {
      backstitches: [
        { x1: 0, y1: 0, x2: 6, y2: 0, thread: 0 }, // along the top edge
        { x1: 0, y1: 1, x2: 6, y2: 1, thread: 1 }, // half a stitch below it
      ],
    });
    expect(backstitchNear(lines, 1.5, 0.1)?.thread).toBe(0);
    expect(backstitchNear(lines, 1.5, 0.4)?.thread).toBe(1);
    expect(backstitchNear(lines, 2.9, 0.55)?.thread).toBe(1);
    expect(backstitchNear(lines, 1.5, 0.85)).toBeUndefined(); // 0.35 below the lower line
    expect(backstitchNear(lines, 3.35, 0.5)).toBeUndefined(); // past the end of both
    expect(backstitchNear(lines, 1.5, 0.85, 0.4)?.thread).toBe(1);
    expect(backstitchNear(lines, 1.5, 0.15, 0.4)?.thread).toBe(0); // both within reach: the nearer
  });
});

describe('the chart’s limits on backstitch', () => {
  it('adds no more lines than a save accepts, with a sentence saying so', () => {
    // 1 × 1 stitch: at most 2 × (1 + 1) × (1 + 1) = 8 lines; here half-stitch lines, 12 of which would fit the lattice.
    let chart = chartOf(['0'], ['310']);
    const segments = [0, 1, 2].flatMap((y) => [0, 1].map((x) => ({ from: { x, y }, to: { x: x + 1, y } })));
    segments.push(...[0, 1, 2].flatMap((x) => [0, 1].map((y) => ({ from: { x, y }, to: { x, y: y + 1 } }))));
    for (const { from, to } of segments.slice(0, 8)) chart = addBackstitch(chart, from, to, 0).chart;
    expect(chart.marks.backstitches).toHaveLength(8);
    expect(() => addBackstitch(chart, segments[8]!.from, segments[8]!.to, 0)).toThrow(
      'This chart already has all the backstitch a chart of 1 × 1 stitches can hold.',
    );
  });
});

describe('French knots', () => {
  const chart = withMarks(PLAIN, { knots: [{ x: 1, y: 1, thread: 0 }] });

  it('puts a knot on a lattice point; one already there takes the new thread', () => {
    expect(snapshot(reversibly(chart, (c) => placeKnot(c, { x: 6, y: 4 }, 1)).chart).marks.knots).toEqual([
      { x: 1, y: 1, thread: 0 },
      { x: 6, y: 4, thread: 1 },
    ]);
    expect(reversibly(chart, (c) => placeKnot(c, { x: 1, y: 1 }, 2)).chart.marks.knots).toEqual([{ x: 1, y: 1, thread: 2 }]);
    expect(placeKnot(chart, { x: 1, y: 1 }, 0).changed).toBe(false);
    expect(() => placeKnot(chart, { x: 7, y: 0 }, 0)).toThrow(ChartEditError);
  });

  it('places no more knots than a save accepts: one per stitch corner, with a sentence saying so', () => {
    // PLAIN is 3 × 2 stitches: (3 + 1) × (2 + 1) = 12 knots at most, on any of its 7 × 5 lattice points.
    let full: EditableChart = PLAIN;
    for (let point = 0; point < 12; point++) full = placeKnot(full, { x: point % 7, y: Math.floor(point / 7) }, 0).chart;
    expect(full.marks.knots).toHaveLength(12);
    expect(() => placeKnot(full, { x: 6, y: 4 }, 0)).toThrow('A chart of 3 × 2 stitches holds at most 12 French knots.');
    // Moving a knot to another thread is not one more.
    expect(placeKnot(full, { x: 0, y: 0 }, 1).chart.marks.knots).toHaveLength(12);
  });

  it('removes the knot on a point, and is no change where there is none', () => {
    expect(reversibly(chart, (c) => removeKnot(c, { x: 1, y: 1 })).chart.marks.knots).toEqual([]);
    expect(removeKnot(chart, { x: 2, y: 2 }).changed).toBe(false);
  });
});

describe('where a click lands', () => {
  it('rounds to the nearest half stitch, inside the chart', () => {
    expect(nearestLatticePoint(PLAIN, 0.26, 0.74)).toEqual({ x: 1, y: 1 });
    expect(nearestLatticePoint(PLAIN, 1.2, 0.2)).toEqual({ x: 2, y: 0 });
    expect(nearestLatticePoint(PLAIN, 2.9, 1.9)).toEqual({ x: 6, y: 4 });
    expect(nearestLatticePoint(PLAIN, -3, 99)).toEqual({ x: 0, y: 4 });
  });

  it.each([
    [0.2, 0.2, 'half-backslash', 'quarter-tl', 'three-quarter-tl'],
    [0.8, 0.2, 'half-slash', 'quarter-tr', 'three-quarter-tr'],
    [0.2, 0.8, 'half-slash', 'quarter-bl', 'three-quarter-bl'],
    [0.8, 0.8, 'half-backslash', 'quarter-br', 'three-quarter-br'],
  ] as const)('picks the part of the cell a click at (%s, %s) is in', (dx, dy, half, quarter, threeQuarter) => {
    for (const [tool, kind] of [
      ['half', half],
      ['quarter', quarter],
      ['three-quarter', threeQuarter],
    ] as const) {
      expect(partAt(2 + dx, 1 + dy, tool)).toEqual({ x: 2, y: 1, kind });
    }
  });
});
