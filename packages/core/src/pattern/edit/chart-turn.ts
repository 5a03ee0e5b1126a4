/** Turning and mirroring the whole chart, each one step of undo. */
import { type EditableChart } from './chart.js';
import { copyArea } from './clipboard.js';
import { applyEdit, diffCells, diffMarks, finishEdit, relaid, resizeTo, type Edit, type EditResult } from './edit.js';
import { requireQuarterTurns, turnSelection } from './selection.js';
import { turnedClipboard } from './turn.js';

/** Mirrors the whole chart: 'horizontal' swaps left and right, 'vertical' top and bottom. */
export function flipChart(chart: EditableChart, direction: 'horizontal' | 'vertical'): EditResult {
  const whole = { x: 0, y: 0, width: chart.width, height: chart.height };
  const { selection: _, ...result } = turnSelection(
    chart,
    whole,
    { flip: direction },
    `Flip chart ${direction === 'horizontal' ? 'horizontally' : 'vertically'}`,
  );
  return result;
}

const LABELS = { 1: 'Rotate chart 90° clockwise', 2: 'Rotate chart 180°', 3: 'Rotate chart 90° anticlockwise' } as const;

/**
 * Turns the whole chart clockwise by quarter turns, with every kind of stitch. A quarter turn makes a W × H chart
 * H × W: one edit that resizes the chart, so that undo and redo give each chart back exactly.
 */
export function rotateChart(chart: EditableChart, quarterTurns: 1 | 2 | 3): EditResult {
  requireQuarterTurns(quarterTurns);
  const label = LABELS[quarterTurns];
  const turned = turnedClipboard(copyArea(chart, { x: 0, y: 0, width: chart.width, height: chart.height }), { quarterTurns });
  const marks = turned.marks!;
  const resize = resizeTo(chart, turned);
  if (!resize) return finishEdit(chart, label, turned.cells, [], marks);
  // The edit's cells index a grid as large as the larger size each way: a square, max(W, H) a side.
  const side = Math.max(chart.width, chart.height);
  const span = { width: side, height: side };
  const edit: Edit = { label, resize, cells: diffCells(relaid(chart.cells, chart, span), relaid(turned.cells, turned, span)) };
  const change = diffMarks(chart.marks, marks);
  if (change) edit.marks = [change];
  return applyEdit(chart, edit);
}
