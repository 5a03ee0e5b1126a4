import { describe, expect, it } from 'vitest';
import { formatGridSize, formatPixels } from './grid-size';

describe('grid size', () => {
  it('gives stitches first and the chart image in pixels second', () => {
    expect(formatGridSize({ width: 150, height: 113 }, { width: 1800, height: 1356 })).toBe('150 × 113 stitches (1800 × 1356 px)');
  });

  it('gives the stitches alone when the pixels are not known', () => {
    expect(formatGridSize({ width: 30, height: 20 })).toBe('30 × 20 stitches');
    expect(formatGridSize({ width: 30, height: 20 }, null)).toBe('30 × 20 stitches');
  });

  it('gives a picture in pixels', () => {
    expect(formatPixels({ width: 800, height: 600 })).toBe('800 × 600 px');
  });
});
