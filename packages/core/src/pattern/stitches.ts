/**
 * Stitches besides full cross stitches: part stitches inside a cell, backstitch lines and French knots.
 *
 * Backstitches and knots sit on the half-stitch lattice: point (X, Y) is at X/2 stitches across and Y/2 down,
 * so (2x, 2y) is the top-left corner of stitch (x, y), (2x + 1, 2y + 1) its centre and (2x + 1, 2y) the middle
 * of its top edge. A chart of width × height stitches has lattice points 0…2·width by 0…2·height.
 *
 * How many marks a chart may carry, and the checks of marks read from outside, are in mark-checks.ts.
 */

/**
 * Which part of its cell a part stitch covers. Half stitches lie along a diagonal ('half-slash' from the
 * bottom-left to the top-right corner, /; 'half-backslash' \), a quarter runs from its corner to the
 * centre, and a three-quarter stitch is that quarter plus the half stitch across the other diagonal.
 */
export const PART_KINDS = [
  'half-slash',
  'half-backslash',
  'quarter-tl',
  'quarter-tr',
  'quarter-bl',
  'quarter-br',
  'three-quarter-tl',
  'three-quarter-tr',
  'three-quarter-bl',
  'three-quarter-br',
] as const;
export type PartKind = (typeof PART_KINDS)[number];

export type Corner = 'tl' | 'tr' | 'bl' | 'br';

/** A part stitch in cell (x, y), of legend (or chart) thread `thread`. */
export interface PartStitch {
  x: number;
  y: number;
  kind: PartKind;
  thread: number;
}

/** A backstitch line from lattice point (x1, y1) to (x2, y2). */
export interface Backstitch {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  thread: number;
}

/** A French knot on lattice point (x, y). */
export interface FrenchKnot {
  x: number;
  y: number;
  thread: number;
}

/** The stitches of a chart besides its full stitches; each names a thread by its index. */
export interface ChartMarks {
  parts: readonly PartStitch[];
  backstitches: readonly Backstitch[];
  knots: readonly FrenchKnot[];
}

export const NO_MARKS: ChartMarks = Object.freeze({ parts: [], backstitches: [], knots: [] });

/** At most this many part stitches share a cell (two threads, as in a three-quarter and a quarter). */
export const MAX_PARTS_PER_CELL = 2;

const QUADRANT: Record<Corner, number> = { tl: 1, tr: 2, bl: 4, br: 8 };
const OPPOSITE_HALF: Record<Corner, PartKind> = { tl: 'half-slash', br: 'half-slash', tr: 'half-backslash', bl: 'half-backslash' };

/** The cell's quadrants a part stitch passes through, as bits (tl 1, tr 2, bl 4, br 8): two part stitches that share one overlap. */
export function partQuadrants(kind: PartKind): number {
  if (kind === 'half-slash') return QUADRANT.tr | QUADRANT.bl;
  if (kind === 'half-backslash') return QUADRANT.tl | QUADRANT.br;
  const corner = partCorner(kind)!;
  const quarter = QUADRANT[corner];
  return kind.startsWith('quarter') ? quarter : quarter | partQuadrants(OPPOSITE_HALF[corner]);
}

/** The corner of a quarter or three-quarter stitch; undefined for a half stitch. */
export function partCorner(kind: PartKind): Corner | undefined {
  return kind.startsWith('half') ? undefined : (kind.slice(kind.lastIndexOf('-') + 1) as Corner);
}

/** A part stitch's thread as a share of a full stitch's: ½, ¼ or ¾. */
export function partShare(kind: PartKind): number {
  return kind.startsWith('half') ? 0.5 : kind.startsWith('quarter') ? 0.25 : 0.75;
}

export function isPartKind(value: unknown): value is PartKind {
  return typeof value === 'string' && (PART_KINDS as readonly string[]).includes(value);
}

/** Backstitch length in stitch widths. */
export function backstitchLength({ x1, y1, x2, y2 }: Backstitch): number {
  return Math.hypot(x2 - x1, y2 - y1) / 2;
}

