import { selectionOutline } from '@stitchwise/core';
import { boundaries } from './compose';
import type { ChartMode, ChartSelection, CellPoint } from './types';
import type { CellRange } from './viewport';

/** CSS px per stitch from which a line is drawn between every two stitches. */
export const GRID_MIN_SCALE = 4;

/** The thin grid line's width in device pixels: three quarters of a CSS pixel, at least one device pixel. */
export const thinGridWidth = (dpr: number): number => Math.max(1, Math.round(dpr * 0.75));

/** The chart's placement on the canvas for one frame, in device pixels. */
export interface DevicePlacement {
  /** The chart's top-left corner. */
  originX: number;
  originY: number;
  /** Device pixels per stitch. */
  scale: number;
  /** Device pixels per CSS pixel. */
  dpr: number;
  /** The chart area (the rulers are outside it). */
  clip: { left: number; top: number; right: number; bottom: number };
}

/**
 * Thin lines between stitches (when they are at least GRID_MIN_SCALE CSS px), heavy lines every 10
 * stitches and around the chart, at the same rounded positions as the cells.
 */
export function drawGrid(
  context: CanvasRenderingContext2D,
  range: CellRange,
  chart: { width: number; height: number },
  place: DevicePlacement,
  mode: ChartMode,
): void {
  if (range.x0 === range.x1 || range.y0 === range.y1) return;
  const columns = boundaries(range.x0, range.x1, place.originX, place.scale);
  const rows = boundaries(range.y0, range.y1, place.originY, place.scale);
  const left = Math.max(place.clip.left, columns[0]!);
  const right = Math.min(place.clip.right, columns[columns.length - 1]!);
  const top = Math.max(place.clip.top, rows[0]!);
  const bottom = Math.min(place.clip.bottom, rows[rows.length - 1]!);
  const cssScale = place.scale / place.dpr;
  const thin = thinGridWidth(place.dpr);
  const heavy = Math.max(thin + 1, Math.round(place.dpr * 2));

  const lines = (width: number, keep: (boundary: number) => boolean) => {
    for (let i = 0; i < columns.length; i++) {
      const boundary = range.x0 + i;
      if (keep(boundary)) context.fillRect(columns[i]! - Math.floor(width / 2), top, width, bottom - top);
    }
    for (let i = 0; i < rows.length; i++) {
      const boundary = range.y0 + i;
      if (keep(boundary)) context.fillRect(left, rows[i]! - Math.floor(width / 2), right - left, width);
    }
  };
  if (cssScale >= GRID_MIN_SCALE) {
    context.fillStyle = mode === 'print' ? 'rgb(0 0 0 / 0.35)' : 'rgb(0 0 0 / 0.22)';
    lines(thin, (boundary) => boundary % 10 !== 0);
  }
  // Heavy lines every 10 once they are far enough apart to help counting; the chart's edges always.
  const tens = cssScale * 10 >= 6;
  context.fillStyle = mode === 'print' ? 'rgb(0 0 0 / 0.9)' : 'rgb(0 0 0 / 0.6)';
  lines(heavy, (boundary) => (tens && boundary % 10 === 0) || boundary === 0);
  // The far edges are boundaries `width` and `height`, different per axis.
  const lastColumn = columns.length - 1;
  if (range.x1 === chart.width) context.fillRect(columns[lastColumn]! - Math.floor(heavy / 2), top, heavy, bottom - top);
  const lastRow = rows.length - 1;
  if (range.y1 === chart.height) context.fillRect(left, rows[lastRow]! - Math.floor(heavy / 2), right - left, heavy);
}

/**
 * A dashed line around the selected stitches: the rectangle's edge, or a shaped selection's outline, of which only
 * the pieces meeting the stitches in view (`range`) are drawn (a wand's selection of a photo's thread may have over
 * 100,000, and the frame is drawn again at each move of the pointer).
 */
export function drawSelection(context: CanvasRenderingContext2D, selection: ChartSelection, place: DevicePlacement, range?: CellRange): void {
  const px = (x: number) => Math.round(place.originX + x * place.scale) + 0.5;
  const py = (y: number) => Math.round(place.originY + y * place.scale) + 0.5;
  context.beginPath();
  if (selection.mask) {
    for (const edge of outlineOf(selection)) {
      // Each piece runs left to right or top to bottom.
      if (range && (edge.x2 < range.x0 || edge.x1 > range.x1 || edge.y2 < range.y0 || edge.y1 > range.y1)) continue;
      context.moveTo(px(edge.x1), py(edge.y1));
      context.lineTo(px(edge.x2), py(edge.y2));
    }
  } else {
    const x0 = px(selection.x);
    const y0 = py(selection.y);
    context.rect(x0, y0, px(selection.x + selection.width) - x0, py(selection.y + selection.height) - y0);
  }
  const dash = 5 * place.dpr;
  context.lineWidth = Math.max(1, Math.round(place.dpr * 1.5));
  context.setLineDash([dash, dash]);
  context.strokeStyle = '#ffffff';
  context.stroke();
  context.lineDashOffset = dash;
  context.strokeStyle = '#6d28d9';
  context.stroke();
  context.setLineDash([]);
  context.lineDashOffset = 0;
}

// A shaped selection's outline is worked out once, not every frame: the same selection is drawn again and again while panning.
const outlines = new WeakMap<ChartSelection, ReturnType<typeof selectionOutline>>();
function outlineOf(selection: ChartSelection): ReturnType<typeof selectionOutline> {
  let outline = outlines.get(selection);
  if (!outline) outlines.set(selection, (outline = selectionOutline(selection)));
  return outline;
}

/** An outline around the stitch under the pointer, when stitches are large enough to tell apart. */
export function drawHoverCell(context: CanvasRenderingContext2D, cell: CellPoint, place: DevicePlacement): void {
  const x0 = Math.round(place.originX + cell.x * place.scale);
  const y0 = Math.round(place.originY + cell.y * place.scale);
  const size = Math.round(place.originX + (cell.x + 1) * place.scale) - x0;
  const width = Math.max(1, Math.round(place.dpr * 1.5));
  context.lineWidth = width;
  context.strokeStyle = '#7c3aed';
  context.strokeRect(x0 + width / 2, y0 + width / 2, size - width, size - width);
}

/**
 * The row and the column of a tapped stitch, as translucent bands across the chart with the stitch
 * outlined where they cross: a stitcher counting along a row or down a column keeps their place.
 */
export function drawCrosshair(context: CanvasRenderingContext2D, cell: CellPoint, place: DevicePlacement): void {
  const { clip } = place;
  const x0 = Math.round(place.originX + cell.x * place.scale);
  const x1 = Math.round(place.originX + (cell.x + 1) * place.scale);
  const y0 = Math.round(place.originY + cell.y * place.scale);
  const y1 = Math.round(place.originY + (cell.y + 1) * place.scale);
  context.fillStyle = CROSSHAIR_BAND;
  context.fillRect(clip.left, y0, clip.right - clip.left, y1 - y0);
  context.fillRect(x0, clip.top, x1 - x0, y0 - clip.top);
  context.fillRect(x0, y1, x1 - x0, clip.bottom - y1);
  const width = Math.max(2, Math.round(place.dpr * 2));
  context.lineWidth = width;
  context.strokeStyle = '#6d28d9';
  context.strokeRect(x0 - width / 2, y0 - width / 2, x1 - x0 + width, y1 - y0 + width);
}

/** Violet, light enough that symbols under the bands stay readable. */
export const CROSSHAIR_BAND = 'rgb(124 58 237 / 0.22)';
