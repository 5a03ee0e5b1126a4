import { describe, expect, it } from 'vitest';
import { formatHex, parseColor, parseHex } from './hex.js';
import {
  labToRgb,
  writeLabOfBytes,
  linearChannelToSrgb,
  oklabToRgb,
  rgbToCmyk,
  rgbToLab,
  rgbToOklab,
  rgbToXyz,
  srgbChannelToLinear,
  xyzToRgb,
} from './spaces.js';

const expectLab = (hex: string, L: number, a: number, b: number): void => {
  const lab = rgbToLab(parseHex(hex)!);
  // toBeCloseTo(x, 4) demands |difference| < 0.00005: equal to 4 decimals.
  expect(lab.L).toBeCloseTo(L, 4);
  expect(lab.a).toBeCloseTo(a, 4);
  expect(lab.b).toBeCloseTo(b, 4);
};

/** Every 7th value of each channel: 37³ ≈ 50,000 colours across the whole cube, corners included. */
function* sampleCube(): Generator<{ r: number; g: number; b: number }> {
  const steps = [...Array.from({ length: 37 }, (_, i) => i * 7), 255];
  for (const r of steps) for (const g of steps) for (const b of steps) yield { r, g, b };
}

describe('sRGB to CIELAB (D65)', () => {
  it('matches the reference values', () => {
    expectLab('#FF0000', 53.2408, 80.0925, 67.2032);
    expectLab('#0000FF', 32.297, 79.1875, -107.8602);
    expectLab('#808080', 53.585, 0, 0);
  });

  it('puts white at L 100 and black at L 0 with no chroma', () => {
    const white = rgbToLab({ r: 255, g: 255, b: 255 });
    expect(white.L).toBeCloseTo(100, 3);
    expect(Math.hypot(white.a, white.b)).toBeLessThan(0.01);
    expect(rgbToLab({ r: 0, g: 0, b: 0 })).toEqual({ L: 0, a: 0, b: 0 });
  });

  it('round-trips every sampled colour through Lab and through XYZ', () => {
    for (const rgb of sampleCube()) {
      expect(labToRgb(rgbToLab(rgb))).toEqual(rgb);
      expect(xyzToRgb(rgbToXyz(rgb))).toEqual(rgb);
    }
  });

  it('inverts the transfer function', () => {
    for (let i = 0; i <= 100; i++) {
      expect(linearChannelToSrgb(srgbChannelToLinear(i / 100))).toBeCloseTo(i / 100, 12);
    }
  });
});

describe('OKLab', () => {
  it('matches the reference value for red', () => {
    const red = rgbToOklab({ r: 255, g: 0, b: 0 });
    expect(red.L.toFixed(6)).toBe('0.627955');
    expect(red.a.toFixed(6)).toBe('0.224863');
    expect(red.b.toFixed(6)).toBe('0.125846');
  });

  it('round-trips every sampled colour', () => {
    for (const rgb of sampleCube()) expect(oklabToRgb(rgbToOklab(rgb))).toEqual(rgb);
  });
});

describe('hex and colour parsing', () => {
  it('parses hex with or without # and in short form', () => {
    expect(parseHex('ff8800')).toEqual({ r: 255, g: 136, b: 0 });
    expect(parseHex('#FF8800')).toEqual({ r: 255, g: 136, b: 0 });
    expect(parseHex('#f80')).toEqual({ r: 255, g: 136, b: 0 });
    expect(parseHex('ff880')).toBeNull();
    expect(parseHex('gg8800')).toBeNull();
    expect(parseHex('')).toBeNull();
  });

  it('formats upper-case #RRGGBB and clamps out-of-range channels', () => {
    expect(formatHex({ r: 255, g: 136, b: 0 })).toBe('#FF8800');
    expect(formatHex({ r: 0, g: 0, b: 10 })).toBe('#00000A');
    expect(formatHex({ r: 300, g: -4, b: 127.6 })).toBe('#FF0080');
  });

  it('accepts decimal triplets and refuses channels above 255', () => {
    expect(parseColor('255,136,0')).toEqual({ r: 255, g: 136, b: 0 });
    expect(parseColor(' 1 , 2 , 3 ')).toEqual({ r: 1, g: 2, b: 3 });
    expect(parseColor('#ff8800')).toEqual({ r: 255, g: 136, b: 0 });
    expect(parseColor('256,0,0')).toBeNull();
    expect(parseColor('1,2')).toBeNull();
    expect(parseColor('-1,2,3')).toBeNull();
    expect(parseColor('red')).toBeNull();
  });
});

describe('naive CMYK', () => {
  it('gives whole percent', () => {
    expect(rgbToCmyk({ r: 255, g: 0, b: 0 })).toEqual({ c: 0, m: 100, y: 100, k: 0 });
    expect(rgbToCmyk({ r: 0, g: 0, b: 0 })).toEqual({ c: 0, m: 0, y: 0, k: 100 });
    expect(rgbToCmyk({ r: 255, g: 255, b: 255 })).toEqual({ c: 0, m: 0, y: 0, k: 0 });
    expect(rgbToCmyk({ r: 255, g: 136, b: 0 })).toEqual({ c: 0, m: 47, y: 100, k: 0 });
    expect(rgbToCmyk({ r: 128, g: 128, b: 128 })).toEqual({ c: 0, m: 0, y: 0, k: 50 });
    expect(rgbToCmyk({ r: 51, g: 102, b: 153 })).toEqual({ c: 67, m: 33, y: 0, k: 40 });
  });
});

describe('writeLabOfBytes', () => {
  it('writes what rgbToLab returns', () => {
    const out = new Float32Array(6);
    for (let i = 0; i < 5000; i++) {
      const rgb = { r: (i * 37) % 256, g: (i * 101) % 256, b: (i * 7919) % 256 };
      writeLabOfBytes(rgb.r, rgb.g, rgb.b, out, 3);
      const lab = rgbToLab(rgb);
      expect([out[3], out[4], out[5]]).toEqual([Math.fround(lab.L), Math.fround(lab.a), Math.fround(lab.b)]);
    }
  });
});
