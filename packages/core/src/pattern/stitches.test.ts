import { describe, expect, it } from 'vitest';
import { checkMarks, MAX_BACKSTITCHES, MAX_KNOTS, maxBackstitchLength, markLimits, storedMarkLimits } from './mark-checks.js';
import {
  BACKSTITCH_LINE_STYLES,
  backstitchLength,
  backstitchStyles,
  markUse,
  PART_KINDS,
  partCorner,
  partQuadrants,
  partShare,
  renumberMarks,
  sameMarks,
  type ChartMarks,
  type PartKind,
} from './stitches.js';

/** The quadrants each part covers, written out by hand from the drawings: tl, tr, bl, br. */
const COVERS: Record<PartKind, string> = {
  'half-slash': 'tr bl',
  'half-backslash': 'tl br',
  'quarter-tl': 'tl',
  'quarter-tr': 'tr',
  'quarter-bl': 'bl',
  'quarter-br': 'br',
  'three-quarter-tl': 'tl tr bl',
  'three-quarter-tr': 'tr tl br',
  'three-quarter-bl': 'bl tl br',
  'three-quarter-br': 'br tr bl',
};
const sharesQuadrant = (a: PartKind, b: PartKind): boolean => COVERS[a].split(' ').some((quadrant) => COVERS[b].split(' ').includes(quadrant));

describe('part stitches', () => {
  it('overlap exactly when they share a quadrant of the cell', () => {
    for (const a of PART_KINDS) {
      for (const b of PART_KINDS) expect(Boolean(partQuadrants(a) & partQuadrants(b)), `${a} with ${b}`).toBe(sharesQuadrant(a, b));
    }
    // What a stitcher combines in one cell: a three-quarter and the quarter opposite, or two quarters.
    expect(partQuadrants('three-quarter-tl') & partQuadrants('quarter-br')).toBe(0);
    expect(partQuadrants('quarter-tl') & partQuadrants('quarter-tr')).toBe(0);
    expect(partQuadrants('three-quarter-tl') & partQuadrants('quarter-tr')).not.toBe(0);
  });

  it('name their corner, and use their share of a full stitch’s thread', () => {
    expect(PART_KINDS.map((kind) => [kind, partCorner(kind), partShare(kind)])).toEqual([
      ['half-slash', undefined, 0.5],
      ['half-backslash', undefined, 0.5],
      ['quarter-tl', 'tl', 0.25],
      ['quarter-tr', 'tr', 0.25],
      ['quarter-bl', 'bl', 0.25],
      ['quarter-br', 'br', 0.25],
      ['three-quarter-tl', 'tl', 0.75],
      ['three-quarter-tr', 'tr', 0.75],
      ['three-quarter-bl', 'bl', 0.75],
      ['three-quarter-br', 'br', 0.75],
    ]);
  });
});

describe('backstitchLength', () => {
  it.each([
    ['across one stitch', [0, 0, 2, 0], 1],
    ['half a stitch, edge to midpoint', [0, 0, 1, 0], 0.5],
    ['down two stitches', [3, 0, 3, 4], 2],
    ['the diagonal of one stitch', [0, 0, 2, 2], Math.SQRT2],
    ['corner to centre', [2, 2, 3, 3], Math.SQRT2 / 2],
    ['a 3–4–5 line, drawn backwards', [6, 8, 0, 0], 5],
  ] as const)('measures %s in stitch widths', (_, [x1, y1, x2, y2], length) => {
    expect(backstitchLength({ x1, y1, x2, y2, thread: 0 })).toBeCloseTo(length, 12);
  });
});

/**
 * A 3 × 2 chart with a full stitch in cell (0, 0) only, and two threads. Marks that fit it: a three-quarter
 * and a quarter sharing cell (1, 0), a half stitch, lines across the whole chart and inside a cell, two knots.
 */
const CHART = { width: 3, height: 2, threadCount: 2, cells: [0, -1, -1, -1, -1, -1] };
const GOOD = {
  part_stitches: [
    { x: 1, y: 0, kind: 'three-quarter-tl', thread: 0 },
    { x: 1, y: 0, kind: 'quarter-br', thread: 1 },
    { x: 2, y: 1, kind: 'half-slash', thread: 1 },
  ],
  backstitches: [
    { x1: 0, y1: 0, x2: 6, y2: 4, thread: 0 },
    { x1: 3, y1: 3, x2: 2, y2: 2, thread: 1 },
  ],
  knots: [
    { x: 3, y: 3, thread: 1 },
    { x: 6, y: 4, thread: 0 },
  ],
};
const part = (x: number, y: number, kind: string, thread = 0) => ({ x, y, kind, thread });
const line = (x1: number, y1: number, x2: number, y2: number, thread = 0) => ({ x1, y1, x2, y2, thread });

