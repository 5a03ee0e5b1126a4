import { describe, expect, it } from 'vitest';
import { ChartEditError, type EditableChart } from './chart.js';
import { flipRect, rotateSelection, type ChartSelection } from './selection.js';
import { chartOf, drawn, reversal, rowsOf, snapshot, withMarks } from './testing.js';

const codes = ['310', '666', '700', '307'];

// A 5 × 2 box at (2, 3) of an empty 10 × 10 chart, with every kind of stitch.
const chart = withMarks(chartOf(['..........', '..........', '..........', '..0123....', '..3.21....', ...Array<string>(5).fill('..........')], codes), {
  parts: [{ x: 3, y: 4, kind: 'three-quarter-tr', thread: 2 }],
  backstitches: [{ x1: 4, y1: 6, x2: 13, y2: 10, thread: 1 }],
  knots: [{ x: 7, y: 9, thread: 0 }],
});
const box = { x: 2, y: 3, width: 5, height: 2 };

/** The chart and selection after turning `times` times by `turns`, the selection carried along. */
function turned(start: EditableChart, selection: ChartSelection, turns: 1 | 2 | 3, times: number) {
  let state = { chart: start, selection };
  const positions: ChartSelection[] = [];
  for (let k = 0; k < times; k++) {
    state = rotateSelection(state.chart, state.selection, turns);
    positions.push(state.selection);
  }
  return { ...state, positions };
}

describe('rotateSelection', () => {
  it('moves an odd-turned box by trunc((w − h) / 2) and trunc((h − w) / 2), so four quarter turns come back', () => {
    const four = turned(chart, box, 1, 4);
    expect(four.positions.map(({ x, y, width, height }) => [x, y, width, height])).toEqual([
      [3, 2, 2, 5],
      [2, 3, 5, 2],
      [3, 2, 2, 5],
      [2, 3, 5, 2],
    ]);
    expect(snapshot(four.chart)).toEqual(snapshot(chart));
    expect(snapshot(turned(chart, box, 3, 4).chart)).toEqual(snapshot(chart));
    expect(rowsOf(four.chart)).toEqual(rowsOf(chart));
  });

  it('gives the same as two quarter turns for a half turn, as both flips, and nothing for one turn each way', () => {
    const half = rotateSelection(chart, box, 2);
    expect(snapshot(turned(chart, box, 1, 2).chart)).toEqual(snapshot(half.chart));
    expect(snapshot(flipRect(flipRect(chart, box, 'horizontal').chart, box, 'vertical').chart)).toEqual(snapshot(half.chart));
    const there = rotateSelection(chart, box, 1);
    const back = rotateSelection(there.chart, there.selection, 3);
    expect(snapshot(back.chart)).toEqual(snapshot(chart));
    expect(back.selection).toEqual(box);
  });

  it('turns a shaped selection the same way, its mask with it, and four turns come back', () => {
    // All the stitches of the box but the unselected (2, 4), which no turned cell reaches.
    const shape = drawn(2, 3, ['####.', '.####']);
    const once = reversal(chart, (c) => rotateSelection(c, shape, 1));
    expect(once.found).toEqual(once.owed);
    expect(once.result.selection).toEqual(drawn(3, 2, ['.#', '##', '##', '##', '#.']));
    const four = turned(chart, shape, 1, 4);
    expect(four.selection).toEqual(shape);
    expect(snapshot(four.chart)).toEqual(snapshot(chart));
    expect(four.chart.cells[4 * 10 + 2]).toBe(3);
  });

  it('shifts a turned box that sticks out back inside the chart', () => {
    const row = chartOf(['01230', '.....', '.....', '.....', '.....'], codes);
    const result = rotateSelection(row, { x: 0, y: 0, width: 5, height: 1 }, 1);
    expect(result.selection).toEqual({ x: 2, y: 0, width: 1, height: 5 });
    expect(rowsOf(result.chart)).toEqual(['..0..', '..1..', '..2..', '..3..', '..0..']);
  });

  it('refuses a turned box larger than the chart, and turns that are not one, two or three quarters', () => {
    const wide = chartOf(['00000', '00000', '.....', '.....'], codes);
    expect(() => rotateSelection(wide, { x: 0, y: 0, width: 5, height: 2 }, 1)).toThrow(
      new ChartEditError('The turned selection (2 × 5) does not fit on a chart of 5 × 4 stitches.'),
    );
    expect(rotateSelection(wide, { x: 0, y: 0, width: 5, height: 2 }, 2).changed).toBe(false);
    expect(() => rotateSelection(wide, box, 4 as 1)).toThrow(ChartEditError);
  });

  it('changes nothing for a selection off the chart or symmetric under the turn', () => {
    expect(rotateSelection(chart, { x: 20, y: 0, width: 3, height: 3 }, 1)).toMatchObject({ changed: false, selection: { x: 20, y: 0 } });
    const plus = chartOf(['.0.', '000', '.0.'], codes);
    expect(rotateSelection(plus, { x: 0, y: 0, width: 3, height: 3 }, 1).changed).toBe(false);
  });
});
