import { describe, expect, it } from 'vitest';
import { deltaE2000 } from '../color/ciede2000.js';
import { parseHex } from '../color/hex.js';
import { rgbToLab } from '../color/spaces.js';
import { findThread, nearestThreads } from '../threads/catalogue.js';
import { findBrandThread, threadsOf } from '../threads/brands.js';
import type { Pattern } from './model.js';
import { toOxs } from './oxs.js';
import { chart, item, patternOf, stitch } from './oxs-import-testing.js';
import { OxsChartReader, readOxsChart } from './oxs-read.js';
import { CHART_SYMBOLS } from './symbols.js';
import { patternFromUntrustedDocument, PATTERN_LIMITS } from './validate.js';

/** A chart whose legend uses the symbols XML must escape (& < >) and the last ones of the list. */
function escapedSymbolsPattern(): Pattern {
  const codes = ['310', 'B5200', '321', '3865'];
  const symbols = ['&', '%', '=', CHART_SYMBOLS.at(-1)!];
  return patternFromUntrustedDocument(
    {
      format: 'stitchwise-pattern',
      version: 1,
      width: 4,
      height: 2,
      legend: codes.map((dmc_code, index) => ({ index, dmc_code, symbol: symbols[index] })),
      cells: [0, 1, 2, 3, -1, 3, 2, 1],
      stats: { confetti_before: 0, confetti_after: 0, mean_delta_e: 0 },
    },
    PATTERN_LIMITS,
  );
}

describe('OXS import: our own export', () => {
  const patterns: [string, Pattern][] = [
    ['a noisy picture with empty cells', patternOf(8, 60, 40, 12, 51)],
    ['a tall narrow chart', patternOf(3, 7, 90, 5)],
    ['a chart of 40 threads', patternOf(5, 80, 80, 40)],
    ['the symbols XML escapes', escapedSymbolsPattern()],
  ];

  it.each(patterns)('reads %s back as the identical chart', (_, pattern) => {
    const imported = readOxsChart(toOxs(pattern, { title: 'Roses <& thorns>' }));
    expect(imported.pattern.width).toBe(pattern.width);
    expect(imported.pattern.height).toBe(pattern.height);
    expect(Array.from(imported.pattern.cells)).toEqual(Array.from(pattern.cells));
    expect(imported.pattern.legend).toEqual(pattern.legend); // codes, names, colours, symbols, counts, order
    expect(imported.title).toBe('Roses <& thorns>');
    expect(imported.thread_mappings.map((mapping) => [mapping.source, mapping.code, mapping.matched_by, mapping.delta_e])).toEqual(
      pattern.legend.map((entry) => [`DMC ${entry.code}`, entry.code, 'code', 0]),
    );
    expect(imported.not_imported).toEqual({ full_stitches: 0, part_stitches: 0, backstitches: 0, knots: 0, other: 0 });
  });

  it('has empty cells where the export has none, and a pattern with them among the round trips', () => {
    const [, withEmpty] = patterns[0]!;
    const empty = Array.from(withEmpty.cells).filter((cell) => cell === -1).length;
    expect(empty).toBeGreaterThan(300);
    expect(Array.from(readOxsChart(toOxs(withEmpty, { title: 'x' })).pattern.cells).filter((cell) => cell === -1)).toHaveLength(empty);
  });

  it('reads the same however the text is cut as it streams in', () => {
    const xml = toOxs(escapedSymbolsPattern(), { title: 'Café — 刺繍 🌸' });
    const whole = readOxsChart(xml);
    for (const size of [1, 3, 7, 64]) {
      const reader = new OxsChartReader();
      for (let start = 0; start < xml.length; start += size) reader.write(xml.slice(start, start + size));
      const pieces = reader.close();
      expect(pieces.title).toBe('Café — 刺繍 🌸');
      expect(pieces.pattern.legend).toEqual(whole.pattern.legend);
      expect(Array.from(pieces.pattern.cells)).toEqual(Array.from(whole.pattern.cells));
    }
  });
});

