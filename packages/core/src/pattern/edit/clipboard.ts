/** Stitches lifted off a chart and put back: what copy and paste, flipping and turning a selection share. */
import { marksWithin } from '../mark-geometry.js';
import { backstitchKey, knotKey, type ChartMarks } from '../stitches.js';
import type { EditableChart } from './chart.js';
import { marksInSelection, selectedIn, type CellArea } from './region.js';

/** Copied cells: thread indices of the chart they came from, −1 for no stitch; and the marks within them, from the rectangle's corner. */
export interface ChartClipboard {
  width: number;
  height: number;
  cells: Int16Array;
  marks?: ChartMarks;
}

/** `marks` without the ones in `taken` (which are a subset of them); `marks` itself when nothing is taken. */
export function without(marks: ChartMarks, taken: ChartMarks): ChartMarks {
  if (taken.parts.length + taken.backstitches.length + taken.knots.length === 0) return marks;
  const drop = <T>(items: readonly T[], gone: readonly T[]) => {
    if (gone.length === 0) return items;
    const dropped = new Set(gone);
    return items.filter((item) => !dropped.has(item));
  };
  return { parts: drop(marks.parts, taken.parts), backstitches: drop(marks.backstitches, taken.backstitches), knots: drop(marks.knots, taken.knots) };
}

/** Marks moved by (dx, dy) stitches. */
export function moved(marks: ChartMarks, dx: number, dy: number): ChartMarks {
  return {
    parts: marks.parts.map((part) => ({ ...part, x: part.x + dx, y: part.y + dy })),
    backstitches: marks.backstitches.map((line) => ({ ...line, x1: line.x1 + 2 * dx, y1: line.y1 + 2 * dy, x2: line.x2 + 2 * dx, y2: line.y2 + 2 * dy })),
    knots: marks.knots.map((knot) => ({ ...knot, x: knot.x + 2 * dx, y: knot.y + 2 * dy })),
  };
}

/** The selected cells of `area` (on the chart) as a clipboard: unselected cells −1, only the marks in the selection. */
export function copyArea(chart: EditableChart, area: CellArea, marks = marksInSelection(chart.marks, area)): ChartClipboard {
  const cells = new Int16Array(area.width * area.height);
  for (let row = 0; row < area.height; row++) {
    const start = (area.y + row) * chart.width + area.x;
    cells.set(chart.cells.subarray(start, start + area.width), row * area.width);
    if (area.mask)
      for (let column = 0; column < area.width; column++) if (!selectedIn(area, area.x + column, area.y + row)) cells[row * area.width + column] = -1;
  }
  return { width: area.width, height: area.height, cells, marks: moved(marks, -area.x, -area.y) };
}

/** The selected cells and marks of `area` (on the chart) lifted off it: the clipboard, and the chart's cells and marks without them. */
export function liftArea(chart: EditableChart, area: CellArea): { clipboard: ChartClipboard; cells: Int16Array; marks: ChartMarks } {
  const taken = marksInSelection(chart.marks, area);
  const clipboard = copyArea(chart, area, taken);
  const cells = chart.cells.slice();
  for (let row = area.y; row < area.y + area.height; row++) {
    for (let column = area.x; column < area.x + area.width; column++) if (selectedIn(area, column, row)) cells[row * chart.width + column] = -1;
  }
  return { clipboard, cells, marks: without(chart.marks, taken) };
}

/**
 * Puts a clipboard's stitches on a chart of `size` whose cells are `cells` (changed in place) and marks `marks`,
 * with its top-left cell at (left, top), and returns the marks then. Empty clipboard cells leave the chart as it is;
 * what falls outside the chart is left out. A put part stitch takes its cell (the full stitch and part stitches
 * there go), a put line or knot replaces one in the same place.
 */
export function placeClipboard(
  size: { width: number; height: number },
  cells: Int16Array,
  marks: ChartMarks,
  clipboard: ChartClipboard,
  left: number,
  top: number,
): ChartMarks {
  const { width, height } = size;
  for (let row = Math.max(0, -top); row < clipboard.height && top + row < height; row++) {
    for (let column = Math.max(0, -left); column < clipboard.width && left + column < width; column++) {
      const value = clipboard.cells[row * clipboard.width + column]!;
      if (value !== -1) cells[(top + row) * width + left + column] = value;
    }
  }
  const put = moved(clipboard.marks ?? { parts: [], backstitches: [], knots: [] }, left, top);
  if (put.parts.length + put.backstitches.length + put.knots.length === 0) return marks;
  const onChart = marksWithin(put, { x0: 0, y0: 0, x1: width, y1: height });
  const partCells = new Set(onChart.parts.map((part) => part.y * width + part.x));
  for (const at of partCells) cells[at] = -1;
  const lines = new Set(onChart.backstitches.map(backstitchKey));
  const points = new Set(onChart.knots.map(knotKey));
  return {
    parts: [...marks.parts.filter((part) => !partCells.has(part.y * width + part.x)), ...onChart.parts],
    backstitches: [...marks.backstitches.filter((line) => !lines.has(backstitchKey(line))), ...onChart.backstitches],
    knots: [...marks.knots.filter((knot) => !points.has(knotKey(knot))), ...onChart.knots],
  };
}
