import { backstitchKey, knotKey, NO_MARKS, type Backstitch, type ChartMarks, type FrenchKnot, type PartKind, type PartStitch } from '../stitches.js';
import { marksWithin } from '../mark-geometry.js';
import { ChartEditError, requirePaint, threadName, type EditableChart } from './chart.js';
import { finishEdit, type EditResult } from './edit.js';

/** A rectangle of cells from its top-left cell. A negative width or height extends left or up (a selection dragged backwards). */
export interface ChartRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Copied cells: thread indices of the chart they came from, −1 for no stitch; and the marks within them, from the rectangle's corner. */
export interface ChartClipboard {
  width: number;
  height: number;
  cells: Int16Array;
  marks?: ChartMarks;
}

/** The marks within a rectangle of whole cells (`marksWithin`): part stitches in its cells, knots and backstitch lines (both ends) on or inside its edge. */
const marksWithinRect = (marks: ChartMarks, area: ChartRect): ChartMarks =>
  marksWithin(marks, { x0: area.x, y0: area.y, x1: area.x + area.width, y1: area.y + area.height });

/** `marks` without the ones in `taken` (which are a subset of them). */
function without(marks: ChartMarks, taken: ChartMarks): ChartMarks {
  const drop = <T>(items: readonly T[], gone: readonly T[]) => {
    if (gone.length === 0) return items;
    const dropped = new Set(gone);
    return items.filter((item) => !dropped.has(item));
  };
  return { parts: drop(marks.parts, taken.parts), backstitches: drop(marks.backstitches, taken.backstitches), knots: drop(marks.knots, taken.knots) };
}

/** Marks moved by (dx, dy) stitches. */
function moved(marks: ChartMarks, dx: number, dy: number): ChartMarks {
  return {
    parts: marks.parts.map((part) => ({ ...part, x: part.x + dx, y: part.y + dy })),
    backstitches: marks.backstitches.map((line) => ({ ...line, x1: line.x1 + 2 * dx, y1: line.y1 + 2 * dy, x2: line.x2 + 2 * dx, y2: line.y2 + 2 * dy })),
    knots: marks.knots.map((knot) => ({ ...knot, x: knot.x + 2 * dx, y: knot.y + 2 * dy })),
  };
}

