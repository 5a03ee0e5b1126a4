import { describe, expect, it } from 'vitest';
import { copyRect, fillRect, flipRect, recolourSelection, rotateSelection } from './selection.js';
import { chartOf, drawn, reversal, rowsOf, withMarks } from './testing.js';

const codes = ['310', '666', '700', '307'];

// 4 × 3 with marks: a quarter stitch in the empty cell (1, 1), a knot on its top-left corner, a line along its top
// edge and one from there out to the right edge, a knot far right.
const chart = withMarks(chartOf(['0123', '3.21', '0000'], codes), {
  parts: [{ x: 1, y: 1, kind: 'quarter-tl', thread: 1 }],
  backstitches: [
    { x1: 2, y1: 2, x2: 4, y2: 2, thread: 2 },
    { x1: 2, y1: 2, x2: 8, y2: 2, thread: 3 },
  ],
  knots: [
    { x: 2, y: 2, thread: 0 },
    { x: 8, y: 6, thread: 0 },
  ],
});
// The first two columns of rows 0 and 1, and cell (2, 1): the line to the right edge reaches out of it.
const shape = drawn(0, 0, ['##.', '###']);

describe('selection operations take a selection of any shape', () => {
  it('fills only the selected cells', () => {
    const { result, found, owed } = reversal(chart, (c) => fillRect(c, shape, 3));
    expect(found).toEqual(owed);
    expect(rowsOf(result.chart)).toEqual(['3323', '3331', '0000']);
    expect(result.chart.marks.parts).toEqual([]);
    expect(result.chart.marks.backstitches).toHaveLength(2);
  });

  it('erases only the selected cells and the marks in the selection', () => {
    const { result, found, owed } = reversal(chart, (c) => fillRect(c, shape, -1));
    expect(found).toEqual(owed);
    expect(rowsOf(result.chart)).toEqual(['..23', '...1', '0000']);
    expect(result.chart.marks).toEqual({ parts: [], backstitches: [chart.marks.backstitches[1]], knots: [chart.marks.knots[1]] });
  });

  it('copies unselected cells as −1 and only the marks in the selection', () => {
    const clipboard = copyRect(chart, shape);
    expect(clipboard).toMatchObject({ width: 3, height: 2, cells: Int16Array.from([0, 1, -1, 3, -1, 2]) });
    expect(clipboard.marks).toEqual({
      parts: [{ x: 1, y: 1, kind: 'quarter-tl', thread: 1 }],
      backstitches: [{ x1: 2, y1: 2, x2: 4, y2: 2, thread: 2 }],
      knots: [{ x: 2, y: 2, thread: 0 }],
    });
  });

  it('recolours every kind of stitch in the selection; empty cells stay empty', () => {
    const { result, found, owed } = reversal(chart, (c) => recolourSelection(c, shape, 2));
    expect(found).toEqual(owed);
    expect(result.inverse.label).toBe('Recolour selection');
    expect(rowsOf(result.chart)).toEqual(['2223', '2.21', '0000']);
    expect(result.chart.marks).toEqual({
      parts: [{ x: 1, y: 1, kind: 'quarter-tl', thread: 2 }],
      backstitches: chart.marks.backstitches,
      knots: [{ x: 2, y: 2, thread: 2 }, chart.marks.knots[1]],
    });
    expect(recolourSelection(chart, { x: 3, y: 2, width: 1, height: 1 }, 0).changed).toBe(false);
    expect(() => recolourSelection(chart, shape, -1)).toThrow('There is no thread number -1 in this chart.');
  });
});

describe('flipping and turning a shaped selection', () => {
  const small = chartOf(['01..', '23..', '....'], codes);
  const l = drawn(0, 0, ['#.', '##']);

  it('moves only the selected cells; a moved stitch replaces what is under it, and the mask follows', () => {
    const flipped = reversal(small, (c) => flipRect(c, l, 'horizontal'));
    expect(flipped.found).toEqual(flipped.owed);
    expect(rowsOf(flipped.result.chart)).toEqual(['.0..', '32..', '....']);
    expect(flipped.result.selection).toEqual(drawn(0, 0, ['.#', '##']));
    const turned = reversal(small, (c) => rotateSelection(c, l, 1));
    expect(turned.found).toEqual(turned.owed);
    expect(rowsOf(turned.result.chart)).toEqual(['20..', '3...', '....']);
    expect(turned.result.selection).toEqual(drawn(0, 0, ['##', '#.']));
  });

  it('leaves what is under a moved empty cell', () => {
    const holed = chartOf(['.1..', '23..', '....'], codes);
    expect(rowsOf(flipRect(holed, l, 'horizontal').chart)).toEqual(['.1..', '32..', '....']);
  });

  it('moves the marks of the selection only: a line reaching out of it stays', () => {
    const { result, found, owed } = reversal(chart, (c) => flipRect(c, shape, 'vertical'));
    expect(found).toEqual(owed);
    expect(rowsOf(result.chart)).toEqual(['3.23', '01.1', '0000']); // (2, 1) moved up; nothing comes in its place
    expect(result.chart.marks.parts).toEqual([{ x: 1, y: 0, kind: 'quarter-bl', thread: 1 }]);
    expect(result.chart.marks.knots).toContainEqual({ x: 2, y: 2, thread: 0 }); // on the middle line
    expect(result.chart.marks.backstitches).toContainEqual(chart.marks.backstitches[1]);
  });
});
