/**
 * Worker thread for image work: decoding, analysis and cropping, off the event loop.
 * Pixel buffers go back to the main thread by transfer, not by copy.
 */
import { dominantColors, type DominantColor } from '@stitchwise/core';
import { decodeImage, decoding, imagePipeline, sharpInput, type RasterImage } from './decode.js';
import type { ImageHeader } from './sniff.js';
import { moving, ownedBytes } from './transfer.js';

/** The longest side of the copy that dominant colours are computed on. */
export const ANALYSIS_SIDE = 400;

export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type ImageTask =
  | { kind: 'decode'; bytes: Uint8Array; header: ImageHeader; channels: 3 | 4 }
  | { kind: 'dominant'; bytes: Uint8Array; header: ImageHeader; count: number }
  | { kind: 'dominant-of-raster'; raster: RasterImage; count: number }
  | { kind: 'crop'; bytes: Uint8Array; header: ImageHeader; rect: CropRect }
  | { kind: 'size'; bytes: Uint8Array; header: ImageHeader };

export interface EncodedImage {
  bytes: Uint8Array;
  format: 'png' | 'jpg';
  width: number;
  height: number;
}

export default async function run(
  task: ImageTask,
): Promise<RasterImage | DominantColor[] | EncodedImage | { width: number; height: number }> {
  switch (task.kind) {
    case 'decode': {
      const raster = await decodeImage(task.bytes, task.header, { channels: task.channels });
      const data = ownedBytes(raster.data);
      return moving({ ...raster, data }, [data]);
    }
    case 'dominant':
      return dominantColors(await decodeImage(task.bytes, task.header, { maxSide: ANALYSIS_SIDE }), task.count);
    case 'dominant-of-raster':
      return dominantColors(task.raster, task.count);
    case 'crop':
      return crop(task.bytes, task.header, task.rect);
    case 'size':
      return orientedSize(task.bytes, task.header);
  }
}

/**
 * Width and height after EXIF orientation. The image is also decoded (small: JPEG and WebP shrink
 * while decoding), so a damaged file is refused now rather than stored.
 */
async function orientedSize(bytes: Uint8Array, header: ImageHeader): Promise<{ width: number; height: number }> {
  await decodeImage(bytes, header, { maxSide: 64 });
  if (header.format === 'bmp') return { width: header.width, height: header.height };
  const metadata = await decoding(() => sharpInput(bytes).metadata());
  const quarterTurn = (metadata.orientation ?? 1) >= 5;
  return quarterTurn ? { width: metadata.height, height: metadata.width } : { width: metadata.width, height: metadata.height };
}

async function crop(bytes: Uint8Array, header: ImageHeader, rect: CropRect): Promise<EncodedImage> {
  return decoding(async () => {
    // autoOrient comes first in the pipeline, so the rectangle is in the oriented image's pixels.
    const extracted = imagePipeline(bytes, header).extract({ left: rect.x, top: rect.y, width: rect.width, height: rect.height });
    const format = header.format === 'jpg' ? 'jpg' : 'png';
    const encoded = format === 'jpg' ? extracted.jpeg({ quality: 92, mozjpeg: true }) : extracted.png();
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), format, width: info.width, height: info.height };
  });
}