/** The part of a rectangle inside the chart, in whole cells (width or height 0 when none is). */
export function clipRect(chart: EditableChart, rect: ChartRect): ChartRect {
  let { x, y, width, height } = rect;
  if (![x, y, width, height].every(Number.isFinite)) throw new ChartEditError('The selection is not a rectangle on the chart.');
  if (width < 0) [x, width] = [x + width, -width];
  if (height < 0) [y, height] = [y + height, -height];
  const left = Math.max(0, Math.floor(x));
  const top = Math.max(0, Math.floor(y));
  const right = Math.min(chart.width, Math.floor(x + width));
  const bottom = Math.min(chart.height, Math.floor(y + height));
  return { x: left, y: top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

/** Fills a rectangle with a thread, or erases it with −1. */
export function fillRect(chart: EditableChart, rect: ChartRect, thread: number): EditResult {
  requirePaint(chart, thread);
  const area = clipRect(chart, rect);
  const label = thread === -1 ? 'Erase selection' : 'Fill selection';
  if (area.width === 0 || area.height === 0) return finishEdit(chart, label, chart.cells);
  const cells = chart.cells.slice();
  for (let row = area.y; row < area.y + area.height; row++) {
    const start = row * chart.width + area.x;
    cells.fill(thread, start, start + area.width);
  }
  // Erasing takes every kind of stitch in the selection; a fill's full stitches replace the part stitches.
  return finishEdit(chart, label, cells, [], thread === -1 ? without(chart.marks, marksWithinRect(chart.marks, area)) : chart.marks);
}

/** The cells of a rectangle (the part inside the chart). Not an edit: the chart does not change. */
export function copyRect(chart: EditableChart, rect: ChartRect): ChartClipboard {
  const area = clipRect(chart, rect);
  const cells = new Int16Array(area.width * area.height);
  for (let row = 0; row < area.height; row++) {
    const start = (area.y + row) * chart.width + area.x;
    cells.set(chart.cells.subarray(start, start + area.width), row * area.width);
  }
  return { width: area.width, height: area.height, cells, marks: moved(marksWithinRect(chart.marks, area), -area.x, -area.y) };
}

/**
 * Pastes copied cells with their top-left cell at (x, y). Empty clipboard cells leave the chart as it is;
 * what falls outside the chart is left out. A copied thread removed since is refused, by name. `label` names the
 * step for Undo.
 */
export function paste(chart: EditableChart, clipboard: ChartClipboard, x: number, y: number, label = 'Paste'): EditResult {
  if (clipboard.cells.length !== clipboard.width * clipboard.height) throw new ChartEditError('The copied stitches are damaged.');
  const copied = clipboard.marks ?? NO_MARKS;
  const markThreads = [...copied.parts, ...copied.backstitches, ...copied.knots].map((mark) => mark.thread);
  for (const index of [...clipboard.cells, ...markThreads]) {
    if (index === -1) continue;
    const thread = chart.threads[index];
    if (!thread) throw new ChartEditError('The copied stitches come from another chart.');
    if (thread.removed) throw new ChartEditError(`${threadName(thread)} was removed after these stitches were copied. Add it again to paste them.`);
  }
  const left = Math.floor(x);
  const top = Math.floor(y);
  const cells = chart.cells.slice();
  for (let row = Math.max(0, -top); row < clipboard.height && top + row < chart.height; row++) {
    for (let column = Math.max(0, -left); column < clipboard.width && left + column < chart.width; column++) {
      const value = clipboard.cells[row * clipboard.width + column]!;
      if (value !== -1) cells[(top + row) * chart.width + left + column] = value;
    }
  }
  return finishEdit(chart, label, cells, [], pasteMarks(chart, cells, moved(copied, left, top)));
}

/**
 * The chart's marks with pasted ones added where they fall on the chart: a pasted part stitch takes its cell
 * (the full stitch and part stitches there go), a pasted line or knot replaces one in the same place.
 */
function pasteMarks(chart: EditableChart, cells: Int16Array, pasted: ChartMarks): ChartMarks {
  if (pasted.parts.length + pasted.backstitches.length + pasted.knots.length === 0) return chart.marks;
  const onChart = marksWithinRect(pasted, { x: 0, y: 0, width: chart.width, height: chart.height });
  const partCells = new Set(onChart.parts.map((part) => part.y * chart.width + part.x));
  for (const at of partCells) cells[at] = -1;
  const lines = new Set(onChart.backstitches.map(backstitchKey));
  const points = new Set(onChart.knots.map(knotKey));
  return {
    parts: [...chart.marks.parts.filter((part) => !partCells.has(part.y * chart.width + part.x)), ...onChart.parts],
    backstitches: [...chart.marks.backstitches.filter((line) => !lines.has(backstitchKey(line))), ...onChart.backstitches],
    knots: [...chart.marks.knots.filter((knot) => !points.has(knotKey(knot))), ...onChart.knots],
  };
}

/** Mirrors a rectangle: 'horizontal' swaps left and right, 'vertical' swaps top and bottom. */
export function flipRect(chart: EditableChart, rect: ChartRect, direction: 'horizontal' | 'vertical'): EditResult {
  const area = clipRect(chart, rect);
  const label = direction === 'horizontal' ? 'Flip horizontally' : 'Flip vertically';
  if (area.width === 0 || area.height === 0) return finishEdit(chart, label, chart.cells);
  const source = chart.cells;
  const cells = source.slice();
  for (let row = 0; row < area.height; row++) {
    for (let column = 0; column < area.width; column++) {
      const fromRow = direction === 'vertical' ? area.height - 1 - row : row;
      const fromColumn = direction === 'horizontal' ? area.width - 1 - column : column;
      cells[(area.y + row) * chart.width + area.x + column] = source[(area.y + fromRow) * chart.width + area.x + fromColumn]!;
    }
  }
  const inside = marksWithinRect(chart.marks, area);
  const flipped = flipMarks(inside, area, direction);
  const marks = inside.parts.length + inside.backstitches.length + inside.knots.length === 0 ? chart.marks : without(chart.marks, inside);
  return finishEdit(chart, label, cells, [], marks === chart.marks ? marks : concat(marks, flipped));
}

const concat = (a: ChartMarks, b: ChartMarks): ChartMarks => ({
  parts: [...a.parts, ...b.parts],
  backstitches: [...a.backstitches, ...b.backstitches],
  knots: [...a.knots, ...b.knots],
});

/** Marks inside `area` mirrored within it: a part stitch's corner and diagonal turn with it. */
function flipMarks(marks: ChartMarks, area: ChartRect, direction: 'horizontal' | 'vertical'): ChartMarks {
  const horizontal = direction === 'horizontal';
  // Lattice coordinates mirror about the rectangle's middle line; cells about its middle column or row.
  const latticeX = (x: number) => (horizontal ? 4 * area.x + 2 * area.width - x : x);
  const latticeY = (y: number) => (horizontal ? y : 4 * area.y + 2 * area.height - y);
  const part = (stitch: PartStitch): PartStitch => ({
    ...stitch,
    x: horizontal ? 2 * area.x + area.width - 1 - stitch.x : stitch.x,
    y: horizontal ? stitch.y : 2 * area.y + area.height - 1 - stitch.y,
    kind: mirroredKind(stitch.kind, direction),
  });
  const line = (stitch: Backstitch): Backstitch => {
    const mirrored = { ...stitch, x1: latticeX(stitch.x1), y1: latticeY(stitch.y1), x2: latticeX(stitch.x2), y2: latticeY(stitch.y2) };
    // A line its own mirror image (along the mirror's axis) stays as it was, not drawn the other way round.
    return backstitchKey(mirrored) === backstitchKey(stitch) ? stitch : mirrored;
  };
  const knot = (stitch: FrenchKnot): FrenchKnot => ({ ...stitch, x: latticeX(stitch.x), y: latticeY(stitch.y) });
  return { parts: marks.parts.map(part), backstitches: marks.backstitches.map(line), knots: marks.knots.map(knot) };
}

function mirroredKind(kind: PartKind, direction: 'horizontal' | 'vertical'): PartKind {
  if (kind === 'half-slash') return 'half-backslash';
  if (kind === 'half-backslash') return 'half-slash';
  const corner = kind.slice(-2);
  const flipped = direction === 'horizontal' ? `${corner[0]}${corner[1] === 'l' ? 'r' : 'l'}` : `${corner[0] === 't' ? 'b' : 't'}${corner[1]}`;
  return `${kind.slice(0, -2)}${flipped}` as PartKind;
}
