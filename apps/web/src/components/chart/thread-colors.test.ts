import { describe, expect, it } from 'vitest';
import { blockPixels, cellPaints, FABRIC, inkOn, packRgb, relativeLuminance } from './thread-colors';

const thread = (hex: string) => ({ hex, symbol: '■', brand: 'dmc' as const, code: '1', name: 'x' });

describe('symbol colour', () => {
  it('is dark on light threads and light on dark ones', () => {
    expect(relativeLuminance(inkOn({ r: 255, g: 240, b: 200 }))).toBeLessThan(0.05);
    expect(relativeLuminance(inkOn({ r: 20, g: 30, b: 90 }))).toBeGreaterThan(0.9);
  });
});

describe('cell paints', () => {
  const threads = [thread('#c0392b'), thread('#1e3a8a')];

  it('keep the highlighted thread at full strength and dim the others towards white', () => {
    const [red, blue] = cellPaints(threads, 'color', 1);
    expect(blue!.fill).toEqual({ r: 0x1e, g: 0x3a, b: 0x8a });
    expect(red!.fill.r).toBeGreaterThan(0xc0);
    expect(red!.fill.g).toBeGreaterThan(0x39);
  });

  it('print white cells with dark symbols, the dimmed ones grey', () => {
    const [red, blue] = cellPaints(threads, 'print', 0);
    expect(red!.fill).toEqual(FABRIC);
    expect(blue!.fill).toEqual(FABRIC);
    expect(relativeLuminance(red!.ink)).toBeLessThan(0.05);
    expect(relativeLuminance(blue!.ink)).toBeGreaterThan(0.4);
  });

  it('end with the fabric, for empty cells', () => {
    expect(cellPaints(threads, 'symbols', undefined)).toHaveLength(3);
    expect(blockPixels(threads, 'color', undefined)[2]).toBe(packRgb(FABRIC));
  });
});
