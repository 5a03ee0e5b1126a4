import { describe, expect, it } from 'vitest';
import { checkMarks } from './mark-checks.js';
import type { Pattern } from './model.js';
import { parseOxs, toOxs } from './oxs.js';
import { OxsChartReader, readOxsChart } from './oxs-read.js';
import { sameMarks, type Backstitch, type FrenchKnot, type PartStitch } from './stitches.js';
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

describe('OXS marks: our own export', () => {
  const pattern = everyKind();
  const xml = toOxs(pattern, { title: 'Every kind' });

  it('has every kind of mark, and a thread with backstitch only and one with knots only in the legend', () => {
    expect(sameMarks(pattern.marks, { parts: PARTS, backstitches: BACKSTITCHES, knots: KNOTS })).toBe(true);
    expect(pattern.legend.map((entry) => [entry.code, entry.stitch_count])).toEqual([
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
    expect(imported.thread_mappings.map((mapping) => mapping.code)).toEqual(CODES);
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
    expect(quick.legend.map((entry) => [entry.code, entry.stitch_count])).toEqual(pattern.legend.map((entry) => [entry.code, entry.stitch_count]));
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
