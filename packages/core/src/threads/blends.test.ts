import { describe, expect, it } from 'vitest';
import { rgbToLab } from '../color/spaces.js';
import { codeLabel, threadLabel } from './brand-names.js';
import { threadsOf } from './brands.js';
import { blendOf, findBrandColour, isBlend, mixedColour } from './blends.js';
import { findThread } from './catalogue.js';

describe('mixedColour: one strand each, averaged in linear light', () => {
  // By hand: a channel's linear light is ((v / 255 + 0.055) / 1.055)^2.4 (v / 255 / 12.92 near black);
  // the mean goes back by 1.055 × m^(1 / 2.4) − 0.055, times 255, rounded.
  it.each([
    ['black and white: linear 0 and 1 → 0.5 → 0.7354 × 255 = 187.52', { r: 0, g: 0, b: 0 }, { r: 255, g: 255, b: 255 }, { r: 188, g: 188, b: 188 }],
    ['red and blue: each channel half of full light', { r: 255, g: 0, b: 0 }, { r: 0, g: 0, b: 255 }, { r: 188, g: 0, b: 188 }],
    ['black and DMC 413 grey 86: linear 0.0931 → 0.0465 → 60.91', { r: 0, g: 0, b: 0 }, { r: 86, g: 86, b: 86 }, { r: 61, g: 61, b: 61 }],
    ['grey 140 and 171: linear 0.2623 and 0.4072 → 0.3347 → 156.49', { r: 140, g: 140, b: 140 }, { r: 171, g: 171, b: 171 }, { r: 156, g: 156, b: 156 }],
  ])('%s', (_, a, b, mixed) => {
    expect(mixedColour(a, b)).toEqual(mixed);
    expect(mixedColour(b, a)).toEqual(mixed);
  });

  it('is lighter than the plain average of the bytes, as light adds up', () => {
    const mixed = mixedColour({ r: 20, g: 100, b: 200 }, { r: 220, g: 40, b: 10 });
    expect(mixed.r).toBeGreaterThan(120);
    expect(mixed.g).toBeGreaterThan(70);
    expect(mixed.b).toBeGreaterThan(105);
  });

  it('leaves one colour twice as it is', () => {
    expect(mixedColour({ r: 12, g: 130, b: 250 }, { r: 12, g: 130, b: 250 })).toEqual({ r: 12, g: 130, b: 250 });
  });
});

describe('blendOf', () => {
  it('names both threads in code order, and takes the mixed colour for hex, rgb and CIELAB', () => {
    const blend = blendOf(findThread('413')!, findThread('310')!);
    expect(blend.code).toBe('310+413');
    expect(blend.name).toBe('Black + Pewter Gray Dark');
    expect(blend.blend.map((thread) => thread.code)).toEqual(['310', '413']);
    expect({ r: blend.r, g: blend.g, b: blend.b }).toEqual({ r: 61, g: 61, b: 61 });
    expect(blend.hex).toBe('#3D3D3D');
    expect(blend.lab).toEqual(rgbToLab({ r: 61, g: 61, b: 61 }));
    expect(isBlend(blend)).toBe(true);
    expect(isBlend(findThread('310')!)).toBe(false);
    expect(threadLabel(blend)).toBe('DMC 310 + 413');
    expect(codeLabel(blend.code)).toBe('310 + 413');
  });

  it('refuses one thread twice and threads of two brands', () => {
    expect(() => blendOf(findThread('310')!, findThread('310')!)).toThrow(RangeError);
    expect(() => blendOf(findThread('310')!, threadsOf('anchor')[0]!)).toThrow(RangeError);
  });
});

describe('findBrandColour', () => {
  it('finds a plain thread or a blend by its code, in either order and as codes are written', () => {
    expect(findBrandColour('dmc', '310')).toBe(findThread('310'));
    expect(findBrandColour('dmc', '413+310')?.code).toBe('310+413');
    expect(findBrandColour('dmc', 'blanc+1')?.code).toBe('01+Blanc');
    const [a, b] = threadsOf('anchor');
    const blend = findBrandColour('anchor', `${a!.code}+${b!.code}`);
    expect(blend && isBlend(blend) ? blend.blend : undefined).toEqual([a, b]);
  });

  it.each(['310+310', '310+413+414', '310+', '310+99999', '+413'])('finds nothing for %s', (code) => {
    expect(findBrandColour('dmc', code)).toBeUndefined();
  });
});
