import { DMC_THREADS, NO_MARKS, type LegendEntry, type Pattern, legendEntryOf, namedThread } from '@stitchwise/core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { chartLayout, chartPalette, renderChart } from '../src/render/chart.js';

const legendOf = (count: number): LegendEntry[] =>
  Array.from({ length: count }, (_, index) => {
    const thread = DMC_THREADS[index % DMC_THREADS.length]!;
    return legendEntryOf(namedThread(thread), index, String.fromCharCode(65 + (index % 26)), 1);
  });

const colourAt = (rgb: Uint8Array, index: number): number[] => [...rgb.subarray(index * 3, index * 3 + 3)];

describe('the chart palette', () => {
  it('holds 50 threads with blends of their symbols in at most 256 colours', () => {
    const legend = legendOf(50);
    const ink = legend.map((_, i) => (i % 2 ? 0 : 255));
    const palette = chartPalette(legend, ink, true);
    expect(palette.rgb.length / 3).toBeLessThanOrEqual(256);
    for (const [i, entry] of legend.entries()) {
      expect(colourAt(palette.rgb, palette.stitch(i, 0))).toEqual([entry.rgb.r, entry.rgb.g, entry.rgb.b]);
      expect(colourAt(palette.rgb, palette.stitch(i, 255))).toEqual(ink[i] === 0 ? [0, 0, 0] : [255, 255, 255]);
      // Half coverage lies halfway between the thread and its ink, channel by channel.
      const half = colourAt(palette.rgb, palette.stitch(i, 128));
      const expected = [entry.rgb.r, entry.rgb.g, entry.rgb.b].map((value) => (value + ink[i]!) / 2);
      half.forEach((value, c) => {
        expect(Math.abs(value - expected[c]!)).toBeLessThanOrEqual(1);
      });
    }
    expect(colourAt(palette.rgb, palette.label(0))).toEqual([255, 255, 255]);
    expect(colourAt(palette.rgb, palette.label(255))).toEqual([60, 60, 60]);
  });

  it('refuses a legend that cannot fit', () => {
    expect(() => chartPalette(legendOf(300), [], false)).toThrow(/does not fit/);
  });
});

describe('the chart PNG', () => {
  it('is an indexed-colour PNG whose stitches are their threads’ exact colours', async () => {
    const legend = legendOf(3);
    const cells = Int16Array.from({ length: 200 }, (_, i) => (i % 20 < 10 ? 0 : i % 20 < 15 ? 1 : 2));
    const pattern: Pattern = { width: 20, height: 10, legend, cells, marks: NO_MARKS, stats: { confetti_before: 0, confetti_after: 0, mean_delta_e: 0 } };
    const { png, width, height } = await renderChart(pattern, { cellSize: 12, symbols: true });
    expect(png.readUInt8(25)).toBe(3); // IHDR colour type: palette
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([width, height]);
    // A corner pixel of a cell, away from its symbol and the grid, is the thread's colour.
    const { left, top } = chartLayout(pattern, 12);
    for (const [column, thread] of [
      [2, 0],
      [12, 1],
      [17, 2],
    ] as const) {
      const x = left + column * 12 + 2;
      const y = top + 3 * 12 + 2;
      const at = (y * info.width + x) * info.channels;
      expect([...data.subarray(at, at + 3)], `thread ${thread}`).toEqual([legend[thread]!.rgb.r, legend[thread]!.rgb.g, legend[thread]!.rgb.b]);
    }
  });
});
