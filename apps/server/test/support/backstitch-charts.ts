import { findThread, rgbToLab, type Backstitch, type FrenchKnot, type LegendEntry, type Pattern, legendEntryOf, namedThread } from '@stitchwise/core';

/** Small charts of backstitch and knots over stitches, and colour helpers, for the backstitch-visibility tests (#30). */

export const entry = (code: string, index: number, symbol: string): LegendEntry => {
  const thread = findThread(code)!;
  return legendEntryOf(namedThread(thread), index, symbol, 0);
};

/** A chart of `width` × `height` stitches of thread `fill` (-1: empty) with the given threads, lines and knots. */
export function chartOf(
  size: { width: number; height: number },
  legend: LegendEntry[],
  fill: number,
  backstitches: Backstitch[],
  knots: FrenchKnot[] = [],
): Pattern {
  const cells = new Int16Array(size.width * size.height).fill(fill);
  return {
    ...size,
    legend: legend.map((thread, index) => ({ ...thread, stitch_count: index === fill ? cells.length : 0 })),
    cells,
    marks: { parts: [], backstitches, knots },
    stats: { confetti_before: 0, confetti_after: 0, mean_delta_e: 0 },
  };
}

export const rgbOf = (thread: LegendEntry): number[] => [thread.rgb.r, thread.rgb.g, thread.rgb.b];
export const lightness = ([r, g, b]: number[]): number => rgbToLab({ r: r!, g: g!, b: b! }).L;
export const same = (a: number[], b: number[]): boolean => a.every((value, i) => value === b[i]);
