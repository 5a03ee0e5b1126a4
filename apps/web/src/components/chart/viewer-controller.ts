import { ChartRenderer } from './chart-renderer';
import { FrameScheduler } from './frame-scheduler';
import { PointerGestures, type GestureHost } from './pointer-gestures';
import { leftRulerWidth, TOP_RULER_PX } from './rulers';
import type { CellPoint, ChartTool, ChartViewState } from './types';
import { drawnInputsDiffer, type ViewerInputs } from './viewer-inputs';
import {
  blockView,
  clampView,
  fitScale,
  fitView,
  panBy,
  viewAround,
  viewCenter,
  zoomAt,
  zoomStep,
  type Area,
  type Point,
  type Size,
  type View,
} from './viewport';

export interface ViewerCallbacks {
  onViewChange?(view: ChartViewState): void;
  /** The stitch pointed at (hover or tap) changed. */
  onPoint(cell: CellPoint | undefined): void;
  /** A tap or click on a stitch that did not move the chart (with no tool set). */
  onTap?(cell: CellPoint): void;
}

/** Share of the chart area an arrow key moves the chart by. */
const ARROW_PAN_SHARE = 0.125;

/**
 * The viewer's state and behaviour outside React: the view, the canvas size, input, and drawing only after a
 * change (when: `FrameScheduler`).
 */
