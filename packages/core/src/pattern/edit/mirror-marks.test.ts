import { describe, expect, it } from 'vitest';
import { markLimits } from '../mark-checks.js';
import { backstitchKey, sameMarks, type PartKind } from '../stitches.js';
import type { EditableChart } from './chart.js';
import type { EditResult } from './edit.js';
import { addBackstitch, placeKnot, placePart, removeKnot, type LatticePoint } from './marks.js';
import { AS_DRAWN, centredAxes, drawMirrored, type MirrorAxes, type MirrorImage } from './mirror.js';
import { chartOf, reversal, rowsOf, withMarks } from './testing.js';

const codes = ['310', '666', '700', '307'];
const empty = (width: number, height: number) => chartOf(Array<string>(height).fill('.'.repeat(width)), codes);

type Drawing = (chart: EditableChart, image: MirrorImage) => EditResult;

/** A drawing made with mirror images, checked to undo and redo exactly, to leave its input alone and to bear the drawing's label. */
function mirrored(chart: EditableChart, draw: Drawing, axes: MirrorAxes): EditResult {
  const { result, found, owed } = reversal(chart, (before) => drawMirrored(before, draw, axes));
  expect(found).toEqual(owed);
  expect(result.inverse.label).toBe(draw(chart, AS_DRAWN).inverse.label);
  return result;
}

/** A part stitch tool's click in cell (x, y), as the editor's: each image the mirrored kind in the mirrored cell. */
const part =
  (x: number, y: number, kind: PartKind, thread = 1): Drawing =>
  (chart, image) => {
    const cell = image.cell({ x, y });
    return placePart(chart, cell.x, cell.y, image.kind(kind), thread);
  };

/** A backstitch line, as the editor's: each image between the mirrored points. */
const line =
  (from: LatticePoint, to: LatticePoint, thread = 1): Drawing =>
  (chart, image) =>
    addBackstitch(chart, image.point(from), image.point(to), thread);

/** The knot tool's click, as the editor's: each image takes away a knot of the thread there, or puts one. */
/**
 * A click of the knot tool at `point`, as the editor makes it: whether it takes a knot away (one of the thread is
 * there) or puts one is decided once, on the chart clicked, and each image does the same at its place.
 */
function clickKnot(chart: EditableChart, point: LatticePoint, axes: MirrorAxes, thread = 1): EditResult {
  const there = chart.marks.knots.some((k) => k.x === point.x && k.y === point.y && k.thread === thread);
  const draw: Drawing = (current, image) => (there ? removeKnot(current, image.point(point)) : placeKnot(current, image.point(point), thread));
  return mirrored(chart, draw, axes);
}

const kinds = (result: EditResult) => result.chart.marks.parts.map(({ x, y, kind }) => `${x},${y} ${kind}`).sort();
const lines = (result: EditResult) => result.chart.marks.backstitches.map(({ x1, y1, x2, y2 }) => [x1, y1, x2, y2]);
/** Lines either way round. */
const keys = (result: EditResult) => result.chart.marks.backstitches.map(backstitchKey).sort();
const knots = (result: EditResult) => result.chart.marks.knots.map(({ x, y, thread }) => `${x},${y}:${thread}`).sort();

