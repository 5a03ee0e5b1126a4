import type { CellPoint, ChartTool } from './types';
import { cellAt, clampView, panBy, screenToChart, zoomAt, type Area, type Point, type Size, type View } from './viewport';

/** What the gestures read from and do to the viewer. */
export interface GestureHost {
  view(): View | undefined;
  /** Shows a view the user moved to (already clamped). */
  setView(view: View): void;
  geometry(): { chart: Size; area: Area };
  /** A client position as a point on the canvas (CSS px from its top-left corner). */
  toCanvas(clientX: number, clientY: number): Point;
  tool(): ChartTool | undefined;
  /** Space held down on the viewer: a drag pans even with a tool. */
  spaceHeld(): boolean;
  /** The stitch a mouse points at or a finger tapped (undefined: none). */
  point(cell: CellPoint | undefined): void;
  /** A tap or click on a stitch that did not move the chart. */
  tapped(cell: CellPoint): void;
  /** A drag that moves the chart started or ended (for the cursor). */
  panning(active: boolean): void;
}

/** A touch that moves less than this is a tap. */
const TAP_SLOP_PX = 8;
/** Zoom per wheel pixel: a mouse notch (≈100 px) zooms by about 14 %; a trackpad pinch (ctrl+wheel) is finer-grained and faster. */
const WHEEL_ZOOM = 0.0015;
const PINCH_WHEEL_ZOOM = 0.01;

type Gesture =
  | { kind: 'idle' }
  | { kind: 'pan'; pointerId: number; start: Point; view: View; tap: boolean }
  | { kind: 'tool'; pointerId: number; tool: ChartTool; last: CellPoint; lastAt: CellPoint }
  | { kind: 'pinch'; distance: number; middle: Point; view: View };

/** The shortest time between two tool moves taken from pointerrawupdate events. */
const RAW_MOVE_INTERVAL_MS = 8;

/**
 * Pointer, touch and wheel input turned into view changes and tool calls: drag to pan (with a tool:
 * space+drag, middle drag or two fingers), two-finger pinch and the wheel zoom around the pointer, a
 * tap or a hover names a stitch.
 */
export class PointerGestures {
  private readonly pointers = new Map<number, Point>();
  private gesture: Gesture = { kind: 'idle' };
  /** When a tool was last moved (the event's timestamp). */
  private lastToolMove = 0;

  constructor(private readonly host: GestureHost) {}

  down(event: PointerEvent): void {
    if (event.pointerType === 'mouse' && event.button !== 0 && event.button !== 1) return;
    const view = this.host.view();
    if (!view) return;
    event.preventDefault();
    const target = event.target as Element | null;
    // Keeps the moves coming when the pointer leaves the canvas mid-drag (jsdom, in component tests, has no capture).
    if (typeof target?.setPointerCapture === 'function') target.setPointerCapture(event.pointerId);
    const point = this.host.toCanvas(event.clientX, event.clientY);
    this.pointers.set(event.pointerId, point);

    if (this.pointers.size >= 2) {
      if (this.gesture.kind === 'tool') this.gesture.tool.onCancel?.();
      this.startPinch(view);
      return;
    }
    const tool = this.host.tool();
    const pans = !tool || event.button === 1 || this.host.spaceHeld();
    if (pans) {
      this.gesture = { kind: 'pan', pointerId: event.pointerId, start: point, view, tap: true };
      this.host.panning(true);
    } else {
      const at = screenToChart(view, point);
      const cell = cellOf(at);
      this.gesture = { kind: 'tool', pointerId: event.pointerId, tool, last: cell, lastAt: at };
      tool.onDown(cell, event, at);
    }
  }

  move(event: PointerEvent): void {
    const view = this.host.view();
    if (!view) return;
    const point = this.host.toCanvas(event.clientX, event.clientY);
    if (this.pointers.has(event.pointerId)) this.pointers.set(event.pointerId, point);
    const gesture = this.gesture;
    const { chart, area } = this.host.geometry();
    if (gesture.kind === 'pinch') {
      const [first, second] = [...this.pointers.values()];
      if (!first || !second) return;
      const middle = midpoint(first, second);
      const anchor = screenToChart(gesture.view, gesture.middle);
      const scale = (gesture.view.scale * distance(first, second)) / gesture.distance;
      this.host.setView(clampView({ scale, offsetX: middle.x - anchor.x * scale, offsetY: middle.y - anchor.y * scale }, chart, area));
    } else if (gesture.kind === 'pan' && event.pointerId === gesture.pointerId) {
      const dx = point.x - gesture.start.x;
      const dy = point.y - gesture.start.y;
      if (gesture.tap && Math.hypot(dx, dy) > TAP_SLOP_PX) gesture.tap = false;
      this.host.setView(panBy(gesture.view, dx, dy, chart, area));
    } else if (gesture.kind === 'tool' && event.pointerId === gesture.pointerId) {
      const at = screenToChart(view, point);
      // Still in the same quarter of a stitch: nothing new for a tool (the part a part stitch takes and the
      // lattice point a backstitch snaps to change only at quarter-stitch boundaries).
      if (quarterOf(at.x) === quarterOf(gesture.lastAt.x) && quarterOf(at.y) === quarterOf(gesture.lastAt.y)) return;
      const cell = cellOf(at);
      gesture.last = cell;
      gesture.lastAt = at;
      this.lastToolMove = event.timeStamp;
      gesture.tool.onMove(cell, event, at);
    } else if (gesture.kind === 'idle' && (event.pointerType === 'mouse' || event.pointerType === 'pen')) {
      if (event.pointerType === 'mouse') this.host.point(cellAt(view, point, chart, area));
      this.host.tool()?.onHover?.(screenToChart(view, point));
    }
  }

