import { generatePattern, NEUTRAL_ADJUSTMENTS, rgbToLab, threadKey, threadsOfKeys, type RgbaImage } from '@stitchwise/core';
import { describe, expect, it } from 'vitest';
import { GridCache, gridKeys, runPreviewJob, stitchPixels, threadsOf, type Decoder } from './engine';
import type { PreviewSettings } from './protocol';

/** A 160 × 120 picture: four colour bands with a gradient, and a transparent corner. */
function picture(): RgbaImage {
  const width = 160;
  const height = 120;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const band = Math.floor(x / 40);
      data[i] = [200, 30, 240, 90][band]! - Math.floor(y / 2);
      data[i + 1] = [40, 160, 220, 60][band]!;
      data[i + 2] = [50, 70, 30, 200][band]! + Math.floor(y / 3);
      data[i + 3] = x < 20 && y < 20 ? 0 : 255;
    }
  }
  return { width, height, data };
}

/** A 40 × 10 ramp between two blues: two threads with a blend between them when blends are on. */
function ramp(): RgbaImage {
  const [width, height] = [40, 10];
  const [from, to] = [
    [40, 80, 160],
    [90, 140, 210],
  ] as const;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      for (let channel = 0; channel < 3; channel++) data[i + channel] = Math.round(from[channel]! + ((to[channel]! - from[channel]!) * x) / (width - 1));
      data[i + 3] = 255;
    }
  }
  return { width, height, data };
}

const settings = (changes: Partial<PreviewSettings> = {}): PreviewSettings => ({
  brand: 'dmc',
  maxSide: 40,
  colors: 6,
  useKmeans: false,
  mergeThreads: false,
  cleanConfetti: true,
  dithering: 'off',
  blends: 'off',
  ...NEUTRAL_ADJUSTMENTS,
  ...changes,
});

/** A decoder that hands out the test picture and records what it was asked for. */
function recordingDecoder(image: RgbaImage) {
  const calls: number[] = [];
  const decode: Decoder = (_blob, maxSide) => {
    calls.push(maxSide);
    return Promise.resolve(image);
  };
  return { calls, decode };
}

const source = { key: 'photo-1', blob: new Blob([]) };