export class ViewerController implements GestureHost {
  private readonly renderer: ChartRenderer;
  private readonly gestures = new PointerGestures(this);
  private readonly frames = new FrameScheduler(() => this.draw());
  private inputs: ViewerInputs;
  private current: View | undefined;
  /** Until the user moves the chart, a resize shows the whole chart again. */
  private fitted = true;
  private size: Size = { width: 0, height: 0 };
  private hovered: CellPoint | undefined;
  private space = false;
  private dragging = false;
  private reported: View | undefined;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    inputs: ViewerInputs,
    private readonly callbacks: ViewerCallbacks,
  ) {
    this.renderer = new ChartRenderer(canvas);
    this.inputs = inputs;
    this.updateCursor();
  }

  /** Takes new inputs, redrawing only if something drawn changed; a chart of another size starts again from the whole chart. */
  update(inputs: ViewerInputs): void {
    const before = this.inputs;
    this.inputs = inputs;
    if (before.chart.width !== inputs.chart.width || before.chart.height !== inputs.chart.height) {
      this.current = undefined;
      this.fitted = true;
      this.point(undefined);
    }
    this.updateCursor();
    // An edit of the chart (or a stitch marked done) is drawn at once, inside the input event that made it: the
    // canvas holds the change before the browser's next frame, instead of waiting up to a frame for an
    // animation-frame callback (but at most once a frame: a second edit before it is drawn with the frame).
    if ((before.chart !== inputs.chart || before.done?.bits !== inputs.done?.bits) && this.current) {
      this.frames.now();
      return;
    }
    if (drawnInputsDiffer(before, inputs)) this.invalidate();
  }

  /** The canvas's size on screen changed (or was first measured). */
  measure(): void {
    const rect = this.canvas.getBoundingClientRect();
    if (rect.width === this.size.width && rect.height === this.size.height) return;
    const before = this.current ? { view: this.current, area: this.area() } : undefined;
    this.size = { width: rect.width, height: rect.height };
    if (before) {
      const { chart, area } = this.geometry();
      this.current = this.fitted ? fitView(chart, area) : viewAround(viewCenter(before.view, before.area), before.view.scale, chart, area);
    }
    this.invalidate();
  }

  /** Redraws on the next animation frame (once, however often it is asked). */
  invalidate(): void {
    this.frames.request();
  }

  destroy(): void {
    this.frames.stop();
  }

  /** Native listeners on the canvas (the wheel's must not be passive, to keep the page from scrolling); returns their removal. */
  attach(): () => void {
    const canvas = this.canvas;
    const down = (event: PointerEvent) => {
      // Keys (space, arrows, + −) work after a click; the drag's preventDefault stops the browser focusing it. No focus ring for a pointer.
      canvas.parentElement?.focus({ preventScroll: true, focusVisible: false });
      this.gestures.down(event);
    };
    const move = (event: PointerEvent) => this.gestures.move(event);
    const rawMove = (event: Event) => this.gestures.rawMove(event as PointerEvent);
    const up = (event: PointerEvent) => this.gestures.up(event);
    const cancel = (event: PointerEvent) => this.gestures.up(event, true);
    const leave = (event: PointerEvent) => this.gestures.leave(event);
    const wheel = (event: WheelEvent) => this.gestures.wheel(event);
    // A middle click would start the browser's autoscroll.
    const middle = (event: MouseEvent) => {
      if (event.button === 1) event.preventDefault();
    };
    canvas.addEventListener('pointerdown', down);
    canvas.addEventListener('pointermove', move);
    canvas.addEventListener('pointerrawupdate', rawMove);
    canvas.addEventListener('pointerup', up);
    canvas.addEventListener('pointercancel', cancel);
    canvas.addEventListener('pointerleave', leave);
    canvas.addEventListener('wheel', wheel, { passive: false });
    canvas.addEventListener('mousedown', middle);
    return () => {
      canvas.removeEventListener('pointerdown', down);
      canvas.removeEventListener('pointermove', move);
      canvas.removeEventListener('pointerrawupdate', rawMove);
      canvas.removeEventListener('pointerup', up);
      canvas.removeEventListener('pointercancel', cancel);
      canvas.removeEventListener('pointerleave', leave);
      canvas.removeEventListener('wheel', wheel);
      canvas.removeEventListener('mousedown', middle);
    };
  }

  // The toolbar's and keyboard's zoom, around the middle of the chart area.
  zoomIn(): void {
    this.zoomBy(1);
  }

  zoomOut(): void {
    this.zoomBy(-1);
  }

  fit(): void {
    const { chart, area } = this.geometry();
    this.current = fitView(chart, area);
    this.fitted = true;
    this.invalidate();
  }

  /** Shows a block of stitches as large as the area allows (a printed page's part of the chart). */
  showBlock(block: { x: number; y: number; width: number; height: number }): void {
    const { chart, area } = this.geometry();
    if (area.width <= 0 || area.height <= 0) return;
    this.setView(blockView(block, chart, area), false);
  }

  zoomTo(scale: number): void {
    const view = this.view();
    if (!view) return;
    const { chart, area } = this.geometry();
    this.setView(zoomAt(view, scale, { x: area.left + area.width / 2, y: area.top + area.height / 2 }, chart, area), false);
  }

  viewState(): ChartViewState | undefined {
    const view = this.view();
    return view ? describe(view, this.area()) : undefined;
  }

  /** A key pressed on the viewer; true when it was the viewer's (the caller then stops the browser's default). */
  keyDown(key: string, modifiers: { ctrl: boolean; alt: boolean }): boolean {
    if (modifiers.ctrl || modifiers.alt) return false;
    const view = this.view();
    if (!view) return false;
    const { chart, area } = this.geometry();
    const stepX = area.width * ARROW_PAN_SHARE;
    const stepY = area.height * ARROW_PAN_SHARE;
    const pans: Record<string, Point> = {
      ArrowLeft: { x: stepX, y: 0 },
      ArrowRight: { x: -stepX, y: 0 },
      ArrowUp: { x: 0, y: stepY },
      ArrowDown: { x: 0, y: -stepY },
    };
    const pan = pans[key];
    if (pan) this.setView(panBy(view, pan.x, pan.y, chart, area));
    else if (key === '+' || key === '=') this.zoomIn();
    else if (key === '-' || key === '_') this.zoomOut();
    else if (key === '0') this.fit();
    else if (key === ' ') {
      this.space = true;
      this.updateCursor();
    } else return false;
    return true;
  }

  keyUp(key: string): void {
    if (key === ' ') this.releaseSpace();
  }

  releaseSpace(): void {
    this.space = false;
    this.updateCursor();
  }

  // GestureHost
  view(): View | undefined {
    if (!this.current && this.size.width > 0 && this.size.height > 0) this.current = this.startView();
    return this.current;
  }

  /** A view the user moved to; `continuous` for drags, pinches, wheel steps and arrow keys (not a button's single step). */
  setView(view: View, continuous = true): void {
    this.current = view;
    this.fitted = false;
    if (continuous) this.frames.moved();
    this.invalidate();
  }

  geometry(): { chart: Size; area: Area } {
    return { chart: this.inputs.chart, area: this.area() };
  }

  toCanvas(clientX: number, clientY: number): Point {
    const rect = this.canvas.getBoundingClientRect();
    return { x: clientX - rect.left, y: clientY - rect.top };
  }

  tool(): ChartTool | undefined {
    return this.inputs.tool;
  }

  spaceHeld(): boolean {
    return this.space;
  }

  point(cell: CellPoint | undefined): void {
    if (cell?.x === this.hovered?.x && cell?.y === this.hovered?.y) return;
    this.hovered = cell;
    this.callbacks.onPoint(cell);
    this.invalidate();
  }

  tapped(cell: CellPoint): void {
    this.callbacks.onTap?.(cell);
  }

  panning(active: boolean): void {
    this.dragging = active;
    this.updateCursor();
  }

  private zoomBy(direction: 1 | -1): void {
    const view = this.view();
    if (!view) return;
    const { chart, area } = this.geometry();
    this.zoomTo(zoomStep(view.scale, direction, fitScale(chart, area)));
  }

  private area(): Area {
    const left = Math.min(leftRulerWidth(this.inputs.chart.height), this.size.width);
    const top = Math.min(TOP_RULER_PX, this.size.height);
    return { left, top, width: Math.max(0, this.size.width - left), height: Math.max(0, this.size.height - top) };
  }

  private startView(): View {
    const { chart, area } = this.geometry();
    const initial = this.inputs.initialView;
    if (!initial) return fitView(chart, area);
    this.fitted = false;
    return viewAround({ x: initial.centerX, y: initial.centerY }, initial.scale ?? fitScale(chart, area), chart, area);
  }

  private updateCursor(): void {
    const tool = this.inputs.tool;
    this.canvas.style.cursor = this.dragging ? 'grabbing' : tool && !this.space ? (tool.cursor ?? 'crosshair') : 'grab';
  }

  private draw(): void {
    const view = this.view();
    if (!view) return;
    const area = this.area();
    const { chart, revision, mode, layers, highlight, selection, guide, overlay, done, crosshair } = this.inputs;
    // A new chart, a resize or a call from outside may have left a view the chart no longer allows.
    const clamped = clampView(view, chart, area);
    this.current = clamped;
    this.renderer.draw({
      chart,
      revision,
      mode,
      layers,
      highlight,
      selection,
      hover: this.hovered,
      guide,
      overlay,
      done,
      crosshair,
      view: clamped,
      area,
      width: this.size.width,
      height: this.size.height,
      // On high-density screens a moving chart is drawn at a quarter of the pixels (a draft, sharpened
      // once it settles): the browser's canvas work grows with the pixels, and motion hides the softness.
      dpr: this.frames.isMoving() ? Math.min(1, window.devicePixelRatio || 1) : window.devicePixelRatio || 1,
    });
    const last = this.reported;
    if (!last || last.scale !== clamped.scale || last.offsetX !== clamped.offsetX || last.offsetY !== clamped.offsetY) {
      this.reported = clamped;
      this.callbacks.onViewChange?.(describe(clamped, area));
    }
  }
}

function describe(view: View, area: Area): ChartViewState {
  const center = viewCenter(view, area);
  return { scale: view.scale, offsetX: view.offsetX, offsetY: view.offsetY, centerX: center.x, centerY: center.y };
}
