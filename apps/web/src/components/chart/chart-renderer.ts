import { BlockImage } from './block-image';
import { CellTiles } from './cell-tiles';
import { composeCells } from './compose';
import { donePaints, withDoneThreads, type DonePaints } from './done-stitches';
import { drawCrosshair, drawGrid, drawHoverCell, drawSelection, type DevicePlacement } from './draw-grid';
import { drawOverlay } from './draw-overlay';
import { backstitchOrder, drawBackstitches, drawGuide, drawKnots, drawParts, type MarkScene } from './draw-marks';
import { drawRulers } from './draw-rulers';
import { BACKDROP, blockPixels, cellPaints, cssOf, FABRIC, markPaints, packRgb } from './thread-colors';
import type { CellPoint, ChartDone, ChartGuide, ChartLayers, ChartMode, ChartOverlay, ChartSelection, ViewerChart } from './types';
import { visibleCells, type Area, type View } from './viewport';

/** CSS px per stitch from which symbols are drawn. */
export const SYMBOL_MIN_SCALE = 10;
/** CSS px per stitch from which the stitch under the pointer is outlined. */
const HOVER_MIN_SCALE = 8;

/** Everything one frame depends on. */
export interface FrameState {
  chart: ViewerChart;
  /** Bumped by the owner when the chart's cells changed in place. */
  revision: number;
  mode: ChartMode;
  /** The kinds of stitches shown. */
  layers: ChartLayers;
  highlight: number | undefined;
  selection: ChartSelection | undefined;
  hover: CellPoint | undefined;
  /** A stitch whose row and column are highlighted (Stitching mode's last tap). */
  crosshair?: CellPoint | undefined;
  /** The editor's backstitch in progress. */
  guide: ChartGuide | undefined;
  /** The editor's mirror axes and lasso path. */
  overlay?: ChartOverlay | undefined;
  /** Stitches marked done while stitching, and how to show them. */
  done?: ChartDone | undefined;
  view: View;
  /** The chart area; the rulers take the band above and left of it. */
  area: Area;
  /** The canvas's size on screen, CSS px. */
  width: number;
  height: number;
  dpr: number;
}

/**
 * Draws frames of the chart on one canvas, in device pixels. Only the visible stitches are drawn:
 * colour blocks by scaling the one-pixel-per-stitch image (BlockImage) with smoothing off; symbols,
 * once stitches are SYMBOL_MIN_SCALE px, by copying pre-drawn cells (CellTiles) into the frame's
 * pixels, which is many times faster than text or image calls per stitch. Part stitches go over the
 * cells and under the grid; backstitches, knots and the editor's guide over everything but the rulers.
 */
export class ChartRenderer {
  private readonly context: CanvasRenderingContext2D;
  private readonly tiles = new CellTiles();
  private blocks: BlockImage | undefined;
  private blockStamp: { chart: ViewerChart; revision: number } | undefined;
  /** The chart with done stitches as a second set of threads, for the last chart, revision and done bits. */
  private doneChart: { chart: ViewerChart; revision: number; done: ChartDone; shown: ViewerChart } | undefined;
  /** Frame buffers by size: the full-resolution one and the draft one used while the chart moves. */
  private readonly frames = new Map<string, { image: ImageData; pixels: Uint32Array }>();

  constructor(private readonly canvas: HTMLCanvasElement) {
    const context = canvas.getContext('2d', { alpha: false });
    if (!context) throw new Error('This browser cannot draw on a canvas');
    this.context = context;
  }

  draw(frame: FrameState): void {
    const { view, area, dpr, mode, layers } = frame;
    const withSymbols = mode !== 'color' && view.scale >= SYMBOL_MIN_SCALE;
    // While stitching, the chart is drawn with its done stitches as threads of their own (done-stitches.ts).
    const done = frame.done && donePaints(frame.chart.threads, mode, frame.highlight, frame.done.style, withSymbols);
    const state = done ? { ...frame, chart: this.withDone(frame) } : frame;
    const { chart } = state;
    const context = this.context;
    const canvasWidth = Math.max(1, Math.round(state.width * dpr));
    const canvasHeight = Math.max(1, Math.round(state.height * dpr));
    if (this.canvas.width !== canvasWidth || this.canvas.height !== canvasHeight) {
      this.canvas.width = canvasWidth;
      this.canvas.height = canvasHeight;
    }
    context.setTransform(1, 0, 0, 1, 0, 0);
    const clip = {
      left: Math.round(area.left * dpr),
      top: Math.round(area.top * dpr),
      right: Math.min(canvasWidth, Math.round((area.left + area.width) * dpr)),
      bottom: Math.min(canvasHeight, Math.round((area.top + area.height) * dpr)),
    };
    const place: DevicePlacement = { originX: view.offsetX * dpr, originY: view.offsetY * dpr, scale: view.scale * dpr, dpr, clip };
    const range = visibleCells(view, chart, area);
    if (clip.right > clip.left && clip.bottom > clip.top) {
      if (withSymbols) this.drawTiles(state, place, range, done);
      else this.drawBlocks(state, place, range, done);
      context.save();
      context.beginPath();
      context.rect(clip.left, clip.top, clip.right - clip.left, clip.bottom - clip.top);
      context.clip();
      const marks = chart.marks;
      const scene: MarkScene = {
        place,
        range,
        threads: chart.threads,
        paints: done?.marks ?? markPaints(chart.threads, mode, state.highlight, withSymbols),
        mode,
        withSymbols,
      };
      if (marks && layers.part) drawParts(context, marks.parts, scene);
      drawGrid(context, range, chart, place, mode);
      if (state.crosshair) drawCrosshair(context, state.crosshair, place);
      if (state.selection) drawSelection(context, state.selection, place, range);
      if (state.hover && view.scale >= HOVER_MIN_SCALE) drawHoverCell(context, state.hover, place);
      if (marks && layers.backstitch) drawBackstitches(context, marks.backstitches, backstitchOrder(marks.backstitches), scene);
      if (marks && layers.knots) drawKnots(context, marks.knots, scene);
      if (state.guide) drawGuide(context, state.guide, scene);
      if (state.overlay) drawOverlay(context, state.overlay, chart, place);
      context.restore();
    }
    drawRulers(context, range, chart, place, { top: clip.top, left: clip.left, canvasWidth, canvasHeight });
  }

