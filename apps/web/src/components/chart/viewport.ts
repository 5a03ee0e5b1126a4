/**
 * The viewer's geometry, pure: where the chart sits on the canvas at a zoom, and which stitches that
 * shows. Screen positions are CSS pixels from the canvas's top-left corner; stitch positions are in
 * stitches from the chart's top-left corner (fractions inside a stitch).
 */
import type { StitchRange } from '@stitchwise/core';

/** CSS pixels per stitch at the closest zoom. */
export const MAX_SCALE = 64;

/** The zoom levels the +/− buttons and keys step through (CSS px per stitch). */
export const ZOOM_STEPS: readonly number[] = [0.5, 0.75, 1, 1.5, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64];

export interface Size {
  width: number;
  height: number;
}

/** The part of the canvas the chart is drawn in (the rulers take the rest). */
export interface Area {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** `scale` CSS px per stitch; `offsetX`/`offsetY` the screen position of the chart's top-left corner. */
export interface View {
  scale: number;
  offsetX: number;
  offsetY: number;
}

export interface Point {
  x: number;
  y: number;
}

/** Visible stitches: the core's range of columns x0 ≤ x < x1 and rows y0 ≤ y < y1. */
export type CellRange = StitchRange;

/** The zoom that shows the whole chart in the area (never closer than MAX_SCALE). */
export function fitScale(chart: Size, area: Area): number {
  if (area.width <= 0 || area.height <= 0) return 1;
  return Math.min(MAX_SCALE, area.width / chart.width, area.height / chart.height);
}

/** The whole chart, centred. */
export function fitView(chart: Size, area: Area): View {
  return clampView({ scale: fitScale(chart, area), offsetX: 0, offsetY: 0 }, chart, area);
}

/** A block of stitches filling the area, centred (never closer than MAX_SCALE, never further than the whole chart). */
export function blockView(block: { x: number; y: number; width: number; height: number }, chart: Size, area: Area): View {
  const scale = Math.max(fitScale(chart, area), Math.min(MAX_SCALE, area.width / block.width, area.height / block.height));
  return viewAround({ x: block.x + block.width / 2, y: block.y + block.height / 2 }, scale, chart, area);
}

/**
 * Keeps the zoom between the whole chart and MAX_SCALE, and the chart on screen: along an axis where
 * it is smaller than the area it is centred, where larger its edges may not come inside the area.
 */
export function clampView(view: View, chart: Size, area: Area): View {
  const scale = Math.min(MAX_SCALE, Math.max(fitScale(chart, area), view.scale));
  const axis = (offset: number, start: number, length: number, cells: number): number => {
    const content = cells * scale;
    if (content <= length) return start + (length - content) / 2;
    return Math.min(start, Math.max(start + length - content, offset));
  };
  return {
    scale,
    offsetX: axis(view.offsetX, area.left, area.width, chart.width),
    offsetY: axis(view.offsetY, area.top, area.height, chart.height),
  };
}

/** Zooms to `scale` keeping the stitch under `point` where it is (then clamps). */
export function zoomAt(view: View, scale: number, point: Point, chart: Size, area: Area): View {
  const at = screenToChart(view, point);
  const target = Math.min(MAX_SCALE, Math.max(fitScale(chart, area), scale));
  return clampView({ scale: target, offsetX: point.x - at.x * target, offsetY: point.y - at.y * target }, chart, area);
}

/** Moves the chart by a screen distance (then clamps). */
export function panBy(view: View, dx: number, dy: number, chart: Size, area: Area): View {
  return clampView({ scale: view.scale, offsetX: view.offsetX + dx, offsetY: view.offsetY + dy }, chart, area);
}

/** The view at `scale` with the stitch position `center` in the middle of the area (then clamped). */
export function viewAround(center: Point, scale: number, chart: Size, area: Area): View {
  const middle = areaCenter(area);
  return clampView({ scale, offsetX: middle.x - center.x * scale, offsetY: middle.y - center.y * scale }, chart, area);
}

/** The stitch position (fractional) shown at the middle of the area. */
export function viewCenter(view: View, area: Area): Point {
  return screenToChart(view, areaCenter(area));
}

/** The stitch position (fractional) under a screen point. */
export function screenToChart(view: View, point: Point): Point {
  return { x: (point.x - view.offsetX) / view.scale, y: (point.y - view.offsetY) / view.scale };
}

/** The whole stitch under a screen point, which may lie outside the chart. */
export function screenToCell(view: View, point: Point): Point {
  const at = screenToChart(view, point);
  return { x: Math.floor(at.x), y: Math.floor(at.y) };
}

/** The screen position of a stitch's top-left corner. */
export function cellToScreen(view: View, cell: Point): Point {
  return { x: view.offsetX + cell.x * view.scale, y: view.offsetY + cell.y * view.scale };
}

/** The stitch under a screen point when the point is in the chart area and on the chart, else undefined. */
export function cellAt(view: View, point: Point, chart: Size, area: Area): Point | undefined {
  if (point.x < area.left || point.y < area.top || point.x >= area.left + area.width || point.y >= area.top + area.height) return undefined;
  const cell = screenToCell(view, point);
  return cell.x >= 0 && cell.y >= 0 && cell.x < chart.width && cell.y < chart.height ? cell : undefined;
}

/** The stitches at least partly inside the area. */
export function visibleCells(view: View, chart: Size, area: Area): CellRange {
  const x0 = Math.max(0, Math.floor((area.left - view.offsetX) / view.scale));
  const y0 = Math.max(0, Math.floor((area.top - view.offsetY) / view.scale));
  const x1 = Math.min(chart.width, Math.ceil((area.left + area.width - view.offsetX) / view.scale));
  const y1 = Math.min(chart.height, Math.ceil((area.top + area.height - view.offsetY) / view.scale));
  return { x0, y0, x1: Math.max(x0, x1), y1: Math.max(y0, y1) };
}

/**
 * The next zoom level of ZOOM_STEPS in a direction (+1 closer, −1 farther), never farther than `fit`
 * (the whole chart) nor closer than MAX_SCALE; zooming out from the first level above `fit` lands on `fit`.
 */
export function zoomStep(scale: number, direction: 1 | -1, fit: number): number {
  const tolerance = 1.001;
  const floor = Math.min(fit, MAX_SCALE);
  if (direction > 0) return Math.min(MAX_SCALE, ZOOM_STEPS.find((step) => step > scale * tolerance) ?? MAX_SCALE);
  const lower = [...ZOOM_STEPS].reverse().find((step) => step < scale / tolerance);
  return Math.max(floor, lower ?? floor);
}

function areaCenter(area: Area): Point {
  return { x: area.left + area.width / 2, y: area.top + area.height / 2 };
}
