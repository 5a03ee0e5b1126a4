import { randomBytes } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { generatePattern } from '@stitchwise/core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { chartLayout, renderChart } from '../src/render/chart.js';
import { ParallelDeflate } from '../src/render/parallel-deflate.js';
import { PHOTOS } from './support/images.js';

describe('deflating in parallel pieces', () => {
  it('makes one zlib stream that inflates to the data, its checksum included, whatever the pieces', async () => {
    // Zeros with scattered bytes (a chart's filtered rows), random bytes, pieces shorter and longer than the window, odd offsets.
    const sparse = Buffer.alloc(300_000);
    for (let i = 0; i < sparse.length; i += 37) sparse[i] = i % 251;
    const data = Buffer.concat([sparse, randomBytes(100_000), sparse.subarray(0, 5_000), randomBytes(3)]);
    for (const cuts of [[data.length], [1, 20_000, 20_001, 250_000, 400_000], [7, 13, 31_999, 32_768, 98_304, 404_999]]) {
      const deflate = new ParallelDeflate({ level: 6, memLevel: 9 }, 2);
      let start = 0;
      for (const end of [...cuts, data.length]) {
        await deflate.write(data.subarray(start, end));
        start = end;
      }
      expect(inflateSync(await deflate.end()).equals(data)).toBe(true);
    }
  });
});

describe('the stored chart of a large, busy pattern', () => {
  it('is at most 6 MB for 500 × 500 stitches of 50 threads at 24 px with symbols, and decodes to the threads’ colours', async () => {
    const { data, info } = await sharp(PHOTOS.baboon()).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const pattern = generatePattern({ width: info.width, height: info.height, data }, { maxSide: 500, colors: 50, useKmeans: false, mergeThreads: false });
    expect([pattern.width, pattern.height, pattern.legend.length]).toEqual([500, 500, 50]);

    const chart = await renderChart(pattern, { cellSize: 24, symbols: true });
    expect(chart.png.length).toBeLessThanOrEqual(6_000_000);

    // A corner of each cell in a band of the chart, away from grid and symbol, is its thread's colour.
    const { left, top } = chartLayout(pattern, 24);
    const band = { left, top: top + 24 * 40, width: 24 * 500, height: 24 };
    const pixels = await sharp(chart.png, { limitInputPixels: false }).extract(band).raw().toBuffer();
    for (let column = 0; column < 500; column += 7) {
      const at = (2 * band.width + column * 24 + 2) * 3;
      const thread = pattern.legend[pattern.cells[40 * 500 + column]!]!;
      expect([...pixels.subarray(at, at + 3)]).toEqual([thread.rgb.r, thread.rgb.g, thread.rgb.b]);
    }
  });
});