describe('mirror drawing with part stitches', () => {
  it('mirrors a quarter stitch’s corner across each axis', () => {
    const quarter = part(1, 0, 'quarter-tl');
    expect(kinds(mirrored(empty(6, 4), quarter, { vertical: 6 }))).toEqual(['1,0 quarter-tl', '4,0 quarter-tr']);
    expect(kinds(mirrored(empty(6, 4), quarter, { horizontal: 4 }))).toEqual(['1,0 quarter-tl', '1,3 quarter-bl']);
    expect(kinds(mirrored(empty(6, 4), quarter, centredAxes({ width: 6, height: 4 }, 'both')))).toEqual([
      '1,0 quarter-tl',
      '1,3 quarter-bl',
      '4,0 quarter-tr',
      '4,3 quarter-br',
    ]);
    expect(kinds(mirrored(empty(6, 4), part(0, 1, 'three-quarter-br'), { vertical: 6 }))).toEqual(['0,1 three-quarter-br', '5,1 three-quarter-bl']);
    expect(kinds(mirrored(empty(6, 4), part(0, 1, 'half-slash'), { horizontal: 4 }))).toEqual(['0,1 half-slash', '0,2 half-backslash']);
  });

  it('on an axis through a column’s centres, a part stitch gains its mirror image in its own cell, unless they overlap: then it stays as drawn', () => {
    expect(kinds(mirrored(empty(5, 1), part(2, 0, 'quarter-tl'), { vertical: 5 }))).toEqual(['2,0 quarter-tl', '2,0 quarter-tr']);
    expect(kinds(mirrored(empty(5, 1), part(2, 0, 'half-slash'), { vertical: 5 }))).toEqual(['2,0 half-backslash', '2,0 half-slash']);
    expect(kinds(mirrored(empty(5, 1), part(2, 0, 'three-quarter-bl'), { vertical: 5 }))).toEqual(['2,0 three-quarter-bl']);
    expect(kinds(mirrored(empty(1, 3), part(0, 1, 'three-quarter-tr'), { horizontal: 3 }))).toEqual(['0,1 three-quarter-tr']);
  });

  it('takes the full stitch and the overlapping part stitch in the mirrored cell, as placing one there would', () => {
    const chart = withMarks(chartOf(['...0', '....'], codes), { parts: [{ x: 3, y: 1, kind: 'half-backslash', thread: 2 }] });
    const first = mirrored(chart, part(0, 0, 'quarter-tl'), { vertical: 4 });
    expect(rowsOf(first.chart)).toEqual(['....', '....']);
    expect(kinds(first)).toEqual(['0,0 quarter-tl', '3,0 quarter-tr', '3,1 half-backslash']);
    const second = mirrored(first.chart, part(0, 1, 'quarter-tr'), { vertical: 4 });
    expect(kinds(second)).toEqual(['0,0 quarter-tl', '0,1 quarter-tr', '3,0 quarter-tr', '3,1 quarter-tl']);
  });

  it('places the image though the stitch as drawn is there already', () => {
    const chart = withMarks(empty(4, 1), { parts: [{ x: 0, y: 0, kind: 'quarter-tl', thread: 1 }] });
    const result = mirrored(chart, part(0, 0, 'quarter-tl'), { vertical: 4 });
    expect(result.changed).toBe(true);
    expect(kinds(result)).toEqual(['0,0 quarter-tl', '3,0 quarter-tr']);
  });

  it('leaves out an image off the chart', () => {
    // An axis at x = 1 stitch: column 0 maps to 1, column 3 to −2.
    expect(kinds(mirrored(empty(5, 2), part(0, 1, 'quarter-bl'), { vertical: 2 }))).toEqual(['0,1 quarter-bl', '1,1 quarter-br']);
    expect(kinds(mirrored(empty(5, 2), part(3, 1, 'quarter-bl'), { vertical: 2 }))).toEqual(['3,1 quarter-bl']);
    // Four-way about (1, 1): of cell (3, 0)'s images only (3, 1) is on the chart.
    expect(kinds(mirrored(empty(5, 2), part(3, 0, 'quarter-tl'), { vertical: 2, horizontal: 2 }))).toEqual(['3,0 quarter-tl', '3,1 quarter-bl']);
  });

  it('refuses a part stitch drawn off the chart, whatever its images', () => {
    expect(() => drawMirrored(empty(5, 2), part(-1, 0, 'quarter-tl'), { vertical: 2 })).toThrow('That place is not a stitch of the chart.');
  });
});

describe('mirror drawing with backstitch', () => {
  it('mirrors a line about each axis and both', () => {
    const slant = line({ x: 0, y: 0 }, { x: 2, y: 3 });
    expect(lines(mirrored(empty(6, 4), slant, { vertical: 6 }))).toEqual([
      [12, 0, 10, 3],
      [0, 0, 2, 3],
    ]);
    expect(lines(mirrored(empty(6, 4), slant, { vertical: 5 }))).toEqual([
      [10, 0, 8, 3],
      [0, 0, 2, 3],
    ]);
    expect(lines(mirrored(empty(6, 4), slant, { horizontal: 4 }))).toEqual([
      [0, 8, 2, 5],
      [0, 0, 2, 3],
    ]);
    expect(lines(mirrored(empty(6, 4), slant, centredAxes({ width: 6, height: 4 }, 'both')))).toEqual([
      [12, 0, 10, 3],
      [0, 8, 2, 5],
      [12, 8, 10, 5],
      [0, 0, 2, 3],
    ]);
  });

  it('keeps one line where it is its own image', () => {
    const across = line({ x: 4, y: 2 }, { x: 8, y: 2 });
    expect(keys(mirrored(empty(6, 4), across, { vertical: 6 }))).toEqual(['4,2,8,2']);
    const down = line({ x: 6, y: 0 }, { x: 6, y: 8 });
    expect(keys(mirrored(empty(6, 4), down, centredAxes({ width: 6, height: 4 }, 'both')))).toEqual(['6,0,6,8']);
  });

  it('leaves out an image off the chart, or with one end off it', () => {
    expect(lines(mirrored(empty(6, 4), line({ x: 8, y: 0 }, { x: 12, y: 0 }), { vertical: 2 }))).toEqual([[8, 0, 12, 0]]);
    // From (2, 0) to (6, 0): the image runs from (2, 0) to (−2, 0).
    expect(lines(mirrored(empty(6, 4), line({ x: 2, y: 0 }, { x: 6, y: 0 }), { vertical: 2 }))).toEqual([[2, 0, 6, 0]]);
    expect(lines(mirrored(empty(6, 4), line({ x: 0, y: 0 }, { x: 1, y: 1 }), { vertical: 2 }))).toEqual([
      [4, 0, 3, 1],
      [0, 0, 1, 1],
    ]);
  });

  it('replaces a line of another thread at the image', () => {
    const old = withMarks(empty(6, 4), { backstitches: [{ x1: 12, y1: 0, x2: 10, y2: 3, thread: 3 }] });
    const result = mirrored(old, line({ x: 0, y: 0 }, { x: 2, y: 3 }), { vertical: 6 });
    expect(result.chart.marks.backstitches.map((stitch) => stitch.thread)).toEqual([1, 1]);
  });

  it('refuses the step when an image goes past the backstitch a chart may hold', () => {
    // The lines of a 1 × 1 chart but one: the half edges but the top two, and half the middle line.
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
    expect(chart.marks.backstitches).toHaveLength(markLimits(1, 1).backstitches - 1);
    const topLeft = line({ x: 0, y: 0 }, { x: 1, y: 0 });
    // As drawn alone it fits; with its image about the middle of the stitch it does not.
    expect(drawMirrored(chart, topLeft, undefined).chart.marks.backstitches).toHaveLength(markLimits(1, 1).backstitches);
    expect(() => drawMirrored(chart, topLeft, { vertical: 1 })).toThrow('This chart already has all the backstitch a chart of 1 × 1 stitches can hold.');
    // A line that is its own image fits.
    expect(lines(mirrored(chart, line({ x: 1, y: 1 }, { x: 1, y: 2 }), { vertical: 1 }))).toHaveLength(markLimits(1, 1).backstitches);
  });
});

