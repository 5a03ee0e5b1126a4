import { describe, expect, it } from 'vitest';
import { patternFromChart } from './chart.js';
import { flipChart, rotateChart } from './chart-turn.js';
import { stroke } from './draw.js';
import { applyEdit, composeUndo } from './edit.js';
import { EditHistory } from './history.js';
import { flipRect } from './selection.js';
import { chartOf, reversal, rowsOf, snapshot, withMarks } from './testing.js';

const codes = ['310', '666', '700', '307'];

// 4 × 2, with a mark of every kind up to the right and bottom edges.
const chart = withMarks(chartOf(['0123', '.32.'], codes), {
  parts: [
    { x: 0, y: 1, kind: 'quarter-bl', thread: 1 },
    { x: 3, y: 1, kind: 'half-backslash', thread: 2 },
  ],
  backstitches: [{ x1: 0, y1: 0, x2: 8, y2: 4, thread: 3 }],
  knots: [{ x: 8, y: 4, thread: 0 }],
});

describe('rotateChart', () => {
  it('swaps the chart’s width and height with a quarter turn, as one step that undoes and redoes exactly', () => {
    const { result, found, owed } = reversal(chart, (c) => rotateChart(c, 1));
    expect(found).toEqual(owed);
    expect([result.chart.width, result.chart.height]).toEqual([2, 4]);
    expect(rowsOf(result.chart)).toEqual(['.0', '31', '22', '.3']);
    expect(result.inverse.resize).toEqual({ before: { width: 2, height: 4 }, after: { width: 4, height: 2 } });
    expect(result.chart.marks.knots).toEqual([{ x: 0, y: 8, thread: 0 }]);
    expect(rowsOf(rotateChart(chart, 3).chart)).toEqual(['3.', '22', '13', '0.']);
  });

  it('comes back after four quarter turns, and after a turn each way', () => {
    let turned = chart;
    for (let k = 0; k < 4; k++) turned = rotateChart(turned, 1).chart;
    expect(snapshot(turned)).toEqual(snapshot(chart));
    expect(snapshot(rotateChart(rotateChart(chart, 1).chart, 3).chart)).toEqual(snapshot(chart));
    expect(snapshot(rotateChart(rotateChart(chart, 2).chart, 2).chart)).toEqual(snapshot(chart));
  });

  it('keeps a square chart’s size, and changes nothing when the chart looks the same turned', () => {
    const square = chartOf(['01', '23'], codes);
    const turned = rotateChart(square, 1);
    expect(turned.inverse.resize).toBeUndefined();
    expect(rowsOf(turned.chart)).toEqual(['20', '31']);
    expect(rotateChart(chartOf(['00', '00'], codes), 1).changed).toBe(false);
  });

  it('takes its place in the history: undo after later edits gives each chart back', () => {
    const history = new EditHistory();
    const turned = rotateChart(chart, 1);
    history.record(turned.inverse);
    const drawn = stroke(turned.chart, [{ x: 0, y: 3 }], 1);
    history.record(drawn.inverse);
    const undone = history.undo(drawn.chart)!;
    expect(snapshot(undone)).toEqual(snapshot(turned.chart));
    const first = history.undo(undone)!;
    expect(snapshot(first)).toEqual(snapshot(chart));
    expect(snapshot(history.redo(first)!)).toEqual(snapshot(turned.chart));
    // Joined into one step with the edit after it, the turn still undoes exactly.
    const joined = composeUndo('Turn and draw', turned.inverse, drawn.inverse);
    expect(snapshot(applyEdit(drawn.chart, joined).chart)).toEqual(snapshot(chart));
  });

  it('gives a pattern of the turned size', () => {
    const pattern = patternFromChart(rotateChart(chart, 1).chart);
    expect([pattern.width, pattern.height, pattern.cells.length]).toEqual([2, 4, 8]);
  });
});

describe('flipChart', () => {
  it('mirrors the whole chart as flipping a selection of all of it does, under its own name', () => {
    for (const direction of ['horizontal', 'vertical'] as const) {
      const { result, found, owed } = reversal(chart, (c) => flipChart(c, direction));
      expect(found).toEqual(owed);
      expect(snapshot(result.chart)).toEqual(snapshot(flipRect(chart, { x: 0, y: 0, width: 4, height: 2 }, direction).chart));
      expect(result.inverse.label).toBe(direction === 'horizontal' ? 'Flip chart horizontally' : 'Flip chart vertically');
      expect(result).not.toHaveProperty('selection');
    }
    expect(rowsOf(flipChart(chart, 'horizontal').chart)).toEqual(['3210', '.23.']);
  });
});
