import { legendEntryOf, namedThread, type Pattern } from '../pattern/model.js';
import { assignSymbols } from '../pattern/symbols.js';
import type { Thread } from '../threads/catalogue.js';
import { letteringInk, type Lettering } from './layout.js';

/**
 * A chart of lettering in one thread: its stitches cut to the smallest rectangle holding them, with `margin`
 * empty stitches on every side. The thread is the legend's one entry even when it has only backstitch.
 * Throws RangeError when the lettering stitches nothing.
 */
export function letteringPattern(lettering: Lettering, thread: Thread, margin: number): Pattern {
  const ink = letteringInk(lettering);
  if (!ink) throw new RangeError('The lettering has no stitches.');
  const width = ink.width + 2 * margin;
  const height = ink.height + 2 * margin;
  const [dx, dy] = [margin - ink.x, margin - ink.y];
  const cells = new Int16Array(width * height).fill(-1);
  let stitchCount = 0;
  lettering.stitches.forEach((stitched, at) => {
    if (!stitched) return;
    cells[(Math.floor(at / lettering.width) + dy) * width + (at % lettering.width) + dx] = 0;
    stitchCount++;
  });
  const [symbol] = assignSymbols([thread.lab]);
  return {
    width,
    height,
    legend: [legendEntryOf(namedThread(thread), 0, symbol!, stitchCount)],
    cells,
    marks: {
      parts: [],
      backstitches: lettering.backstitches.map(({ x1, y1, x2, y2 }) => ({ x1: x1 + 2 * dx, y1: y1 + 2 * dy, x2: x2 + 2 * dx, y2: y2 + 2 * dy, thread: 0 })),
      knots: lettering.knots.map(({ x, y }) => ({ x: x + 2 * dx, y: y + 2 * dy, thread: 0 })),
    },
    stats: { confetti_before: 0, confetti_after: 0, mean_delta_e: 0 },
  };
}
