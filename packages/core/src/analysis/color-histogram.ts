import { rgbToLab, type Lab, type Rgb } from '../color/spaces.js';

/** One distinct colour group of an image: its mean colour and how much of the image it covers. */
export interface ColorSample {
  readonly rgb: Rgb;
  readonly lab: Lab;
  /** Pixel count, or the sum of alpha weights for soft-edged cut-outs. */
  readonly weight: number;
}

export interface RgbaImage {
  readonly width: number;
  readonly height: number;
  /** 8-bit RGBA, row-major. */
  readonly data: Uint8Array | Uint8ClampedArray;
}

/**
 * Exact colours when an image has few (flat artwork, icons: every colour counts), otherwise
 * the 32×32×32 binned histogram (photos).
 */
export function exactOrBinnedHistogram(image: RgbaImage, maxExact = 16_384): ColorSample[] {
  const { data } = image;
  const counts = new Map<number, number>();
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3]!;
    if (alpha === 0) continue;
    const key = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
    counts.set(key, (counts.get(key) ?? 0) + alpha / 255);
    if (counts.size > maxExact) return colorHistogram(image);
  }
  return [...counts].map(([key, weight]) => {
    const rgb = { r: key >> 16, g: (key >> 8) & 0xff, b: key & 0xff };
    return { rgb, lab: rgbToLab(rgb), weight };
  });
}

const BITS = 5;
const SHIFT = 8 - BITS;
const BINS = 1 << (3 * BITS);

/**
 * Groups an image's pixels into 32×32×32 RGB bins, keeping each bin's exact mean colour, so that a
 * clustering step works on at most 32,768 weighted samples instead of millions of pixels, and a flat
 * colour keeps its exact value. Pixels count by their opacity; fully transparent ones are left out.
 */
export function colorHistogram(image: RgbaImage): ColorSample[] {
  const { data } = image;
  const weight = new Float64Array(BINS);
  const sumR = new Float64Array(BINS);
  const sumG = new Float64Array(BINS);
  const sumB = new Float64Array(BINS);
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3]!;
    if (alpha === 0) continue;
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    const bin = ((r >> SHIFT) << (2 * BITS)) | ((g >> SHIFT) << BITS) | (b >> SHIFT);
    const w = alpha / 255;
    weight[bin]! += w;
    sumR[bin]! += r * w;
    sumG[bin]! += g * w;
    sumB[bin]! += b * w;
  }
  const samples: ColorSample[] = [];
  for (let bin = 0; bin < BINS; bin++) {
    const w = weight[bin]!;
    if (w === 0) continue;
    const rgb = { r: sumR[bin]! / w, g: sumG[bin]! / w, b: sumB[bin]! / w };
    samples.push({ rgb, lab: rgbToLab(rgb), weight: w });
  }
  return samples;
}
