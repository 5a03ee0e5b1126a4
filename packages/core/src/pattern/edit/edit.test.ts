import { describe, expect, it } from 'vitest';
import { ChartEditError } from './chart.js';
import { stroke } from './draw.js';
import { applyEdit, composeEdits, composeUndo, invertEdit, type Edit } from './edit.js';
import { growChart } from './grow.js';
import { NO_MARKS } from '../stitches.js';
import { placeKnot, placePart } from './marks.js';
import { addThread, removeThread } from './threads.js';
import { chartOf, reversal, rowsOf, snapshot } from './testing.js';

const cells = (indices: number[], before: number[], after: number[]) => ({
  indices: Int32Array.from(indices),
  before: Int16Array.from(before),
  after: Int16Array.from(after),
});

describe('applyEdit', () => {
  const chart = chartOf(['01', '..'], ['310', '666']);

  it('applies the after values and returns the inverse, leaving the input alone', () => {
    const before = snapshot(chart);
    const result = applyEdit(chart, { label: 'Test', cells: cells([1, 2], [1, -1], [0, 1]) });
    expect(rowsOf(result.chart)).toEqual(['00', '1.']);
    expect(result.changed).toBe(true);
    expect(snapshot(chart)).toEqual(before);
    expect(snapshot(applyEdit(result.chart, result.inverse).chart)).toEqual(before);
    expect(result.inverse.label).toBe('Test');
  });

  it('is no change for an empty edit', () => {
    const result = applyEdit(chart, { label: 'Nothing' });
    expect(result.changed).toBe(false);
    expect(result.chart).toBe(chart);
  });

  it('refuses an edit whose before values are not the chart’s (applied twice, or to another chart)', () => {
    const edit: Edit = { label: 'Test', cells: cells([1], [1], [0]) };
    const once = applyEdit(chart, edit).chart;
    expect(() => applyEdit(once, edit)).toThrow(ChartEditError);
    const added = addThread(chart, '700');
    expect(() => applyEdit(added.chart, { label: 'Again', threads: [{ index: 2, before: undefined, after: added.chart.threads[2] }] })).toThrow(ChartEditError);
    expect(() => applyEdit(chart, { label: 'Gap', threads: [{ index: 5, before: undefined, after: added.chart.threads[2] }] })).toThrow(ChartEditError);
  });

  it('refuses stitches on a thread the chart does not have', () => {
    expect(() => applyEdit(chart, { label: 'Test', cells: cells([2], [-1], [7]) })).toThrow(ChartEditError);
    const removed = removeThread(chartOf(['01'], ['310', '666']), 1).chart;
    expect(() => applyEdit(removed, { label: 'Test', cells: cells([0], [0], [1]) })).toThrow(ChartEditError);
  });
});

describe('composeEdits', () => {
  it('does the first edit, then the second, as one', () => {
    const chart = chartOf(['....'], ['310', '666']);
    const first: Edit = { label: 'a', cells: cells([0, 1, 2], [-1, -1, -1], [0, 0, 0]) };
    const second: Edit = { label: 'b', cells: cells([3, 1, 2], [-1, 0, 0], [1, 1, -1]) };
    const composed = composeEdits('ab', first, second);
    expect(composed.label).toBe('ab');
    // Cell 2 went . → 0 → . again: no change at all, so it is not kept.
    expect(composed.cells).toEqual(cells([0, 1, 3], [-1, -1, -1], [0, 1, 1]));
    const stepwise = applyEdit(applyEdit(chart, first).chart, second).chart;
    expect(snapshot(applyEdit(chart, composed).chart)).toEqual(snapshot(stepwise));
  });

  it('keeps thread changes in order, so undoing an add and a stroke with it works as one step', () => {
    const chart = chartOf(['00'], ['310']);
    const added = addThread(chart, '700');
    const drawn = stroke(added.chart, [{ x: 1, y: 0 }], 1);
    const forward = composeEdits('Add and draw', invertEdit(added.inverse), invertEdit(drawn.inverse));
    expect(snapshot(applyEdit(chart, forward).chart)).toEqual(snapshot(drawn.chart));
    const undo = composeUndo('Add and draw', added.inverse, drawn.inverse);
    expect(snapshot(applyEdit(drawn.chart, undo).chart)).toEqual(snapshot(chart));
  });

  it('joins the segments of a pencil drag into one undo step, even where the drag crosses itself', () => {
    const chart = chartOf(['.....', '.....', '.....'], ['310', '666']);
    const segments = [
      [0, 0, 4, 2, 0],
      [4, 2, 4, 0, 0],
      [4, 0, 0, 2, 1], // crosses the first segment with another thread
    ];
    let current = chart;
    let undo: Edit = { label: 'Pencil' };
    for (const [x0, y0, x1, y1, thread] of segments) {
      const result = stroke(
        current,
        [
          { x: x0!, y: y0! },
          { x: x1!, y: y1! },
        ],
        thread!,
      );
      undo = composeUndo('Pencil', undo, result.inverse);
      current = result.chart;
    }
    const undone = applyEdit(current, undo);
    expect(snapshot(undone.chart)).toEqual(snapshot(chart));
    expect(snapshot(applyEdit(undone.chart, undone.inverse).chart)).toEqual(snapshot(current));
    // Every changed cell once: no index twice.
    const indices = Array.from(undo.cells!.indices);
    expect(new Set(indices).size).toBe(indices.length);
  });

  it('takes cell changes in any index order', () => {
    const first: Edit = { label: 'a', cells: cells([5, 1], [-1, -1], [0, 0]) };
    const second: Edit = { label: 'b', cells: cells([1, 3], [0, -1], [1, 1]) };
    expect(composeEdits('ab', first, second).cells).toEqual(cells([1, 3, 5], [-1, -1, -1], [1, 1, 0]));
  });
});