describe('OXS import: what other programs write', () => {
  it('takes palindex 0 as no stitch, with or without a cloth entry, and items without an index by position', () => {
    const withCloth = readOxsChart(chart({ palette: item(1, 'DMC 310', '000000'), stitches: stitch(0, 0, 1) + stitch(1, 0, 0) + stitch(2, 1, 1) }));
    expect(Array.from(withCloth.pattern.cells)).toEqual([0, -1, -1, -1, -1, 0]);

    const noCloth = `<chart><properties chartwidth="2" chartheight="1"/><palette>${item(1, 'DMC 310', '000000')}${item(2, 'DMC 321', 'C72B3B')}</palette><fullstitches>${stitch(0, 0, 2)}${stitch(1, 0, 0)}</fullstitches></chart>`;
    const fromOne = readOxsChart(noCloth);
    expect(fromOne.pattern.legend.map((entry) => entry.code)).toEqual(['321']);
    expect(Array.from(fromOne.pattern.cells)).toEqual([0, -1]);

    const byPosition = (palette: string) =>
      readOxsChart(
        `<chart><properties chartwidth="2" chartheight="1"/><palette>${palette}</palette><fullstitches>${stitch(0, 0, 1)}${stitch(1, 0, 2)}</fullstitches></chart>`,
      );
    const cloth = '<palette_item number="cloth" color="FFFFFF"/>';
    const threads = '<palette_item number="DMC 310" color="000000"/><palette_item number="DMC 321" color="C72B3B"/>';
    expect(byPosition(cloth + threads).pattern.legend.map((entry) => entry.code)).toEqual(['310', '321']);
    expect(byPosition(threads).pattern.legend.map((entry) => entry.code)).toEqual(['310', '321']);
  });

  it('keeps the last full stitch a cell is given, counting the earlier ones of another colour as not imported', () => {
    // Palette entry 3 is 310 again (as another program may list it twice): replacing 310 by it loses nothing.
    const palette = item(1, 'DMC 310', '000000') + item(2, 'DMC 321', 'C72B3B') + item(3, 'DMC 310', '000000');
    const stitches = [
      stitch(0, 0, 1) + stitch(0, 0, 2), // 310 replaced by 321: one left out
      stitch(2, 1, 1) + stitch(2, 1, 3), // 310, then 310 under another palette entry: nothing lost
      stitch(1, 0, 2) + stitch(1, 0, 2), // the same stitch twice: nothing lost
      stitch(2, 0, 0) + stitch(2, 0, 1), // cloth, then 310: nothing lost
      stitch(0, 1, 1) + stitch(0, 1, 2) + stitch(0, 1, 1), // 310, 321, 310: the 321 is lost
      stitch(1, 1, 2) + stitch(1, 1, 0), // 321, then cloth: the cell is empty and the 321 lost
    ].join('');
    const imported = readOxsChart(chart({ palette, stitches }));
    expect(Array.from(imported.pattern.cells)).toEqual([1, 1, 0, 0, -1, 0]);
    expect(imported.not_imported).toEqual({ full_stitches: 3, part_stitches: 0, backstitches: 0, knots: 0, other: 0 });
  });

  it('reads DMC numbers however they are written, as the catalogue writes the codes', () => {
    const numbers = ['DMC    943', '310', 'DMC 1', 'blanc', 'DMC White', 'dmc ecru', 'DMC b5200'];
    const palette = numbers.map((number, i) => item(i + 1, number, '808080')).join('');
    const imported = readOxsChart(
      chart({ properties: 'chartwidth="7" chartheight="1"', palette, stitches: numbers.map((_, i) => stitch(i, 0, i + 1)).join('') }),
    );
    // 'blanc' and 'DMC White' are one thread, so one legend entry.
    expect(imported.pattern.legend.map((entry) => entry.code)).toEqual(['943', '310', '01', 'Blanc', 'Ecru', 'B5200']);
    expect(imported.thread_mappings.map((mapping) => [mapping.source, mapping.code, mapping.matched_by])).toEqual([
      ['DMC 943', '943', 'code'],
      ['310', '310', 'code'],
      ['DMC 1', '01', 'code'],
      ['blanc', 'Blanc', 'code'],
      ['DMC White', 'Blanc', 'code'],
      ['dmc ecru', 'Ecru', 'code'],
      ['DMC b5200', 'B5200', 'code'],
    ]);
    // Colours, names and legend colours come from the catalogue, not the file's grey.
    const blanc = imported.pattern.legend.find((entry) => entry.code === 'Blanc')!;
    expect([blanc.name, blanc.hex, blanc.stitch_count]).toEqual([findThread('Blanc')!.name, findThread('Blanc')!.hex, 2]);
  });

  it('keeps DMC, Anchor and Madeira threads as themselves, maps other makers and unknown codes to the nearest thread of the chosen brand, and merges colours that land on one thread', () => {
    const palette =
      item(1, 'Anchor 403', '000000') +
      item(2, 'DMC 310', '101010') +
      item(3, 'Madeira 0813', '1E5AA0') +
      item(4, 'DMC 9999', 'C8A050') +
      item(5, 'Coats 8000', '3D9384') +
      item(6, 'DMC 310', '000000');
    const stitches = stitch(0, 0, 1) + stitch(1, 0, 2) + stitch(2, 0, 3) + stitch(0, 1, 4) + stitch(1, 1, 5) + stitch(2, 1, 6);
    for (const brand of ['dmc', 'anchor'] as const) {
      const imported = readOxsChart(chart({ palette, stitches }), undefined, brand);
      const [anchor, dmc, madeira, unknown, coats] = imported.thread_mappings;
      expect(anchor).toEqual({
        source: 'Anchor 403',
        brand: 'anchor',
        code: '403',
        name: findBrandThread('anchor', '403')!.name,
        delta_e: 0,
        matched_by: 'code',
      });
      expect(dmc).toEqual({ source: 'DMC 310', brand: 'dmc', code: '310', name: 'Black', delta_e: 0, matched_by: 'code' });
      expect(madeira).toMatchObject({ source: 'Madeira 0813', brand: 'madeira', code: '813', matched_by: 'code' });
      for (const [mapping, colour] of [
        [unknown!, 'C8A050'],
        [coats!, '3D9384'],
      ] as const) {
        const lab = rgbToLab(parseHex(colour)!);
        const best = nearestThreads(lab, 1, threadsOf(brand))[0]!.thread;
        expect(mapping).toMatchObject({ brand, code: best.code, matched_by: 'colour' });
        expect(mapping.delta_e).toBeCloseTo(deltaE2000(lab, best.lab), 2);
        // No thread of the brand is nearer.
        expect(Math.min(...threadsOf(brand).map((thread) => deltaE2000(lab, thread.lab)))).toBeCloseTo(mapping.delta_e, 2);
      }
      // Both colours named DMC 310 are one legend entry; Anchor 403 stays apart, another brand.
      expect(imported.pattern.legend.map((entry) => [entry.brand, entry.code, entry.stitch_count])).toEqual([
        ['anchor', '403', 1],
        ['dmc', '310', 2],
        ['madeira', '813', 1],
        [brand, unknown!.code, 1],
        [brand, coats!.code, 1],
      ]);
    }
  });

  it('reports a palette item by at most 60 characters of its own name', () => {
    const long = `Madeira ${'9'.repeat(5_000)}`;
    const imported = readOxsChart(chart({ palette: item(1, long, '1E5AA0'), stitches: stitch(0, 0, 1) }));
    expect(imported.thread_mappings[0]!.source).toBe(long.slice(0, 60));
  });

  it('keeps symbols that are chart symbols and unique, and gives the others chart symbols of their own', () => {
    const palette =
      item(1, 'DMC 310', '000000', 'symbol="182" fontname="CrossStitch3"') +
      item(2, 'DMC 321', 'C72B3B', 'symbol="▲"') +
      item(3, 'DMC 943', '3D9384', 'symbol="▲"') +
      item(4, 'DMC 798', '466A8E', 'symbol="X"') +
      item(5, 'DMC 3865', 'F9F7F1', 'symbol="7"') +
      item(6, 'DMC 01', 'E3E3E6', 'symbol="66" symbol_courier="★"');
    const imported = readOxsChart(
      chart({ properties: 'chartwidth="6" chartheight="1"', palette, stitches: [1, 2, 3, 4, 5, 6].map((p) => stitch(p - 1, 0, p)).join('') }),
    );
    const symbols = imported.pattern.legend.map((entry) => entry.symbol);
    expect(symbols[1]).toBe('▲'); // its own
    expect(symbols[4]).toBe('7'); // a single digit is a character, and a chart symbol
    expect(symbols[5]).toBe('★'); // the character beside a font code
    expect(new Set(symbols).size).toBe(6);
    for (const symbol of symbols) expect(CHART_SYMBOLS).toContain(symbol);
    // The font code, the repeated ▲ and X (not a chart symbol) get the first chart symbols no one has.
    const spare = CHART_SYMBOLS.filter((symbol) => !['▲', '7', '★'].includes(symbol));
    expect([symbols[0], symbols[2], symbols[3]]).toEqual(spare.slice(0, 3));
  });

  it('reads decimal commas, titles in any spelling, an oxs root, properties after the stitches and a chart without a size', () => {
    const commas = readOxsChart(
      chart({ properties: 'chartwidth="3,0" chartheight="2.0"', palette: item(1, 'DMC 310', '000000'), stitches: stitch('2,0', '1,0', 1) }),
    );
    expect(Array.from(commas.pattern.cells)).toEqual([-1, -1, -1, -1, -1, 0]);

    const titled = (attribute: string) => readOxsChart(chart({ properties: `chartwidth="1" chartheight="1" ${attribute}` })).title;
    expect(titled('chatTitle="Misspelt"')).toBe('Misspelt');
    expect(titled('chartTitle="Camel"')).toBe('Camel');
    expect(titled('charttitle="  two\tlines\nhere\u009f "')).toBe('two lines here\uFFFD');
    expect(titled('charttitle="   "')).toBeNull();
    expect(titled(`charttitle="${'a'.repeat(300)}"`)).toHaveLength(100);

    const late = `<oxs><palette>${item(1, 'DMC 310', '000000')}</palette><fullstitches>${stitch(3, 0, 1)}</fullstitches><properties chartwidth="5" chartheight="2"/></oxs>`;
    expect(Array.from(readOxsChart(late).pattern.cells)).toEqual([-1, -1, -1, 0, -1, -1, -1, -1, -1, -1]);

    const sizeless = `<chart><palette>${item(1, 'DMC 310', '000000')}</palette><fullstitches>${stitch(4, 2, 1)}</fullstitches></chart>`;
    expect([readOxsChart(sizeless).pattern.width, readOxsChart(sizeless).pattern.height]).toEqual([5, 3]);
  });

  it('imports part stitches, backstitches and knots, counts what does not fit and other ornaments, and ignores comment boxes, print settings and programs’ own sections', () => {
    const extra =
      '<partstitches><partstitch x="0" y="0" palindex1="1" palindex2="0" direction="1"/><partstitch x="1" y="0" palindex1="1" palindex2="1" direction="2"/></partstitches>' +
      '<backstitches><backstitch x1="0,5" x2="2,5" y1="1" y2="1" palindex="1" objecttype="backstitch"/></backstitches>' +
      '<ornaments_inc_knots_and_beads><object x1="1" y1="1" palindex="1" objecttype="knot"/><object x1="1" y1="1" palindex="1" objecttype="quarter"/><object x1="1" y1="1" palindex="1" objecttype="bead2mm"/></ornaments_inc_knots_and_beads>' +
      '<commentboxes><commentbox boxwords="a note"/></commentboxes><printsettings pagesacross="2"/><program_extras><stitch x="99" y="99" palindex="99"/></program_extras>';
    // A stitch inside a program's own section is not one of the chart's.
    const imported = readOxsChart(chart({ palette: item(1, 'DMC 310', '000000'), stitches: stitch(0, 0, 1), extra }));
    // The three-quarter at (0, 0) lies on the full stitch there.
    expect(imported.not_imported).toEqual({ full_stitches: 0, part_stitches: 1, backstitches: 0, knots: 0, other: 1 });
    expect(imported.pattern.legend.map((entry) => entry.stitch_count)).toEqual([1]);
    expect(imported.pattern.marks).toEqual({
      parts: [
        { x: 1, y: 0, kind: 'three-quarter-tl', thread: 0 },
        { x: 1, y: 0, kind: 'quarter-br', thread: 0 },
        { x: 1, y: 1, kind: 'quarter-tl', thread: 0 },
      ],
      backstitches: [{ x1: 1, y1: 2, x2: 5, y2: 2, thread: 0 }],
      knots: [{ x: 2, y: 2, thread: 0 }],
    });
  });
});

