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
 * The finest view of an image's colours within `maxSamples` samples: its exact colours when it has
 * few (flat artwork, icons, small charts: every colour counts), otherwise 64 levels a channel when
 * that many bins suffice (a smooth photo), otherwise 32 (a noisy one).
 */
export function exactOrBinnedHistogram(image: RgbaImage, maxSamples = 16_384): ColorSample[] {
  const { data } = image;
  const counts = new Map<number, number>();
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3]!;
    if (alpha === 0) continue;
    const key = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
    counts.set(key, (counts.get(key) ?? 0) + alpha / 255);
    if (counts.size > maxSamples) return colorHistogram(image, binCount(image, 6) <= maxSamples ? 6 : 5);
  }
  return [...counts].map(([key, weight]) => {
    const rgb = { r: key >> 16, g: (key >> 8) & 0xff, b: key & 0xff };
    return { rgb, lab: rgbToLab(rgb), weight };
  });
}

/** How many bins of 2^`bits` levels a channel an image's (not fully transparent) pixels fall into. */
function binCount(image: RgbaImage, bits: number): number {
  const { data } = image;
  const shift = 8 - bits;
  const used = new Uint8Array(1 << (3 * bits));
  let count = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3] === 0) continue;
    const bin = ((data[i]! >> shift) << (2 * bits)) | ((data[i + 1]! >> shift) << bits) | (data[i + 2]! >> shift);
    if (used[bin] === 0) {
      used[bin] = 1;
      count++;
    }
  }
  return count;
}

/**
 * Groups an image's pixels into bins of 2^`bits` levels a channel (32 by default), keeping each
 * bin's exact mean colour, so that a clustering step works on at most 32,768 weighted samples instead
 * of millions of pixels, and a flat colour keeps its exact value. Pixels count by their opacity;
 * fully transparent ones are left out.
 */
export function colorHistogram(image: RgbaImage, bits = 5): ColorSample[] {
  const { data } = image;
  const shift = 8 - bits;
  const bins = 1 << (3 * bits);
  const weight = new Float64Array(bins);
  const sumR = new Float64Array(bins);
  const sumG = new Float64Array(bins);
  const sumB = new Float64Array(bins);
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3]!;
    if (alpha === 0) continue;
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    const bin = ((r >> shift) << (2 * bits)) | ((g >> shift) << bits) | (b >> shift);
    const w = alpha / 255;
    weight[bin]! += w;
    sumR[bin]! += r * w;
    sumG[bin]! += g * w;
    sumB[bin]! += b * w;
  }
  const samples: ColorSample[] = [];
  for (let bin = 0; bin < bins; bin++) {
    const w = weight[bin]!;
    if (w === 0) continue;
    const rgb = { r: sumR[bin]! / w, g: sumG[bin]! / w, b: sumB[bin]! / w };
    samples.push({ rgb, lab: rgbToLab(rgb), weight: w });
  }
  return samples;
}
