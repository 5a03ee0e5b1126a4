import { describe, expect, it } from 'vitest';
import { findThread } from '../threads/catalogue.js';
import type { Pattern } from './model.js';
import { parseOxs, toOxs } from './oxs.js';
import { OxsChartReader, readOxsChart } from './oxs-read.js';
import { checkMarks, MAX_BACKSTITCHES, MAX_KNOTS, sameMarks, type Backstitch, type FrenchKnot, type PartStitch } from './stitches.js';
import { patternFromUntrustedDocument, PATTERN_LIMITS } from './validate.js';

/** Legend 0 and 1 have full stitches and part stitches, 2 only part stitches, 3 only backstitch, 4 only knots. */
const CODES = ['310', '321', '3865', '798', '943'];
const SYMBOLS = ['■', '♥', '○', '▲', '★'];

const PARTS: PartStitch[] = [
  { x: 0, y: 1, kind: 'half-slash', thread: 1 },
  { x: 1, y: 1, kind: 'half-backslash', thread: 2 },
  { x: 2, y: 1, kind: 'quarter-tl', thread: 1 },
  { x: 2, y: 1, kind: 'quarter-br', thread: 2 },
  { x: 3, y: 1, kind: 'quarter-tr', thread: 0 },
  { x: 3, y: 1, kind: 'quarter-bl', thread: 2 },
  { x: 4, y: 1, kind: 'three-quarter-tl', thread: 1 },
  { x: 4, y: 1, kind: 'quarter-br', thread: 2 },
  { x: 5, y: 1, kind: 'three-quarter-tr', thread: 2 },
  { x: 6, y: 1, kind: 'three-quarter-bl', thread: 1 },
  { x: 6, y: 1, kind: 'quarter-tr', thread: 2 },
  { x: 7, y: 1, kind: 'three-quarter-br', thread: 0 },
  { x: 1, y: 2, kind: 'half-slash', thread: 0 },
  { x: 1, y: 2, kind: 'quarter-tl', thread: 2 },
];
const BACKSTITCHES: Backstitch[] = [
  { x1: 0, y1: 0, x2: 2, y2: 2, thread: 3 }, // diagonal across a stitch
  { x1: 16, y1: 8, x2: 0, y2: 8, thread: 3 }, // along the bottom edge, drawn right to left
  { x1: 3, y1: 0, x2: 3, y2: 5 }, // down the middle of a column, half steps at both ends
  { x1: 5, y1: 1, x2: 8, y2: 2 }, // centre to corner, a long slant
  { x1: 9, y1: 3, x2: 10, y2: 4 }, // centre to corner: half a diagonal
].map((line, i) => ({ thread: i < 2 ? 3 : 0, ...line }));
const KNOTS: FrenchKnot[] = [
  { x: 0, y: 0, thread: 4 }, // the chart's corner
  { x: 3, y: 3, thread: 4 }, // a stitch's centre
  { x: 4, y: 3, thread: 0 }, // an edge's middle
  { x: 16, y: 8, thread: 4 }, // the far corner
];

/** An 8 × 4 chart with every kind of mark, as the editor would save it. */
function everyKind(): Pattern {
  const cells = Array.from({ length: 32 }, (_, cell) => (cell < 8 ? cell % 2 : cell >= 24 ? 1 : -1));
  cells[26] = -1;
  return patternFromUntrustedDocument(
    {
      format: 'stitchwise-pattern',
      version: 2,
      width: 8,
      height: 4,
      legend: CODES.map((dmc_code, index) => ({ index, dmc_code, symbol: SYMBOLS[index] })),
      cells,
      part_stitches: PARTS,
      backstitches: BACKSTITCHES,
      knots: KNOTS,
      stats: { confetti_before: 0, confetti_after: 0, mean_delta_e: 0 },
    },
    PATTERN_LIMITS,
  );
}

const NOTHING_LEFT_OUT = { full_stitches: 0, part_stitches: 0, backstitches: 0, knots: 0, other: 0 };

