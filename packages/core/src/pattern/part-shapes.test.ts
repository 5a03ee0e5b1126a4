import { describe, expect, it } from 'vitest';
import { insidePolygon, partShape, partSymbolPlace } from './part-shapes.js';
import { PART_KINDS } from './stitches.js';

describe('part stitch shapes, as the viewer, the chart PNG and the PDF draw them', () => {
  it('fills a three-quarter stitch’s triangle, a quarter’s quadrant and a half’s diagonal band', () => {
    const inside = (kind: Parameters<typeof partShape>[0], x: number, y: number) => insidePolygon(partShape(kind), x, y);
    expect([inside('three-quarter-tl', 0.15, 0.15), inside('three-quarter-tl', 0.8, 0.1), inside('three-quarter-tl', 0.1, 0.8)]).toEqual([true, true, true]);
    expect(inside('three-quarter-tl', 0.85, 0.85)).toBe(false);
    expect(inside('three-quarter-br', 0.85, 0.85)).toBe(true);
    expect(inside('three-quarter-br', 0.15, 0.15)).toBe(false);
    expect([inside('quarter-br', 0.75, 0.75), inside('quarter-br', 0.25, 0.25), inside('quarter-br', 0.75, 0.25), inside('quarter-br', 0.25, 0.75)]).toEqual([
      true,
      false,
      false,
      false,
    ]);
    // '/' runs from the bottom-left corner to the top-right one; '\' the other way.
    expect([inside('half-slash', 0.5, 0.5), inside('half-slash', 0.9, 0.1), inside('half-slash', 0.1, 0.9)]).toEqual([true, true, true]);
    expect([inside('half-slash', 0.1, 0.1), inside('half-slash', 0.9, 0.9)]).toEqual([false, false]);
    expect([inside('half-backslash', 0.1, 0.1), inside('half-backslash', 0.9, 0.1)]).toEqual([true, false]);
  });

  it('puts every part stitch’s symbol inside its shape, wholly in the cell', () => {
    for (const kind of PART_KINDS) {
      const { x, y, size } = partSymbolPlace(kind);
      expect(insidePolygon(partShape(kind), x, y), kind).toBe(true);
      expect(Math.min(x, y) - size / 2, kind).toBeGreaterThan(0);
      expect(Math.max(x, y) + size / 2, kind).toBeLessThan(1);
    }
  });
});
