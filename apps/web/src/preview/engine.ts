import {
  patternFromPrepared,
  prepareGrid,
  resampleToGrid,
  threadsOf as threadsOfBrand,
  threadsOfKeys,
  type Thread,
  type Pattern,
  type PreparedGrid,
  type RgbaImage,
} from '@stitchwise/core';
import type { PreviewJob, PreviewPattern, PreviewThread } from './protocol';

/** Reads a picture for a chart of `maxSide` stitches, as the server does (decode.ts in the browser, a stand-in in tests). */
export type Decoder = (blob: Blob, maxSide: number) => Promise<RgbaImage>;

/**
 * Prepared stitch grids (the grid and the core's work that depends on it alone) by picture and
 * size, least recently used out. A setting that keeps the size (colours, k-means, merging) starts
 * from the cached grid: no decoding, no resampling, no colour histogram or catalogue searches.
 */
export class GridCache {
  private readonly grids = new Map<string, PreparedGrid>();

  constructor(private readonly capacity = 4) {}

  get(key: string): PreparedGrid | undefined {
    const prepared = this.grids.get(key);
    if (prepared) {
      this.grids.delete(key); // re-inserted as the most recent
      this.grids.set(key, prepared);
    }
    return prepared;
  }

  set(key: string, prepared: PreparedGrid): void {
    this.grids.delete(key);
    this.grids.set(key, prepared);
    while (this.grids.size > this.capacity) this.grids.delete(this.grids.keys().next().value!);
  }
}

/**
 * One preview, the way the server makes the chart: the picture read for the stitch count (the
 * core's readingPlan), resampled to the grid, then the core's pattern from that grid (what
 * `generatePattern` does, in steps, so the grid and its preparation can be kept). The grid's
 * preparation counts in `gridMs`.
 */
export async function runPreviewJob({ source, settings }: PreviewJob, cache: GridCache, decode: Decoder): Promise<PreviewPattern> {
  const key = `${source.key}@${settings.maxSide}`;
  let prepared = cache.get(key);
  let decodeMs = 0;
  let gridMs = 0;
  if (!prepared) {
    const started = performance.now();
    const image = await decode(source.blob, settings.maxSide);
    const decoded = performance.now();
    prepared = prepareGrid(resampleToGrid(image, settings.maxSide));
    cache.set(key, prepared);
    decodeMs = decoded - started;
    gridMs = performance.now() - decoded;
  }
  const started = performance.now();
  const { threadKeys, brand, ...options } = settings;
  // As the server chooses: the user's own threads, else the brand's catalogue (DMC's is the core's default).
  const threads = threadKeys ? threadsOf(threadKeys) : brand === 'dmc' ? undefined : threadsOfBrand(brand);
  const pattern = patternFromPrepared(prepared, { ...options, threads });
  const patternMs = performance.now() - started;
  return { ...previewOf(pattern), timings: { decodeMs, gridMs, patternMs } };
}

let lastThreads: { key: string; threads: Thread[] } | undefined;

/**
 * The catalogue's threads of these thread keys (`anchor:403`), as the same list while the keys stay the
 * same: the core then keeps its ranking of them between previews of one grid (see patternFromPrepared).
 */
export function threadsOf(keys: readonly string[]): Thread[] {
  const key = keys.join(' ');
  if (lastThreads?.key !== key) lastThreads = { key, threads: threadsOfKeys(keys) };
  return lastThreads.threads;
}

/** The pattern as the preview shows it: one pixel per stitch and a compact legend. */
export function previewOf(pattern: Pattern): Omit<PreviewPattern, 'timings'> {
  const legend: PreviewThread[] = pattern.legend.map(({ brand, code, name, hex, stitch_count, threads }) => ({
    brand,
    code,
    name,
    hex,
    stitch_count,
    threads: threads.map(({ code, rgb }) => ({ code, rgb })),
  }));
  return { width: pattern.width, height: pattern.height, pixels: stitchPixels(pattern), legend, meanDeltaE: pattern.stats.mean_delta_e };
}

/** RGBA, one pixel per stitch in its thread's colour; cells without a stitch stay transparent. */
export function stitchPixels({ width, height, cells, legend }: Pick<Pattern, 'width' | 'height' | 'cells' | 'legend'>): Uint8ClampedArray {
  const pixels = new Uint8ClampedArray(width * height * 4);
  for (let cell = 0; cell < cells.length; cell++) {
    const index = cells[cell]!;
    if (index < 0) continue;
    const { r, g, b } = legend[index]!.rgb;
    pixels[cell * 4] = r;
    pixels[cell * 4 + 1] = g;
    pixels[cell * 4 + 2] = b;
    pixels[cell * 4 + 3] = 255;
  }
  return pixels;
}
