import {
  adjustGrid,
  adjustmentsOf,
  isNeutral,
  patternFromPrepared,
  prepareGrid,
  resampleToGrid,
  threadsOf as threadsOfBrand,
  threadsOfKeys,
  type Thread,
  type Pattern,
  type PreparedGrid,
  type RgbaImage,
  type StitchGrid,
} from '@stitchwise/core';
import type { PreviewJob, PreviewPattern, PreviewSettings, PreviewThread } from './protocol';

/** Reads a picture for a chart of `maxSide` stitches, as the server does (decode.ts in the browser, a stand-in in tests). */
export type Decoder = (blob: Blob, maxSide: number) => Promise<RgbaImage>;

/** A few values by key, least recently used out. */
export class LruCache<Value> {
  private readonly values = new Map<string, Value>();

  constructor(private readonly capacity: number) {}

  get(key: string): Value | undefined {
    const value = this.values.get(key);
    if (value !== undefined) {
      this.values.delete(key); // re-inserted as the most recent
      this.values.set(key, value);
    }
    return value;
  }

  set(key: string, value: Value): void {
    this.values.delete(key);
    this.values.set(key, value);
    while (this.values.size > this.capacity) this.values.delete(this.values.keys().next().value!);
  }
}

/**
 * The worker's stitch grids, least recently used out: each picture's grid by size, as read and resampled,
 * and prepared grids (the grid adjusted, and the core's work that depends on it alone) by picture, size and
 * the photo's adjustments. A setting that keeps the size and the adjustments (colours, k-means, merging)
 * starts from a prepared grid; a change of the adjustments starts from the resampled grid: no decoding.
 */
export class GridCache {
  readonly grids: LruCache<StitchGrid>;
  readonly prepared: LruCache<PreparedGrid>;

  constructor(capacity = 4) {
    this.grids = new LruCache(capacity);
    this.prepared = new LruCache(capacity);
  }
}

/** The cache keys of a picture's grid at the preview's size, and of its grid prepared with the preview's adjustments. */
export function gridKeys(sourceKey: string, settings: PreviewSettings): { grid: string; prepared: string } {
  const grid = `${sourceKey}@${settings.maxSide}`;
  const adjustments = adjustmentsOf(settings);
  return { grid, prepared: `${grid}@${isNeutral(adjustments) ? 'neutral' : JSON.stringify(adjustments)}` };
}

/**
 * One preview, the way the server makes the chart: the picture read for the stitch count (the
 * core's readingPlan), resampled to the grid, adjusted, then the core's pattern from that grid (what
 * `generatePattern` does, in steps, so the grids can be kept). Resampling, adjusting and preparing
 * count in `gridMs`.
 */
export async function runPreviewJob({ source, settings }: PreviewJob, cache: GridCache, decode: Decoder): Promise<PreviewPattern> {
  const keys = gridKeys(source.key, settings);
  let grid = cache.grids.get(keys.grid); // asked for each time, so the grid in use is the last to go
  let prepared = cache.prepared.get(keys.prepared);
  let decodeMs = 0;
  let gridMs = 0;
  if (!prepared) {
    let started = performance.now();
    if (!grid) {
      const image = await decode(source.blob, settings.maxSide);
      const decoded = performance.now();
      decodeMs = decoded - started;
      started = decoded;
      grid = resampleToGrid(image, settings.maxSide);
      cache.grids.set(keys.grid, grid);
    }
    prepared = prepareGrid(adjustGrid(grid, settings));
    cache.prepared.set(keys.prepared, prepared);
    gridMs = performance.now() - started;
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