describe('checkMarks', () => {
  it('takes a good set as it is, with no problem', () => {
    const { marks, problems } = checkMarks(structuredClone(GOOD), CHART);
    expect(problems).toEqual([]);
    expect(marks).toEqual({ parts: GOOD.part_stitches, backstitches: GOOD.backstitches, knots: GOOD.knots });
    expect(checkMarks({}, CHART)).toEqual({ marks: { parts: [], backstitches: [], knots: [] }, problems: [] });
  });

  it.each([
    ['a part outside the chart', { part_stitches: [part(3, 0, 'half-slash')] }, 'part_stitches.0'],
    ['a part at a fractional place', { part_stitches: [part(1.5, 0, 'half-slash')] }, 'part_stitches.0'],
    ['an unknown part kind', { part_stitches: [part(1, 0, 'half')] }, 'part_stitches.0.kind'],
    ['a part of a thread past the legend', { part_stitches: [part(1, 0, 'half-slash', 2)] }, 'part_stitches.0.thread'],
    ['a part of thread −1', { part_stitches: [part(1, 0, 'half-slash', -1)] }, 'part_stitches.0.thread'],
    ['a part whose thread is text', { part_stitches: [part(1, 0, 'half-slash', '0' as unknown as number)] }, 'part_stitches.0.thread'],
    ['a part on a full stitch', { part_stitches: [part(0, 0, 'quarter-tl')] }, 'part_stitches.0'],
    ['a third part in a cell', { part_stitches: [part(1, 1, 'quarter-tl'), part(1, 1, 'quarter-tr', 1), part(1, 1, 'quarter-bl')] }, 'part_stitches.2'],
    ['overlapping parts', { part_stitches: [part(1, 1, 'half-slash'), part(1, 1, 'quarter-tr', 1)] }, 'part_stitches.1'],
    ['the same part twice', { part_stitches: [part(1, 1, 'quarter-tr'), part(1, 1, 'quarter-tr', 1)] }, 'part_stitches.1'],
    ['an entry that is not an object', { part_stitches: [null] }, 'part_stitches.0'],
    ['a line off the lattice', { backstitches: [line(0, 0, 7, 4)] }, 'backstitches.0'],
    ['a line with a negative end', { backstitches: [line(0, -1, 2, 2)] }, 'backstitches.0'],
    ['a line of no length', { backstitches: [line(2, 2, 2, 2)] }, 'backstitches.0'],
    ['a line of a thread past the legend', { backstitches: [line(0, 0, 2, 2, 5)] }, 'backstitches.0.thread'],
    ['the same line twice', { backstitches: [line(0, 0, 2, 2), line(0, 0, 2, 2, 1)] }, 'backstitches.1'],
    ['the same line twice, once backwards', { backstitches: [line(0, 0, 2, 2), line(2, 2, 0, 0, 1)] }, 'backstitches.1'],
    ['a knot off the lattice', { knots: [{ x: 0, y: 5, thread: 0 }] }, 'knots.0'],
    ['a knot with no thread', { knots: [{ x: 0, y: 0 }] }, 'knots.0.thread'],
    [
      'two knots on one point',
      {
        knots: [
          { x: 1, y: 1, thread: 0 },
          { x: 1, y: 1, thread: 1 },
        ],
      },
      'knots.1',
    ],
    ['part stitches that are not a list', { part_stitches: { 0: part(1, 0, 'half-slash') } }, 'part_stitches'],
    ['backstitches that are not a list', { backstitches: 'none' }, 'backstitches'],
    ['knots that are not a list', { knots: null }, 'knots'],
    ['more part stitches than two per cell', { part_stitches: Array.from({ length: 13 }, () => part(1, 0, 'quarter-tl')) }, 'part_stitches'],
    ['too many knots', { knots: new Array<unknown>(MAX_KNOTS + 1).fill({ x: 0, y: 0, thread: 0 }) }, 'knots'],
  ] as const)('refuses %s, naming the field', (_, value, field) => {
    const { marks, problems } = checkMarks({ ...GOOD, ...value }, CHART);
    expect(problems.map((problem) => problem.field)).toEqual([field]);
    expect(problems[0]!.message).toContain(field.split('.').slice(0, 2).join('.'));
    // The bad entry is left out; the other lists are taken as they are.
    const layer = field.split('.')[0] as keyof typeof GOOD;
    const checked = { part_stitches: marks.parts, backstitches: marks.backstitches, knots: marks.knots };
    const given: unknown = value[layer as keyof typeof value];
    expect(checked[layer].length).toBeLessThan(Array.isArray(given) ? given.length : 1);
    for (const other of Object.keys(GOOD) as (keyof typeof GOOD)[]) if (other !== layer) expect(checked[other]).toEqual(GOOD[other]);
  });

  it('names at most `limit` problems', () => {
    const knots = Array.from({ length: 20 }, () => ({ x: 99, y: 0, thread: 0 }));
    expect(checkMarks({ knots }, CHART).problems).toHaveLength(5);
    expect(checkMarks({ knots }, CHART, 1).problems.map((problem) => problem.field)).toEqual(['knots.0']);
  });
});

