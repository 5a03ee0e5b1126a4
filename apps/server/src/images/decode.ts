import bmp from 'bmp-js';
import sharp, { type Sharp } from 'sharp';
import { readingPlan } from '@stitchwise/core';
import type { ImageHeader } from './sniff.js';

/** Decoded pixels: 8-bit sRGB, row-major, EXIF orientation applied; RGBA unless decoded as RGB. */
export interface RasterImage {
  width: number;
  height: number;
  channels: 3 | 4;
  data: Uint8Array;
}

export const MAX_PIXELS = 40_000_000;

/**
 * The file could not be decoded: truncated, corrupt, or lying about its contents. Errors cross
 * from worker threads by structured clone, which keeps only the message, so the message carries the mark.
 */
export class UndecodableImageError extends Error {
  static readonly MARK = 'Undecodable image: ';
  override readonly name = 'UndecodableImageError';
  constructor(reason: string, options?: ErrorOptions) {
    super(`${UndecodableImageError.MARK}${reason}`, options);
  }

  static is(error: unknown): boolean {
    return error instanceof Error && error.message.startsWith(UndecodableImageError.MARK);
  }
}

/** Options shared by every sharp pipeline that reads an upload. */
export function sharpInput(bytes: Uint8Array): Sharp {
  return sharp(bytes, {
    limitInputPixels: MAX_PIXELS,
    failOn: 'truncated', // corrupt or cut-off data fails instead of decoding to grey
    pages: 1, // an animated GIF or WebP: its first frame only, in bounded time
    sequentialRead: true,
  }).autoOrient();
}

/**
 * Decodes an image to 8-bit sRGB RGBA whatever it was (CMYK, 16-bit, greyscale, palette, alpha),
 * optionally fitted inside `maxSide` × `maxSide` (for analyses that need no full resolution), as
 * RGBA or, where transparency does not matter (colour picking), as RGB: a quarter less memory.
 * BMP goes through a JavaScript decoder, because the prebuilt libvips has no BMP loader.
 */
export async function decodeImage(
  bytes: Uint8Array,
  header: ImageHeader,
  { maxSide, channels = 4 }: { maxSide?: number | undefined; channels?: 3 | 4 } = {},
): Promise<RasterImage> {
  return decoding(async () => {
    let pipeline = imagePipeline(bytes, header).toColourspace('srgb');
    // Nearest-neighbour sampling: an analysis copy must hold the image's own colours, not blends of neighbours.
    if (maxSide) pipeline = pipeline.resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true, kernel: 'nearest' });
    pipeline = channels === 4 ? pipeline.ensureAlpha() : pipeline.removeAlpha();
    const { data, info } = await pipeline.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, channels, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  });
}

/**
 * The picture as a chart of `maxSide` stitches reads it (the core's readingPlan, which the browser's
 * preview follows too): a big JPEG through shrink-on-load and every other pixel of that, which
 * sharp's nearest-neighbour resize picks exactly; anything else whole. The stitch grid's area
 * average follows in the core.
 */
export async function decodeForPattern(bytes: Uint8Array, header: ImageHeader, maxSide: number): Promise<RasterImage> {
  const { sample } = readingPlan(header.width, header.height, maxSide, header.format === 'jpg');
  if (!sample) return decodeImage(bytes, header);
  return decoding(async () => {
    // The resize happens before EXIF orientation is applied; sharp takes the size as it will be shown.
    const { orientation = 1 } = await sharpInput(bytes).metadata();
    const turned = orientation >= 5;
    const { data, info } = await sharpInput(bytes)
      .toColourspace('srgb')
      .resize(turned ? sample.height : sample.width, turned ? sample.width : sample.height, { fit: 'fill', kernel: 'nearest' })
      .ensureAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, channels: 4, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  });
}

/** A sharp pipeline reading the upload, oriented; BMP through the JavaScript decoder. */
export function imagePipeline(bytes: Uint8Array, header: ImageHeader): Sharp {
  return header.format === 'bmp' ? bmpToSharp(bytes) : sharpInput(bytes);
}

/** Runs a pipeline step, turning decoder failures into UndecodableImageError. */
export async function decoding<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new UndecodableImageError(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

/** A BMP decoded in JavaScript and handed to sharp as raw RGBA for the rest of the pipeline. */
function bmpToSharp(bytes: Uint8Array): Sharp {
  const decoded = bmp.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const { width, height } = decoded;
  const rgba = Buffer.alloc(width * height * 4);
  // bmp-js yields ABGR with an unused alpha byte.
  for (let i = 0; i < rgba.length; i += 4) {
    rgba[i] = decoded.data[i + 3]!;
    rgba[i + 1] = decoded.data[i + 2]!;
    rgba[i + 2] = decoded.data[i + 1]!;
    rgba[i + 3] = 255;
  }
  return sharp(rgba, { raw: { width, height, channels: 4 } });
}
