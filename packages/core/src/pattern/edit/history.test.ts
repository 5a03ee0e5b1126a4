import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../random.js';
import { PART_KINDS } from '../stitches.js';
import { CHART_SYMBOLS } from '../symbols.js';
import type { EditableChart } from './chart.js';
import { fill, stroke } from './draw.js';
import type { EditResult } from './edit.js';
import { EditHistory } from './history.js';
import { addBackstitch, placeKnot, placePart, removeBackstitch, removeKnot, removePart } from './marks.js';
import { growChart } from './grow.js';
import { fillRect } from './selection.js';
import { addThread, mergeThread, setSymbol } from './threads.js';
import { chartOf, snapshot, type ChartSnapshot } from './testing.js';

/**
 * A mixed sequence of edits, each changing the chart: strokes, fills, rectangles, part stitches, backstitches,
 * knots and their removal, and thread edits now and then. `marks` counts the edits of marks.
 */
function randomEdits(chart: EditableChart, steps: number, seed: number): { states: ChartSnapshot[]; results: EditResult[]; marks: number } {
  const random = seededRandom(seed);
  const pick = (n: number): number => Math.floor(random() * n);
  const states = [snapshot(chart)];
  const results: EditResult[] = [];
  const extraCodes = ['321', '550', '797', '3865', '986'];
  let marks = 0;
  while (results.length < steps) {
    const active = chart.threads.flatMap((thread, index) => (thread.removed ? [] : [index]));
    const thread = active[pick(active.length)]!;
    const kind = pick(14);
    let result: EditResult;
    const point = () => ({ x: pick(61), y: pick(41) });
    if (kind === 10) result = placePart(chart, pick(30), pick(20), PART_KINDS[pick(PART_KINDS.length)]!, thread);
    else if (kind === 11) {
      const [from, to] = [point(), point()];
      if (from.x === to.x && from.y === to.y) continue;
      result = addBackstitch(chart, from, to, thread);
    } else if (kind === 12) result = placeKnot(chart, point(), thread);
    else if (kind === 13) {
      // Takes away a mark that is there: a knot, a line (given backwards) or a cell's part stitches.
      const { knots, backstitches, parts } = chart.marks;
      const knot = knots[pick(knots.length)];
      const line = backstitches[pick(backstitches.length)];
      const part = parts[pick(parts.length)];
      if (knot && pick(3) === 0) result = removeKnot(chart, knot);
      else if (line && pick(2) === 0) result = removeBackstitch(chart, { x: line.x2, y: line.y2 }, { x: line.x1, y: line.y1 });
      else if (part) result = removePart(chart, part.x, part.y);
      else continue;
    } else if (kind < 5)
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
    marks += kind >= 10 ? 1 : 0;
    chart = result.chart;
    results.push(result);
    states.push(snapshot(chart));
  }
  return { states, results, marks };
}

describe('EditHistory', () => {
  const start = chartOf(
    Array.from({ length: 20 }, () => '.'.repeat(30)),
    ['310', '666', '700'],
  );

  it('undoes 250 steps back to the original, through every state on the way, and redoes them all', () => {
    const { states, results, marks } = randomEdits(start, 250, 7);
    expect(marks).toBeGreaterThan(40);
    expect(states.at(-1)!.marks.parts.length + states.at(-1)!.marks.knots.length).toBeGreaterThan(0);
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

  it('undoes and redoes across a step that made the chart bigger, through every state on the way', () => {
    const operations = [
      (chart: EditableChart) => stroke(chart, [{ x: 29, y: 19 }], 1),
      (chart: EditableChart) => growChart(chart, 40, 25),
      (chart: EditableChart) =>
        stroke(
          chart,
          [
            { x: 0, y: 24 },
            { x: 39, y: 0 },
          ],
          0,
        ),
      (chart: EditableChart) => placeKnot(chart, { x: 80, y: 50 }, 2),
    ];
    const history = new EditHistory();
    const states = [snapshot(start)];
    let chart = start;
    for (const operation of operations) {
      const result = operation(chart);
      history.record(result.inverse);
      chart = result.chart;
      states.push(snapshot(chart));
    }
    for (let step = operations.length; step > 0; step--) {
      chart = history.undo(chart)!;
      expect(snapshot(chart)).toEqual(states[step - 1]);
    }
    for (let step = 1; step <= operations.length; step++) {
      chart = history.redo(chart)!;
      expect(snapshot(chart)).toEqual(states[step]);
    }
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
