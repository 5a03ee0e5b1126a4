/**
 * Stitches besides full cross stitches: part stitches inside a cell, backstitch lines and French knots.
 *
 * Backstitches and knots sit on the half-stitch lattice: point (X, Y) is at X/2 stitches across and Y/2 down,
 * so (2x, 2y) is the top-left corner of stitch (x, y), (2x + 1, 2y + 1) its centre and (2x + 1, 2y) the middle
 * of its top edge. A chart of width × height stitches has lattice points 0…2·width by 0…2·height.
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

/**
 * Fixed caps on marks, whatever the chart's size: a list longer than this is refused (or, read from a file,
 * cut) before any entry is looked at, so checking costs little. Every stored chart was held to them.
 */
export const MAX_BACKSTITCHES = 100_000;
export const MAX_KNOTS = 50_000;

/**
 * Backstitch in all, in stitch widths, for a chart of width × height: every edge of every stitch, twice over
 * (no real chart comes near). Long lines cost drawing time however few they are, so their length is bounded too.
 */
export const maxBackstitchLength = (width: number, height: number): number => 2 * (width + 1) * (height + 1);

/** The most marks of each kind a chart may carry. */
export interface MarkLimits {
  /** Part stitches: at most MAX_PARTS_PER_CELL in each cell, which the cells bound by nature. */
  parts: number;
  backstitches: number;
  /** Backstitch in all, in stitch widths. */
  backstitchLength: number;
  knots: number;
}

/**
 * The marks a chart of width × height may carry, in proportion to its size so that printing stays quick
 * (50,000 knots on a 100 × 100 chart took 3–10 s): a French knot per corner of its stitches, two backstitch
 * lines per corner, both within the fixed caps. Real designs use a small share of either.
 */
export function markLimits(width: number, height: number): MarkLimits {
  const corners = (width + 1) * (height + 1);
  return {
    parts: width * height * MAX_PARTS_PER_CELL,
    backstitches: Math.min(MAX_BACKSTITCHES, 2 * corners),
    backstitchLength: maxBackstitchLength(width, height),
    knots: Math.min(MAX_KNOTS, corners),
  };
}

/**
 * The limits a stored chart is read back under: the fixed caps, which it was checked against when it was
 * stored. A chart saved before the limits scaled with the chart stays readable; saving it again applies them.
 */
export function storedMarkLimits(width: number, height: number): MarkLimits {
  return { ...markLimits(width, height), backstitches: MAX_BACKSTITCHES, knots: MAX_KNOTS };
}

/** A mark that is not well formed (a user-readable reason), for the checks of documents and edit operations. */
export interface MarkProblem {
  field: string;
  message: string;
}

const isIndex = (value: unknown, below: number): value is number => Number.isInteger(value) && (value as number) >= 0 && (value as number) < below;

/**
 * Checks marks against a chart of `width` × `height` stitches with `threadCount` threads whose full stitches are
 * `cells` (a cell with a full stitch has no part stitch): places in range, known kinds, at most two
 * non-overlapping part stitches per cell, one backstitch per pair of points, one knot per point, no
 * zero-length line, and no more of each kind than `limits` allow (the first that fit are kept; the limit is
 * named once). Untrusted input is fine: every field is looked at before use. At most `limit` problems.
 */