describe('mirror drawing with French knots', () => {
  it('mirrors a knot about each axis and both', () => {
    expect(knots(clickKnot(empty(6, 4), { x: 1, y: 1 }, { vertical: 6 }))).toEqual(['1,1:1', '11,1:1']);
    expect(knots(clickKnot(empty(6, 4), { x: 1, y: 1 }, { horizontal: 4 }))).toEqual(['1,1:1', '1,7:1']);
    expect(knots(clickKnot(empty(6, 4), { x: 1, y: 1 }, centredAxes({ width: 6, height: 4 }, 'both')))).toEqual(['1,1:1', '1,7:1', '11,1:1', '11,7:1']);
  });

  // A toggle decided per image would put the knot and take it away again on the axis, where the image is its own point.
  it('puts one knot on the axis, as a click there without mirror drawing would', () => {
    expect(knots(clickKnot(empty(6, 4), { x: 6, y: 1 }, { vertical: 6 }))).toEqual(['6,1:1']);
    expect(knots(clickKnot(empty(6, 4), { x: 1, y: 4 }, { horizontal: 4 }))).toEqual(['1,4:1']);
    expect(knots(clickKnot(empty(6, 4), { x: 6, y: 4 }, centredAxes({ width: 6, height: 4 }, 'both')))).toEqual(['6,4:1']);
    expect(knots(clickKnot(empty(6, 4), { x: 6, y: 1 }, centredAxes({ width: 6, height: 4 }, 'both')))).toEqual(['6,1:1', '6,7:1']);
  });

  it('replaces a knot of another thread at the image, and takes away a knot of the thread and its image', () => {
    const old = withMarks(empty(6, 4), { knots: [{ x: 11, y: 1, thread: 3 }] });
    const result = clickKnot(old, { x: 1, y: 1 }, { vertical: 6 });
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
    expect(clickKnot(result.chart, { x: 1, y: 1 }, { vertical: 6 }).chart.marks.knots).toEqual([]);
  });

  it('leaves out an image off the chart', () => {
    // An axis at x = 1 stitch: lattice x 1 maps to 3, x 8 to −4.
    expect(knots(clickKnot(empty(5, 2), { x: 1, y: 1 }, { vertical: 2 }))).toEqual(['1,1:1', '3,1:1']);
    expect(knots(clickKnot(empty(5, 2), { x: 8, y: 1 }, { vertical: 2 }))).toEqual(['8,1:1']);
  });

  it('refuses the step when an image goes past the knots a chart may hold', () => {
    const { knots: most } = markLimits(2, 1);
    // One short of the limit, on the top edge.
    const chart = withMarks(empty(2, 1), { knots: Array.from({ length: most - 1 }, (_, x) => ({ x, y: 0, thread: 0 })) });
    const bottomLeft: LatticePoint = { x: 0, y: 2 };
    expect(drawMirrored(chart, (c) => placeKnot(c, bottomLeft, 1), undefined).chart.marks.knots).toHaveLength(most);
    expect(() => clickKnot(chart, bottomLeft, { vertical: 2 })).toThrow(`A chart of 2 × 1 stitches holds at most ${most} French knots.`);
  });
});

describe('mirror drawing refuses', () => {
  it('an axis off the lattice, for marks too', () => {
    expect(() => clickKnot(empty(4, 4), { x: 1, y: 1 }, { horizontal: 3.5 })).toThrow('A mirror’s axis must lie on the half-stitch lattice.');
  });
});
