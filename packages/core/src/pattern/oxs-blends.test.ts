import { describe, expect, it } from 'vitest';
import { deltaE2000 } from '../color/ciede2000.js';
import { parseHex } from '../color/hex.js';
import { rgbToLab } from '../color/spaces.js';
import { blendOf, findBrandColour, mixedColour } from '../threads/blends.js';
import { findBrandThread, threadsOf } from '../threads/brands.js';
import { findThread, nearestThreads, type Thread } from '../threads/catalogue.js';
import { generatePattern } from './generate.js';
import { legendEntryOf, namedThread, type Pattern } from './model.js';
import { parseOxs, toOxs } from './oxs.js';
import { chart, item, stitch } from './oxs-import-testing.js';
import { readOxsChart } from './oxs-read.js';
import { NO_MARKS } from './stitches.js';
import { symbolFor } from './symbols.js';

/** A chart of threads and blends, each its own legend entry: `cells` by index into `colours`. */
function chartOf(colours: readonly Thread[], width: number, cells: readonly number[]): Pattern {
  const counts = colours.map((_, index) => cells.filter((cell) => cell === index).length);
  return {
    width,
    height: cells.length / width,
    legend: colours.map((colour, index) => legendEntryOf(namedThread(colour), index, symbolFor(index), counts[index]!)),
    cells: Int16Array.from(cells),
    marks: NO_MARKS,
    stats: { confetti_before: 0, confetti_after: 0, mean_delta_e: 0 },
  };
}

const dmc = (code: string): Thread => findThread(code)!;
const hexDigits = (thread: Thread): string => thread.hex.slice(1);

/** A grey ramp from 310 to 413 over 60 columns: with blends on, the middle gets their blend. */
function rampPattern(): Pattern {
  const [black, grey] = [dmc('310'), dmc('413')];
  const width = 60;
  const height = 10;
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const t = (i % width) / (width - 1);
    const channel = (a: number, b: number): number => Math.round(a + (b - a) * t);
    data.set([channel(black.r, grey.r), channel(black.g, grey.g), channel(black.b, grey.b), 255], i * 4);
  }
  return generatePattern({ width, height, data }, { maxSide: width, colors: 2, useKmeans: false, mergeThreads: false, blends: 'on' });
}