describe('the preview engine', () => {
  it('makes the pattern the core makes from the same pixels, drawn one pixel per stitch', async () => {
    const image = picture();
    const { decode } = recordingDecoder(image);
    const preview = await runPreviewJob({ source, settings: settings() }, new GridCache(), decode);
    const expected = generatePattern(image, settings());
    expect(preview.legend.map((t) => t.code)).toEqual(expected.legend.map((t) => t.code));
    expect(preview.meanDeltaE).toBeCloseTo(expected.stats.mean_delta_e, 6);
    expect([preview.width, preview.height]).toEqual([40, 30]);
    // Every stitched pixel has its thread's colour; the transparent corner has none.
    const cell = 15 * 40 + 30;
    const thread = expected.legend[expected.cells[cell]!]!;
    expect(Array.from(preview.pixels.subarray(cell * 4, cell * 4 + 4))).toEqual([thread.rgb.r, thread.rgb.g, thread.rgb.b, 255]);
    expect(preview.pixels[3]).toBe(0);
  });

  it('reads the picture for the stitch count, and not again for settings that keep the size', async () => {
    const { calls, decode } = recordingDecoder(picture());
    const grids = new GridCache();
    const first = await runPreviewJob({ source, settings: settings() }, grids, decode);
    const fewer = await runPreviewJob({ source, settings: settings({ colors: 3, useKmeans: true, mergeThreads: true }) }, grids, decode);
    expect(calls).toEqual([40]);
    expect(fewer.timings.decodeMs).toBe(0);
    expect(fewer.legend.length).toBeLessThanOrEqual(3);
    expect(fewer.legend.length).toBeLessThan(first.legend.length);
    await runPreviewJob({ source, settings: settings({ maxSide: 20 }) }, grids, decode);
    await runPreviewJob({ source: { ...source, key: 'photo-2' }, settings: settings() }, grids, decode);
    expect(calls).toEqual([40, 20, 40]);
  });

  it('keeps the prepared grid for the next setting, whose preview is still the pattern the core makes', async () => {
    const image = picture();
    const { decode } = recordingDecoder(image);
    const grids = new GridCache();
    await runPreviewJob({ source, settings: settings() }, grids, decode);
    const key = gridKeys(source.key, settings()).prepared;
    const prepared = grids.prepared.get(key);
    expect(prepared?.grid).toMatchObject({ width: 40, height: 30 });
    const changed = settings({ colors: 4, mergeThreads: true, cleanConfetti: false, dithering: 'soft' });
    const preview = await runPreviewJob({ source, settings: changed }, grids, decode);
    expect(grids.prepared.get(key)).toBe(prepared); // reused, not prepared again
    expect(preview.timings.gridMs).toBe(0);
    const expected = generatePattern(image, changed);
    expect(preview.legend).toEqual(
      expected.legend.map(({ brand, code, name, hex, stitch_count }) => ({
        brand,
        code,
        name,
        hex,
        stitch_count,
        threads: [{ code, rgb: expect.any(Object) }],
      })),
    );
    expect(preview.meanDeltaE).toBe(expected.stats.mean_delta_e);
    expect(Array.from(preview.pixels)).toEqual(Array.from(stitchPixels(expected)));
  });

  it("re-does only the adjustment, preparation and pattern when the photo's adjustments change, never the decoding", async () => {
    const image = picture();
    const { calls, decode } = recordingDecoder(image);
    const grids = new GridCache();
    const plain = await runPreviewJob({ source, settings: settings() }, grids, decode);
    const grey = settings({ saturation: -100 });
    const greyed = await runPreviewJob({ source, settings: grey }, grids, decode);
    expect(calls).toEqual([40]);
    expect(greyed.timings.decodeMs).toBe(0);
    expect(greyed.timings.gridMs).toBeGreaterThan(0);
    // The core's chart with the same adjustments: greys only.
    expect(Array.from(greyed.pixels)).toEqual(Array.from(stitchPixels(generatePattern(image, grey))));
    for (const thread of greyed.legend) for (const { rgb } of thread.threads) expect(Math.hypot(rgbToLab(rgb).a, rgbToLab(rgb).b)).toBeLessThan(3);
    // Back to neutral (the 'before' of the toggle): its prepared grid is kept, the preview is the first one again.
    const back = await runPreviewJob({ source, settings: settings() }, grids, decode);
    expect(back.timings).toMatchObject({ decodeMs: 0, gridMs: 0 });
    expect(Array.from(back.pixels)).toEqual(Array.from(plain.pixels));
    // Neutral adjustments prepare the resampled grid itself.
    expect(grids.prepared.get(gridKeys(source.key, settings()).prepared)!.grid).toBe(grids.grids.get(gridKeys(source.key, settings()).grid));
  });

  it('with blends on, previews the blends the core chooses: each names its two threads, its stitches drawn in their mix', async () => {
    const image = ramp();
    const { decode } = recordingDecoder(image);
    const blending = settings({ colors: 2, blends: 'on' });
    const preview = await runPreviewJob({ source, settings: blending }, new GridCache(), decode);
    const expected = generatePattern(image, blending);
    const blends = expected.legend.filter((entry) => entry.threads.length === 2);
    expect(blends.length).toBeGreaterThan(0);
    expect(preview.legend).toEqual(
      expected.legend.map(({ brand, code, name, hex, stitch_count, threads }) => ({
        brand,
        code,
        name,
        hex,
        stitch_count,
        threads: threads.map(({ code: part, rgb }) => ({ code: part, rgb })),
      })),
    );
    expect(preview.legend.find((thread) => thread.code === blends[0]!.code)?.threads.map((part) => part.code)).toEqual(blends[0]!.code.split('+'));
    expect(Array.from(preview.pixels)).toEqual(Array.from(stitchPixels(expected)));
    // Off, the same picture has no blend.
    const off = await runPreviewJob({ source, settings: settings({ colors: 2 }) }, new GridCache(), decode);
    expect(off.legend.every((thread) => thread.threads.length === 1)).toBe(true);
  });

  it.each([
    ['DMC', 'dmc', ['dmc:310', 'dmc:321', 'dmc:699', 'dmc:Blanc']],
    ['Anchor', 'anchor', ['anchor:403', 'anchor:9046', 'anchor:2', 'anchor:134']],
  ] as const)('with thread keys of %s, previews among those threads only, as the core makes it with them', async (_, brand, keys) => {
    const image = picture();
    const { decode } = recordingDecoder(image);
    const owned = settings({ colors: 6, brand, threadKeys: keys });
    const preview = await runPreviewJob({ source, settings: owned }, new GridCache(), decode);
    const expected = generatePattern(image, { ...settings({ colors: 6 }), threads: threadsOfKeys(keys) });
    expect(preview.legend.map((t) => threadKey(t))).toEqual(expected.legend.map((t) => threadKey(t)));
    expect(preview.legend.length).toBeLessThanOrEqual(4);
    for (const thread of preview.legend) expect(keys).toContain(threadKey(thread));
    expect(Array.from(preview.pixels)).toEqual(Array.from(stitchPixels(expected)));
    expect(threadsOf(keys)).toBe(threadsOf([...keys])); // one list while the keys stay: the core keeps its ranking of them
  });

  it('forgets the least recently used grid beyond its capacity', async () => {
    const { calls, decode } = recordingDecoder(picture());
    const grids = new GridCache(2);
    for (const maxSide of [20, 30, 20, 40, 20, 30]) await runPreviewJob({ source, settings: settings({ maxSide }) }, grids, decode);
    // 20 stays in use; 30 was pushed out by 40, so it is decoded again.
    expect(calls).toEqual([20, 30, 40, 30]);
  });

  it('leaves cells without a stitch transparent', () => {
    const pixels = stitchPixels({ width: 2, height: 1, cells: Int16Array.from([-1, 0]), legend: [{ rgb: { r: 1, g: 2, b: 3 } }] as never });
    expect(Array.from(pixels)).toEqual([0, 0, 0, 0, 1, 2, 3, 255]);
  });
});
