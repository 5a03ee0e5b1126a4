import { describe, expect, it } from 'vitest';
import { DMC_THREADS, findThread } from '../threads/catalogue.js';
import { confettiShare } from './confetti.js';
import { generatePattern } from './generate.js';
import { legendEntryOf, namedThread, toPatternDocument, type LegendEntry, type PatternDocument, upgradeLegendEntry } from './model.js';
import { findBrandThread } from '../threads/brands.js';
import { blendOf } from '../threads/blends.js';
import { CHART_SYMBOLS } from './symbols.js';
import { PATTERN_LIMITS, PatternValidationError, patternFromUntrustedDocument, type PatternLimits, type PatternProblem } from './validate.js';

const VISITOR: PatternLimits = { maxSide: 100, maxThreads: 10 };

/** A legend entry as a client might send it: code and symbol, with colour, name and count that are lies. */
function clientEntry(index: number, code: string, symbol = CHART_SYMBOLS[index]!): LegendEntry {
  return upgradeLegendEntry({ index, hex: '#123456', symbol, dmc_code: code, dmc_name: 'Made-up name', stitch_count: 999, rgb: { r: 18, g: 52, b: 86 } });
}

/**
 * 4 × 3 stitches of 310, B5200 and 321, and one empty cell:
 *   0 0 1 1
 *   0 2 1 1
 *   0 0 1 -1
 */
function documentOf(overrides: Partial<Record<keyof PatternDocument, unknown>> = {}): Record<string, unknown> {
  return {
    format: 'stitchwise-pattern',
    version: 1,
    width: 4,
    height: 3,
    legend: [clientEntry(0, '310'), clientEntry(1, 'B5200'), clientEntry(2, '321')],
    cells: [0, 0, 1, 1, 0, 2, 1, 1, 0, 0, 1, -1],
    stats: { confetti_before: 0.5, confetti_after: 0.4, mean_delta_e: 3.2 },
    ...overrides,
  };
}

/** The problems a document is refused with (fails the test when it is accepted or fails otherwise). */
function problemsOf(document: unknown, limits = PATTERN_LIMITS): PatternProblem[] {
  try {
    patternFromUntrustedDocument(document, limits);
  } catch (error) {
    if (error instanceof PatternValidationError) return error.problems;
    throw error;
  }
  throw new Error('the document was accepted');
}

const fieldsOf = (document: unknown, limits = PATTERN_LIMITS): string[] => problemsOf(document, limits).map((problem) => problem.field);

const legendWith = (count: number): LegendEntry[] => DMC_THREADS.slice(0, count).map((thread, index) => clientEntry(index, thread.code));

/** A document `width` × `height` whose cells cycle through `threads` legend entries. */
function sized(width: number, height: number, threads = 3): Record<string, unknown> {
  return documentOf({ width, height, legend: legendWith(threads), cells: Array.from({ length: width * height }, (_, cell) => cell % threads) });
}

