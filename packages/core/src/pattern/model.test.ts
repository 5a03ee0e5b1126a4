import { describe, expect, it } from 'vitest';
import { findThread } from '../threads/catalogue.js';
import { findBrandThread } from '../threads/brands.js';
import { parsePatternDocument, PatternFormatError, toPatternDocument, type LegendEntry, type Pattern, legendEntryOf, namedThread } from './model.js';
import { PART_KINDS } from './stitches.js';
import { symbolFor } from './symbols.js';

function entry(index: number, code: string, stitches: number): LegendEntry {
  const thread = findThread(code)!;
  return legendEntryOf(namedThread(thread), index, symbolFor(index), stitches);
}

/**
 * 10 × 2 stitches: full stitches of 310 in the first column; every part kind in the second row (the
 * quarters next to a three-quarter or another quarter); backstitch in 666 only; knots of both.
 */
const PATTERN: Pattern = {
  width: 10,
  height: 2,
  legend: [entry(0, '310', 2), entry(1, '666', 0)],
  cells: Int16Array.from({ length: 20 }, (_, cell) => (cell % 10 === 0 ? 0 : -1)),
  marks: {
    parts: [
      ...PART_KINDS.filter((kind) => kind !== 'half-slash').map((kind, i) => ({ x: i + 1, y: 1, kind, thread: i % 2 })),
      { x: 1, y: 0, kind: 'half-slash' as const, thread: 0 },
      { x: 6, y: 1, kind: 'quarter-br' as const, thread: 1 }, // beside three-quarter-tl
    ],
    backstitches: [
      { x1: 0, y1: 0, x2: 20, y2: 4, thread: 1 },
      { x1: 3, y1: 3, x2: 2, y2: 2, thread: 1 },
    ],
    knots: [
      { x: 1, y: 1, thread: 0 },
      { x: 20, y: 4, thread: 1 },
    ],
  },
  stats: { confetti_before: 0.25, confetti_after: 0.125, mean_delta_e: 2.5 },
};

const textOf = (pattern: Pattern, change: Record<string, unknown> = {}): string => JSON.stringify({ ...toPatternDocument(pattern), ...change });

describe('pattern document version 3', () => {
  it('writes part stitches, backstitches and knots, and reads them back exactly', () => {
    const document = toPatternDocument(PATTERN);
    expect(document).toMatchObject({ version: 3, part_stitches: PATTERN.marks.parts, backstitches: PATTERN.marks.backstitches, knots: PATTERN.marks.knots });
    const parsed = parsePatternDocument(JSON.stringify(document));
    expect(parsed).toEqual(PATTERN);
    expect(toPatternDocument(parsed)).toEqual(document);
  });

  it('reads a stored chart with more knots than a new one may have (it was saved under the fixed caps)', () => {
    // 10 × 2 stitches have 33 corners; a chart stored before the limits scaled with the chart may have more knots.
    const knots = Array.from({ length: 40 }, (_, i) => ({ x: i % 21, y: Math.floor(i / 21), thread: 1 }));
    expect(parsePatternDocument(textOf(PATTERN, { knots })).marks.knots).toEqual(knots);
  });

  /** A legend entry as versions 1 and 2 wrote it: DMC, named by dmc_code and dmc_name only. */
  const olderEntry = ({ index, hex, symbol, dmc_code, dmc_name, stitch_count, rgb }: LegendEntry) => ({
    index,
    hex,
    symbol,
    dmc_code,
    dmc_name,
    stitch_count,
    rgb,
  });

  it('reads a version 1 document with no marks, and writes it back as version 3', () => {
    const { part_stitches: _parts, backstitches: _lines, knots: _knots, ...v1 } = { ...toPatternDocument(PATTERN), version: 1 };
    const fullOnly = { ...PATTERN, legend: [PATTERN.legend[0]!] };
    const parsed = parsePatternDocument(JSON.stringify({ ...v1, legend: fullOnly.legend.map(olderEntry) }));
    expect(parsed).toEqual({ ...fullOnly, marks: { parts: [], backstitches: [], knots: [] } });
    expect(toPatternDocument(parsed)).toMatchObject({ version: 3, part_stitches: [], backstitches: [], knots: [] });
  });

  it('reads a version 2 document as DMC threads, each with its brand, code, name and one thread of 2 strands', () => {
    const parsed = parsePatternDocument(textOf(PATTERN, { version: 2, legend: PATTERN.legend.map(olderEntry) }));
    expect(parsed).toEqual(PATTERN);
    expect(parsed.legend[0]).toMatchObject({ brand: 'dmc', code: '310', name: 'Black', dmc_code: '310', threads: [{ brand: 'dmc', code: '310', strands: 2 }] });
  });

  it('keeps an Anchor thread as itself, with no DMC code to pretend it is one', () => {
    const anchor = legendEntryOf(namedThread(findBrandThread('anchor', '403')!), 0, symbolFor(0), 1);
    expect(anchor).toMatchObject({ brand: 'anchor', code: '403', dmc_code: '', dmc_name: '', threads: [{ brand: 'anchor', code: '403', strands: 2 }] });
    const chart: Pattern = { ...PATTERN, width: 1, height: 1, legend: [anchor], cells: Int16Array.of(0), marks: { parts: [], backstitches: [], knots: [] } };
    expect(parsePatternDocument(JSON.stringify(toPatternDocument(chart)))).toEqual(chart);
  });

  it.each([
    ['a part stitch on a full stitch', { part_stitches: [{ x: 0, y: 0, kind: 'half-slash', thread: 0 }] }, 'has a full stitch'],
    ['an unknown part kind', { part_stitches: [{ x: 1, y: 0, kind: 'cross', thread: 0 }] }, 'part_stitches.0.kind'],
    ['a backstitch off the chart', { backstitches: [{ x1: 0, y1: 0, x2: 21, y2: 0, thread: 1 }] }, 'backstitches.0'],
    ['a knot of a thread not in the legend', { knots: [{ x: 0, y: 0, thread: 2 }] }, 'knots.0.thread'],
    ['knots that are not a list', { knots: 'none' }, 'knots must be a list'],
  ])('refuses %s, saying why', (_, change, why) => {
    expect(() => parsePatternDocument(textOf(PATTERN, change))).toThrow(PatternFormatError);
    expect(() => parsePatternDocument(textOf(PATTERN, change))).toThrow(why);
  });
});
