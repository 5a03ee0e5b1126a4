/**
 * What a chart's marks are held to: how many of each kind a chart of its size may carry (`markLimits`, and
 * the fixed caps every stored chart was checked against), and `checkMarks`, which reads marks from outside
 * (a document, an edit, an imported file) field by field and keeps those that are well formed and fit.
 */
import {
  backstitchKey,
  backstitchLength,
  isPartKind,
  knotKey,
  MAX_PARTS_PER_CELL,
  PART_KINDS,
  partQuadrants,
  type Backstitch,
  type ChartMarks,
  type FrenchKnot,
  type PartStitch,
} from './stitches.js';

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