describe('OXS: blends', () => {
  const blend = blendOf(dmc('413'), dmc('310'));
  const pattern = chartOf([dmc('310'), blend, dmc('413')], 3, [0, 1, 2, 1, 1, -1]);

  it('writes a blend as WinStitch does: the first thread marked [+], both named, the second colour in blendcolor, the mix to print', () => {
    const xml = toOxs(pattern, { title: 'Greys' });
    const [, blendItem] = xml.match(/(<palette_item index="2" [^>]*>)/) ?? [];
    expect(blendItem).toContain(`number="DMC 310 [+]" name="DMC 310 [+] DMC 413" color="${hexDigits(dmc('310'))}" printcolor="${blend.hex.slice(1)}"`);
    expect(blendItem).toContain(`blendcolor="${hexDigits(dmc('413'))}" comments="${blend.name}" strands="1"`);
    // A plain thread is written as before.
    expect(xml).toContain(
      `<palette_item index="1" number="DMC 310" name="Black" color="${hexDigits(dmc('310'))}" printcolor="${hexDigits(dmc('310'))}" blendcolor="nil"`,
    );
  });

  it('reads its own blends back as the identical chart, with both readers', () => {
    for (const original of [pattern, rampPattern()]) {
      expect(original.legend.some((entry) => entry.threads.length === 2)).toBe(true);
      const xml = toOxs(original, { title: 'Greys' });
      const imported = readOxsChart(xml);
      expect(imported.pattern.legend).toEqual(original.legend); // codes, names, the mix, both threads with their strands, symbols
      expect(Array.from(imported.pattern.cells)).toEqual(Array.from(original.cells));
      const quick = parseOxs(xml);
      expect(quick.legend).toEqual(original.legend);
      expect(Array.from(quick.cells)).toEqual(Array.from(original.cells));
    }
    const mappings = readOxsChart(toOxs(pattern, { title: 'Greys' })).thread_mappings;
    expect(mappings[1]).toEqual({ source: 'DMC 310 [+] DMC 413', brand: 'dmc', code: '310+413', name: blend.name, delta_e: 0, matched_by: 'code' });
  });

  it('reads back a blend of another brand in that brand', () => {
    const [a, b] = [findBrandThread('anchor', '403')!, findBrandThread('anchor', '400')!];
    const anchor = chartOf([a, blendOf(a, b), b], 3, [0, 1, 2]);
    const xml = toOxs(anchor, { title: 'Anchor' });
    expect(xml).toContain('number="Anchor 400 [+]" name="Anchor 400 [+] Anchor 403"');
    expect(readOxsChart(xml).pattern.legend).toEqual(anchor.legend);
    expect(readOxsChart(xml, undefined, 'madeira').pattern.legend).toEqual(anchor.legend); // named threads stay themselves
  });

  it("reads WinStitch's blend, the format's own example", () => {
    const xml = chart({
      palette:
        item(1, 'DMC    310', '2C3225', 'name="Black"') +
        item(2, 'DMC 158 [+]', '303065', 'name="DMC 158 [+] DMC 208" blendcolor="824596" printcolor="593A7D"'),
      stitches: stitch(0, 0, 1) + stitch(1, 0, 2) + stitch(2, 0, 2),
    });
    const { pattern: read, thread_mappings } = readOxsChart(xml);
    expect(read.legend[1]).toMatchObject({ code: '158+208', stitch_count: 2, rgb: mixedColour(dmc('158'), dmc('208')) });
    expect(read.legend[1]!.threads.map((thread) => [thread.code, thread.strands])).toEqual([
      ['158', 1],
      ['208', 1],
    ]);
    expect(thread_mappings[1]).toMatchObject({ source: 'DMC 158 [+] DMC 208', code: '158+208', matched_by: 'code', delta_e: 0 });
  });

  it('finds the second thread of a WinStitch blend by its blendcolor where the name does not say it', () => {
    const lavender = dmc('209');
    const xml = chart({
      palette: item(1, 'DMC 158 [+]', hexDigits(dmc('158')), `name="Evening sky" blendcolor="${hexDigits(lavender)}"`),
      stitches: stitch(0, 0, 1),
    });
    const { pattern: read, thread_mappings } = readOxsChart(xml);
    expect(read.legend.map((entry) => entry.code)).toEqual(['158+209']);
    expect(thread_mappings[0]).toMatchObject({ source: 'DMC 158 [+]', code: '158+209', matched_by: 'colour', delta_e: 0 });
    // With neither a name nor a colour for the second thread, the item is the thread it names.
    const bare = chart({ palette: item(1, 'DMC 158 [+]', hexDigits(dmc('158')), 'name="Evening sky"'), stitches: stitch(0, 0, 1) });
    expect(readOxsChart(bare).pattern.legend.map((entry) => entry.code)).toEqual(['158']);
  });

  it("reads Embroiderly's blend of two threads, and a blend of four as the nearest thread to its colour", () => {
    const two = '<blend number="DMC 326" color="A9353E" strands="1"/><blend number="DMC 309" color="B74254" strands="1"/>';
    const four = two + '<blend number="DMC 606" color="E7464B" strands="1"/><blend number="DMC 3801" color="E02E23" strands="1"/>';
    const xml = chart({
      palette:
        `<palette_item index="1" number="Blend 1" name="Rose" color="B03C48" strands="2">${two}</palette_item>` +
        `<palette_item index="2" number="Blend 2" name="Crimson Red" color="CB3B41" strands="4">${four}</palette_item>`,
      stitches: stitch(0, 0, 1) + stitch(1, 0, 2),
    });
    const { pattern: read } = readOxsChart(xml);
    expect(read.legend[0]).toEqual(legendEntryOf(namedThread(findBrandColour('dmc', '309+326')!), 0, read.legend[0]!.symbol, 1));
    const crimson = rgbToLab(parseHex('CB3B41')!);
    expect(read.legend[1]!.threads).toHaveLength(1);
    expect(deltaE2000(crimson, rgbToLab(read.legend[1]!.rgb))).toBeLessThan(6);
  });

  it("reads a blend of two brands in the first one's, and one of one thread twice, or of a thread it cannot tell, as one colour", () => {
    const anchor = findBrandThread('anchor', '403')!;
    const item = (index: number, second: string): string =>
      `<palette_item index="${index}" number="Blend ${index}" color="${blend.hex.slice(1)}"><blend number="DMC 310"/>${second}</palette_item>`;
    const xml = chart({
      properties: 'chartwidth="4" chartheight="1"',
      palette:
        item(1, `<blend number="Anchor 403" color="${hexDigits(anchor)}"/>`) +
        item(2, '<blend number="Anchor 403"/>') +
        item(3, '<blend number="DMC 310"/>') +
        `<palette_item index="4" number="DMC 310 [+]" name="DMC 310 [+] DMC 310" color="${hexDigits(dmc('310'))}"/>`,
      stitches: [1, 2, 3, 4].map((palindex) => stitch(palindex - 1, 0, palindex)).join(''),
    });
    const { pattern: read, thread_mappings } = readOxsChart(xml);
    // Anchor 403 (black) in a DMC blend is DMC's nearest to its colour, 310 itself: a blend of one thread twice. Each
    // such item is the thread nearest to its colour; WinStitch's names its first thread.
    const nearestToItem = nearestThreads(blend.lab, 1, threadsOf('dmc'))[0]!.thread.code;
    expect(thread_mappings.map((mapping) => mapping.code)).toEqual([nearestToItem, nearestToItem, nearestToItem, '310']);
    expect(read.legend.every((entry) => entry.threads.length === 1)).toBe(true);
    // A grey Anchor thread blends with DMC 310 as the DMC thread nearest to it.
    const grey = findBrandThread('anchor', '400')!;
    const mixed = readOxsChart(chart({ palette: item(1, `<blend number="Anchor 400" color="${hexDigits(grey)}"/>`), stitches: stitch(0, 0, 1) }));
    const nearest = nearestThreads(grey.lab, 1, threadsOf('dmc'))[0]!.thread;
    expect(mixed.pattern.legend.map((entry) => entry.code)).toEqual([blendOf(dmc('310'), nearest).code]);
    expect(mixed.thread_mappings[0]).toMatchObject({ matched_by: 'colour' });
  });
});