/** A 4 × 3 chart of the file's own with a full stitch at (0, 0) and the given extra sections. */
function chart(sections: string, palette = ''): string {
  return (
    '<chart><properties chartwidth="4" chartheight="3"/><palette><palette_item index="0" number="cloth" color="FFFFFF"/>' +
    `<palette_item index="1" number="DMC 310" color="000000"/><palette_item index="2" number="DMC 321" color="C72B3B"/>${palette}</palette>` +
    `<fullstitches><stitch x="0" y="0" palindex="1"/></fullstitches>${sections}</chart>`
  );
}
const parts = (elements: string) => chart(`<partstitches>${elements}</partstitches>`);
const backstitches = (elements: string) => chart(`<backstitches>${elements}</backstitches>`);
const ornaments = (elements: string) => chart(`<ornaments_inc_knots_and_beads>${elements}</ornaments_inc_knots_and_beads>`);

describe('OXS marks: our own export', () => {
  const pattern = everyKind();
  const xml = toOxs(pattern, { title: 'Every kind' });

  it('has every kind of mark, and a thread with backstitch only and one with knots only in the legend', () => {
    expect(sameMarks(pattern.marks, { parts: PARTS, backstitches: BACKSTITCHES, knots: KNOTS })).toBe(true);
    expect(pattern.legend.map((entry) => [entry.dmc_code, entry.stitch_count])).toEqual([
      ['310', 4],
      ['321', 11],
      ['3865', 0],
      ['798', 0],
      ['943', 0],
    ]);
  });

  it('reads back exactly: full stitches, part stitches, backstitches and knots with the same threads', () => {
    const imported = readOxsChart(xml);
    expect(imported.not_imported).toEqual(NOTHING_LEFT_OUT);
    expect(Array.from(imported.pattern.cells)).toEqual(Array.from(pattern.cells));
    expect(imported.pattern.legend).toEqual(pattern.legend); // codes, symbols, counts (0 for marks only), order
    expect(sameMarks(imported.pattern.marks, pattern.marks)).toBe(true);
    expect(imported.pattern.marks.parts).toHaveLength(PARTS.length);
    expect(imported.thread_mappings.map((mapping) => mapping.dmc_code)).toEqual(CODES);
    // What the import hands on is a chart the rest of the product accepts as it is.
    const { width, height, legend, cells, marks } = imported.pattern;
    const checked = checkMarks(
      { part_stitches: marks.parts, backstitches: marks.backstitches, knots: marks.knots },
      { width, height, threadCount: legend.length, cells },
    );
    expect(checked.problems).toEqual([]);
  });

  it('reads back the same through the quick reader, and however the text is cut as it streams in', () => {
    const quick = parseOxs(xml);
    expect(quick.legend.map((entry) => [entry.dmc_code, entry.stitch_count])).toEqual(pattern.legend.map((entry) => [entry.dmc_code, entry.stitch_count]));
    expect(sameMarks(quick.marks, pattern.marks)).toBe(true);
    for (const size of [1, 5, 64]) {
      const reader = new OxsChartReader();
      for (let start = 0; start < xml.length; start += size) reader.write(xml.slice(start, start + size));
      expect(sameMarks(reader.close().pattern.marks, pattern.marks)).toBe(true);
    }
  });

  it('writes them as other programs read them: partstitch directions, backstitch in stitch units, knots and quarters as objects', () => {
    const palindex = (code: string) => CODES.indexOf(code) + 1;
    expect(xml).toContain(`<palette_item index="${palindex('798')}" number="DMC 798"`);
    // Halves: direction 3 is /, 4 is \, the thread in palindex1.
    expect(xml).toContain('<partstitch x="0" y="1" palindex1="2" palindex2="0" direction="3"/>');
    expect(xml).toContain('<partstitch x="1" y="1" palindex1="3" palindex2="0" direction="4"/>');
    // Three-quarters: direction 2 splits along / (top-left in palindex1, bottom-right in palindex2), 1 along \.
    expect(xml).toContain('<partstitch x="4" y="1" palindex1="2" palindex2="0" direction="2"/>');
    expect(xml).toContain('<partstitch x="7" y="1" palindex1="0" palindex2="1" direction="2"/>');
    expect(xml).toContain('<partstitch x="6" y="1" palindex1="2" palindex2="0" direction="1"/>');
    expect(xml).toContain('<partstitch x="5" y="1" palindex1="0" palindex2="3" direction="1"/>');
    // Quarters at their quarter's centre; knots on their point; both in stitch units.
    expect(xml).toContain('<object x1="3.75" y1="1.25" palindex="1" objecttype="quarter"/>');
    expect(xml).toContain('<object x1="4.75" y1="1.75" palindex="3" objecttype="quarter"/>');
    expect(xml).toContain('<object x1="1.5" y1="1.5" palindex="5" objecttype="knot"/>');
    expect(xml).toContain('<object x1="8" y1="4" palindex="5" objecttype="knot"/>');
    expect(xml).toContain('<backstitch x1="2.5" y1="0.5" x2="4" y2="1" palindex="1" objecttype="backstitch"/>');
    expect(xml).toContain('<backstitch x1="8" y1="4" x2="0" y2="4" palindex="4" objecttype="backstitch"/>');
    expect(xml.match(/<partstitch /g)).toHaveLength(7); // three halves, four three-quarters
    expect(xml.match(/objecttype="quarter"/g)).toHaveLength(7);
    expect(xml.match(/<backstitch /g)).toHaveLength(BACKSTITCHES.length);
    // In the sections other programs look for them in.
    expect(xml).toMatch(/<ornaments_inc_knots_and_beads>\n(<object [^>]*\/>\n){11}<\/ornaments_inc_knots_and_beads>/);
  });
});