describe('OXS import: memory', () => {
  it('streams a 32 MB chart without holding a document tree', () => {
    const reader = new OxsChartReader();
    const before = process.memoryUsage().heapUsed;
    let peak = 0;
    let written = 0;
    const write = (text: string) => {
      reader.write(text);
      written += text.length;
      if (written % 64 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed - before);
    };
    write(
      chart({ properties: 'chartwidth="500" chartheight="500"', palette: item(1, 'DMC 310', '000000') + item(2, 'DMC 321', 'C72B3B') }).replace(
        /<fullstitches>.*$/s,
        '<fullstitches>',
      ),
    );
    for (let y = 0; y < 500; y++) {
      const row: string[] = [];
      for (let x = 0; x < 500; x++) row.push(stitch(x, y, ((x + y) % 2) + 1));
      write(row.join('\n'));
    }
    write('</fullstitches><backstitches>');
    const backstitch = '<backstitch x1="1.5" x2="2.5" y1="3" y2="4" palindex="1" objecttype="backstitch" sequence="0"/>\n';
    const block = backstitch.repeat(1000);
    while (written < 32 * 1024 * 1024) write(block);
    write('</backstitches></chart>');
    const imported = reader.close();
    peak = Math.max(peak, process.memoryUsage().heapUsed - before);

    expect(written).toBeGreaterThanOrEqual(32 * 1024 * 1024);
    expect(imported.pattern.legend.map((entry) => entry.stitch_count)).toEqual([125_000, 125_000]);
    // One line, written over and over: it is imported once, and every repeat is counted as not imported.
    expect(imported.pattern.marks.backstitches).toEqual([{ x1: 3, y1: 6, x2: 5, y2: 8, thread: 0 }]);
    expect(imported.not_imported.backstitches).toBeGreaterThan(200_000);
    // A tree of the file's 500,000 elements would take hundreds of megabytes; the reader keeps stitches and the chart.
    expect(peak).toBeLessThan(96 * 1024 * 1024);
  }, 60_000);
});
