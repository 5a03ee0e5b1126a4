import { describe, expect, it } from 'vitest';
import { sameMarks } from '../stitches.js';
import type { EditableChart } from './chart.js';
import type { EditResult } from './edit.js';
import { addBackstitch, placeKnot, placePart } from './marks.js';
import { centredAxes, withMirrorImages, type MirrorAxes } from './mirror.js';
import { chartOf, reversal, rowsOf, withMarks } from './testing.js';

const codes = ['310', '666', '700', '307'];
const empty = (width: number, height: number) => chartOf(Array<string>(height).fill('.'.repeat(width)), codes);

function mirrored(chart: EditableChart, operation: (chart: EditableChart) => EditResult, axes: MirrorAxes): EditResult {
  const { result, found, owed } = reversal(chart, (before) => withMirrorImages(before, operation(before), axes));
  expect(found).toEqual(owed);
  return result;
}

const kinds = (result: EditResult) => result.chart.marks.parts.map(({ x, y, kind }) => `${x},${y} ${kind}`).sort();

describe('mirror drawing with part stitches', () => {
  it('mirrors a quarter stitch’s corner across each axis', () => {
    const quarter = (before: EditableChart) => placePart(before, 1, 0, 'quarter-tl', 1);
    expect(kinds(mirrored(empty(6, 4), quarter, { vertical: 6 }))).toEqual(['1,0 quarter-tl', '4,0 quarter-tr']);
    expect(kinds(mirrored(empty(6, 4), quarter, { horizontal: 4 }))).toEqual(['1,0 quarter-tl', '1,3 quarter-bl']);
    expect(kinds(mirrored(empty(6, 4), quarter, centredAxes({ width: 6, height: 4 }, 'both')))).toEqual([
      '1,0 quarter-tl',
      '1,3 quarter-bl',
      '4,0 quarter-tr',
      '4,3 quarter-br',
    ]);
  });

  it('on an axis through a column’s centres, a part stitch gains its mirror image in its own cell, unless they overlap: then it stays as drawn', () => {
    expect(kinds(mirrored(empty(5, 1), (c) => placePart(c, 2, 0, 'quarter-tl', 1), { vertical: 5 }))).toEqual(['2,0 quarter-tl', '2,0 quarter-tr']);
    expect(kinds(mirrored(empty(5, 1), (c) => placePart(c, 2, 0, 'half-slash', 1), { vertical: 5 }))).toEqual(['2,0 half-backslash', '2,0 half-slash']);
    expect(kinds(mirrored(empty(5, 1), (c) => placePart(c, 2, 0, 'three-quarter-bl', 1), { vertical: 5 }))).toEqual(['2,0 three-quarter-bl']);
  });

  it('takes the full stitch and the overlapping part stitch in the mirrored cell, as placing one there would', () => {
    const chart = withMarks(chartOf(['...0', '....'], codes), { parts: [{ x: 3, y: 1, kind: 'half-backslash', thread: 2 }] });
    const first = mirrored(chart, (before) => placePart(before, 0, 0, 'quarter-tl', 1), { vertical: 4 });
    expect(rowsOf(first.chart)).toEqual(['....', '....']);
    expect(kinds(first)).toEqual(['0,0 quarter-tl', '3,0 quarter-tr', '3,1 half-backslash']);
    const second = mirrored(first.chart, (before) => placePart(before, 0, 1, 'quarter-tr', 1), { vertical: 4 });
    expect(kinds(second)).toEqual(['0,0 quarter-tl', '0,1 quarter-tr', '3,0 quarter-tr', '3,1 quarter-tl']);
  });
});

