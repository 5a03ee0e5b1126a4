import {
  BACKSTITCH_CASING,
  BACKSTITCH_LINE_STYLES,
  backstitchStyles,
  backstitchWidthFor,
  groupByThread,
  KNOT_RADIUS,
  KNOT_RING,
  knotInRange,
  lineCrossesRange,
  PART_KINDS,
  partInRange,
  partShape,
  partSymbolPlace,
  type Backstitch,
  type FrenchKnot,
  type PartKind,
  type PartStitch,
  type Point,
  type StitchRange,
} from '@stitchwise/core';
import { SYMBOL_FONT_FAMILY, TEXT_PRESENTATION } from './cell-tiles';
import { thinGridWidth, type DevicePlacement } from './draw-grid';
import { cssOf, type MarkPaint } from './thread-colors';
import type { ChartGuide, ChartMode, ViewerThread } from './types';

/**
 * Part stitches, backstitches and French knots on the chart, in device pixels, with the core's mark geometry
 * (mark-geometry.ts, part-shapes.ts: the PNG and the PDF use the same). Only marks whose bounding box meets
 * the visible stitches are drawn, and each thread's shapes go into one path (one fill or stroke per thread,
 * not per mark, threads in legend order), so thousands of marks cost little even on the whole chart.
 */

/** What every mark drawing needs for one frame. */
export interface MarkScene {
  place: DevicePlacement;
  /** The visible stitches. */
  range: StitchRange;
  threads: readonly ViewerThread[];
  /** Per thread (see markPaints). */
  paints: readonly MarkPaint[];
  mode: ChartMode;
  /** Symbols are drawn at this zoom (in print and symbols mode, once stitches are large enough). */
  withSymbols: boolean;
}

/** Each part stitch's outline in its cell (the core's, shared with the PNG and the PDF), computed once. */
const PART_OUTLINES = new Map<PartKind, readonly Point[]>(PART_KINDS.map((kind) => [kind, partShape(kind)]));

/**
 * Backstitch width in device pixels at every zoom: the core's width beside the thin grid line drawn at this
 * screen density (a fifth of a stitch, at least 2.5 thin grid lines), and at least 2 CSS px.
 */
export const backstitchWidth = (place: DevicePlacement): number => Math.max(2 * place.dpr, backstitchWidthFor(place.scale, thinGridWidth(place.dpr)));

/** How far a light thread's casing reaches beyond each side of its line, in device pixels: the core's share of the line's width, at least 1 CSS px. */
export const casingReach = (place: DevicePlacement): number => Math.max(place.dpr, backstitchWidth(place) * BACKSTITCH_CASING);

/** A French knot's diameter in device pixels, to the middle of its ring: the core's KNOT_RADIUS twice, at least 6 CSS px. */
export const knotDiameter = (place: DevicePlacement): number => Math.max(6 * place.dpr, place.scale * 2 * KNOT_RADIUS);

/** Each thread's printed line style among the backstitch threads (the core's, shared with the PDF): an index into BACKSTITCH_LINE_STYLES. */
export const backstitchOrder = (lines: readonly Backstitch[]): number[] =>
  backstitchStyles(
    { backstitches: lines },
    lines.reduce((max, line) => Math.max(max, line.thread + 1), 0),
  );

/** The visible part stitches, filled (or outlined, as printed) in their thread's paint, with their symbol when the zoom shows symbols. */
export function drawParts(context: CanvasRenderingContext2D, parts: readonly PartStitch[], scene: MarkScene): void {
  const { range, place, paints, withSymbols } = scene;
  const visible = parts.filter((part) => paints[part.thread] && partInRange(part, range));
  if (visible.length === 0) return;
  const outlined = scene.mode === 'print' && withSymbols;
  const cell = (part: PartStitch) => {
    const x0 = Math.round(place.originX + part.x * place.scale);
    const y0 = Math.round(place.originY + part.y * place.scale);
    return { x0, y0, size: Math.round(place.originX + (part.x + 1) * place.scale) - x0 };
  };
  for (const [thread, group] of groupByThread(visible)) {
    const paint = paints[thread]!;
    context.beginPath();
    for (const part of group) {
      const { x0, y0, size } = cell(part);
      PART_OUTLINES.get(part.kind)!.forEach(([u, v], i) => {
        if (i === 0) context.moveTo(x0 + u * size, y0 + v * size);
        else context.lineTo(x0 + u * size, y0 + v * size);
      });
      context.closePath();
    }
    if (outlined) {
      // As printed, the cell stays white: a thin outline says which part of it is stitched.
      context.lineWidth = Math.max(1, Math.round(place.dpr));
      context.setLineDash([]);
      context.strokeStyle = cssOf(paint.ink);
      context.stroke();
    } else {
      context.fillStyle = cssOf(paint.fill);
      context.fill();
    }
  }
  if (!withSymbols) return;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  let font = '';
  for (const part of visible) {
    const { x0, y0, size } = cell(part);
    // Where the PDF and the PNG put it too: inside the shape, smaller than a full stitch's symbol.
    const place = partSymbolPlace(part.kind);
    const [x, y] = [x0 + place.x * size, y0 + place.y * size];
    const next = `bold ${Math.max(6, Math.round(size * place.size))}px ${SYMBOL_FONT_FAMILY}`;
    if (next !== font) context.font = font = next;
    context.fillStyle = cssOf(paints[part.thread]!.ink);
    context.fillText((scene.threads[part.thread]?.symbol ?? '') + TEXT_PRESENTATION, x, y);
  }
}

