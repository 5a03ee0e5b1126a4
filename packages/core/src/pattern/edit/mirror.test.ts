import { describe, expect, it } from 'vitest';
import type { EditableChart } from './chart.js';
import { fill, stroke, type ChartPoint } from './draw.js';
import { applyEdit, composeUndo, type EditResult } from './edit.js';
import { growChart } from './grow.js';
import { centredAxes, withMirrorImages, type MirrorAxes } from './mirror.js';
import { chartOf, reversal, rowsOf, snapshot, withMarks } from './testing.js';

const codes = ['310', '666', '700', '307'];
const empty = (width: number, height: number) => chartOf(Array<string>(height).fill('.'.repeat(width)), codes);
const pencil =
  (...points: [number, number][]) =>
  (chart: EditableChart) =>
    stroke(
      chart,
      points.map(([x, y]) => ({ x, y })),
      1,
    );

/** An operation drawn with mirror images, checked to undo and redo exactly and to leave its input alone. */
function mirrored(chart: EditableChart, operation: (chart: EditableChart) => EditResult, axes: MirrorAxes): EditResult {
  const { result, found, owed } = reversal(chart, (before) => withMirrorImages(before, operation(before), axes));
  expect(found).toEqual(owed);
  expect(result.inverse.label).toBe(operation(chart).inverse.label);
  return result;
}

describe('centredAxes', () => {
  it('puts the axes through the chart’s centre, on the half-stitch lattice', () => {
    expect(centredAxes({ width: 6, height: 5 }, 'vertical')).toEqual({ vertical: 6 });
    expect(centredAxes({ width: 6, height: 5 }, 'horizontal')).toEqual({ horizontal: 5 });
    expect(centredAxes({ width: 6, height: 5 }, 'both')).toEqual({ vertical: 6, horizontal: 5 });
  });
});

describe('mirror drawing with the pencil and the eraser', () => {
  it('mirrors a stroke about a vertical axis between two columns', () => {
    expect(rowsOf(mirrored(empty(6, 2), pencil([0, 0], [1, 1]), { vertical: 6 }).chart)).toEqual(['1....1', '.1..1.']);
  });

  it('about an axis through a column’s centres, that column is its own image', () => {
    expect(rowsOf(mirrored(empty(5, 2), pencil([2, 0], [0, 1]), { vertical: 5 }).chart)).toEqual(['..1..', '11.11']);
  });

  it('mirrors about a horizontal axis, and both ways into four', () => {
    expect(rowsOf(mirrored(empty(3, 4), pencil([1, 0]), { horizontal: 4 }).chart)).toEqual(['.1.', '...', '...', '.1.']);
    expect(rowsOf(mirrored(empty(4, 4), pencil([0, 0], [1, 0]), centredAxes({ width: 4, height: 4 }, 'both')).chart)).toEqual(['1111', '....', '....', '1111']);
  });

  it('leaves out images that fall off the chart', () => {
    // An axis at x = 1 stitch: column 0 maps to 1, columns 3 and 4 to −3 and −4.
    expect(rowsOf(mirrored(empty(5, 1), pencil([0, 0]), { vertical: 2 }).chart)).toEqual(['11...']);
    expect(rowsOf(mirrored(empty(5, 1), pencil([3, 0], [4, 0]), { vertical: 2 }).chart)).toEqual(['...11']);
  });

  it('erases the mirrored cells and the part stitches there', () => {
    const chart = withMarks(chartOf(['0000', '0..0'], codes), {
      parts: [
        { x: 1, y: 1, kind: 'quarter-tl', thread: 2 },
        { x: 2, y: 1, kind: 'quarter-tr', thread: 3 },
      ],
    });
    const erase = (before: EditableChart) =>
      stroke(
        before,
        [
          { x: 0, y: 0 },
          { x: 1, y: 1 },
        ],
        -1,
      );
    const result = mirrored(chart, erase, { vertical: 4 });
    expect(rowsOf(result.chart)).toEqual(['.00.', '0..0']);
    expect(result.chart.marks.parts).toEqual([]);
  });

  it('changes nothing when the edit changed nothing', () => {
    const chart = chartOf(['1..'], codes);
    const result = stroke(chart, [{ x: 0, y: 0 }], 1);
    expect(withMirrorImages(chart, result, { vertical: 3 })).toBe(result);
    expect(result.changed).toBe(false);
  });
});

describe('mirror drawing with the fill', () => {
  it('paints the mirror image of the filled cells', () => {
    const chart = chartOf(['.0....', '.0....', '00....'], codes);
    const result = mirrored(chart, (before) => fill(before, 0, 0, 2), { vertical: 6 });
    expect(rowsOf(result.chart)).toEqual(['20...2', '20...2', '00....']);
    // About the middle of row 1: rows 0 and 2 swap, and the image paints over other stitches.
    expect(rowsOf(mirrored(chart, (before) => fill(before, 0, 0, 2), { horizontal: 3 }).chart)).toEqual(['20....', '20....', '20....']);
  });
});

describe('a four-way heart drawn with pencil segments', () => {
  it('is symmetric both ways, and its joined undo gives the chart back', () => {
    const start = empty(12, 12);
    const axes = centredAxes(start, 'both');
    // The top-left quarter of a heart's outline, drawn as a drag: one edit per segment.
    const path: ChartPoint[] = [
      { x: 5, y: 2 },
      { x: 3, y: 0 },
      { x: 1, y: 0 },
      { x: 0, y: 2 },
      { x: 0, y: 3 },
      { x: 3, y: 5 },
    ];
    let chart = start;
    let undo = { label: 'Pencil' };
    for (let k = 1; k < path.length; k++) {
      const segment = withMirrorImages(chart, stroke(chart, [path[k - 1]!, path[k]!], 1), axes);
      undo = composeUndo('Pencil', undo, segment.inverse);
      chart = segment.chart;
    }
    const rows = rowsOf(chart);
    expect(rows.map((row) => row.split('').reverse().join(''))).toEqual(rows);
    expect([...rows].reverse()).toEqual(rows);
    expect(rows[0]).toBe('.111....111.');
    expect(snapshot(applyEdit(chart, undo).chart)).toEqual(snapshot(start));
  });
});

describe('withMirrorImages refuses', () => {
  it('an axis off the lattice, and an edit that resized the chart', () => {
    const chart = empty(4, 4);
    expect(() => withMirrorImages(chart, pencil([0, 0])(chart), { vertical: 2.5 })).toThrow('A mirror’s axis must lie on the half-stitch lattice.');
    expect(() => withMirrorImages(chart, growChart(chart, 5, 5), { vertical: 4 })).toThrow('Mirror drawing cannot follow a change of the chart’s size.');
  });
});
