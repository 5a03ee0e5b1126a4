/** Reading the benchmarks' photos: each as RGBA pixels, as the pattern engine takes them. */
import { readFileSync } from 'node:fs';
import type { RgbaImage } from '@stitchwise/core';
import sharp from 'sharp';

export async function decodePhoto(path: string): Promise<RgbaImage> {
  const { data, info } = await sharp(readFileSync(path)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}