/**
 * The visible backstitches, over the stitches: in the thread's colour (a light thread's over its dark
 * casing), or as printed in black with a line pattern per thread (by `order`, see backstitchOrder), with
 * round ends so joined lines meet cleanly.
 */
export function drawBackstitches(context: CanvasRenderingContext2D, lines: readonly Backstitch[], order: readonly number[], scene: MarkScene): void {
  const { place, paints } = scene;
  const width = backstitchWidth(place);
  const casing = casingReach(place);
  const reach = (width / 2 + casing) / place.scale;
  const visible = lines.filter((line) => paints[line.thread] && lineCrossesRange(line, scene.range, reach));
  if (visible.length === 0) return;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const [thread, group] of groupByThread(visible)) {
    const paint = paints[thread]!;
    context.beginPath();
    for (const line of group) {
      context.moveTo(latticeX(line.x1, place), latticeY(line.y1, place));
      context.lineTo(latticeX(line.x2, place), latticeY(line.y2, place));
    }
    if (paint.casing) {
      // The same path, wider and dark, under the line: all of a thread's casing before its lines, so none covers a join.
      context.lineWidth = width + 2 * casing;
      context.setLineDash([]);
      context.strokeStyle = cssOf(paint.casing);
      context.stroke();
    }
    const dashes = scene.mode === 'print' ? (BACKSTITCH_LINE_STYLES[Math.max(0, order[thread] ?? 0)] ?? []) : [];
    context.lineWidth = width;
    context.setLineDash(dashes.map((dash) => dash * width));
    context.strokeStyle = cssOf(paint.line);
    context.stroke();
  }
  context.setLineDash([]);
  context.lineCap = 'butt';
}

/** The visible French knots: a dot in the thread's colour with a ring of the contrasting colour. */
export function drawKnots(context: CanvasRenderingContext2D, knots: readonly FrenchKnot[], scene: MarkScene): void {
  const { place, paints } = scene;
  const radius = knotDiameter(place) / 2;
  // The ring keeps its share of the radius when the knot is held at its least size.
  const ring = Math.max(1, radius * (KNOT_RING / KNOT_RADIUS));
  const reach = (radius + ring) / place.scale;
  const visible = knots.filter((knot) => paints[knot.thread] && knotInRange(knot, scene.range, reach));
  if (visible.length === 0) return;
  context.setLineDash([]);
  context.lineWidth = ring;
  for (const [thread, group] of groupByThread(visible)) {
    context.beginPath();
    for (const knot of group) {
      const x = latticeX(knot.x, place);
      const y = latticeY(knot.y, place);
      context.moveTo(x + radius, y);
      context.arc(x, y, radius, 0, 2 * Math.PI);
    }
    context.fillStyle = cssOf(paints[thread]!.line);
    context.fill();
    context.strokeStyle = cssOf(paints[thread]!.ring);
    context.stroke();
  }
}

/** The editor's backstitch in progress: a thin dashed line in the thread's paint, and a small circle where it would end. */
export function drawGuide(context: CanvasRenderingContext2D, guide: ChartGuide, scene: MarkScene): void {
  const { place } = scene;
  const paint = scene.paints[guide.thread];
  if (!paint) return;
  const width = Math.max(1, backstitchWidth(place) / 2);
  const x1 = latticeX(guide.x1, place);
  const y1 = latticeY(guide.y1, place);
  const x2 = latticeX(guide.x2, place);
  const y2 = latticeY(guide.y2, place);
  context.strokeStyle = cssOf(paint.line);
  context.lineWidth = width;
  context.lineCap = 'round';
  context.setLineDash([3 * width, 3 * width]);
  context.beginPath();
  context.moveTo(x1, y1);
  context.lineTo(x2, y2);
  context.stroke();
  context.setLineDash([]);
  context.beginPath();
  context.arc(x2, y2, Math.max(3 * place.dpr, place.scale * 0.12), 0, 2 * Math.PI);
  context.stroke();
  context.lineCap = 'butt';
}

/** A point of the half-stitch lattice in device pixels, rounded like the stitch boundaries so lines sit on the grid. */
const latticeX = (x: number, place: DevicePlacement) => Math.round(place.originX + (x / 2) * place.scale);
const latticeY = (y: number, place: DevicePlacement) => Math.round(place.originY + (y / 2) * place.scale);
