/**
 * Where backstitch and French knots go and how large they are drawn, shared by the viewer, the chart PNG and
 * the PDF (part stitches' shapes are `partShape`, in part-shapes.ts): one range type, which marks a range
 * shows (`marksCrossing`) and which it holds (`marksWithin`), marks grouped by thread, and the proportions of
 * a line and a knot to a stitch, a line's least width beside the grid, and the casing under a light line.
 * Each medium keeps only its least sizes (in its own pixels or points).
 */
import { rgbToLab, type Rgb } from '../color/spaces.js';
import type { Point } from './part-shapes.js';
import type { Backstitch, ChartMarks, FrenchKnot, PartStitch } from './stitches.js';

/** A backstitch line's width, in stitches: a fifth of one, so an outline reads over the stitches from afar. */
export const BACKSTITCH_WIDTH = 0.2;

/**
 * A backstitch line's least width, in the thin grid lines drawn beside it: two and a half, so however small
 * the stitches are drawn a line never passes for a grid line.
 */
export const BACKSTITCH_OVER_GRID = 2.5;

/**
 * A backstitch line's width in a medium's own units (pixels, points) for a stitch `cell` of them wide beside
 * thin grid lines `thinGrid` wide: BACKSTITCH_WIDTH of a stitch, and never less than BACKSTITCH_OVER_GRID
 * thin grid lines. A medium may draw it wider (whole pixels, a least size it keeps), never narrower.
 */
export function backstitchWidthFor(cell: number, thinGrid: number): number {
  return Math.max(cell * BACKSTITCH_WIDTH, thinGrid * BACKSTITCH_OVER_GRID);
}

/**
 * From this lightness (CIELAB L*) a thread's backstitch is drawn over a casing: white, cream, the palest
 * yellows, blues and pinks (DMC B5200 100, Blanc 98.6, Ecru 92.8, 444 Lemon Dark 86.7, 415 Pearl Gray 84.6),
 * which would vanish on light stitches and on the fabric; 318 Steel Gray Light (70) and darker go without.
 */
export const CASING_FROM_LIGHTNESS = 75;

/**
 * How far a casing reaches beyond each side of its line, as a share of the line's width (a medium keeps a
 * least reach of its own, such as a pixel): the dark edge that shows a light line on light stitches.
 */
export const BACKSTITCH_CASING = 0.25;

/** The casing's colour: a dark grey (L* 27), softer than black ink, that edges a light line on any stitch or the fabric. */
export const CASING_RGB: Readonly<Rgb> = { r: 64, g: 64, b: 64 };

/** Whether backstitch in colour `rgb` is drawn over a casing (CASING_FROM_LIGHTNESS): only light threads are. */
export const needsCasing = (rgb: Rgb): boolean => rgbToLab(rgb).L >= CASING_FROM_LIGHTNESS;

/**
 * A French knot's radius, in stitches, to the middle of its ring: a dot almost half a stitch across (0.45),
 * drawn on a lattice point.
 */
export const KNOT_RADIUS = 0.225;

/** The width of a knot's ring, in stitches, centred on KNOT_RADIUS: a quarter of the radius. */
export const KNOT_RING = KNOT_RADIUS / 4;

/** How far a knot reaches from its lattice point, ring included, in stitches. */
export const KNOT_REACH = KNOT_RADIUS + KNOT_RING / 2;

/**
 * A range of stitches: columns x0 ≤ x < x1, rows y0 ≤ y < y1 (empty when x0 = x1 or y0 = y1). On the
 * half-stitch lattice its edge runs from 2·x0 to 2·x1 across and from 2·y0 to 2·y1 down.
 */
export interface StitchRange {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Whether a part stitch's cell is one of the range's. */
export function partInRange(part: Pick<PartStitch, 'x' | 'y'>, range: StitchRange): boolean {
  return part.x >= range.x0 && part.x < range.x1 && part.y >= range.y0 && part.y < range.y1;
}

/** Whether lattice point (x, y) lies on or inside the range's edge, or within `reach` stitches of it. */
export function pointInRange(x: number, y: number, range: StitchRange, reach = 0): boolean {
  return boxMeets(x, x, y, y, range, reach);
}

/** Whether a knot lies on or inside the range's edge (a knot on the edge belongs to both sides), or within `reach` stitches of it. */
export const knotInRange = (knot: Pick<FrenchKnot, 'x' | 'y'>, range: StitchRange, reach = 0): boolean => pointInRange(knot.x, knot.y, range, reach);

/**
 * Whether a line crosses the range: its bounding box, grown by `reach` stitches, meets the range, edges
 * included. Close enough for drawing, which clips off the rest; a line that only touches the edge counts.
 */
export function lineCrossesRange(line: Backstitch, range: StitchRange, reach = 0): boolean {
  return boxMeets(Math.min(line.x1, line.x2), Math.max(line.x1, line.x2), Math.min(line.y1, line.y2), Math.max(line.y1, line.y2), range, reach);
}

/** Whether a line lies within the range: both its ends on or inside its edge. */
export function lineWithinRange(line: Backstitch, range: StitchRange): boolean {
  return pointInRange(line.x1, line.y1, range) && pointInRange(line.x2, line.y2, range);
}

/**
 * The marks a range shows, to be drawn in it: part stitches in its cells, lines crossing it (to be clipped
 * to it), knots on or inside its edge.
 */
export const marksCrossing = (marks: ChartMarks, range: StitchRange): ChartMarks => marksBy(marks, range, lineCrossesRange);

/**
 * The marks a range holds, as a selection takes them: part stitches in its cells, lines with both ends and
 * knots on or inside its edge.
 */
export const marksWithin = (marks: ChartMarks, range: StitchRange): ChartMarks => marksBy(marks, range, lineWithinRange);

/** The part stitches in the range's cells, the lines `lineRule` takes, and the knots on or inside its edge. */
function marksBy(marks: ChartMarks, range: StitchRange, lineRule: (line: Backstitch, range: StitchRange) => boolean): ChartMarks {
  return {
    parts: marks.parts.filter((part) => partInRange(part, range)),
    backstitches: marks.backstitches.filter((line) => lineRule(line, range)),
    knots: marks.knots.filter((knot) => knotInRange(knot, range)),
  };
}

/**
 * Marks grouped by thread, to be drawn a thread at a time (one path, one fill or stroke), in thread (legend)
 * order whatever order the marks come in, each group in the marks' order. Later threads are drawn over
 * earlier ones, so where lines cross the same one is on top in every medium, on every page and however
 * much of the chart shows.
 */
export function groupByThread<T extends { thread: number }>(items: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  let ordered = true;
  let last = -Infinity;
  for (const item of items) {
    const group = groups.get(item.thread);
    if (group) group.push(item);
    else {
      groups.set(item.thread, [item]);
      ordered &&= item.thread > last;
      last = item.thread;
    }
  }
  return ordered ? groups : new Map([...groups].sort(([a], [b]) => a - b));
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

/** Whether a box on the lattice, grown by `reach` stitches, meets the range's edge or inside. */
function boxMeets(left: number, right: number, top: number, bottom: number, range: StitchRange, reach: number): boolean {
  const grow = 2 * reach;
  return right + grow >= 2 * range.x0 && left - grow <= 2 * range.x1 && bottom + grow >= 2 * range.y0 && top - grow <= 2 * range.y1;
}
