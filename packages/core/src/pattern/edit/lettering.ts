import { letteringInk, type Lettering } from '../../lettering/layout.js';
import { requireActiveThread, type EditableChart } from './chart.js';
import { composeUndo, type EditResult } from './edit.js';
import { growChart } from './grow.js';
import { paste, type ChartClipboard } from './selection.js';

const LABEL = 'Add text';

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
 * stitches replace what is under them and the rest of the chart stays. What falls off the chart is left out,
 * unless `grow`: then the chart first grows right and down to hold every stitch of it (it never grows left or up,
 * so nothing already there moves), and growing and placing are one step of undo.
 */
export function placeLettering(chart: EditableChart, lettering: Lettering, thread: number, x: number, y: number, { grow = false } = {}): EditResult {
  requireActiveThread(chart, thread);
  const clipboard = letteringClipboard(lettering, thread);
  const ink = letteringInk(lettering);
  // Growing right and down cannot bring text that lies wholly left of or above the chart onto it.
  const reachable = ink && x + ink.x + ink.width > 0 && y + ink.y + ink.height > 0;
  const [width, height] = reachable
    ? [Math.max(chart.width, x + ink.x + ink.width), Math.max(chart.height, y + ink.y + ink.height)]
    : [chart.width, chart.height];
  if (!grow || (width === chart.width && height === chart.height)) return paste(chart, clipboard, x, y, LABEL);
  const grown = growChart(chart, width, height);
  const placed = paste(grown.chart, clipboard, x, y, LABEL);
  return { chart: placed.chart, inverse: composeUndo(LABEL, grown.inverse, placed.inverse), changed: true };
}
