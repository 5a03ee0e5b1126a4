import { NO_MARKS, type ChartMarks } from '../stitches.js';
import { ChartEditError, requireActiveThread, requirePaint, threadName, type EditableChart } from './chart.js';
import { copyArea, liftArea, placeClipboard, without, type ChartClipboard } from './clipboard.js';
import { finishEdit, type EditResult } from './edit.js';
import { marksInSelection, selectedIn, selectionOnChart, type ChartRect, type ChartSelection } from './region.js';
import { turnedClipboard, turnedMask, type Turn } from './turn.js';

export type { ChartClipboard } from './clipboard.js';
export type { ChartRect, ChartSelection } from './region.js';

/** The part of a rectangle inside the chart, in whole cells (width or height 0 when none is). */
export function clipRect(chart: EditableChart, rect: ChartRect): ChartRect {
  const { x, y, width, height } = selectionOnChart(chart, { x: rect.x, y: rect.y, width: rect.width, height: rect.height });
  return { x, y, width, height };
}

/** Fills the selected cells with a thread, or erases them with −1 (erasing also takes the part stitches, lines and knots in the selection). */
export function fillRect(chart: EditableChart, selection: ChartSelection, thread: number): EditResult {
  requirePaint(chart, thread);
  const area = selectionOnChart(chart, selection);
  const label = thread === -1 ? 'Erase selection' : 'Fill selection';
  if (area.width === 0 || area.height === 0) return finishEdit(chart, label, chart.cells);
  const cells = chart.cells.slice();
  for (let row = area.y; row < area.y + area.height; row++) {
    const start = row * chart.width + area.x;
    if (!area.mask) cells.fill(thread, start, start + area.width);
    else for (let column = area.x; column < area.x + area.width; column++) if (selectedIn(area, column, row)) cells[row * chart.width + column] = thread;
  }
  // Erasing takes every kind of stitch in the selection; a fill's full stitches replace the part stitches.
  return finishEdit(chart, label, cells, [], thread === -1 ? without(chart.marks, marksInSelection(chart.marks, area)) : chart.marks);
}

/** Gives every stitch in the selection (full and part stitches, backstitch lines and knots) the thread `thread`; empty cells stay empty. */
export function recolourSelection(chart: EditableChart, selection: ChartSelection, thread: number): EditResult {
  requireActiveThread(chart, thread);
  const area = selectionOnChart(chart, selection);
  const label = 'Recolour selection';
  if (area.width === 0 || area.height === 0) return finishEdit(chart, label, chart.cells);
  const cells = chart.cells.slice();
  for (let row = area.y; row < area.y + area.height; row++) {
    for (let column = area.x; column < area.x + area.width; column++) {
      const at = row * chart.width + column;
      if (cells[at]! >= 0 && selectedIn(area, column, row)) cells[at] = thread;
    }
  }
  const inside = marksInSelection(chart.marks, area);
  const recoloured = <T extends { thread: number }>(items: readonly T[], chosen: readonly T[]): readonly T[] => {
    if (chosen.length === 0) return items;
    const set = new Set(chosen);
    return items.map((item) => (set.has(item) && item.thread !== thread ? { ...item, thread } : item));
  };
  const marks: ChartMarks = {
    parts: recoloured(chart.marks.parts, inside.parts),
    backstitches: recoloured(chart.marks.backstitches, inside.backstitches),
    knots: recoloured(chart.marks.knots, inside.knots),
  };
  return finishEdit(chart, label, cells, [], marks);
}

/** The selected cells (the part inside the chart), unselected ones as −1, and the marks in the selection. Not an edit: the chart does not change. */
export function copyRect(chart: EditableChart, selection: ChartSelection): ChartClipboard {
  return copyArea(chart, selectionOnChart(chart, selection));
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
  const cells = chart.cells.slice();
  const marks = placeClipboard(chart, cells, chart.marks, clipboard, Math.floor(x), Math.floor(y));
  return finishEdit(chart, label, cells, [], marks);
}

/** An edit of a selection that moves it: the selection moved with its content. */
export type SelectionEditResult = EditResult & { selection: ChartSelection };

/**
 * Mirrors the selected cells and marks within the selection's box: 'horizontal' swaps left and right, 'vertical'
 * top and bottom. A mirrored stitch replaces what is under it; a mirrored empty cell leaves what is under it.
 */
export function flipRect(chart: EditableChart, selection: ChartSelection, direction: 'horizontal' | 'vertical'): EditResult & { selection: ChartSelection } {
  return turnSelection(chart, selection, { flip: direction }, direction === 'horizontal' ? 'Flip horizontally' : 'Flip vertically');
}

const TURN_LABELS = { 1: 'Rotate 90° clockwise', 2: 'Rotate 180°', 3: 'Rotate 90° anticlockwise' } as const;

/**
 * Turns the selected cells and marks clockwise by quarter turns about the centre of the selection's box. An odd
 * number of turns swaps the box's width and height and moves it by trunc((w − h) / 2) across and trunc((h − w) / 2)
 * down (so four quarter turns come back to the same place), then into the chart if it sticks out. A turned stitch
 * replaces what is under it; a turned empty cell leaves what is under it.
 */
export function rotateSelection(chart: EditableChart, selection: ChartSelection, quarterTurns: 1 | 2 | 3): EditResult & { selection: ChartSelection } {
  requireQuarterTurns(quarterTurns);
  return turnSelection(chart, selection, { quarterTurns }, TURN_LABELS[quarterTurns]);
}

export function requireQuarterTurns(quarterTurns: number): asserts quarterTurns is 1 | 2 | 3 {
  if (quarterTurns !== 1 && quarterTurns !== 2 && quarterTurns !== 3) throw new ChartEditError('Stitches turn by one, two or three quarter turns.');
}

/** Lifts the selected cells and marks, clears them, turns them and puts them back. */
export function turnSelection(chart: EditableChart, selection: ChartSelection, turn: Turn, label: string): SelectionEditResult {
  const area = selectionOnChart(chart, selection);
  if (area.width === 0 || area.height === 0) return { ...finishEdit(chart, label, chart.cells), selection };
  const { clipboard, cells, marks } = liftArea(chart, area);
  const turned = turnedClipboard(clipboard, turn);
  let [x, y] = [area.x, area.y];
  if (turned.width !== area.width) {
    if (turned.width > chart.width || turned.height > chart.height)
      throw new ChartEditError(
        `The turned selection (${turned.width} × ${turned.height}) does not fit on a chart of ${chart.width} × ${chart.height} stitches.`,
      );
    x = Math.min(Math.max(0, x + Math.trunc((area.width - area.height) / 2)), chart.width - turned.width);
    y = Math.min(Math.max(0, y + Math.trunc((area.height - area.width) / 2)), chart.height - turned.height);
  }
  const next = placeClipboard(chart, cells, marks, turned, x, y);
  const moved: ChartSelection = {
    x,
    y,
    width: turned.width,
    height: turned.height,
    ...(area.mask && { mask: turnedMask(area.mask, area.width, area.height, turn) }),
  };
  return { ...finishEdit(chart, label, cells, [], next), selection: moved };
}