describe('mirror drawing with backstitch', () => {
  it('mirrors a line about each axis and both', () => {
    const line = (before: EditableChart) => addBackstitch(before, { x: 0, y: 0 }, { x: 2, y: 3 }, 1);
    const lines = (result: EditResult) => result.chart.marks.backstitches.map(({ x1, y1, x2, y2 }) => [x1, y1, x2, y2]);
    expect(lines(mirrored(empty(6, 4), line, { vertical: 6 }))).toEqual([
      [12, 0, 10, 3],
      [0, 0, 2, 3],
    ]);
    expect(lines(mirrored(empty(6, 4), line, { vertical: 5 }))).toEqual([
      [10, 0, 8, 3],
      [0, 0, 2, 3],
    ]);
    expect(lines(mirrored(empty(6, 4), line, centredAxes({ width: 6, height: 4 }, 'both')))).toHaveLength(4);
    expect(lines(mirrored(empty(6, 4), line, { horizontal: 4 }))).toEqual([
      [0, 8, 2, 5],
      [0, 0, 2, 3],
    ]);
  });

  it('keeps one line where it is its own image, leaves out an image off the chart, and replaces a line of another thread', () => {
    const across = (before: EditableChart) => addBackstitch(before, { x: 4, y: 2 }, { x: 8, y: 2 }, 1);
    expect(mirrored(empty(6, 4), across, { vertical: 6 }).chart.marks.backstitches).toHaveLength(1);
    const far = (before: EditableChart) => addBackstitch(before, { x: 8, y: 0 }, { x: 12, y: 0 }, 1);
    expect(mirrored(empty(6, 4), far, { vertical: 2 }).chart.marks.backstitches).toHaveLength(1);
    const old = withMarks(empty(6, 4), { backstitches: [{ x1: 12, y1: 0, x2: 10, y2: 3, thread: 3 }] });
    const result = mirrored(old, (before) => addBackstitch(before, { x: 0, y: 0 }, { x: 2, y: 3 }, 1), { vertical: 6 });
    expect(result.chart.marks.backstitches.map((stitch) => stitch.thread)).toEqual([1, 1]);
  });

  it('refuses images past the backstitch a chart may hold', () => {
    // A 1 × 1 chart holds 8 lines: the half edges but the top two, and half the middle line, are 7.
    const chart = withMarks(empty(1, 1), {
      backstitches: [
        [0, 0, 0, 1],
        [0, 1, 0, 2],
        [2, 0, 2, 1],
        [2, 1, 2, 2],
        [0, 2, 1, 2],
        [1, 2, 2, 2],
        [1, 0, 1, 1],
      ].map(([x1, y1, x2, y2]) => ({ x1: x1!, y1: y1!, x2: x2!, y2: y2!, thread: 0 })),
    });
    const result = addBackstitch(chart, { x: 0, y: 0 }, { x: 1, y: 0 }, 1);
    expect(() => withMirrorImages(chart, result, { vertical: 1 })).toThrow('This chart already has all the backstitch a chart of 1 × 1 stitches can hold.');
  });
});

describe('mirror drawing with French knots', () => {
  it('mirrors a knot, keeps one on the axis, and replaces a knot of another thread at the image', () => {
    const knot = (x: number, y: number) => (before: EditableChart) => placeKnot(before, { x, y }, 1);
    expect(mirrored(empty(6, 4), knot(1, 1), centredAxes({ width: 6, height: 4 }, 'both')).chart.marks.knots).toHaveLength(4);
    expect(mirrored(empty(6, 4), knot(6, 1), { vertical: 6 }).chart.marks.knots).toEqual([{ x: 6, y: 1, thread: 1 }]);
    const old = withMarks(empty(6, 4), { knots: [{ x: 11, y: 1, thread: 3 }] });
    const result = mirrored(old, knot(1, 1), { vertical: 6 });
    expect(
      sameMarks(result.chart.marks, {
        parts: [],
        backstitches: [],
        knots: [
          { x: 1, y: 1, thread: 1 },
          { x: 11, y: 1, thread: 1 },
        ],
      }),
    ).toBe(true);
  });

  it('refuses images past the knots a chart may hold', () => {
    const chart = withMarks(empty(2, 1), { knots: [0, 1, 2, 3, 4].map((x) => ({ x, y: 0, thread: 0 })) });
    expect(() => withMirrorImages(chart, placeKnot(chart, { x: 0, y: 2 }, 1), { vertical: 2 })).toThrow(
      'A chart of 2 × 1 stitches holds at most 6 French knots.',
    );
  });
});
