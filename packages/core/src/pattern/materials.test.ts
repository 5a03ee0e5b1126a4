import { legendEntryOf, namedThread, upgradeLegendEntry } from './model.js';
import { describe, expect, it } from 'vitest';
import { blendOf } from '../threads/blends.js';
import { findBrandThread } from '../threads/brands.js';
import { findThread, type Thread } from '../threads/catalogue.js';
import {
  backstitchOnly,
  BLENDS_FOOTNOTE,
  skeinsByThread,
  stitchedThreads,
  FABRICS,
  fabricByCount,
  finishedSize,
  finishedSizes,
  legendUse,
  SKEIN_LENGTHS_MM,
  skeinFootnote,
  threadNeed,
  threadNeedOfUse,
} from './materials.js';
import type { LegendEntry } from './model.js';
import { NO_MARKS } from './stitches.js';

describe('thread calculator', () => {
  it('matches a hand-worked example: 1,000 stitches on 14-count, 2 strands, 15 % waste', () => {
    // Side 25.4 / 14 = 1.81429 mm; per stitch (2√2 + 2) × 1.81429 = 8.7601 mm; × 1,000 × 1.15 = 10,074.1 mm
    // of two-strand thread = 20,148.3 mm of single strand; a skein is 6 × 8,000 = 48,000 mm: 0.4198 skein, buy 1.
    const need = threadNeed(1000, fabricByCount(14)!, 2, 0.15);
    expect(need.metres).toBeCloseTo(20.148, 2);
    expect(need.skeins).toBeCloseTo(0.4198, 3);
    expect(need.skeinsToBuy).toBe(1);
  });

  it('scales with stitches, strands and fabric', () => {
    const aida14 = fabricByCount(14)!;
    expect(threadNeed(5000, aida14, 2).skeinsToBuy).toBe(3); // 2.099 skeins
    expect(threadNeed(5000, aida14, 3).skeins).toBeCloseTo(threadNeed(5000, aida14, 2).skeins * 1.5, 9);
    expect(threadNeed(1000, fabricByCount(11)!, 2).skeins).toBeCloseTo(threadNeed(1000, aida14, 2).skeins * (14 / 11), 9);
    // 28 over 2 stitches like 14-count.
    expect(threadNeed(1000, fabricByCount(28)!, 2).skeins).toBeCloseTo(threadNeed(1000, aida14, 2).skeins, 9);
    expect(threadNeed(0, aida14).skeinsToBuy).toBe(0);
  });

  it('counts skeins by the skein length of the brand: DMC and Anchor 8 m, Madeira 10 m', () => {
    const aida14 = fabricByCount(14)!;
    expect(SKEIN_LENGTHS_MM).toEqual({ dmc: 8000, anchor: 8000, madeira: 10_000 });
    const dmc = threadNeedOfUse({ stitch_count: 5000 }, aida14, 2);
    expect(threadNeedOfUse({ stitch_count: 5000, brand: 'dmc' }, aida14, 2)).toEqual(dmc);
    expect(threadNeedOfUse({ stitch_count: 5000, brand: 'anchor' }, aida14, 2)).toEqual(dmc);
    const madeira = threadNeedOfUse({ stitch_count: 5000, brand: 'madeira' }, aida14, 2);
    expect(madeira.metres).toBe(dmc.metres); // the same thread, in longer skeins
    expect(madeira.skeins).toBeCloseTo(dmc.skeins * 0.8, 9);
    expect([dmc.skeinsToBuy, madeira.skeinsToBuy]).toEqual([3, 2]); // 2.099 and 1.679 skeins
    // A legend entry carries its brand.
    const entry = { ...legendEntry(0, 5000), brand: 'madeira' as const };
    expect(threadNeedOfUse(entry, aida14, 2)).toEqual(madeira);
  });

  it('names the skeins of the brands of the chart, with their length, in the footnote', () => {
    const aida14 = fabricByCount(14)!;
    expect(skeinFootnote(aida14)).toMatch(/^Skeins: whole DMC skeins \(8 m of 6 strands\) to buy per thread, estimated on 14-count Aida/);
    expect(skeinFootnote(aida14, [{ brand: 'anchor' }])).toMatch(/^Skeins: whole Anchor skeins \(8 m of 6 strands\) to buy/);
    expect(skeinFootnote(aida14, [{ brand: 'madeira' }])).toMatch(/^Skeins: whole Madeira skeins \(10 m of 6 strands\) to buy/);
    expect(skeinFootnote(aida14, [{ brand: 'madeira' }, { brand: 'dmc' }, { brand: 'anchor' }])).toMatch(
      /^Skeins: whole DMC and Anchor skeins \(8 m of 6 strands\), Madeira skeins \(10 m of 6 strands\) to buy/,
    );
  });

  it('gives finished sizes in inches and centimetres, with framing margin', () => {
    const size = finishedSize(140, 70, fabricByCount(14)!);
    expect(size.inches).toEqual({ width: 10, height: 5 });
    expect(size.centimetres).toEqual({ width: 25.4, height: 12.7 });
    expect(size.withMargin.inches).toEqual({ width: 16, height: 11 });
    expect(finishedSizes(140, 70).map((s) => s.fabric.count)).toEqual(FABRICS.map((f) => f.count));
    expect(finishedSize(140, 70, fabricByCount(28)!).inches).toEqual({ width: 10, height: 5 });
  });
});

