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

/**
 * The `count` dominant colours of an image, largest share first, each with its `threadCount`
 * nearest DMC threads. Transparent pixels do not count, so a cut-out describes its subject only.
 */
export function dominantColors(image: RgbaImage, count: number, threadCount = 3): DominantColor[] {
  const clusters = kMeansLab(colorHistogram(image), count);
  const total = clusters.reduce((sum, cluster) => sum + cluster.weight, 0);
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
