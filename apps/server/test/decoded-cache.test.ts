import { describe, expect, it } from 'vitest';
import type { RasterImage } from '../src/images/decode.js';
import { DecodedImageCache } from '../src/images/decoded-cache.js';

const image = (pixels: number): RasterImage => ({ width: pixels, height: 1, channels: 3, data: new Uint8Array(pixels * 3) });
const file = (length: number, seed: number): Uint8Array => Uint8Array.from({ length }, (_, i) => (i * 31 + seed) & 0xff);

describe('decoded-image cache', () => {
  it('finds an image by an equal copy of its file, not by the same object', () => {
    const cache = new DecodedImageCache(10_000_000);
    const decoded = image(100);
    cache.set(file(100_000, 1), decoded);
    expect(cache.get(file(100_000, 1))).toBe(decoded);
    expect(cache.get(file(100_000, 2))).toBeUndefined();
  });

  it('tells apart two files that differ only where the fingerprint does not look', () => {
    const cache = new DecodedImageCache(10_000_000);
    const original = file(100_000, 1);
    const altered = Uint8Array.from(original);
    altered[50_001] = altered[50_001]! ^ 0xff; // between two sampled windows
    cache.set(original, image(10));
    expect(cache.get(altered)).toBeUndefined();
    const alteredImage = image(20);
    cache.set(altered, alteredImage);
    expect(cache.get(altered)).toBe(alteredImage);
    expect(cache.get(original)?.width).toBe(10);
  });

  it('keeps within its bytes, counting files and pixels, dropping the least recently used first', () => {
    const cache = new DecodedImageCache(3 * (1000 + 300));
    const [a, b, c, d] = [1, 2, 3, 4].map((seed) => file(1000, seed));
    cache.set(a!, image(100));
    cache.set(b!, image(100));
    cache.set(c!, image(100));
    cache.get(a!); // a is now the most recent
    cache.set(d!, image(100));
    expect(cache.size).toBe(3);
    expect(cache.get(b!)).toBeUndefined();
    expect(cache.get(a!)).toBeDefined();
    expect(cache.get(d!)).toBeDefined();
  });

  it('does not keep an image larger than the whole cache', () => {
    const cache = new DecodedImageCache(1000);
    cache.set(file(10, 1), image(1000));
    expect(cache.size).toBe(0);
  });
});
