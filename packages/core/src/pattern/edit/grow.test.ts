import { describe, expect, it } from 'vitest';
import { layOutText } from '../../lettering/layout.js';
import { ChartEditError, patternFromChart } from './chart.js';
import { fill, stroke } from './draw.js';
import { applyEdit, composeEdits, composeUndo, invertEdit, isEmptyEdit } from './edit.js';
import { growChart } from './grow.js';
import { EditHistory, editBytes } from './history.js';
import { placeLettering } from './lettering.js';
import { addBackstitch, placeKnot, placePart } from './marks.js';
import { documentOfChart } from './replace.js';
import { chartOf, reversal, rowsOf, snapshot, withMarks } from './testing.js';

// Marks up to the chart's right and bottom edges: a line corner to corner, a knot on the bottom-right corner.
const MARKED = withMarks(chartOf(['01.', '.10'], ['310', '666']), {
  parts: [{ x: 2, y: 0, kind: 'quarter-tr', thread: 1 }],
  backstitches: [{ x1: 0, y1: 0, x2: 6, y2: 4, thread: 0 }],
  knots: [{ x: 6, y: 4, thread: 1 }],
});

const NO_LONGER_FITS = new ChartEditError('This change no longer fits the chart.');

describe('growChart', () => {
  it('adds empty columns on the right and rows at the bottom, every stitch staying at its (x, y), as one step to undo and redo', () => {
    const { result, found, owed } = reversal(MARKED, (chart) => growChart(chart, 5, 4));
    expect(found).toEqual(owed);
    expect(result.inverse.label).toBe('Make chart bigger');
    expect(rowsOf(result.chart)).toEqual(['01...', '.10..', '.....', '.....']);
    expect(result.chart.marks).toEqual(MARKED.marks);
  });

  it('gives a chart whose pattern and saved document have the new size', () => {
    const { chart } = growChart(MARKED, 5, 4);
    const pattern = patternFromChart(chart);
    expect([pattern.width, pattern.height, pattern.cells.length]).toEqual([5, 4, 20]);
    const document = documentOfChart(chart);
    expect([document.width, document.height, document.cells.length]).toEqual([5, 4, 20]);
    expect(document.knots).toEqual([{ x: 6, y: 4, thread: pattern.legend.findIndex((entry) => entry.code === '666') }]);
  });

  it('lets the tools reach the new columns and rows', () => {
    const { chart } = growChart(MARKED, 5, 4);
    const operations = [
      (before: typeof chart) =>
        stroke(
          before,
          [
            { x: 0, y: 3 },
            { x: 4, y: 3 },
          ],
          0,
        ),
      (before: typeof chart) => fill(before, 4, 0, 1),
      (before: typeof chart) => placePart(before, 4, 3, 'half-slash', 1),
      (before: typeof chart) => placeKnot(before, { x: 10, y: 8 }, 0),
    ];
    for (const operation of operations) {
      const { found, owed } = reversal(chart, operation);
      expect(found).toEqual(owed);
    }
    expect(rowsOf(operations[0]!(chart).chart)[3]).toBe('00000');
    expect(rowsOf(operations[1]!(chart).chart)).toEqual(['01111', '11011', '11111', '11111']);
    expect(() => placeKnot(MARKED, { x: 10, y: 8 }, 0)).toThrow(ChartEditError); // off the chart before it grew
  });

  it('refuses a smaller size, more than 500 stitches a side, and a size in parts of stitches', () => {
    const smaller = new ChartEditError('This chart is 3 × 2 stitches: it can be made bigger, not smaller.');
    expect(() => growChart(MARKED, 2, 4)).toThrow(smaller);
    expect(() => growChart(MARKED, 5, 1)).toThrow(smaller);
    const tooBig = new ChartEditError('A chart can be at most 500 × 500 stitches.');
    expect(() => growChart(MARKED, 501, 2)).toThrow(tooBig);
    expect(() => growChart(MARKED, 3, 501)).toThrow(tooBig);
    expect(() => growChart(MARKED, 4.5, 2)).toThrow(new ChartEditError('A chart is a whole number of stitches across and down.'));
    expect(growChart(MARKED, 500, 500).chart.cells).toHaveLength(250_000);
    const same = growChart(MARKED, 3, 2);
    expect([same.changed, same.chart]).toEqual([false, MARKED]);
  });
});

describe('an edit that resizes the chart', () => {
  const grown = growChart(MARKED, 5, 4);
  const shrink = grown.inverse;

  it('shrinks only when the columns and rows it cuts off hold no stitch of any kind', () => {
    const filled = [
      stroke(grown.chart, [{ x: 3, y: 0 }], 0), // a full stitch in a column cut off
      placePart(grown.chart, 0, 2, 'quarter-tl', 0), // a part stitch in a row cut off
      addBackstitch(grown.chart, { x: 6, y: 4 }, { x: 7, y: 4 }, 1), // a line with one end cut off
      placeKnot(grown.chart, { x: 0, y: 5 }, 0),
    ];
    for (const { chart } of filled) expect(() => applyEdit(chart, shrink)).toThrow(NO_LONGER_FITS);
    // A line along the smaller chart's edge stays on it.
    const edge = addBackstitch(grown.chart, { x: 6, y: 0 }, { x: 6, y: 4 }, 1).chart;
    expect(rowsOf(applyEdit(edge, shrink).chart)).toEqual(rowsOf(MARKED));
  });

  it('is refused on a chart of another size than the one it was made on', () => {
    expect(() => applyEdit(MARKED, shrink)).toThrow(NO_LONGER_FITS);
    expect(() => applyEdit(grown.chart, invertEdit(shrink))).toThrow(NO_LONGER_FITS); // grown twice
  });

  it('is a change, kept for a few bytes; a resize to the same size is none', () => {
    expect(isEmptyEdit(shrink)).toBe(false);
    expect(editBytes(shrink)).toBeGreaterThan(0);
    expect(isEmptyEdit({ label: 'Same', resize: { before: { width: 3, height: 2 }, after: { width: 3, height: 2 } } })).toBe(true);
  });
});

describe('growing the chart for text, as one step', () => {
  const chart = chartOf(['0000', '0000'], ['3865', '310']);
  const hi = layOutText('Hi', 'tiny-5');
  const grown = growChart(chart, chart.width + hi.width, Math.max(chart.height, hi.height));
  const placed = placeLettering(grown.chart, hi, 1, chart.width, 0);

  it('undoes as one step, the text taken away and then the chart made smaller, and redoes', () => {
    const undo = composeUndo('Add text', grown.inverse, placed.inverse);
    expect(undo.resize).toEqual({ before: { width: 11, height: 9 }, after: { width: 4, height: 2 } });
    const undone = applyEdit(placed.chart, undo);
    expect(snapshot(undone.chart)).toEqual(snapshot(chart));
    expect(snapshot(applyEdit(undone.chart, undone.inverse).chart)).toEqual(snapshot(placed.chart));

    const history = new EditHistory();
    history.record(undo);
    expect(history.undoLabel).toBe('Add text');
    const back = history.undo(placed.chart)!;
    expect(snapshot(back)).toEqual(snapshot(chart));
    expect(snapshot(history.redo(back)!)).toEqual(snapshot(placed.chart));
  });

  it('is done as one edit too', () => {
    const forward = composeEdits('Add text', invertEdit(grown.inverse), invertEdit(placed.inverse));
    expect(snapshot(applyEdit(chart, forward).chart)).toEqual(snapshot(placed.chart));
  });
});
