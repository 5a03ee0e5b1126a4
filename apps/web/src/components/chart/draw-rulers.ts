import type { DevicePlacement } from './draw-grid';
import { centreOf, RULER_FONT_PX, rulerLabels, rulerTicks } from './rulers';
import type { CellRange } from './viewport';

const RULER_BACKGROUND = '#f8fafc';
const RULER_BORDER = '#cbd5e1';
const RULER_TEXT = '#475569';
const CENTRE_MARK = '#dc2626';

/** The ruler bands in device pixels: the top one's height and the left one's width. */
export interface RulerBands {
  top: number;
  left: number;
  canvasWidth: number;
  canvasHeight: number;
}

/**
 * Row and column numbers on rulers along the top and left, which stay put while the chart moves under
 * them, with ticks and a red triangle at the middle row and column (the centre marks).
 */
export function drawRulers(
  context: CanvasRenderingContext2D,
  range: CellRange,
  chart: { width: number; height: number },
  place: DevicePlacement,
  bands: RulerBands,
): void {
  const { dpr, scale } = place;
  const cssScale = scale / dpr;
  context.fillStyle = RULER_BACKGROUND;
  context.fillRect(0, 0, bands.canvasWidth, bands.top);
  context.fillRect(0, 0, bands.left, bands.canvasHeight);
  context.fillStyle = RULER_BORDER;
  context.fillRect(bands.left, bands.top - dpr, bands.canvasWidth - bands.left, dpr);
  context.fillRect(bands.left - dpr, bands.top, dpr, bands.canvasHeight - bands.top);

  context.font = `${RULER_FONT_PX * dpr}px system-ui, sans-serif`;
  context.textBaseline = 'middle';

  // Top ruler: clipped to its band, so numbers slide under the corner rather than over it.
  context.save();
  context.beginPath();
  context.rect(bands.left, 0, bands.canvasWidth - bands.left, bands.top);
  context.clip();
  context.fillStyle = RULER_BORDER;
  for (const tick of rulerTicks(range.x0, range.x1, chart.width, cssScale)) {
    const length = (tick.major ? 7 : 4) * dpr;
    context.fillRect(Math.round(place.originX + tick.at * scale) - Math.floor(dpr / 2), bands.top - length, Math.max(1, Math.floor(dpr)), length);
  }
  context.fillStyle = RULER_TEXT;
  context.textAlign = 'center';
  for (const label of rulerLabels(range.x0, range.x1, chart.width, cssScale))
    context.fillText(label.text, place.originX + label.at * scale, bands.top / 2 - dpr);
  centreMark(context, place.originX + centreOf(chart.width) * scale, bands.top, 'down', dpr);
  context.restore();

  // Left ruler.
  context.save();
  context.beginPath();
  context.rect(0, bands.top, bands.left, bands.canvasHeight - bands.top);
  context.clip();
  context.fillStyle = RULER_BORDER;
  for (const tick of rulerTicks(range.y0, range.y1, chart.height, cssScale)) {
    const length = (tick.major ? 7 : 4) * dpr;
    context.fillRect(bands.left - length, Math.round(place.originY + tick.at * scale) - Math.floor(dpr / 2), length, Math.max(1, Math.floor(dpr)));
  }
  context.fillStyle = RULER_TEXT;
  context.textAlign = 'right';
  for (const label of rulerLabels(range.y0, range.y1, chart.height, cssScale))
    context.fillText(label.text, bands.left - 4 * dpr, place.originY + label.at * scale);
  centreMark(context, place.originY + centreOf(chart.height) * scale, bands.left, 'right', dpr);
  context.restore();
}

/** A small triangle on a ruler's inner edge, pointing into the chart at `at`. */
function centreMark(context: CanvasRenderingContext2D, at: number, edge: number, pointing: 'down' | 'right', dpr: number): void {
  const half = 5 * dpr;
  const depth = 7 * dpr;
  context.fillStyle = CENTRE_MARK;
  context.beginPath();
  if (pointing === 'down') {
    context.moveTo(at - half, edge - depth);
    context.lineTo(at + half, edge - depth);
    context.lineTo(at, edge);
  } else {
    context.moveTo(edge - depth, at - half);
    context.lineTo(edge - depth, at + half);
    context.lineTo(edge, at);
  }
  context.closePath();
  context.fill();
}
