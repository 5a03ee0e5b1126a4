/**
 * Helpers for the edit tests: small charts written as text, and plain copies of charts that
 * `toEqual` compares field by field. Not exported from the core.
 */
import { findBrandColour } from '../../threads/blends.js';
import { symbolFor } from '../symbols.js';
import { backstitchKey, knotKey, NO_MARKS, partKey, type Backstitch, type ChartMarks, type FrenchKnot, type PartStitch } from '../stitches.js';
import { chartThreadOf, type ChartThread, type EditableChart } from './chart.js';
import { applyEdit, type EditResult } from './edit.js';
import { isSelected, type ChartSelection } from './region.js';

/**
 * A chart from rows of text: a digit or letter (0–9, then a–z) is that thread of `codes` (DMC codes, or a
 * blend's as `310+413`), '.' no stitch. Threads get the first symbols in order.
 */
export function chartOf(rows: readonly string[], codes: readonly string[]): EditableChart {
  const width = rows[0]?.length ?? 0;
  const cells = new Int16Array(width * rows.length);
  rows.forEach((row, y) => {
    if (row.length !== width) throw new Error(`row ${y} is ${row.length} cells wide, not ${width}`);
    for (let x = 0; x < width; x++) cells[y * width + x] = row[x] === '.' ? -1 : parseInt(row[x]!, 36);
  });
  const threads = codes.map((code, index) => {
    const thread = findBrandColour('dmc', code);
    if (!thread) throw new Error(`no DMC ${code}`);
    return chartThreadOf(thread, symbolFor(index));
  });
  return { width, height: rows.length, cells, threads, marks: NO_MARKS };
}

/** A chart's cells back as rows of text, in chartOf's notation. */
export function rowsOf(chart: EditableChart): string[] {
  const rows: string[] = [];
  for (let y = 0; y < chart.height; y++) {
    const row = Array.from(chart.cells.subarray(y * chart.width, (y + 1) * chart.width), (index) => (index < 0 ? '.' : index.toString(36)));
    rows.push(row.join(''));
  }
  return rows;
}

export interface ChartSnapshot {
  width: number;
  height: number;
  cells: number[];
  threads: ChartThread[];
  /** In a fixed order (undo may give the marks back in another), lines as drawn. */
  marks: { parts: PartStitch[]; backstitches: Backstitch[]; knots: FrenchKnot[] };
}

/** A deep, plain copy of a chart, so later changes to the chart cannot touch it. */
export function snapshot(chart: EditableChart): ChartSnapshot {
  return {
    width: chart.width,
    height: chart.height,
    cells: Array.from(chart.cells),
    threads: chart.threads.map((thread) => ({ ...thread, rgb: { ...thread.rgb } })),
    marks: {
      parts: sortedCopy(chart.marks.parts, partKey),
      backstitches: sortedCopy(chart.marks.backstitches, backstitchKey),
      knots: sortedCopy(chart.marks.knots, knotKey),
    },
  };
}

function sortedCopy<T extends { thread: number }>(items: readonly T[], key: (item: T) => string): T[] {
  const keyed = items.map((item) => ({ item: { ...item }, key: `${key(item)}:${item.thread}` }));
  return keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map(({ item }) => item);
}

/** The chart with marks besides its full stitches (lists not given are empty). */
export function withMarks(chart: EditableChart, marks: Partial<ChartMarks>): EditableChart {
  return { ...chart, marks: { ...NO_MARKS, ...marks } };
}

/** What undoing an operation gives, and redoing it after: both should be the charts before and after it. */
export function undoAndRedo(result: EditResult): { undone: ChartSnapshot; redone: ChartSnapshot } {
  const undo = applyEdit(result.chart, result.inverse);
  const redo = applyEdit(undo.chart, undo.inverse);
  return { undone: snapshot(undo.chart), redone: snapshot(redo.chart) };
}

/**
 * Runs an operation and gathers what every operation owes, for one `expect(found).toEqual(owed)`: the input
 * chart left alone, a change made, and undo and redo giving the charts before and after it exactly.
 */
export function reversal<R extends EditResult>(chart: EditableChart, operation: (chart: EditableChart) => R): { result: R; found: unknown; owed: unknown } {
  const before = snapshot(chart);
  const result = operation(chart);
  return {
    result,
    found: { input: snapshot(chart), changed: result.changed, ...undoAndRedo(result) },
    owed: { input: before, changed: true, undone: before, redone: snapshot(result.chart) },
  };
}

/** A selection drawn as rows ('#' selected), its box's top-left cell at (x, y). */
export function drawn(x: number, y: number, rows: readonly string[]): ChartSelection {
  const width = rows[0]!.length;
  return { x, y, width, height: rows.length, mask: Uint8Array.from(rows.join(''), (c) => (c === '#' ? 1 : 0)) };
}

/** The cells of a selection within width × height cells, as rows. */
export function rowsOfSelection(selection: ChartSelection | undefined, width: number, height: number): string[] {
  return Array.from({ length: height }, (_, y) => Array.from({ length: width }, (_, x) => (selection && isSelected(selection, x, y) ? '#' : '.')).join(''));
}