  private withDone(frame: FrameState): ViewerChart {
    const { chart, revision, done } = frame;
    const last = this.doneChart;
    if (last?.chart === chart && last.revision === revision && last.done.bits === done!.bits && last.done.style === done!.style) return last.shown;
    const shown = withDoneThreads(chart, done!);
    this.doneChart = { chart, revision, done: done!, shown };
    return shown;
  }

  private drawBlocks(state: FrameState, place: DevicePlacement, range: ReturnType<typeof visibleCells>, done: DonePaints | undefined): void {
    const { chart, revision, mode, highlight } = state;
    const context = this.context;
    this.blocks ??= new BlockImage();
    // With full stitches hidden every thread is painted as the fabric.
    const palette = !state.layers.full
      ? new Uint32Array(chart.threads.length + 1).fill(packRgb(FABRIC))
      : (done?.blocks ?? blockPixels(chart.threads, mode, highlight));
    // The cells are compared only when the owner says the chart changed; the palette is compared every time (a few dozen numbers).
    const stale = this.blockStamp?.chart !== chart || this.blockStamp.revision !== revision;
    this.blocks.update(chart, palette, stale);
    this.blockStamp = { chart, revision };

    const { clip } = place;
    const x = Math.round(place.originX + range.x0 * place.scale);
    const y = Math.round(place.originY + range.y0 * place.scale);
    const width = Math.round(place.originX + range.x1 * place.scale) - x;
    const height = Math.round(place.originY + range.y1 * place.scale) - y;
    // The backdrop only where the chart leaves some of the area (painting the whole area twice costs a frame's worth of pixels).
    if (x > clip.left || y > clip.top || x + width < clip.right || y + height < clip.bottom) {
      context.fillStyle = cssOf(BACKDROP);
      context.fillRect(clip.left, clip.top, clip.right - clip.left, clip.bottom - clip.top);
    }
    if (range.x0 === range.x1 || range.y0 === range.y1) return;
    context.save();
    context.beginPath();
    context.rect(clip.left, clip.top, clip.right - clip.left, clip.bottom - clip.top);
    context.clip();
    context.imageSmoothingEnabled = false;
    context.drawImage(this.blocks.canvas, range.x0, range.y0, range.x1 - range.x0, range.y1 - range.y0, x, y, width, height);
    context.restore();
  }

  private drawTiles(state: FrameState, place: DevicePlacement, range: ReturnType<typeof visibleCells>, done: DonePaints | undefined): void {
    const { chart, mode, highlight } = state;
    const { clip } = place;
    const width = clip.right - clip.left;
    const height = clip.bottom - clip.top;
    const frame = this.frameOf(width, height);
    const shown = state.layers.full;
    const paints = shown
      ? (done?.cells ?? cellPaints(chart.threads, mode, highlight))
      : chart.threads.map(() => ({ fill: FABRIC, ink: FABRIC })).concat({ fill: FABRIC, ink: FABRIC });
    const symbols = shown ? chart.threads.map((thread) => thread.symbol) : [];
    this.tiles.prepare(paints, symbols, Math.ceil(place.scale));
    composeCells(
      { pixels: frame.pixels, width, height },
      this.tiles,
      chart.cells,
      chart.width,
      range,
      place.originX - clip.left,
      place.originY - clip.top,
      place.scale,
      packRgb(BACKDROP),
    );
    this.context.putImageData(frame.image, clip.left, clip.top);
  }

  private frameOf(width: number, height: number): { image: ImageData; pixels: Uint32Array } {
    const key = `${width}x${height}`;
    let frame = this.frames.get(key);
    if (!frame) {
      if (this.frames.size >= 2) this.frames.clear();
      const image = this.context.createImageData(width, height);
      frame = { image, pixels: new Uint32Array(image.data.buffer, image.data.byteOffset, width * height) };
      this.frames.set(key, frame);
    }
    return frame;
  }
}
