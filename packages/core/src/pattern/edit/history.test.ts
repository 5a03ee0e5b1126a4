import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../random.js';
import { CHART_SYMBOLS } from '../symbols.js';
import type { EditableChart } from './chart.js';
import { fill, stroke } from './draw.js';
import type { EditResult } from './edit.js';
import { EditHistory } from './history.js';
import { fillRect } from './selection.js';
import { addThread, mergeThread, setSymbol } from './threads.js';
import { chartOf, snapshot, type ChartSnapshot } from './testing.js';

/** A mixed sequence of edits, each changing the chart: strokes, fills, rectangles, and thread edits now and then. */
function randomEdits(chart: EditableChart, steps: number, seed: number): { states: ChartSnapshot[]; results: EditResult[] } {
  const random = seededRandom(seed);
  const pick = (n: number): number => Math.floor(random() * n);
  const states = [snapshot(chart)];
  const results: EditResult[] = [];
  const extraCodes = ['321', '550', '797', '3865', '986'];
  while (results.length < steps) {
    const active = chart.threads.flatMap((thread, index) => (thread.removed ? [] : [index]));
    const thread = active[pick(active.length)]!;
    const kind = pick(10);
    let result: EditResult;
    if (kind < 5)
      result = stroke(
        chart,
        [
          { x: pick(30), y: pick(20) },
          { x: pick(30), y: pick(20) },
        ],
        pick(6) === 0 ? -1 : thread,
      );
    else if (kind < 7) result = fill(chart, pick(30), pick(20), thread);
    else if (kind < 8) result = fillRect(chart, { x: pick(30), y: pick(20), width: pick(8), height: pick(8) }, thread);
    else if (kind < 9 && extraCodes.length > 0) result = addThread(chart, extraCodes.pop()!);
    else if (active.length > 2) result = mergeThread(chart, active[0]!, active[1]!);
    else {
      const used = new Set(active.map((index) => chart.threads[index]!.symbol));
      result = setSymbol(chart, thread, CHART_SYMBOLS.filter((symbol) => !used.has(symbol))[pick(10)]!);
    }
    if (!result.changed) continue;
    chart = result.chart;
    results.push(result);
    states.push(snapshot(chart));
  }
  return { states, results };
}

describe('EditHistory', () => {
  const start = chartOf(
    Array.from({ length: 20 }, () => '.'.repeat(30)),
    ['310', '666', '700'],
  );

  it('undoes 250 steps back to the original, through every state on the way, and redoes them all', () => {
    const { states, results } = randomEdits(start, 250, 7);
    const history = new EditHistory();
    for (const result of results) history.record(result.inverse);
    let chart = results.at(-1)!.chart;
    for (let step = 250; step > 0; step--) {
      expect(history.undoLabel).toBe(results[step - 1]!.inverse.label);
      chart = history.undo(chart)!;
      expect(snapshot(chart)).toEqual(states[step - 1]);
    }
    expect(history.canUndo).toBe(false);
    expect(history.undo(chart)).toBeUndefined();
    for (let step = 1; step <= 250; step++) {
      chart = history.redo(chart)!;
      expect(snapshot(chart)).toEqual(states[step]);
    }
    expect(history.canRedo).toBe(false);
    expect(history.redo(chart)).toBeUndefined();
  });

  it('drops the oldest steps beyond its limit', () => {
    const { states, results } = randomEdits(start, 15, 3);
    const history = new EditHistory(10);
    for (const result of results) history.record(result.inverse);
    expect(history.undoSteps).toBe(10);
    let chart = results.at(-1)!.chart;
    for (let k = 0; k < 10; k++) chart = history.undo(chart)!;
    expect(snapshot(chart)).toEqual(states[5]);
    expect(history.undo(chart)).toBeUndefined();
  });

  it('drops the oldest steps beyond its memory budget, keeping the newest', () => {
    const history = new EditHistory(500, 1000);
    const big = fillRect(start, { x: 0, y: 0, width: 30, height: 20 }, 0); // 600 cells, 4,800 bytes
    const small = stroke(big.chart, [{ x: 0, y: 0 }], 1);
    history.record(big.inverse);
    expect(history.undoSteps).toBe(1);
    history.record(small.inverse);
    expect(history.undoSteps).toBe(1);
    expect(history.bytes).toBeLessThanOrEqual(1000);
    expect(snapshot(history.undo(small.chart)!)).toEqual(snapshot(big.chart));
  });

  it('forgets what could be redone when a new step is recorded', () => {
    const { results } = randomEdits(start, 3, 11);
    const history = new EditHistory();
    for (const result of results.slice(0, 2)) history.record(result.inverse);
    const undone = history.undo(results[1]!.chart)!;
    expect(history.canRedo).toBe(true);
    expect(history.redoLabel).toBe(results[1]!.inverse.label);
    const other = stroke(
      undone,
      [
        { x: 0, y: 0 },
        { x: 29, y: 19 },
      ],
      undone.cells[0] === 1 ? 2 : 1,
    );
    history.record(other.inverse);
    expect(history.canRedo).toBe(false);
    expect(history.redoLabel).toBeUndefined();
    expect(snapshot(history.undo(other.chart)!)).toEqual(snapshot(undone));
  });

  it('records no step for an edit that changed nothing, and refuses to undo on a chart it did not record', () => {
    const history = new EditHistory();
    const nothing = fill(start, 0, 0, -1);
    expect(nothing.changed).toBe(false);
    history.record(nothing.inverse);
    expect(history.canUndo).toBe(false);
    const drawn = stroke(start, [{ x: 0, y: 0 }], 0);
    history.record(drawn.inverse);
    expect(() => history.undo(start)).toThrow();
    expect(history.canUndo).toBe(true);
    expect(snapshot(history.undo(drawn.chart)!)).toEqual(snapshot(start));
  });
});
