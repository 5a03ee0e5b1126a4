/**
 * How backstitches and French knots look on the chart PNG and the PDF, and which marks a page shows (part
 * stitches' shapes are the core's `partShape`, shared with the viewer).
 */
import type { Backstitch, ChartMarks, FrenchKnot, PartStitch, Point } from '@stitchwise/core';

export type { Point } from '@stitchwise/core';

export function insidePolygon(polygon: readonly Point[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Backstitch width, and a knot's radius and ring, in cells. */
export const BACKSTITCH_WIDTH = 0.16;
export const KNOT_RADIUS = 0.28;
export const KNOT_RING = 0.07;

/** A range of stitches: columns `x0` up to `x1`, rows `y0` up to `y1` (ends excluded). */
export interface StitchRange {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/**
 * The marks a range of stitches shows: part stitches in its cells, lines that pass over it (to be clipped
 * to it), knots on its lattice points, edges included.
 */
export function marksIn(marks: ChartMarks, { x0, x1, y0, y1 }: StitchRange): ChartMarks {
  const inCells = (part: PartStitch) => part.x >= x0 && part.x < x1 && part.y >= y0 && part.y < y1;
  const onLattice = (x: number, y: number) => x >= 2 * x0 && x <= 2 * x1 && y >= 2 * y0 && y <= 2 * y1;
  // A line's bounding box meeting the range is close enough: clipping takes off the rest.
  const crosses = (line: Backstitch) =>
    Math.max(line.x1, line.x2) >= 2 * x0 &&
    Math.min(line.x1, line.x2) <= 2 * x1 &&
    Math.max(line.y1, line.y2) >= 2 * y0 &&
    Math.min(line.y1, line.y2) <= 2 * y1;
  return {
    parts: marks.parts.filter(inCells),
    backstitches: marks.backstitches.filter(crosses),
    knots: marks.knots.filter((knot: FrenchKnot) => onLattice(knot.x, knot.y)),
  };
}

/**
 * A thread's lines as polylines of lattice points: a line that starts (or ends) where the last one ended
 * continues it, so dashes run on and corners are joined.
 */
export function polylines(lines: readonly Backstitch[]): Point[][] {
  const result: Point[][] = [];
  let current: Point[] | undefined;
  for (const { x1, y1, x2, y2 } of lines) {
    const end = current?.at(-1);
    if (current && end![0] === x1 && end![1] === y1) current.push([x2, y2]);
    else if (current && end![0] === x2 && end![1] === y2) current.push([x1, y1]);
    else result.push((current = [[x1, y1] as Point, [x2, y2] as Point]));
  }
  return result;
}

/** Lines by thread, in thread order. */
export function linesByThread(lines: readonly Backstitch[]): Map<number, Backstitch[]> {
  const byThread = new Map<number, Backstitch[]>();
  for (const line of [...lines].sort((a, b) => a.thread - b.thread)) {
    const list = byThread.get(line.thread) ?? [];
    list.push(line);
    byThread.set(line.thread, list);
  }
  return byThread;
}