describe('OXS marks: what other programs write', () => {
  it('reads a split cell with two threads as a three-quarter and a quarter, which share its diagonal', () => {
    const imported = readOxsChart(
      parts('<partstitch x="1" y="0" palindex1="1" palindex2="2" direction="2"/><partstitch x="2" y="0" palindex1="2" palindex2="1" direction="1"/>'),
    );
    expect(imported.not_imported).toEqual(NOTHING_LEFT_OUT);
    const expected: PartStitch[] = [
      { x: 1, y: 0, kind: 'three-quarter-tl', thread: 0 },
      { x: 1, y: 0, kind: 'quarter-br', thread: 1 },
      { x: 2, y: 0, kind: 'three-quarter-bl', thread: 1 },
      { x: 2, y: 0, kind: 'quarter-tr', thread: 0 },
    ];
    expect(sameMarks(imported.pattern.marks, { parts: expected, backstitches: [], knots: [] })).toBe(true);
  });

  it('reads quarters and petites anywhere in their quarter, decimal commas and attribute names in any case', () => {
    const imported = readOxsChart(
      ornaments(
        '<object x1="1" y1="0" palindex="2" objecttype="quarter"/><object x1="1,5" y1="0.9" palindex="2" objecttype="Petite"/>' +
          '<object X1="2,5" Y1="2" PalIndex="1" ObjectType="knot"/>',
      ),
    );
    expect(imported.not_imported).toEqual(NOTHING_LEFT_OUT);
    expect(imported.pattern.marks.parts).toEqual([
      { x: 1, y: 0, kind: 'quarter-tl', thread: 1 },
      { x: 1, y: 0, kind: 'quarter-br', thread: 1 },
    ]);
    expect(imported.pattern.marks.knots).toEqual([{ x: 5, y: 4, thread: 0 }]);
  });

  it('keeps a thread with marks only in the legend with no stitches, and merges colours that become one thread', () => {
    const imported = readOxsChart(
      chart(
        '<backstitches><backstitch x1="0" y1="1" x2="4" y2="1" palindex="3" objecttype="backstitch"/><backstitch x1="0" y1="2" x2="4" y2="2" palindex="4"/></backstitches>',
        '<palette_item index="3" number="DMC 798" color="466A8E"/><palette_item index="4" number="Anchor 403" color="000000"/>',
      ),
    );
    expect(imported.pattern.legend.map((entry) => [entry.dmc_code, entry.stitch_count])).toEqual([
      ['310', 1],
      ['798', 0],
    ]);
    expect(imported.thread_mappings.map((mapping) => [mapping.source, mapping.dmc_code])).toEqual([
      ['DMC 310', '310'],
      ['DMC 798', '798'],
      ['Anchor 403', '310'],
    ]);
    expect(imported.pattern.marks.backstitches).toEqual([
      { x1: 0, y1: 2, x2: 8, y2: 2, thread: 1 },
      { x1: 0, y1: 4, x2: 8, y2: 4, thread: 0 },
    ]);
    expect(imported.pattern.legend[1]!.hex).toBe(findThread('798')!.hex);
  });
});

