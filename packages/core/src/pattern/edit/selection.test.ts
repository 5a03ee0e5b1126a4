import { describe, expect, it } from 'vitest';
import { ChartEditError, type EditableChart } from './chart.js';
import type { EditResult } from './edit.js';
import { clipRect, copyRect, fillRect, flipRect, paste } from './selection.js';
import { removeThread } from './threads.js';
import { NO_MARKS, sameMarks } from '../stitches.js';
import { chartOf, rowsOf, snapshot, undoAndRedo, withMarks } from './testing.js';

const codes = ['310', '666', '700', '307'];

/** Runs an operation and checks what every operation owes: the input untouched, an exact undo and redo. */
function reversibly(chart: EditableChart, operation: (chart: EditableChart) => EditResult): EditResult {
  const before = snapshot(chart);
  const result = operation(chart);
  expect(snapshot(chart)).toEqual(before);
  expect(result.changed).toBe(true);
  expect(undoAndRedo(result)).toEqual({ undone: before, redone: snapshot(result.chart) });
  expect(result.chart.threads).toEqual(chart.threads);
  return result;
}

describe('fillRect', () => {
  const chart = chartOf(['0000', '0110', '0000'], codes);

  it('fills a rectangle with a thread, or erases it with −1', () => {
    expect(rowsOf(reversibly(chart, (c) => fillRect(c, { x: 1, y: 0, width: 2, height: 2 }, 2)).chart)).toEqual(['0220', '0220', '0000']);
    const erased = reversibly(chart, (c) => fillRect(c, { x: 0, y: 1, width: 4, height: 2 }, -1));
    expect(rowsOf(erased.chart)).toEqual(['0000', '....', '....']);
    expect(erased.inverse.label).toBe('Erase selection');
  });

  it('clips at the edges and takes a rectangle dragged backwards', () => {
    expect(rowsOf(fillRect(chart, { x: 2, y: -5, width: 10, height: 7 }, 2).chart)).toEqual(['0022', '0122', '0000']);
    expect(rowsOf(fillRect(chart, { x: 2, y: 3, width: -2, height: -2 }, 3).chart)).toEqual(['0000', '3310', '3300']);
    expect(clipRect(chart, { x: 5, y: 0, width: 3, height: 3 })).toMatchObject({ width: 0 });
    expect(fillRect(chart, { x: 5, y: 0, width: 3, height: 3 }, 2).changed).toBe(false);
    expect(fillRect(chart, { x: 1, y: 1, width: 2, height: 1 }, 1).changed).toBe(false);
  });
});

describe('copyRect and paste', () => {
  const chart = chartOf(['01.', '.23', '333'], codes);

  it('copies the cells of a rectangle, without changing the chart', () => {
    const before = snapshot(chart);
    const clipboard = copyRect(chart, { x: 0, y: 0, width: 2, height: 2 });
    expect(clipboard.width).toBe(2);
    expect(Array.from(clipboard.cells)).toEqual([0, 1, -1, 2]);
    expect(copyRect(chart, { x: 1, y: 1, width: 5, height: 5 })).toEqual({ width: 2, height: 2, cells: Int16Array.from([2, 3, 3, 3]), marks: NO_MARKS });
    expect(snapshot(chart)).toEqual(before);
  });

  it('pastes with empty copied cells leaving the chart as it is', () => {
    const clipboard = copyRect(chart, { x: 0, y: 0, width: 2, height: 2 });
    const result = reversibly(chart, (c) => paste(c, clipboard, 1, 1));
    expect(rowsOf(result.chart)).toEqual(['01.', '.01', '332']);
  });

  it('clips a paste at every edge', () => {
    const clipboard = copyRect(chart, { x: 0, y: 0, width: 3, height: 3 });
    const empty = chartOf(['...', '...', '...'], codes);
    expect(rowsOf(paste(empty, clipboard, 2, 2).chart)).toEqual(['...', '...', '..0']);
    expect(rowsOf(paste(empty, clipboard, -2, -1).chart)).toEqual(['3..', '3..', '...']);
    expect(paste(empty, clipboard, 3, 0).changed).toBe(false);
  });

  it('refuses a copied thread that has since been removed, by name', () => {
    const clipboard = copyRect(chart, { x: 0, y: 0, width: 2, height: 1 });
    const later = removeThread(chart, 1).chart;
    expect(() => paste(later, clipboard, 0, 2)).toThrow('DMC 666 was removed after these stitches were copied. Add it again to paste them.');
    expect(() => paste(chart, { width: 1, height: 1, cells: Int16Array.of(9) }, 0, 0)).toThrow(ChartEditError);
  });
});

