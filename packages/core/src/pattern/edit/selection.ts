import { ChartEditError, requirePaint, threadName, type EditableChart } from './chart.js';
import { finishEdit, type EditResult } from './edit.js';

/** A rectangle of cells from its top-left cell. A negative width or height extends left or up (a selection dragged backwards). */
export interface ChartRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Copied cells: thread indices of the chart they came from, −1 for no stitch. */
export interface ChartClipboard {
  width: number;
  height: number;
  cells: Int16Array;
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
  return finishEdit(chart, label, cells);
}

/** The cells of a rectangle (the part inside the chart). Not an edit: the chart does not change. */
export function copyRect(chart: EditableChart, rect: ChartRect): ChartClipboard {
  const area = clipRect(chart, rect);
  const cells = new Int16Array(area.width * area.height);
  for (let row = 0; row < area.height; row++) {
    const start = (area.y + row) * chart.width + area.x;
    cells.set(chart.cells.subarray(start, start + area.width), row * area.width);
  }
  return { width: area.width, height: area.height, cells };
}

/**
 * Pastes copied cells with their top-left cell at (x, y). Empty clipboard cells leave the chart as it is;
 * what falls outside the chart is left out. A copied thread removed since is refused, by name.
 */
export function paste(chart: EditableChart, clipboard: ChartClipboard, x: number, y: number): EditResult {
  if (clipboard.cells.length !== clipboard.width * clipboard.height) throw new ChartEditError('The copied stitches are damaged.');
  for (const index of clipboard.cells) {
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
  return finishEdit(chart, 'Paste', cells);
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
  return finishEdit(chart, label, cells);
}