describe('markUse', () => {
  it('adds up part stitches with their share, backstitch length and knots per thread', () => {
    const use = markUse({ parts: GOOD.part_stitches as ChartMarks['parts'], backstitches: GOOD.backstitches, knots: GOOD.knots }, 3);
    expect(use[0]).toEqual({ partStitches: 1, partShare: 0.75, backstitchLength: Math.hypot(6, 4) / 2, knots: 1 });
    expect(use[1]!.partStitches).toBe(2);
    expect(use[1]!.partShare).toBeCloseTo(0.75, 12);
    expect(use[1]!.backstitchLength).toBeCloseTo(Math.SQRT2 / 2, 12);
    expect(use[1]!.knots).toBe(1);
    expect(use[2]).toEqual({ partStitches: 0, partShare: 0, backstitchLength: 0, knots: 0 });
  });
});

const MARKS: ChartMarks = {
  parts: [
    { x: 1, y: 0, kind: 'three-quarter-tl', thread: 0 },
    { x: 1, y: 0, kind: 'quarter-br', thread: 1 },
  ],
  backstitches: [
    { x1: 0, y1: 0, x2: 2, y2: 2, thread: 0 },
    { x1: 4, y1: 0, x2: 2, y2: 2, thread: 2 },
  ],
  knots: [
    { x: 1, y: 1, thread: 2 },
    { x: 3, y: 1, thread: 1 },
  ],
};

describe('renumberMarks', () => {
  it('moves every mark to its thread’s new index and drops those of dropped threads', () => {
    expect(renumberMarks(MARKS, [1, -1, 0])).toEqual({
      parts: [{ x: 1, y: 0, kind: 'three-quarter-tl', thread: 1 }],
      backstitches: [
        { x1: 0, y1: 0, x2: 2, y2: 2, thread: 1 },
        { x1: 4, y1: 0, x2: 2, y2: 2, thread: 0 },
      ],
      knots: [{ x: 1, y: 1, thread: 0 }],
    });
  });
});

describe('sameMarks', () => {
  const reversed = (marks: ChartMarks): ChartMarks => ({
    parts: [...marks.parts].reverse(),
    backstitches: [...marks.backstitches].reverse(),
    knots: [...marks.knots].reverse(),
  });

  it('ignores the order of the lists and which way round a line was drawn', () => {
    expect(sameMarks(MARKS, reversed(MARKS))).toBe(true);
    const backwards = { ...MARKS, backstitches: MARKS.backstitches.map(({ x1, y1, x2, y2, thread }) => ({ x1: x2, y1: y2, x2: x1, y2: y1, thread })) };
    expect(sameMarks(MARKS, backwards)).toBe(true);
  });

  it('tells apart another thread, kind, place or an extra mark', () => {
    const changed = (change: Partial<ChartMarks>) => sameMarks(MARKS, { ...MARKS, ...change });
    expect(changed({ knots: [MARKS.knots[0]!, { ...MARKS.knots[1]!, thread: 0 }] })).toBe(false);
    expect(changed({ parts: [MARKS.parts[0]!, { ...MARKS.parts[1]!, kind: 'quarter-bl' }] })).toBe(false);
    expect(changed({ backstitches: [MARKS.backstitches[0]!, { ...MARKS.backstitches[1]!, x1: 6 }] })).toBe(false);
    expect(changed({ knots: [...MARKS.knots, { x: 0, y: 0, thread: 0 }] })).toBe(false);
    expect(changed({ parts: [] })).toBe(false);
  });
});