describe('flipRect', () => {
  const chart = chartOf(['0123', '1230', '2301'], codes);

  it('mirrors a rectangle left to right', () => {
    const result = reversibly(chart, (c) => flipRect(c, { x: 1, y: 0, width: 3, height: 2 }, 'horizontal'));
    expect(rowsOf(result.chart)).toEqual(['0321', '1032', '2301']);
  });

  it('mirrors a rectangle top to bottom', () => {
    const result = reversibly(chart, (c) => flipRect(c, { x: 0, y: 0, width: 2, height: 3 }, 'vertical'));
    expect(rowsOf(result.chart)).toEqual(['2323', '1230', '0101']);
  });

  it('gives the chart back when flipped twice, and is no change where the rectangle is symmetric', () => {
    const once = flipRect(chart, { x: 0, y: 0, width: 4, height: 3 }, 'horizontal').chart;
    expect(rowsOf(flipRect(once, { x: 0, y: 0, width: 4, height: 3 }, 'horizontal').chart)).toEqual(rowsOf(chart));
    const symmetric = chartOf(['010', '212'], codes);
    expect(flipRect(symmetric, { x: 0, y: 0, width: 3, height: 2 }, 'horizontal').changed).toBe(false);
  });
});

describe('selections carry part stitches, backstitch and knots', () => {
  // 4 × 3, row 1 empty: a three-quarter stitch in (1, 1), a knot on the corner of (2, 1), a line along the
  // top of row 1 from column 1 to 3, and a line reaching outside the selection below.
  const chart = withMarks(chartOf(['0000', '0..0', '0000'], codes), {
    parts: [{ x: 1, y: 1, kind: 'three-quarter-tl', thread: 1 }],
    knots: [{ x: 4, y: 2, thread: 2 }],
    backstitches: [
      { x1: 2, y1: 2, x2: 6, y2: 2, thread: 2 },
      { x1: 0, y1: 0, x2: 8, y2: 6, thread: 3 },
    ],
  });
  const row1 = { x: 0, y: 1, width: 4, height: 1 };

  it('erasing a selection takes the marks inside it, and a line reaching out stays', () => {
    const { marks } = reversibly(chart, (c) => fillRect(c, row1, -1)).chart;
    expect(marks.parts).toEqual([]);
    expect(marks.knots).toEqual([]);
    expect(marks.backstitches).toEqual([{ x1: 0, y1: 0, x2: 8, y2: 6, thread: 3 }]);
  });

  it('a filled selection replaces its part stitches with full stitches, and keeps lines and knots', () => {
    const { marks } = reversibly(chart, (c) => fillRect(c, row1, 0)).chart;
    expect(marks.parts).toEqual([]);
    expect(marks.knots).toHaveLength(1);
    expect(marks.backstitches).toHaveLength(2);
  });

  it('flipping mirrors the marks inside: corners and diagonals turn with the cells', () => {
    const flipped = reversibly(chart, (c) => flipRect(c, row1, 'horizontal')).chart;
    expect(flipped.marks.parts).toEqual([{ x: 2, y: 1, kind: 'three-quarter-tr', thread: 1 }]);
    expect(flipped.marks.knots).toEqual([{ x: 4, y: 2, thread: 2 }]); // on the middle line: stays
    expect(sameMarks(flipped.marks, { ...flipped.marks, backstitches: [{ x1: 6, y1: 2, x2: 2, y2: 2, thread: 2 }, chart.marks.backstitches[1]!] })).toBe(true);
    const upsideDown = reversibly(chart, (c) => flipRect(c, { x: 1, y: 1, width: 1, height: 1 }, 'vertical')).chart;
    expect(upsideDown.marks.parts).toEqual([{ x: 1, y: 1, kind: 'three-quarter-bl', thread: 1 }]);
    expect(upsideDown.marks.knots).toEqual([{ x: 4, y: 4, thread: 2 }]);
  });

  it('copy and paste carry the marks; a pasted part stitch takes its cell', () => {
    const clipboard = copyRect(chart, { x: 1, y: 1, width: 2, height: 1 });
    expect(clipboard.marks?.parts).toEqual([{ x: 0, y: 0, kind: 'three-quarter-tl', thread: 1 }]);
    expect(clipboard.marks?.knots).toEqual([{ x: 2, y: 0, thread: 2 }]);
    const pasted = reversibly(chart, (c) => paste(c, clipboard, 0, 2)).chart;
    expect(pasted.cells[2 * 4 + 0]).toBe(-1); // the full stitch under the pasted part stitch went
    expect(pasted.marks.parts).toContainEqual({ x: 0, y: 2, kind: 'three-quarter-tl', thread: 1 });
    expect(pasted.marks.knots).toContainEqual({ x: 2, y: 4, thread: 2 });
    // Pasted past the edge: what falls outside is left out.
    const atEdge = paste(chart, clipboard, 3, 2).chart;
    expect(atEdge.marks.parts).toContainEqual({ x: 3, y: 2, kind: 'three-quarter-tl', thread: 1 });
    expect(atEdge.marks.knots.filter((knot) => knot.x > 8)).toEqual([]);
  });
});
