import type { ChartMarks, ThreadBrand } from '@stitchwise/core';

/** One thread of a chart, as the viewer needs it (a legend entry or an editor's thread both fit). */
export interface ViewerThread {
  hex: string;
  symbol: string;
  brand: ThreadBrand;
  code: string;
  name: string;
  /** A thread taken out of the palette while editing; the viewer leaves it out of the info line. */
  removed?: boolean;
}

/** The chart the viewer draws: one thread index per cell, row by row, −1 where there is no full stitch. */
export interface ViewerChart {
  width: number;
  height: number;
  cells: Int16Array;
  threads: readonly ViewerThread[];
  /** Part stitches, backstitches and French knots, by thread index (none when unset). */
  marks?: ChartMarks;
}

/** The layers the viewer can show or hide. */
export interface ChartLayers {
  full: boolean;
  part: boolean;
  backstitch: boolean;
  knots: boolean;
}

export const ALL_LAYERS: ChartLayers = { full: true, part: true, backstitch: true, knots: true };

/**
 * A line the editor shows while a backstitch is being drawn: from the last point clicked to the lattice
 * point nearest the pointer (half-stitch lattice units, as in the core's Backstitch), in a thread's colour.
 */
export interface ChartGuide {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  thread: number;
}

/** How stitches marked done look: faded, or in full colour with a tick while the rest are pale ('filled'). */
export type DoneStyle = 'dimmed' | 'filled';

/**
 * Stitches marked done while stitching: one bit per cell, row by row (the core's progress bitset). Give a new
 * `bits` array for every change: the viewer draws a new one at once, as it does an edited chart.
 */
export interface ChartDone {
  bits: Uint8Array;
  style: DoneStyle;
}

/** Colour blocks; symbols on colour; black-and-white symbols as printed. */
export type ChartMode = 'color' | 'symbols' | 'print';

/** A stitch position, 0-based (column x, row y). Tools may get positions outside the chart while dragging past its edge. */
export interface CellPoint {
  x: number;
  y: number;
}

/**
 * What the editor plugs in: while set, a primary-button or one-finger drag goes to the tool, and
 * panning is space+drag, a middle-button drag or two fingers.
 */
export interface ChartTool {
  /** `cell` is the stitch under the pointer; `at` the exact chart position, in stitches (x 2.5: the middle of the third column). */
  onDown(cell: CellPoint, event: PointerEvent, at: CellPoint): void;
  onMove(cell: CellPoint, event: PointerEvent, at: CellPoint): void;
  onUp(cell: CellPoint, event: PointerEvent, at: CellPoint): void;
  /** The pointer moved over the chart with no button down (a mouse or pen hovering): for a line that follows it. */
  onHover?(at: CellPoint): void;
  /** A second finger turned the stroke into a pinch: the tool should drop what it started. */
  onCancel?(): void;
  /** CSS cursor over the chart while the tool is set (default: crosshair). */
  cursor?: string;
}

/**
 * Selected stitches, drawn dashed around their outline: a rectangle and, for a selection of another shape (the
 * magic wand's, the lasso's), which of its cells are selected (row by row, 1 = selected) — as the core's.
 */
export interface ChartSelection {
  x: number;
  y: number;
  width: number;
  height: number;
  mask?: Uint8Array;
}

/**
 * What the editor draws over the chart besides a selection: mirror axes (in half stitches, as the core's
 * MirrorAxes: a vertical axis at x = vertical / 2 stitches) and a free-hand path being drawn (the lasso's, in stitches).
 */
export interface ChartOverlay {
  axes?: { vertical?: number; horizontal?: number };
  path?: readonly CellPoint[];
}

/**
 * Where the viewer looks: `scale` CSS pixels per stitch, `offsetX`/`offsetY` the CSS position of the
 * chart's top-left corner on the canvas, and `centerX`/`centerY` the stitch coordinates at the middle of
 * the chart area (what to store to come back to the same place on another screen size).
 */
export interface ChartViewState {
  scale: number;
  offsetX: number;
  offsetY: number;
  centerX: number;
  centerY: number;
}

/** A view to start from: the stitch coordinates to centre, and the zoom (default: the whole chart). */
export interface InitialChartView {
  centerX: number;
  centerY: number;
  scale?: number;
}
