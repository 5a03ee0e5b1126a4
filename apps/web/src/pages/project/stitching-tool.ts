import { cellHasThread, cellsOnLine, sameThreadRegion, type CellThreads } from '@stitchwise/core';
import type { CellPoint, ChartTool } from '../../components/chart/types';

/** One mark action, for undo: the stitches it changed, and whether it marked them done or not done. */
export interface MarkAction {
  cells: number[];
  done: boolean;
}

/** What the marking tool reads when it acts (read afresh each time: the tool lives through a whole drag). */
export interface MarkContext {
  cells: CellThreads;
  /** With a thread filter, only that thread's stitches are marked. */
  filter: number | undefined;
  /** A tap marks the whole same-thread region under it. */
  region: boolean;
  isDone(cell: number): boolean;
  /** Marks stitches done or not done; returns those that changed. */
  mark(cells: readonly number[], done: boolean): number[];
  /** A finished action, to undo. */
  onAction(action: MarkAction): void;
  /** A stitch was tapped (marked or not): its row and column are shown. */
  onTap(cell: CellPoint): void;
}

/** A finger or pen that moves less than this (CSS px) is a tap, not a drag: a shaky tap toggles one stitch. */
const TAP_SLOP_PX = 10;

/** Whether a stitch can be marked under the filter: stitched (full or part), and in the filtered thread if any. */
export function markable(context: Pick<MarkContext, 'cells' | 'filter'>, cell: number): boolean {
  const thread = context.cells.thread[cell];
  if (thread === undefined || thread === -1) return false;
  return context.filter === undefined || cellHasThread(context.cells, cell, context.filter);
}

/**
 * The viewer tool of Mark mode: a tap toggles the stitch under it done / not done (with `region`, its whole
 * same-thread region, to the opposite of the tapped stitch); a drag marks every stitch it crosses done. A
 * second finger (a pinch) takes back what the stroke marked, so zooming never leaves marks behind.
 */
export function markTool(read: () => MarkContext): ChartTool {
  let stroke: { start: CellPoint; from: { x: number; y: number }; last: CellPoint | undefined; changed: number[] } | undefined;

  const inChart = ({ x, y }: CellPoint, cells: CellThreads) => x >= 0 && y >= 0 && x < cells.width && y < cells.height;

  const dragTo = (cell: CellPoint) => {
    if (!stroke) return;
    const context = read();
    const { width, height } = context.cells;
    const line = cellsOnLine(width, height, stroke.last ?? stroke.start, cell).filter((at) => markable(context, at));
    stroke.changed.push(...context.mark(line, true));
    stroke.last = cell;
  };

  const tap = (cell: CellPoint) => {
    const context = read();
    if (!inChart(cell, context.cells)) return;
    context.onTap(cell);
    const at = cell.y * context.cells.width + cell.x;
    if (!markable(context, at)) return;
    const done = !context.isDone(at);
    const cells = context.region ? sameThreadRegion(context.cells, cell.x, cell.y, context.filter) : [at];
    const changed = context.mark(cells, done);
    if (changed.length > 0) context.onAction({ cells: changed, done });
  };

  return {
    cursor: 'cell',
    onDown(cell, event) {
      stroke = { start: cell, from: { x: event.clientX, y: event.clientY }, last: undefined, changed: [] };
    },
    onMove(cell, event) {
      if (!stroke) return;
      if (!stroke.last && Math.hypot(event.clientX - stroke.from.x, event.clientY - stroke.from.y) < TAP_SLOP_PX) return;
      dragTo(cell);
    },
    onUp(cell) {
      const finished = stroke;
      stroke = undefined;
      if (!finished) return;
      if (!finished.last) tap(finished.start);
      else {
        // The stroke as far as the finger went, then the action, if it marked anything.
        stroke = finished;
        dragTo(cell);
        stroke = undefined;
        if (finished.changed.length > 0) read().onAction({ cells: finished.changed, done: true });
      }
    },
    onCancel() {
      const cancelled = stroke;
      stroke = undefined;
      if (cancelled && cancelled.changed.length > 0) read().mark(cancelled.changed, false);
    },
  };
}