describe('OXS marks: what does not fit is counted, not imported', () => {
  it('part stitches on a full stitch, over another, a third in a cell, outside the chart or unreadable', () => {
    const imported = readOxsChart(
      parts(
        [
          '<partstitch x="0" y="0" palindex1="2" palindex2="0" direction="3"/>', // on the full stitch
          '<partstitch x="1" y="0" palindex1="2" palindex2="0" direction="3"/>',
          '<partstitch x="1" y="0" palindex1="0" palindex2="1" direction="1"/>', // a three-quarter over the half
          '<partstitch x="2" y="0" palindex1="2" palindex2="2" direction="4"/>', // two halves on one diagonal
          '<partstitch x="4" y="0" palindex1="2" palindex2="0" direction="3"/>', // outside
          '<partstitch x="1.5" y="1" palindex1="2" palindex2="0" direction="3"/>', // between cells
          '<partstitch x="1" y="1" palindex1="2" palindex2="0" direction="7"/>', // no such direction
          '<partstitch x="1" y="1" palindex1="0" palindex2="0" direction="3"/>', // no thread
          '<partstitch x="1" y="1" palindex1="9" palindex2="0" direction="3"/>', // no such palette entry
          '<partstitch x="1" y="1" palindex1="-2" palindex2="0" direction="3"/>',
        ].join(''),
      ),
    );
    expect(imported.not_imported).toEqual({ full_stitches: 0, part_stitches: 9, backstitches: 0, knots: 0, other: 0 });
    expect(imported.pattern.marks.parts).toEqual([
      { x: 1, y: 0, kind: 'half-slash', thread: 1 },
      { x: 2, y: 0, kind: 'half-backslash', thread: 1 },
    ]);

    const three = readOxsChart(
      ornaments(
        ['0.25', '0.75'].flatMap((x) => ['0.25', '0.75'].map((y) => `<object x1="${2 + Number(x)}" y1="${y}" palindex="2" objecttype="quarter"/>`)).join(''),
      ),
    );
    expect(three.pattern.marks.parts).toHaveLength(2);
    expect(three.not_imported.part_stitches).toBe(2);
  });

  it('backstitches off the lattice, outside, of no length, twice, of the cloth or of no thread, and lines that are not backstitch', () => {
    const line = (x1: string, y1: string, x2: string, y2: string, palindex = '2', type = 'backstitch') =>
      `<backstitch x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" palindex="${palindex}" objecttype="${type}"/>`;
    const imported = readOxsChart(
      backstitches(
        [
          line('0', '0', '4', '3'), // corner to corner: imported
          line('4', '3', '0', '0'), // the same line the other way
          line('0.25', '0', '1', '1'),
          line('0', '0', '4.5', '1'),
          line('-1', '0', '1', '1'),
          line('1', '1', '1', '1'),
          line('1', '1', '2', '2', '0'),
          line('1', '1', '2', '2', '7'),
          line('1', '1', '2', '2', '2', 'daisy'),
          line('1', '1', 'x', '2'),
        ].join(''),
      ),
    );
    expect(imported.not_imported).toEqual({ full_stitches: 0, part_stitches: 0, backstitches: 9, knots: 0, other: 0 });
    expect(imported.pattern.marks.backstitches).toEqual([{ x1: 0, y1: 0, x2: 8, y2: 6, thread: 1 }]);
  });

  it('knots off the lattice, outside, twice or of no thread; beads and other ornaments as other', () => {
    const knot = (x: string, y: string, palindex = '2') => `<object x1="${x}" y1="${y}" palindex="${palindex}" objecttype="knot"/>`;
    const imported = readOxsChart(
      ornaments(
        [
          knot('4', '3'),
          knot('4', '3', '1'),
          knot('0.3', '1'),
          knot('4.5', '1'),
          knot('1', '1', '5'),
          '<object x1="1" y1="1" palindex="2" objecttype="bead2mm"/><object x1="1" y1="1" palindex="2" objecttype="halfstitch"/>',
        ].join(''),
      ),
    );
    expect(imported.not_imported).toEqual({ full_stitches: 0, part_stitches: 1, backstitches: 0, knots: 4, other: 1 });
    expect(imported.pattern.marks.knots).toEqual([{ x: 8, y: 6, thread: 1 }]);
  });

  it('keeps no thread in the legend for marks that were not imported', () => {
    const imported = readOxsChart(
      chart(
        '<partstitches><partstitch x="0" y="0" palindex1="3" palindex2="0" direction="3"/></partstitches>',
        '<palette_item index="3" number="DMC 798" color="466A8E"/>',
      ),
    );
    expect(imported.not_imported.part_stitches).toBe(1);
    expect(imported.pattern.legend.map((entry) => entry.dmc_code)).toEqual(['310']);
    expect(imported.thread_mappings).toHaveLength(1);
  });

  it('imports no more backstitches and knots than a chart may have, counting the rest', () => {
    const lines = Array.from(
      { length: MAX_BACKSTITCHES + 1 },
      (_, i) => `<backstitch x1="${i % 500}" y1="${Math.floor(i / 500)}" x2="${i % 500}" y2="${Math.floor(i / 500) + 1}" palindex="1"/>`,
    );
    const knots = Array.from({ length: MAX_KNOTS + 1 }, (_, i) => `<object x1="${(i % 500) / 2}" y1="${Math.floor(i / 500)}" palindex="1" objecttype="knot"/>`);
    const imported = readOxsChart(
      `<chart><properties chartwidth="500" chartheight="500"/><palette><palette_item index="1" number="DMC 310" color="000000"/></palette>` +
        `<backstitches>${lines.join('')}</backstitches><ornaments_inc_knots_and_beads>${knots.join('')}</ornaments_inc_knots_and_beads></chart>`,
    );
    expect(imported.pattern.marks.backstitches).toHaveLength(MAX_BACKSTITCHES);
    expect(imported.pattern.marks.knots).toHaveLength(MAX_KNOTS);
    expect(imported.not_imported).toEqual({ full_stitches: 0, part_stitches: 0, backstitches: 1, knots: 1, other: 0 });
    expect(imported.pattern.legend).toEqual([expect.objectContaining({ dmc_code: '310', stitch_count: 0 })]);
  }, 60_000);

  it('imports no more marks than the chart’s size allows: the first in the file that fit, counting the rest', () => {
    // A 100 × 100 chart takes 101 × 101 = 10,201 knots and 20,402 backstitch lines; a repeated knot takes no share.
    const point = (i: number) => `x1="${(i % 201) / 2}" y1="${Math.floor(i / 201) / 2}"`;
    const knots = [0, ...Array.from({ length: 10_300 }, (_, i) => i)].map((i) => `<object ${point(i)} palindex="1" objecttype="knot"/>`);
    const lines = Array.from({ length: 20_500 }, (_, i) => {
      const [x, y] = [(i % 200) / 2, Math.floor(i / 200) / 2];
      return `<backstitch x1="${x}" y1="${y}" x2="${x + 0.5}" y2="${y}" palindex="1"/>`; // half a stitch long: well within the length
    });
    const imported = readOxsChart(
      `<chart><properties chartwidth="100" chartheight="100"/><palette><palette_item index="1" number="DMC 310" color="000000"/></palette>` +
        `<backstitches>${lines.join('')}</backstitches><ornaments_inc_knots_and_beads>${knots.join('')}</ornaments_inc_knots_and_beads></chart>`,
    );
    expect(imported.pattern.marks.knots).toHaveLength(10_201);
    expect(imported.pattern.marks.knots.at(-1)).toEqual({ x: 10_200 % 201, y: Math.floor(10_200 / 201), thread: 0 });
    expect(imported.pattern.marks.backstitches).toHaveLength(20_402);
    expect(imported.not_imported).toEqual({ full_stitches: 0, part_stitches: 0, backstitches: 98, knots: 100, other: 0 });
  });

  it('the quick reader refuses a mark that does not fit', () => {
    expect(() => parseOxs(backstitches('<backstitch x1="0" y1="0" x2="9" y2="1" palindex="1"/>'))).toThrow(/does not fit the chart/);
  });
});
