import { findThread, type ChartMarks, type LegendEntry, type Pattern, legendEntryOf, namedThread } from '@stitchwise/core';

/** Thread indices of `marksChart`, by what each is used for. */
export const RED = 0; // full stitches, a three-quarter, a half and a quarter
export const BLUE = 1; // backstitch only: 9 stitch widths across empty cells
export const GREEN = 2; // a quarter stitch, and backstitch round the red block: 10 stitch widths
export const LEMON = 3; // French knots, and one half stitch

const legendEntry = (code: string, index: number, symbol: string, stitches: number): LegendEntry => {
  const thread = findThread(code)!;
  return legendEntryOf(namedThread(thread), index, symbol, stitches);
};

/**
 * A 20 × 12 chart with every kind of stitch: a 5 × 5 block of red full stitches with a green backstitch
 * along its top and right edges; part stitches in row 1; a blue backstitch through the centres of row 3's
 * empty cells, then down; three lemon knots in the centres of row 7 and one on a grid corner.
 */
export function marksChart(): Pattern {
  const width = 20;
  const height = 12;
  const cells = new Int16Array(width * height).fill(-1);
  for (let y = 0; y < 5; y++) for (let x = 0; x < 5; x++) cells[y * width + x] = RED;
  const marks: ChartMarks = {
    parts: [
      { x: 6, y: 1, kind: 'three-quarter-tl', thread: RED },
      { x: 6, y: 1, kind: 'quarter-br', thread: GREEN },
      { x: 8, y: 1, kind: 'half-slash', thread: RED },
      { x: 10, y: 1, kind: 'half-backslash', thread: LEMON },
      { x: 12, y: 1, kind: 'quarter-tl', thread: RED },
      { x: 14, y: 1, kind: 'three-quarter-tr', thread: RED },
    ],
    backstitches: [
      { x1: 21, y1: 7, x2: 35, y2: 7, thread: BLUE },
      { x1: 35, y1: 7, x2: 35, y2: 11, thread: BLUE },
      { x1: 0, y1: 0, x2: 10, y2: 0, thread: GREEN },
      { x1: 10, y1: 0, x2: 10, y2: 10, thread: GREEN },
    ],
    knots: [
      { x: 25, y: 15, thread: LEMON },
      { x: 29, y: 15, thread: LEMON },
      { x: 33, y: 15, thread: LEMON },
      { x: 30, y: 20, thread: LEMON },
    ],
  };
  return {
    width,
    height,
    legend: [legendEntry('321', RED, 'X', 25), legendEntry('820', BLUE, '●', 0), legendEntry('699', GREEN, '▲', 0), legendEntry('444', LEMON, '◆', 0)],
    cells,
    marks,
    stats: { confetti_before: 0, confetti_after: 0, mean_delta_e: 0 },
  };
}
