import { describe, expect, it } from 'vitest';
import { findThread } from '../threads/catalogue.js';
import { MAX_BACKSTITCHES, MAX_KNOTS } from './mark-checks.js';
import { parseOxs } from './oxs.js';
import { readOxsChart } from './oxs-read.js';
import { sameMarks, type PartStitch } from './stitches.js';

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

  it('keeps a thread with marks only in the legend with no stitches, and an Anchor thread as itself', () => {
    const imported = readOxsChart(
      chart(
        '<backstitches><backstitch x1="0" y1="1" x2="4" y2="1" palindex="3" objecttype="backstitch"/><backstitch x1="0" y1="2" x2="4" y2="2" palindex="4"/></backstitches>',
        '<palette_item index="3" number="DMC 798" color="466A8E"/><palette_item index="4" number="Anchor 403" color="000000"/>',
      ),
    );
    expect(imported.pattern.legend.map((entry) => [entry.brand, entry.code, entry.stitch_count])).toEqual([
      ['dmc', '310', 1],
      ['dmc', '798', 0],
      ['anchor', '403', 0],
    ]);
    expect(imported.thread_mappings.map((mapping) => [mapping.source, mapping.code])).toEqual([
      ['DMC 310', '310'],
      ['DMC 798', '798'],
      ['Anchor 403', '403'],
    ]);
    expect(imported.pattern.marks.backstitches).toEqual([
      { x1: 0, y1: 2, x2: 8, y2: 2, thread: 1 },
      { x1: 0, y1: 4, x2: 8, y2: 4, thread: 2 },
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
    expect(imported.pattern.legend.map((entry) => entry.code)).toEqual(['310']);
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
