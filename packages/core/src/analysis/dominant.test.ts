import { describe, expect, it } from 'vitest';
import { deltaE2000 } from '../color/ciede2000.js';
import { rgbToLab } from '../color/spaces.js';
import type { RgbaImage } from './color-histogram.js';
import { dominantColors } from './dominant.js';

/** An image of vertical blocks: each [rgb, width in pixels]. */
function blocks(height: number, parts: [[number, number, number], number][], alpha = 255): RgbaImage {
  const width = parts.reduce((sum, [, w]) => sum + w, 0);
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    let x = 0;
    for (const [[r, g, b], w] of parts) {
      for (let i = 0; i < w; i++, x++) data.set([r, g, b, alpha], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

describe('dominantColors', () => {
  it('finds three flat colours with their exact shares', () => {
    const image = blocks(40, [
      [[200, 30, 40], 50],
      [[20, 120, 60], 30],
      [[240, 230, 200], 20],
    ]);
    const colors = dominantColors(image, 6);
    expect(colors.map((c) => c.hex)).toEqual(['#C81E28', '#14783C', '#F0E6C8']);
    for (const [i, share] of [0.5, 0.3, 0.2].entries()) expect(colors[i]?.share).toBeCloseTo(share, 6);
    expect(colors.reduce((sum, c) => sum + c.share, 0)).toBeCloseTo(1, 9);
  });

  it('gives each colour its 3 nearest DMC threads, nearest first', () => {
    const [color] = dominantColors(blocks(10, [[[0, 0, 0], 10]]), 3);
    expect(color?.closestThreads.map((m) => m.thread.code)[0]).toBe('310');
    expect(color?.closestThreads).toHaveLength(3);
    const distances = color!.closestThreads.map((m) => m.distance);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
  });

  it('ignores transparent pixels', () => {
    const image = blocks(10, [
      [[10, 200, 10], 10],
      [[200, 10, 10], 30],
    ]);
    for (let i = 10 * 4; i < image.data.length; i += 40 * 4) {
      for (let x = 10; x < 40; x++) image.data[i - 10 * 4 + x * 4 + 3] = 0; // make the red part transparent
    }
    const colors = dominantColors(image, 4);
    expect(colors).toHaveLength(1);
    expect(colors[0]).toMatchObject({ hex: '#0AC80A', share: 1 });
  });

  it('is deterministic and finds the requested number of colours in a varied image', () => {
    const width = 120;
    const height = 80;
    const data = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) data.set([(x * 2) % 256, (y * 3) % 256, (x * y) % 256, 255], (y * width + x) * 4);
    }
    const image = { width, height, data };
    const first = dominantColors(image, 8);
    expect(first).toHaveLength(8);
    expect(dominantColors(image, 8)).toEqual(first);
    const shares = first.map((c) => c.share);
    expect([...shares].sort((a, b) => b - a)).toEqual(shares);
    // Distinct clusters: no two reported colours are near-identical.
    for (let i = 0; i < first.length; i++) {
      for (let j = i + 1; j < first.length; j++) {
        expect(deltaE2000(rgbToLab(first[i]!.rgb), rgbToLab(first[j]!.rgb))).toBeGreaterThan(2);
      }
    }
  });
});