describe('the length of all backstitch', () => {
  it('is bounded by the chart size: a line past the bound is refused, naming it, and the lines before it stay', () => {
    // A 4 × 4 chart takes at most 2 × 5 × 5 = 50 stitch widths; each line across it is 4 long, so 12 fit.
    const across = Array.from({ length: 9 }, (_, y) => ({ x1: 0, y1: y, x2: 8, y2: y, thread: 0 }));
    const down = Array.from({ length: 9 }, (_, x) => ({ x1: x, y1: 0, x2: x, y2: 8, thread: 0 }));
    const many = [...across, ...down];
    const { marks, problems } = checkMarks({ backstitches: many }, { width: 4, height: 4, threadCount: 1, cells: new Int16Array(16).fill(-1) }, 20);
    const total = marks.backstitches.reduce((sum, line) => sum + backstitchLength(line), 0);
    expect(total).toBeLessThanOrEqual(maxBackstitchLength(4, 4));
    expect(marks.backstitches).toHaveLength(12);
    expect(problems[0]!.field).toBe('backstitches.12');
    expect(problems[0]!.message).toContain('longer than 50 stitch widths in all');
  });
});

describe('mark limits', () => {
  /** An empty chart of width × height and one thread. */
  const empty = (width: number, height: number) => ({ width, height, threadCount: 1, cells: new Int16Array(width * height).fill(-1) });
  /** `count` knots on different points, row by row over the lattice of a chart `width` stitches wide. */
  const knotsOn = (width: number, count: number) =>
    Array.from({ length: count }, (_, i) => ({ x: i % (2 * width + 1), y: Math.floor(i / (2 * width + 1)), thread: 0 }));

  it('grow with the chart: a knot and two backstitch lines per corner of its stitches, two part stitches per cell, within the fixed caps', () => {
    expect(markLimits(100, 100)).toEqual({ parts: 20_000, backstitches: 20_402, backstitchLength: 20_402, knots: 10_201 });
    expect(markLimits(3, 2)).toEqual({ parts: 12, backstitches: 24, backstitchLength: 24, knots: 12 });
    expect(markLimits(500, 500)).toMatchObject({ backstitches: MAX_BACKSTITCHES, knots: MAX_KNOTS });
    expect(storedMarkLimits(100, 100)).toEqual({ parts: 20_000, backstitches: MAX_BACKSTITCHES, backstitchLength: 20_402, knots: MAX_KNOTS });
  });

  it('refuse a 100 × 100 chart more knots than its corners, naming the limit once, and keep the first that fit', () => {
    const { marks, problems } = checkMarks({ knots: knotsOn(100, 10_210) }, empty(100, 100));
    expect(problems).toEqual([{ field: 'knots', message: 'knots has 10,210 entries; a 100 × 100 chart may have at most 10,201 French knots' }]);
    expect(marks.knots).toHaveLength(10_201);
    // Past the fixed cap the list is refused by its length alone, with the same sentence.
    expect(checkMarks({ knots: knotsOn(100, MAX_KNOTS + 1) }, empty(100, 100)).problems).toEqual([
      { field: 'knots', message: 'knots has 50,001 entries; a 100 × 100 chart may have at most 10,201 French knots' },
    ]);
  });

  it('count only knots that fit: repeated or misplaced ones take no share of the limit', () => {
    const knots = [{ x: 0, y: 0, thread: 0 }, ...knotsOn(3, 12), { x: 99, y: 0, thread: 0 }];
    const { marks, problems } = checkMarks({ knots }, empty(3, 2), 20);
    expect(marks.knots).toHaveLength(12);
    expect(problems.map((problem) => problem.field)).toEqual(['knots.1', 'knots.13']);
  });

  it('refuse more backstitch lines than two per corner, however short', () => {
    // A 4 × 4 chart may have 50 lines; 60 half-stitch lines are only 30 stitch widths long, within its length.
    const lines = Array.from({ length: 60 }, (_, i) => ({ x1: i % 8, y1: Math.floor(i / 8), x2: (i % 8) + 1, y2: Math.floor(i / 8), thread: 0 }));
    const { marks, problems } = checkMarks({ backstitches: lines }, empty(4, 4));
    expect(marks.backstitches).toHaveLength(50);
    expect(problems).toEqual([{ field: 'backstitches', message: 'backstitches has 60 entries; a 4 × 4 chart may have at most 50 backstitch lines' }]);
  });

  it('read a stored chart under the fixed caps it was saved with', () => {
    const knots = knotsOn(100, 10_210);
    expect(checkMarks({ knots }, empty(100, 100), 5, storedMarkLimits(100, 100))).toMatchObject({ problems: [], marks: { knots } });
  });
});

describe('backstitchStyles', () => {
  it('gives each backstitch thread its own line style in legend order', () => {
    const lines = [3, 0, 3, 5].map((thread, i) => ({ x1: i, y1: 0, x2: i + 1, y2: 0, thread }));
    expect(backstitchStyles({ backstitches: lines }, 7)).toEqual([0, -1, -1, 1, -1, 2, -1]);
    expect(new Set(BACKSTITCH_LINE_STYLES.map((style) => style.join(','))).size).toBe(BACKSTITCH_LINE_STYLES.length);
  });
});