  /**
   * Chromium's pointerrawupdate, sent as soon as the pointer moves, where pointermove waits for the next
   * frame: a tool's drag follows it, so a stroke reaches the canvas up to a frame sooner. At most one every
   * RAW_MOVE_INTERVAL_MS (a fast mouse reports up to 1,000 a second); the frame's pointermove catches up.
   */
  rawMove(event: PointerEvent): void {
    const gesture = this.gesture;
    if (gesture.kind !== 'tool' || event.pointerId !== gesture.pointerId) return;
    if (event.timeStamp - this.lastToolMove < RAW_MOVE_INTERVAL_MS) return;
    this.move(event);
  }

  up(event: PointerEvent, cancelled = false): void {
    if (!this.pointers.delete(event.pointerId)) return;
    const gesture = this.gesture;
    const view = this.host.view();
    if (gesture.kind === 'tool' && event.pointerId === gesture.pointerId) {
      if (cancelled) gesture.tool.onCancel?.();
      else {
        const at = view ? screenToChart(view, this.host.toCanvas(event.clientX, event.clientY)) : gesture.lastAt;
        gesture.tool.onUp(cellOf(at), event, at);
      }
      this.gesture = { kind: 'idle' };
    } else if (gesture.kind === 'pan' && event.pointerId === gesture.pointerId) {
      if (gesture.tap && !cancelled && view) {
        const { chart, area } = this.host.geometry();
        const cell = cellAt(view, this.host.toCanvas(event.clientX, event.clientY), chart, area);
        // A mouse names the stitch it hovers already; a finger only by tapping.
        if (event.pointerType !== 'mouse') this.host.point(cell);
        if (cell) this.host.tapped(cell);
      }
      this.gesture = { kind: 'idle' };
    } else if (gesture.kind === 'pinch' && view) {
      // One finger left: it goes on moving the chart from where it is.
      const [pointerId, start] = [...this.pointers.entries()][0] ?? [];
      this.gesture = pointerId === undefined || !start ? { kind: 'idle' } : { kind: 'pan', pointerId, start, view, tap: false };
    }
    if (this.gesture.kind !== 'pan') this.host.panning(false);
  }

  /** The mouse left the viewer: nothing is pointed at any more. */
  leave(event: PointerEvent): void {
    if (event.pointerType === 'mouse' && this.gesture.kind === 'idle') this.host.point(undefined);
  }

  wheel(event: WheelEvent): void {
    const view = this.host.view();
    if (!view) return;
    event.preventDefault();
    const { chart, area } = this.host.geometry();
    const unit = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? area.height : 1;
    const dx = event.deltaX * unit;
    const dy = event.deltaY * unit;
    if (!event.ctrlKey && Math.abs(dx) > Math.abs(dy)) {
      this.host.setView(panBy(view, -dx, 0, chart, area));
      return;
    }
    const factor = Math.exp(-dy * (event.ctrlKey ? PINCH_WHEEL_ZOOM : WHEEL_ZOOM));
    this.host.setView(zoomAt(view, view.scale * factor, this.host.toCanvas(event.clientX, event.clientY), chart, area));
  }

  private startPinch(view: View): void {
    const [first, second] = [...this.pointers.values()];
    if (!first || !second) return;
    this.gesture = { kind: 'pinch', distance: Math.max(1, distance(first, second)), middle: midpoint(first, second), view };
    this.host.panning(true);
  }
}

/** The stitch a chart position is in. */
function cellOf(at: CellPoint): CellPoint {
  return { x: Math.floor(at.x), y: Math.floor(at.y) };
}

/** Which quarter-stitch step a coordinate (in stitches) is in. */
const quarterOf = (value: number): number => Math.floor(value * 4);

function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}
