import { describe, expect, it } from 'vitest';
import { FABRICS, fabricByCount, finishedSize, finishedSizes, threadNeed } from './materials.js';

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

  it('gives finished sizes in inches and centimetres, with framing margin', () => {
    const size = finishedSize(140, 70, fabricByCount(14)!);
    expect(size.inches).toEqual({ width: 10, height: 5 });
    expect(size.centimetres).toEqual({ width: 25.4, height: 12.7 });
    expect(size.withMargin.inches).toEqual({ width: 16, height: 11 });
    expect(finishedSizes(140, 70).map((s) => s.fabric.count)).toEqual(FABRICS.map((f) => f.count));
    expect(finishedSize(140, 70, fabricByCount(28)!).inches).toEqual({ width: 10, height: 5 });
  });
});
