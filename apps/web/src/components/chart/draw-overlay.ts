import type { DevicePlacement } from './draw-grid';
import type { ChartOverlay, ViewerChart } from './types';

/** Teal, apart from the selection's violet and every thread's colour drawn dashed over white. */
const AXIS_COLOUR = '#0d9488';

/**
 * The editor's mirror axes, dashed across the whole chart, and the lasso's path as it is drawn: each over a white
 * line, so they show on dark stitches and light ones alike.
 */
export function drawOverlay(context: CanvasRenderingContext2D, overlay: ChartOverlay, chart: ViewerChart, place: DevicePlacement): void {
  const px = (x: number) => place.originX + x * place.scale;
  const py = (y: number) => place.originY + y * place.scale;
  const dash = 8 * place.dpr;
  const width = Math.max(2, Math.round(place.dpr * 2));
  const strokeTwice = (colour: string) => {
    context.lineWidth = width + 2 * place.dpr;
    context.setLineDash([]);
    context.strokeStyle = 'rgb(255 255 255 / 0.85)';
    context.stroke();
    context.lineWidth = width;
    context.setLineDash([dash, dash / 2]);
    context.strokeStyle = colour;
    context.stroke();
    context.setLineDash([]);
  };
  const { axes, path } = overlay;
  if (axes && (axes.vertical !== undefined || axes.horizontal !== undefined)) {
    context.beginPath();
    if (axes.vertical !== undefined) {
      context.moveTo(px(axes.vertical / 2), py(0));
      context.lineTo(px(axes.vertical / 2), py(chart.height));
    }
    if (axes.horizontal !== undefined) {
      context.moveTo(px(0), py(axes.horizontal / 2));
      context.lineTo(px(chart.width), py(axes.horizontal / 2));
    }
    strokeTwice(AXIS_COLOUR);
  }
  if (path && path.length > 1) {
    context.beginPath();
    context.moveTo(px(path[0]!.x), py(path[0]!.y));
    for (const point of path.slice(1)) context.lineTo(px(point.x), py(point.y));
    context.closePath();
    strokeTwice('#6d28d9');
  }
}
