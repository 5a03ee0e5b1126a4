/**
 * Test support for the editor's tests (not used by the app): small charts written as text, as the
 * core's own edit tests write them, built only from the core's public API.
 */
import {
  findBrandColour,
  namedThread,
  NO_MARKS,
  patternFromChart,
  searchThreads,
  symbolFor,
  type ChartThread,
  type EditableChart,
  type Pattern,
} from '@stitchwise/core';

function threadOf(code: string, rank: number): ChartThread {
  const dmc = findBrandColour('dmc', code);
  if (!dmc) throw new Error(`no DMC ${code}`);
  return { ...namedThread(dmc), symbol: symbolFor(rank), removed: false };
}

/**
 * A chart from rows of text: a digit or letter (0–9, then a–z) is that thread of `codes` (DMC codes, or a
 * blend's as `310+413`), '.' no stitch. Threads get the first chart symbols in order.
 */
export function chartOf(rows: readonly string[], codes: readonly string[]): EditableChart {
  const width = rows[0]?.length ?? 0;
  const cells = new Int16Array(width * rows.length);
  rows.forEach((row, y) => {
    if (row.length !== width) throw new Error(`row ${y} is ${row.length} cells wide, not ${width}`);
    for (let x = 0; x < width; x++) cells[y * width + x] = row[x] === '.' ? -1 : parseInt(row[x]!, 36);
  });
  return { width, height: rows.length, cells, threads: codes.map(threadOf), marks: NO_MARKS };
}

/** A chart's cells back as rows of text, in chartOf's notation. */
export function rowsOf(chart: EditableChart): string[] {
  const rows: string[] = [];
  for (let y = 0; y < chart.height; y++) {
    rows.push(Array.from(chart.cells.subarray(y * chart.width, (y + 1) * chart.width), (index) => (index < 0 ? '.' : index.toString(36))).join(''));
  }
  return rows;
}

/** The pattern of a chart written as text, as the server's pattern document holds it. */
export function patternOf(rows: readonly string[], codes: readonly string[]): Pattern {
  return patternFromChart(chartOf(rows, codes));
}

/** A one-row chart of `count` catalogue threads (the first of the colour card), one stitch each. */
export function chartWithThreads(count: number): EditableChart {
  const codes = searchThreads('')
    .slice(0, count)
    .map((thread) => thread.code);
  const cells = Int16Array.from(codes, (_, index) => index);
  return { width: count, height: 1, cells, threads: codes.map(threadOf), marks: NO_MARKS };
}