export function checkMarks(
  value: { part_stitches?: unknown; backstitches?: unknown; knots?: unknown },
  chart: { width: number; height: number; threadCount: number; cells: ArrayLike<number> },
  limit = 5,
  limits: MarkLimits = markLimits(chart.width, chart.height),
): { marks: ChartMarks; problems: MarkProblem[] } {
  const problems: MarkProblem[] = [];
  // Returns false, so that `return problem(…)` skips the entry being checked.
  const problem = (field: string, message: string): false => {
    if (problems.length < limit) problems.push({ field, message });
    return false;
  };
  const { width, height, threadCount } = chart;
  const count = (n: number) => n.toLocaleString('en');
  /** The list's entries; a list longer than `cap` is refused whole, before any entry is looked at. */
  const list = (field: string, items: unknown, cap: number, tooMany: () => false): readonly Record<string, unknown>[] => {
    if (items === undefined) return [];
    if (!Array.isArray(items)) {
      problem(field, `${field} must be a list`);
      return [];
    }
    if (items.length > cap) {
      tooMany();
      return [];
    }
    return items.map((item) => (typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {}));
  };
  /** One problem naming the limit, however many entries are past it. */
  const overLimit = (field: string, items: unknown, max: number, what: string) => {
    let named = false;
    return (): false => {
      if (!named)
        problem(field, `${field} has ${count((items as unknown[]).length)} entries; a ${width} × ${height} chart may have at most ${count(max)} ${what}`);
      named = true;
      return false;
    };
  };
  const thread = (field: string, item: Record<string, unknown>): boolean => {
    if (isIndex(item['thread'], threadCount)) return true;
    problem(`${field}.thread`, `${field}.thread must be a legend index from 0 to ${threadCount - 1}`);
    return false;
  };

  const parts: PartStitch[] = [];
  const inCell = new Map<number, PartStitch[]>();
  const tooManyParts = overLimit('part_stitches', value.part_stitches, limits.parts, `part stitches (${MAX_PARTS_PER_CELL} per cell)`);
  list('part_stitches', value.part_stitches, limits.parts, tooManyParts).forEach((item, i) => {
    const field = `part_stitches.${i}`;
    const { x, y, kind } = item;
    if (!isIndex(x, width) || !isIndex(y, height)) return problem(field, `${field} must be in a cell of the chart (x 0–${width - 1}, y 0–${height - 1})`);
    if (!isPartKind(kind)) return problem(`${field}.kind`, `${field}.kind must be one of ${PART_KINDS.join(', ')}`);
    if (!thread(field, item)) return;
    const cell = y * width + x;
    if ((chart.cells[cell] ?? -1) >= 0) return problem(field, `${field}: cell (${x + 1}, ${y + 1}) has a full stitch`);
    const others = inCell.get(cell) ?? [];
    if (others.length >= MAX_PARTS_PER_CELL) return problem(field, `${field}: cell (${x + 1}, ${y + 1}) already has ${MAX_PARTS_PER_CELL} part stitches`);
    if (others.some((other) => partQuadrants(other.kind) & partQuadrants(kind)))
      return problem(field, `${field} overlaps another part stitch in cell (${x + 1}, ${y + 1})`);
    const part = { x, y, kind, thread: item['thread'] as number };
    inCell.set(cell, [...others, part]);
    parts.push(part);
  });

  const backstitches: Backstitch[] = [];
  const lines = new Set<string>();
  let length = 0;
  const tooManyLines = overLimit('backstitches', value.backstitches, limits.backstitches, 'backstitch lines');
  list('backstitches', value.backstitches, Math.max(limits.backstitches, MAX_BACKSTITCHES), tooManyLines).forEach((item, i) => {
    const field = `backstitches.${i}`;
    const { x1, y1, x2, y2 } = item;
    if (!isIndex(x1, 2 * width + 1) || !isIndex(x2, 2 * width + 1) || !isIndex(y1, 2 * height + 1) || !isIndex(y2, 2 * height + 1))
      return problem(field, `${field} must join two points of the half-stitch lattice (x 0–${2 * width}, y 0–${2 * height})`);
    if (x1 === x2 && y1 === y2) return problem(field, `${field} has no length`);
    if (!thread(field, item)) return;
    const line = { x1, y1, x2, y2, thread: item['thread'] as number };
    const key = backstitchKey(line);
    if (lines.has(key)) return problem(field, `${field} repeats another backstitch between the same points`);
    if (backstitches.length >= limits.backstitches) return tooManyLines();
    if (length + backstitchLength(line) > limits.backstitchLength)
      return problem(field, `${field} makes the backstitch longer than ${count(limits.backstitchLength)} stitch widths in all, the most this chart may have`);
    length += backstitchLength(line);
    lines.add(key);
    backstitches.push(line);
  });

  const knots: FrenchKnot[] = [];
  const points = new Set<string>();
  const tooManyKnots = overLimit('knots', value.knots, limits.knots, 'French knots');
  list('knots', value.knots, Math.max(limits.knots, MAX_KNOTS), tooManyKnots).forEach((item, i) => {
    const field = `knots.${i}`;
    const { x, y } = item;
    if (!isIndex(x, 2 * width + 1) || !isIndex(y, 2 * height + 1))
      return problem(field, `${field} must be on a point of the half-stitch lattice (x 0–${2 * width}, y 0–${2 * height})`);
    if (!thread(field, item)) return;
    const knot = { x, y, thread: item['thread'] as number };
    if (points.has(knotKey(knot))) return problem(field, `${field} repeats another knot on the same point`);
    if (knots.length >= limits.knots) return tooManyKnots();
    points.add(knotKey(knot));
    knots.push(knot);
  });
  return { marks: { parts, backstitches, knots }, problems };
}