describe('thread for part stitches, backstitch and knots', () => {
  const aida14 = fabricByCount(14)!;
  const side = 25.4 / 14; // mm

  it('counts part stitches by their share: four halves or eight quarters take what two full stitches take', () => {
    const twoFull = threadNeed(2, aida14);
    expect(threadNeedOfUse({ stitch_count: 0, partStitches: 4, partShare: 4 * 0.5 }, aida14)).toEqual(twoFull);
    expect(threadNeedOfUse({ stitch_count: 1, partStitches: 4, partShare: 4 * 0.25 }, aida14)).toEqual(twoFull);
    const [use] = legendUse({ legend: [legendEntry(0)], marks: { ...NO_MARKS, parts: [0, 1, 2, 3].map((x) => ({ x, y: 0, kind: 'half-slash', thread: 0 })) } });
    expect(threadNeedOfUse(use!, aida14)).toEqual(twoFull);
  });

  it('takes backstitch twice its length in one strand, and 30 mm a strand per knot', () => {
    // 10 stitch widths of backstitch: 2 × 10 × 1.8143 mm × 1 strand × 1.15 = 41.73 mm.
    expect(threadNeedOfUse({ stitch_count: 0, backstitchLength: 10 }, aida14, 2, 0.15).metres).toBeCloseTo((2 * 10 * side * 1.15) / 1000, 9);
    // Whatever the strands of the cross stitches, backstitch stays in one.
    expect(threadNeedOfUse({ stitch_count: 0, backstitchLength: 10 }, aida14, 3).metres).toBeCloseTo(
      threadNeedOfUse({ stitch_count: 0, backstitchLength: 10 }, aida14, 2).metres,
      12,
    );
    // 4 knots in 2 strands: 4 × 30 × 2 × 1.15 = 276 mm.
    expect(threadNeedOfUse({ stitch_count: 0, knots: 4 }, aida14, 2, 0.15).metres).toBeCloseTo(0.276, 9);
    // Everything adds up.
    const all = threadNeedOfUse({ stitch_count: 100, partShare: 1.5, backstitchLength: 10, knots: 4 }, aida14, 2, 0.15).metres;
    const parts = threadNeed(101.5, aida14, 2, 0.15).metres;
    expect(all).toBeCloseTo(parts + (2 * 10 * side * 1.15) / 1000 + 0.276, 9);
  });

  it('has a thread used only for backstitch bought as a whole skein, and tells such a thread apart', () => {
    const backstitch = { stitch_count: 0, partStitches: 0, partShare: 0, backstitchLength: 0.5, knots: 0 };
    expect(threadNeedOfUse(backstitch, aida14).skeinsToBuy).toBe(1);
    expect(backstitchOnly(backstitch)).toBe(true);
    expect(backstitchOnly({ ...backstitch, stitch_count: 1 })).toBe(false);
    expect(backstitchOnly({ ...backstitch, partStitches: 1, partShare: 0.25 })).toBe(false);
    expect(backstitchOnly({ ...backstitch, knots: 1 })).toBe(false);
    expect(backstitchOnly({ ...backstitch, backstitchLength: 0 })).toBe(false);
  });

  it('lists each legend entry with what its thread is used for', () => {
    const marks = {
      parts: [{ x: 0, y: 0, kind: 'three-quarter-tl' as const, thread: 1 }],
      backstitches: [{ x1: 0, y1: 0, x2: 2, y2: 2, thread: 1 }],
      knots: [{ x: 1, y: 1, thread: 0 }],
    };
    const legend = [legendEntry(0, 5), legendEntry(1, 0)];
    expect(legendUse({ legend, marks })).toEqual([
      { ...legend[0], partStitches: 0, partShare: 0, backstitchLength: 0, knots: 1 },
      { ...legend[1], partStitches: 1, partShare: 0.75, backstitchLength: Math.SQRT2, knots: 0 },
    ]);
  });

  it('says in the legend footnote how part stitches, backstitch and knots are counted', () => {
    const footnote = skeinFootnote(aida14);
    expect(footnote).toContain('14-count Aida');
    expect(footnote).toContain('2 strands');
    expect(footnote).toContain('half ½, quarter ¼, three-quarter ¾');
    expect(footnote).toContain('backstitch twice its length in 1 strand');
    expect(footnote).toContain('French knot 30 mm per strand');
    expect(skeinFootnote(fabricByCount(11)!)).toContain('3 strands');
  });
});