/** One key per place: a cell's part of one kind, a line between two points (either way round), a knot's point. */
export const partKey = (part: Pick<PartStitch, 'x' | 'y' | 'kind'>): string => `${part.x},${part.y},${part.kind}`;
export function backstitchKey({ x1, y1, x2, y2 }: Pick<Backstitch, 'x1' | 'y1' | 'x2' | 'y2'>): string {
  const firstIsStart = x1 < x2 || (x1 === x2 && y1 <= y2);
  return firstIsStart ? `${x1},${y1},${x2},${y2}` : `${x2},${y2},${x1},${y1}`;
}
export const knotKey = (knot: Pick<FrenchKnot, 'x' | 'y'>): string => `${knot.x},${knot.y}`;

/** What a thread is used for, besides full stitches. */
export interface MarkUse {
  /** Part stitches, and their thread as full stitches (a half counts ½). */
  partStitches: number;
  partShare: number;
  /** Backstitch, in stitch widths. */
  backstitchLength: number;
  knots: number;
}

/** Per thread index (0 … threadCount − 1): its part stitches, backstitch and knots. */
export function markUse(marks: ChartMarks, threadCount: number): MarkUse[] {
  const use = Array.from({ length: threadCount }, (): MarkUse => ({ partStitches: 0, partShare: 0, backstitchLength: 0, knots: 0 }));
  for (const part of marks.parts) {
    const entry = use[part.thread];
    if (!entry) continue;
    entry.partStitches++;
    entry.partShare += partShare(part.kind);
  }
  for (const line of marks.backstitches) {
    const entry = use[line.thread];
    if (entry) entry.backstitchLength += backstitchLength(line);
  }
  for (const knot of marks.knots) {
    const entry = use[knot.thread];
    if (entry) entry.knots++;
  }
  return use;
}

/** The marks with every thread index `i` replaced by `renumber[i]`; marks whose new index is −1 are dropped. */
export function renumberMarks(marks: ChartMarks, renumber: ArrayLike<number>): ChartMarks {
  const keep = <T extends { thread: number }>(items: readonly T[]): T[] =>
    items.flatMap((item) => {
      const thread = renumber[item.thread] ?? -1;
      return thread < 0 ? [] : [{ ...item, thread }];
    });
  return { parts: keep(marks.parts), backstitches: keep(marks.backstitches), knots: keep(marks.knots) };
}

/**
 * Dash patterns in line widths, one per backstitch thread where there is no colour (the printed black-and-white
 * chart, the viewer's print view): solid, dashed, dotted, dash-dot, long dash, dash-dot-dot. A dot is a dash of
 * almost no length drawn with round caps.
 */
export const BACKSTITCH_LINE_STYLES: readonly (readonly number[])[] = [[], [4, 2.5], [0.01, 2.2], [5, 2, 0.01, 2], [9, 3], [5, 2, 0.01, 2, 0.01, 2]];

/**
 * Each thread's line style (an index into BACKSTITCH_LINE_STYLES) by its place among the threads that have
 * backstitch, in index order: the first solid, the next dashed and so on; −1 for a thread without backstitch.
 * Past six threads the styles repeat.
 */
export function backstitchStyles(marks: Pick<ChartMarks, 'backstitches'>, threadCount: number): number[] {
  const used = new Set(marks.backstitches.map((line) => line.thread));
  let next = 0;
  return Array.from({ length: threadCount }, (_, thread) => (used.has(thread) ? next++ % BACKSTITCH_LINE_STYLES.length : -1));
}

/** Whether two sets of marks hold the same stitches, in whatever order. */
export function sameMarks(a: ChartMarks, b: ChartMarks): boolean {
  const keys = <T extends { thread: number }>(items: readonly T[] | undefined, key: (item: T) => string) =>
    (items ?? [])
      .map((item) => `${key(item)}:${item.thread}`)
      .sort()
      .join(';');
  return (
    keys(a.parts, partKey) === keys(b.parts, partKey) &&
    keys(a.backstitches, backstitchKey) === keys(b.backstitches, backstitchKey) &&
    keys(a.knots, knotKey) === keys(b.knots, knotKey)
  );
}
