import type { Lettering } from '../../lettering/layout.js';
import { requireActiveThread, type EditableChart } from './chart.js';
import type { EditResult } from './edit.js';
import { paste, type ChartClipboard } from './selection.js';

/** Lettering as copied stitches of one chart thread, ready to paste. */
export function letteringClipboard(lettering: Lettering, thread: number): ChartClipboard {
  return {
    width: lettering.width,
    height: lettering.height,
    cells: Int16Array.from(lettering.stitches, (stitched) => (stitched ? thread : -1)),
    marks: {
      parts: [],
      backstitches: lettering.backstitches.map((line) => ({ ...line, thread })),
      knots: lettering.knots.map((knot) => ({ ...knot, thread })),
    },
  };
}

/**
 * Places lettering in chart thread `thread` with its top-left corner at cell (x, y), as pasting does: its
 * stitches replace what is under them, the rest of the chart stays, and what falls off the chart is left out.
 */
export function placeLettering(chart: EditableChart, lettering: Lettering, thread: number, x: number, y: number): EditResult {
  requireActiveThread(chart, thread);
  return paste(chart, letteringClipboard(lettering, thread), x, y, 'Add text');
}
