import { formatHex } from '../color/hex.js';
import { clampByte, rgbToLab, type Rgb } from '../color/spaces.js';
import { nearestThreads, type ThreadMatch } from '../threads/catalogue.js';
import { colorHistogram, type RgbaImage } from './color-histogram.js';
import { kMeansLab } from './kmeans.js';

export interface DominantColor {
  /** Whole-number sRGB. */
  readonly rgb: Rgb;
  readonly hex: string;
  /** Fraction of the (opaque) image, 0–1; the shares of one answer sum to 1. */
  readonly share: number;
  readonly closestThreads: ThreadMatch[];
}

/** Below this share a cluster is a sliver (anti-aliased edges, noise), not a dominant colour. */
const MIN_SHARE = 0.005;

/**
 * Up to `count` dominant colours of an image, largest share first, each with its `threadCount`
 * nearest DMC threads. Transparent pixels do not count, so a cut-out describes its subject only.
 * Fewer colours come back when the image has fewer: clustering again with a smaller count until
 * no colour covers less than half a percent.
 */
export function dominantColors(image: RgbaImage, count: number, threadCount = 3): DominantColor[] {
  const samples = colorHistogram(image);
  let clusters = kMeansLab(samples, count);
  const total = clusters.reduce((sum, cluster) => sum + cluster.weight, 0);
  while (clusters.length > 1 && clusters[clusters.length - 1]!.weight < MIN_SHARE * total) {
    const significant = clusters.filter((cluster) => cluster.weight >= MIN_SHARE * total).length;
    clusters = kMeansLab(samples, Math.max(1, significant));
  }
  return clusters.map((cluster) => {
    const rgb = { r: clampByte(cluster.rgb.r), g: clampByte(cluster.rgb.g), b: clampByte(cluster.rgb.b) };
    return {
      rgb,
      hex: formatHex(rgb),
      share: cluster.weight / total,
      closestThreads: nearestThreads(rgbToLab(rgb), threadCount),
    };
  });
}