describe('patternFromUntrustedDocument', () => {
  it('takes colours and names from the catalogue and counts from the cells, whatever the client claimed', () => {
    const pattern = patternFromUntrustedDocument(documentOf(), PATTERN_LIMITS);
    expect(pattern.width).toBe(4);
    expect(pattern.height).toBe(3);
    expect(Array.from(pattern.cells)).toEqual([0, 0, 1, 1, 0, 2, 1, 1, 0, 0, 1, -1]);
    const expected = [
      ['310', 5],
      ['B5200', 5],
      ['321', 1],
    ] as const;
    expected.forEach(([code, count], index) => {
      const thread = findThread(code)!;
      expect(pattern.legend[index]).toEqual(legendEntryOf(namedThread(thread), index, CHART_SYMBOLS[index]!, count));
    });
  });

  it("writes codes as the catalogue does and keeps the client's order and symbols", () => {
    const legend = [clientEntry(0, ' blanc ', '★'), clientEntry(1, '1', '♥'), clientEntry(2, 'b5200', 'A')];
    const pattern = patternFromUntrustedDocument(documentOf({ legend }), PATTERN_LIMITS);
    expect(pattern.legend.map((entry) => [entry.dmc_code, entry.symbol])).toEqual([
      ['Blanc', '★'],
      ['01', '♥'],
      ['B5200', 'A'],
    ]);
  });

  it('reads back a generated pattern unchanged, apart from statistics it cannot know', () => {
    const data = new Uint8Array(30 * 20 * 4).map((_, i) => (i % 4 === 3 ? 255 : (i * 37) % 256));
    const generated = generatePattern({ width: 30, height: 20, data }, { maxSide: 30, colors: 8, useKmeans: false, mergeThreads: false });
    const pattern = patternFromUntrustedDocument(JSON.parse(JSON.stringify(toPatternDocument(generated))), PATTERN_LIMITS);
    expect(pattern.legend).toEqual(generated.legend);
    expect(Array.from(pattern.cells)).toEqual(Array.from(generated.cells));
    expect(pattern.stats.confetti_after).toBeCloseTo(generated.stats.confetti_after, 12);
  });

  it('drops threads with no stitch and renumbers the cells, keeping the order of the rest', () => {
    const legend = [clientEntry(0, '310'), clientEntry(1, '700'), clientEntry(2, 'B5200'), clientEntry(3, '666'), clientEntry(4, '321')];
    // 700 and 666 are unused; 321 (index 4) has more stitches than 310 but stays after it.
    const cells = [0, 4, 4, 4, 2, 2, -1, 4, 4, 0, 2, 4];
    const pattern = patternFromUntrustedDocument(documentOf({ legend, cells }), PATTERN_LIMITS);
    expect(pattern.legend.map((entry) => [entry.index, entry.dmc_code, entry.symbol, entry.stitch_count])).toEqual([
      [0, '310', CHART_SYMBOLS[0], 2],
      [1, 'B5200', CHART_SYMBOLS[2], 3],
      [2, '321', CHART_SYMBOLS[4], 6],
    ]);
    expect(Array.from(pattern.cells)).toEqual([0, 2, 2, 2, 1, 1, -1, 2, 2, 0, 1, 2]);
  });

  it('recomputes the confetti share from the cells and reports no colour error it cannot measure', () => {
    const pattern = patternFromUntrustedDocument(documentOf(), PATTERN_LIMITS);
    // The lone 321 stitch is the only confetti of 11 stitches.
    expect(pattern.stats).toEqual({ confetti_before: 1 / 11, confetti_after: 1 / 11, mean_delta_e: 0 });
    expect(confettiShare(pattern.cells, 4, 3)).toBe(1 / 11);
  });

  it.each([
    ['no object at all', null, 'document'],
    ['a list instead of an object', [1, 2], 'document'],
    ['another format', documentOf({ format: 'oxs' }), 'format'],
    ['another version', documentOf({ version: 4 }), 'version'],
    ['a width of 0', sized(0, 3), 'width'],
    ['a fractional height', documentOf({ height: 2.5 }), 'height'],
    ['a width as text', documentOf({ width: '4' }), 'width'],
    ['a width of 501', sized(501, 2), 'width'],
    ['a height of 501', sized(2, 501), 'height'],
    ['cells that are not a list', documentOf({ cells: '0,0,1' }), 'cells'],
    ['one cell too few', documentOf({ cells: [0, 0, 1, 1, 0, 2, 1, 1, 0, 0, 1] }), 'cells'],
    ['a cell past the legend', documentOf({ cells: [0, 0, 1, 1, 0, 3, 1, 1, 0, 0, 1, -1] }), 'cells.5'],
    ['a cell below −1', documentOf({ cells: [0, 0, 1, 1, 0, 2, 1, 1, 0, -2, 1, -1] }), 'cells.9'],
    ['a fractional cell', documentOf({ cells: [0, 0.5, 1, 1, 0, 2, 1, 1, 0, 0, 1, -1] }), 'cells.1'],
    ['a cell as text', documentOf({ cells: [0, 0, 1, 1, 0, 2, 1, 1, 0, 0, '1', -1] }), 'cells.10'],
    ['a legend that is not a list', documentOf({ legend: {} }), 'legend'],
    ['51 threads', sized(10, 10, 51), 'legend'],
    ['an entry that is not an object', documentOf({ legend: [clientEntry(0, '310'), '310', clientEntry(2, '321')] }), 'legend.1'],
    ['an unknown thread code', documentOf({ legend: [clientEntry(0, '310'), clientEntry(1, '9999'), clientEntry(2, '321')] }), 'legend.1.dmc_code'],
    [
      'a thread code as a number',
      documentOf({ legend: [clientEntry(0, '310'), { ...clientEntry(1, ''), dmc_code: 310 }, clientEntry(2, '321')] }),
      'legend.1.dmc_code',
    ],
    ['the same thread twice', documentOf({ legend: [clientEntry(0, '310'), clientEntry(1, 'B5200'), clientEntry(2, ' 310')] }), 'legend.2.dmc_code'],
    [
      'a symbol that is not a chart symbol',
      documentOf({ legend: [clientEntry(0, '310'), clientEntry(1, 'B5200', 'x'), clientEntry(2, '321')] }),
      'legend.1.symbol',
    ],
    [
      'a look-alike symbol left out of the chart set',
      documentOf({ legend: [clientEntry(0, '310', '0'), clientEntry(1, 'B5200'), clientEntry(2, '321')] }),
      'legend.0.symbol',
    ],
    [
      'the same symbol twice',
      documentOf({ legend: [clientEntry(0, '310'), clientEntry(1, 'B5200'), clientEntry(2, '321', CHART_SYMBOLS[0])] }),
      'legend.2.symbol',
    ],
    [
      'an index that is not the position',
      documentOf({ legend: [clientEntry(0, '310'), clientEntry(2, 'B5200', CHART_SYMBOLS[1]), clientEntry(2, '321')] }),
      'legend.1.index',
    ],
  ] as const)('refuses %s, naming the field', (name, document, field) => {
    expect(fieldsOf(document), name).toEqual([field]);
  });

  it('names every problem of a document at once, each with a message that names its field', () => {
    const document = documentOf({ version: 4, legend: [clientEntry(0, '310'), clientEntry(1, 'nope'), clientEntry(2, '321')], cells: [0] });
    const problems = problemsOf(document);
    expect(problems.map((problem) => problem.field)).toEqual(['version', 'legend.1.code', 'cells']);
    for (const { field, message } of problems) expect(message.startsWith(field)).toBe(true);
  });

  it('checks a version 3 thread within its brand: an Anchor code is an Anchor thread, and a brand it does not know is refused', () => {
    const anchor = (index: number, code: string) => ({ ...clientEntry(index, '310'), brand: 'anchor', code });
    const document = documentOf({ version: 3, legend: [anchor(0, '403'), anchor(1, '0002'), clientEntry(2, '321')] });
    const pattern = patternFromUntrustedDocument(document, PATTERN_LIMITS);
    expect(pattern.legend.map((entry) => [entry.brand, entry.code, entry.name, entry.dmc_code])).toEqual([
      ['anchor', '403', findBrandThread('anchor', '403')!.name, ''],
      ['anchor', '2', 'White', ''],
      ['dmc', '321', findThread('321')!.name, '321'],
    ]);
    expect(pattern.legend[0]!.hex).toBe(findBrandThread('anchor', '403')!.hex);
    const problems = problemsOf(documentOf({ version: 3, legend: [anchor(0, '3865'), { ...anchor(1, '1'), brand: 'coats' }, clientEntry(2, '321')] }));
    expect(problems).toEqual([
      { field: 'legend.0.code', message: 'legend.0.code "3865" is not an Anchor thread code' },
      { field: 'legend.1.brand', message: 'legend.1.brand must be one of dmc, anchor, madeira' },
    ]);
  });

  it('names the first bad cells and counts the rest, so a broken chart gets a short answer', () => {
    const problems = problemsOf({ ...sized(100, 100, 3), cells: new Array<number>(10_000).fill(7) });
    expect(problems.map((problem) => problem.field)).toEqual(['cells.0', 'cells.1', 'cells.2', 'cells.3', 'cells.4', 'cells']);
    expect(problems.at(-1)!.message).toContain('9995 more cells');
  });

  it('holds visitors to 100 stitches and 10 threads, and signed-in users to 500 and 50', () => {
    expect(fieldsOf(sized(101, 40), VISITOR)).toEqual(['width']);
    expect(problemsOf(sized(40, 150), VISITOR)[0]!.message).toContain('from 1 to 100');
    expect(fieldsOf(sized(20, 20, 11), VISITOR)).toEqual(['legend']);
    expect(patternFromUntrustedDocument(sized(100, 100, 10), VISITOR).legend).toHaveLength(10);
    expect(patternFromUntrustedDocument(sized(150, 40, 11), PATTERN_LIMITS).legend).toHaveLength(11);
    expect(patternFromUntrustedDocument(sized(500, 500, 50), PATTERN_LIMITS).legend).toHaveLength(50);
  });

  it('refuses oversized lists by their length, without reading their entries', () => {
    // Any element read from these lists throws: a refusal must come from the length alone.
    const untouchable = (length: number): unknown[] =>
      new Proxy(new Array<unknown>(length), {
        get: (target, key, receiver) => {
          if (typeof key === 'string' && /^\d+$/.test(key)) throw new Error(`element ${key} was read`);
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
    expect(fieldsOf(documentOf({ legend: untouchable(1_000_000) }))).toEqual(['legend']);
    expect(fieldsOf(documentOf({ cells: untouchable(50_000_000) }))).toEqual(['cells']);
    expect(fieldsOf(documentOf({ width: 1e9, height: 1e9, cells: untouchable(5) }))).toEqual(['width', 'height']);
  });
});

describe('patternFromUntrustedDocument with part stitches, backstitches and knots', () => {
  // 310, 700 (unused), B5200, 666 (backstitch only), 321; cell (4, 3) has no full stitch.
  const legend = [clientEntry(0, '310'), clientEntry(1, '700'), clientEntry(2, 'B5200'), clientEntry(3, '666'), clientEntry(4, '321')];
  const marked = (marks: Record<string, unknown> = {}): Record<string, unknown> =>
    documentOf({
      version: 2,
      legend,
      cells: [0, 0, 2, 2, 0, 4, 2, 2, 0, 0, 2, -1],
      part_stitches: [{ x: 3, y: 2, kind: 'three-quarter-br', thread: 4 }],
      backstitches: [{ x1: 0, y1: 0, x2: 8, y2: 6, thread: 3 }],
      knots: [{ x: 1, y: 1, thread: 0 }],
      ...marks,
    });

  it('keeps a thread used only for backstitch in the legend, and renumbers the marks with the cells', () => {
    const pattern = patternFromUntrustedDocument(marked(), PATTERN_LIMITS);
    expect(pattern.legend.map((entry) => [entry.dmc_code, entry.symbol, entry.stitch_count])).toEqual([
      ['310', CHART_SYMBOLS[0], 5],
      ['B5200', CHART_SYMBOLS[2], 5],
      ['666', CHART_SYMBOLS[3], 0],
      ['321', CHART_SYMBOLS[4], 1],
    ]);
    expect(Array.from(pattern.cells)).toEqual([0, 0, 1, 1, 0, 3, 1, 1, 0, 0, 1, -1]);
    expect(pattern.marks).toEqual({
      parts: [{ x: 3, y: 2, kind: 'three-quarter-br', thread: 3 }],
      backstitches: [{ x1: 0, y1: 0, x2: 8, y2: 6, thread: 2 }],
      knots: [{ x: 1, y: 1, thread: 0 }],
    });
  });

  it('keeps a thread used only for part stitches or only for knots', () => {
    const pattern = patternFromUntrustedDocument(marked({ knots: [{ x: 1, y: 1, thread: 1 }] }), PATTERN_LIMITS);
    expect(pattern.legend.map((entry) => entry.dmc_code)).toEqual(['310', '700', 'B5200', '666', '321']);
    expect(pattern.marks.knots).toEqual([{ x: 1, y: 1, thread: 1 }]);
  });

  it.each([
    ['a part stitch on a full stitch', { part_stitches: [{ x: 0, y: 0, kind: 'half-slash', thread: 0 }] }, ['part_stitches.0']],
    ['a part stitch of an unknown kind', { part_stitches: [{ x: 3, y: 2, kind: 'eighth', thread: 0 }] }, ['part_stitches.0.kind']],
    ['a backstitch off the chart', { backstitches: [{ x1: 0, y1: 0, x2: 9, y2: 6, thread: 0 }] }, ['backstitches.0']],
    ['a backstitch of a thread not in the legend', { backstitches: [{ x1: 0, y1: 0, x2: 1, y2: 1, thread: 5 }] }, ['backstitches.0.thread']],
    [
      'the same knot twice, and knots as text',
      {
        knots: [
          { x: 1, y: 1, thread: 0 },
          { x: 1, y: 1, thread: 2 },
        ],
        backstitches: 'none',
      },
      ['backstitches', 'knots.1'],
    ],
  ] as const)('refuses %s, naming the field', (_, marks, fields) => {
    expect(fieldsOf(marked(marks))).toEqual(fields);
  });

  it('refuses more knots than the chart has corners, in a sentence naming the limit', () => {
    // The 4 × 3 chart has 5 × 4 = 20 corners; 21 knots on different points are one too many.
    const knots = Array.from({ length: 21 }, (_, i) => ({ x: i % 9, y: Math.floor(i / 9), thread: 0 }));
    expect(problemsOf(marked({ knots }))).toEqual([{ field: 'knots', message: 'knots has 21 entries; a 4 × 3 chart may have at most 20 French knots' }]);
    expect(patternFromUntrustedDocument(marked({ knots: knots.slice(0, 20) }), PATTERN_LIMITS).marks.knots).toHaveLength(20);
  });

  it('still reads a version 1 document, and refuses one that carries marks', () => {
    expect(patternFromUntrustedDocument(documentOf({ version: 1 }), PATTERN_LIMITS).marks).toEqual({ parts: [], backstitches: [], knots: [] });
    expect(fieldsOf({ ...marked(), version: 1 })).toEqual(['version']);
    expect(fieldsOf(documentOf({ version: 1, knots: [] }))).toEqual(['version']);
  });
});

describe('patternFromUntrustedDocument with blends', () => {
  const blend = blendOf(findThread('310')!, findThread('413')!);
  /** The 4 × 3 document of version 3 with legend entry 1 a blend of 310 and 413 (as our editor writes it), changed by `forge`. */
  function withBlend(forge: (entry: Record<string, unknown>) => void = () => {}): Record<string, unknown> {
    const entry = JSON.parse(JSON.stringify(legendEntryOf(namedThread(blend), 1, CHART_SYMBOLS[1]!, 5))) as Record<string, unknown>;
    forge(entry);
    const legend = [
      legendEntryOf(namedThread(findThread('B5200')!), 0, CHART_SYMBOLS[0]!, 5),
      entry,
      legendEntryOf(namedThread(findThread('321')!), 2, CHART_SYMBOLS[2]!, 1),
    ];
    return documentOf({ version: 3, legend });
  }
  const threadsOf = (entry: Record<string, unknown>) => entry['threads'] as Record<string, unknown>[];

  it('accepts a true blend and keeps both threads, one strand each, and the mixed colour', () => {
    const pattern = patternFromUntrustedDocument(withBlend(), PATTERN_LIMITS);
    const entry = pattern.legend[1]!;
    expect(entry).toEqual(legendEntryOf(namedThread(blend), 1, CHART_SYMBOLS[1]!, 5));
    expect(entry.code).toBe('310+413');
    expect(entry.dmc_code).toBe('310+413');
    expect(entry.hex).toBe(blend.hex);
    expect(entry.threads.map(({ code, strands }) => [code, strands])).toEqual([
      ['310', 1],
      ['413', 1],
    ]);
  });

  it('accepts the codes written the other way round and writes them in code order', () => {
    const pattern = patternFromUntrustedDocument(
      withBlend((entry) => {
        entry['code'] = '413+310';
        entry['threads'] = [...threadsOf(entry)].reverse();
      }),
      PATTERN_LIMITS,
    );
    expect(pattern.legend[1]!.code).toBe('310+413');
  });

  it.each([
    ['a colour that is not the mix', (entry: Record<string, unknown>) => (entry['hex'] = '#FF0000'), 'legend.1.hex'],
    ['an rgb that is not the mix', (entry: Record<string, unknown>) => (entry['rgb'] = { r: 1, g: 2, b: 3 }), 'legend.1.hex'],
    ['one thread twice', (entry: Record<string, unknown>) => (threadsOf(entry)[1]!['code'] = '310'), 'legend.1.threads'],
    [
      'two strands each',
      (entry: Record<string, unknown>) => {
        threadsOf(entry).forEach((thread) => (thread['strands'] = 2));
      },
      'legend.1.threads.0.strands',
    ],
    ['an unknown thread', (entry: Record<string, unknown>) => (threadsOf(entry)[1]!['code'] = '99999'), 'legend.1.threads.1.code'],
    ['a thread of another brand', (entry: Record<string, unknown>) => (threadsOf(entry)[1]!['brand'] = 'anchor'), 'legend.1.threads.1.brand'],
    ['a code that is not its threads', (entry: Record<string, unknown>) => (entry['code'] = '310+414'), 'legend.1.code'],
    ['three threads', (entry: Record<string, unknown>) => threadsOf(entry).push({ ...threadsOf(entry)[0]!, code: '414' }), 'legend.1.threads'],
    ['a blend code over one thread', (entry: Record<string, unknown>) => (entry['threads'] = [threadsOf(entry)[0]]), 'legend.1.threads'],
  ])('refuses a forged blend: %s', (_, forge, field) => {
    const problems = problemsOf(withBlend(forge));
    expect(problems.map((problem) => problem.field)).toContain(field);
    expect(problems.every((problem) => problem.field.startsWith('legend.1'))).toBe(true);
  });

  it('refuses the same blend twice in a legend', () => {
    const document = withBlend();
    const legend = document['legend'] as Record<string, unknown>[];
    legend[2] = { ...legend[1]!, index: 2, symbol: CHART_SYMBOLS[2], stitch_count: 1 };
    expect(fieldsOf(document)).toContain('legend.2.code');
  });
});
