/**
 * Worker thread that owns the background-removal model: a pool of one, so the 88 MB model and its
 * working memory exist once, loaded on the first request.
 */
import sharp from 'sharp';
import { applyMatte, foregroundMatte, segmentationModel } from './background-removal.js';
import { decodeImage } from './decode.js';
import type { ImageHeader } from './sniff.js';
import type { RasterImage } from './decode.js';
import { moving, ownedBytes } from './transfer.js';

export interface SegmentationTask {
  bytes: Uint8Array;
  header: ImageHeader;
  /** Threads for the model's own parallelism. */
  threads: number;
  /** Also return the cut-out fitted in this square, for analyses. */
  previewSide?: number;
}

export interface SegmentationResult {
  /** The cut-out as PNG with a soft alpha channel. */
  png: Uint8Array;
  width: number;
  height: number;
  preview?: RasterImage;
}

export default async function run(task: SegmentationTask): Promise<SegmentationResult> {
  const model = await segmentationModel(task.threads);
  const image = await decodeImage(task.bytes, task.header);
  const cutout = applyMatte(image, await foregroundMatte(image, model));
  const raw = { raw: { width: cutout.width, height: cutout.height, channels: 4 as const } };
  const png = await sharp(cutout.data, raw).png({ compressionLevel: 6 }).toBuffer();
  const result: SegmentationResult = {
    png: ownedBytes(new Uint8Array(png.buffer, png.byteOffset, png.byteLength)),
    width: cutout.width,
    height: cutout.height,
  };
  if (task.previewSide) {
    const { data, info } = await sharp(cutout.data, raw)
      .resize(task.previewSide, task.previewSide, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    result.preview = { width: info.width, height: info.height, channels: 4, data: ownedBytes(new Uint8Array(data.buffer, data.byteOffset, data.byteLength)) };
  }
  return moving(result, result.preview ? [result.png, result.preview.data] : [result.png]);
}

/** Loads the model without an image, so a health check or start-up can warm it. */
export async function warm(threads: number): Promise<true> {
  await segmentationModel(threads);
  return true;
}