describe('thread for blends', () => {
  const aida14 = fabricByCount(14)!;
  const black = findThread('310')!;
  const grey = findThread('413')!;
  const red = findThread('666')!;
  const blend = (index: number, stitches: number): LegendEntry => legendEntryOf(namedThread(blendOf(black, grey)), index, 'B', stitches);
  const plain = (thread: Thread, index: number, stitches: number): LegendEntry => legendEntryOf(namedThread(thread), index, String(index), stitches);

  it('counts each thread of a blend for its one strand: a blend stitch takes half of each that a plain stitch takes', () => {
    // 10,000 plain stitches of 310 on 14-count in 2 strands: 201.5 m, 4.2 skeins; in a blend, each thread 100.7 m.
    const each = threadNeedOfUse(blend(0, 10_000), aida14);
    expect(each.metres).toBeCloseTo(threadNeed(10_000, aida14, 2).metres / 2, 9);
    expect(each.skeinsToBuy).toBe(3); // 2.099 skeins
    // On 11-count a plain stitch takes 3 strands; a blend still one of each.
    expect(threadNeedOfUse(blend(0, 1000), fabricByCount(11)!).metres).toBeCloseTo(threadNeed(1000, fabricByCount(11)!, 1).metres, 9);
    expect(threadNeedOfUse(plain(black, 0, 1000), fabricByCount(11)!).metres).toBeCloseTo(threadNeed(1000, fabricByCount(11)!, 3).metres, 9);
  });

  it("adds a blend's use to each of its threads before rounding up, and lists a thread stitched only in blends", () => {
    // 310 alone 5,000 (2.099 skeins), in the blend 10,000 more at one strand (2.099): 4.198, buy 5, not 3 + 3.
    const legend = [blend(0, 10_000), plain(black, 1, 5000), plain(red, 2, 100)];
    const threads = skeinsByThread(legendUse({ legend, marks: NO_MARKS }), aida14);
    expect(threads.map((thread) => [thread.code, thread.entryIndex, thread.blends, thread.need.skeinsToBuy])).toEqual([
      ['310', 1, [0], 5],
      ['413', undefined, [0], 3],
      ['666', 2, [], 1],
    ]);
    expect(threads[0]!.need.skeins).toBeCloseTo(threadNeed(10_000, aida14, 2).skeins, 9);
    expect(threads[1]).toMatchObject({ brand: 'dmc', name: grey.name, hex: grey.hex, rgb: { r: grey.r, g: grey.g, b: grey.b } });
    // A chart without blends: each thread's need as its entry's.
    const plainOnly = skeinsByThread(legendUse({ legend: [plain(black, 0, 5000), plain(red, 1, 100)], marks: NO_MARKS }), aida14);
    expect(plainOnly.map((thread) => thread.need)).toEqual([threadNeed(5000, aida14), threadNeed(100, aida14)]);
  });

  it("counts a blend's marks in one strand of each thread too", () => {
    const use = legendUse({ legend: [blend(0, 0)], marks: { ...NO_MARKS, knots: [{ x: 1, y: 1, thread: 0 }] } });
    expect(skeinsByThread(use, aida14).map((thread) => thread.need.metres)).toEqual([0.03 * 1.15, 0.03 * 1.15].map((m) => expect.closeTo(m, 9) as number));
  });

  it('names the threads to buy once each, in legend order', () => {
    const anchor = findBrandThread('anchor', '403')!;
    expect(stitchedThreads([plain(red, 0, 1), blend(1, 1), plain(black, 2, 1)]).map((thread) => thread.code)).toEqual(['666', '310', '413']);
    expect(stitchedThreads([plain(anchor, 0, 1)]).map((thread) => [thread.brand, thread.code])).toEqual([['anchor', '403']]);
  });

  it('says how blends are counted in the footnote, only when the chart has one', () => {
    expect(skeinFootnote(aida14, [plain(black, 0, 1), blend(1, 1)])).toMatch(/spare for starts and ends\. Blends count each thread for its one strand/);
    expect(skeinFootnote(aida14, [plain(black, 0, 1)])).not.toContain(BLENDS_FOOTNOTE);
  });
});

function legendEntry(index: number, stitches = 0): LegendEntry {
  return upgradeLegendEntry({
    index,
    hex: '#000000',
    symbol: String(index),
    dmc_code: '310',
    dmc_name: 'Black',
    stitch_count: stitches,
    rgb: { r: 0, g: 0, b: 0 },
  });
}
