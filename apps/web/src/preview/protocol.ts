import type { PatternOptions, ThreadBrand } from '@stitchwise/core';

/**
 * The preview worker's messages, in one place: the page sends a job, the worker answers with the
 * job's id. Ids let the page drop answers to jobs it no longer wants (see latest-only.ts).
 */

/** The picture to preview: its pixels come from `blob`; `key` names it for the worker's caches. */
export interface PreviewSource {
  key: string;
  blob: Blob;
}

/**
 * The settings the preview follows: the core's own options, confetti clean-up and the photo's adjustments
 * included, with the threads to choose from as thread keys (`anchor:403`: the user's own, when only those
 * are to be used), else the catalogue of the chart's brand.
 */
export type PreviewSettings = Required<Omit<PatternOptions, 'threads'>> & { brand: ThreadBrand; threadKeys?: readonly string[] };

export interface PreviewJob {
  source: PreviewSource;
  settings: PreviewSettings;
}

export interface PreviewJobMessage extends PreviewJob {
  id: number;
}

/** One thread or blend of the preview's legend, as compact as the panel shows it. */
export interface PreviewThread {
  brand: ThreadBrand;
  code: string;
  name: string;
  hex: string;
  stitch_count: number;
  /** The colours stitched: one thread, or a blend's two. */
  threads: { code: string; rgb: { r: number; g: number; b: number } }[];
}

/** A finished preview: the chart as one RGBA pixel per stitch (transparent where nothing is stitched). */
export interface PreviewPattern {
  width: number;
  height: number;
  /** width × height × 4 bytes, row by row; moved from the worker, never copied. */
  pixels: Uint8ClampedArray;
  legend: PreviewThread[];
  meanDeltaE: number;
  /**
   * Where the worker's time went, for the benchmark: decoding and shrinking, the stitch grid (resampled, adjusted
   * and prepared; 0 when its prepared grid was kept), the pattern.
   */
  timings: { decodeMs: number; gridMs: number; patternMs: number };
}

export type PreviewReply =
  | ({ id: number; kind: 'pattern' } & PreviewPattern)
  /** `undecodable`: the browser cannot read this image; `failed`: anything else went wrong. */
  | { id: number; kind: 'error'; reason: 'undecodable' | 'failed'; message: string };

/**
 * Dispatched on `window` once a preview has been painted (in the frame that shows it), with the
 * settings it shows: the benchmark and browser tests time and follow the preview by it.
 */
export const PREVIEW_PAINTED_EVENT = 'stitchwise:preview-painted';

export interface PreviewPaintedDetail {
  settings: PreviewSettings;
  width: number;
  height: number;
  threads: number;
  timings: PreviewPattern['timings'];
}
