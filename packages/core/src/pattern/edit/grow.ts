import { PATTERN_LIMITS } from '../validate.js';
import { ChartEditError, type EditableChart } from './chart.js';
import { applyEdit, resizeTo, type EditResult } from './edit.js';

/**
 * Makes the chart `width` × `height` stitches, with empty columns added on the right and rows at the bottom:
 * every stitch keeps its (x, y), so stitching progress saved against the chart still fits. A chart grows
 * only when the user asks (text that does not fit, #33).
 */
export function growChart(chart: EditableChart, width: number, height: number): EditResult {
  const most = PATTERN_LIMITS.maxSide;
  if (!Number.isInteger(width) || !Number.isInteger(height)) throw new ChartEditError('A chart is a whole number of stitches across and down.');
  if (width < chart.width || height < chart.height) {
    throw new ChartEditError(`This chart is ${chart.width} × ${chart.height} stitches: it can be made bigger, not smaller.`);
  }
  if (width > most || height > most) throw new ChartEditError(`A chart can be at most ${most} × ${most} stitches.`);
  const resize = resizeTo(chart, { width, height });
  return applyEdit(chart, { label: 'Make chart bigger', ...(resize ? { resize } : {}) });
}