describe('edits of part stitches, backstitch and knots', () => {
  const chart = chartOf(['0.', '..'], ['310', '666']);

  it('joins two mark edits into one undo step that undoes both, and redoes both', () => {
    const first = placeKnot(chart, { x: 1, y: 1 }, 0);
    const second = placePart(first.chart, 0, 0, 'three-quarter-tl', 1); // takes the full stitch out too
    const third = placeKnot(second.chart, { x: 1, y: 1 }, 1); // the same knot, another thread
    const undo = [second, third].reduce((joined, result) => composeUndo('Marks', joined, result.inverse), first.inverse);
    const undone = applyEdit(third.chart, undo);
    expect(snapshot(undone.chart)).toEqual(snapshot(chart));
    expect(snapshot(applyEdit(undone.chart, undone.inverse).chart)).toEqual(snapshot(third.chart));
  });

  it('joins a knot and the removal of its thread into one step that undoes and redoes', () => {
    const threeThreads = chartOf(['0.', '..'], ['310', '666', '700']);
    const knot = placeKnot(threeThreads, { x: 1, y: 1 }, 2);
    const removed = removeThread(knot.chart, 2); // the knot goes to the nearest thread
    const undone = applyEdit(removed.chart, composeUndo('Both', knot.inverse, removed.inverse));
    expect(snapshot(undone.chart)).toEqual(snapshot(threeThreads));
    // Redone, the knot is put on 700 and moved off it before 700 is removed: no knot is left on a removed thread.
    expect(snapshot(applyEdit(undone.chart, undone.inverse).chart)).toEqual(snapshot(removed.chart));
    const stranded: Edit = { label: 'Knot', marks: [{ remove: NO_MARKS, add: { ...NO_MARKS, knots: [{ x: 0, y: 0, thread: 2 }] } }] };
    expect(() => applyEdit(removed.chart, stranded)).toThrow('a thread the chart does not have');
  });

  it('refuses a mark edit applied twice or to a chart without its marks', () => {
    const placed = placeKnot(chart, { x: 1, y: 1 }, 0);
    const redo = invertEdit(placed.inverse);
    expect(() => applyEdit(placed.chart, redo)).toThrow(ChartEditError); // the knot is there already
    expect(() => applyEdit(chart, placed.inverse)).toThrow(ChartEditError); // no knot to take away
    const otherThread = placeKnot(chart, { x: 1, y: 1 }, 1).chart;
    expect(() => applyEdit(otherThread, placed.inverse)).toThrow(ChartEditError); // a knot, but not this one
  });
});

describe('edits that resize the chart', () => {
  const small = chartOf(['0.', '.1'], ['310', '666']);

  it('join with an edit of the other size: its cells are moved to the grid of the larger size', () => {
    const drawn = stroke(
      small,
      [
        { x: 1, y: 1 },
        { x: 1, y: 0 },
      ],
      0,
    ); // cells 1 and 3 of a grid 2 wide, 1 and 5 of one 4 wide
    const grown = growChart(drawn.chart, 4, 3);
    // Done forward, the cells drawn come before the grow; undone, they are taken back after the shrink.
    const forward = composeEdits('Draw and grow', invertEdit(drawn.inverse), invertEdit(grown.inverse));
    expect(forward.cells!.indices).toEqual(Int32Array.from([1, 5]));
    expect(snapshot(applyEdit(small, forward).chart)).toEqual(snapshot(grown.chart));
    const undo = composeUndo('Draw and grow', drawn.inverse, grown.inverse);
    expect(snapshot(applyEdit(grown.chart, undo).chart)).toEqual(snapshot(small));
  });

  it('refuses to join two resizes into one edit', () => {
    const grown = growChart(small, 4, 3);
    const again = growChart(grown.chart, 5, 5);
    expect(() => composeUndo('Grow twice', grown.inverse, again.inverse)).toThrow(ChartEditError);
  });

  it('grow first and shrink last when one edit makes the chart wider and shorter', () => {
    const chart = chartOf(['01', '..', '..'], ['310', '666']);
    // Cells index the 4 × 3 grid holding both sizes: (2, 0) and (3, 0) are new.
    const reshape: Edit = {
      label: 'Reshape',
      resize: { before: { width: 2, height: 3 }, after: { width: 4, height: 1 } },
      cells: cells([2, 3], [-1, -1], [1, 0]),
    };
    const { result, found, owed } = reversal(chart, (before) => applyEdit(before, reshape));
    expect(found).toEqual(owed);
    expect(rowsOf(result.chart)).toEqual(['0110']);
    expect(() => applyEdit(chartOf(['01', '..', '.1'], ['310', '666']), reshape)).toThrow(new ChartEditError('This change no longer fits the chart.'));
  });
});
