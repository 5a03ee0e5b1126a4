import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { decodeImage, type RasterImage } from './decode.js';
import type { ImageHeader } from './sniff.js';

/**
 * Background removal with the ISNet segmentation model that ships in @imgly/background-removal-data
 * (the fp32 "medium" model), run by onnxruntime-node on the CPU. The model sees a 1024×1024 copy;
 * its soft matte is scaled back to the input's size and becomes the alpha channel.
 *
 * This module runs in the segmentation worker process (segmentation-worker.ts), never in the server
 * process: the model and its working memory live and die with that process.
 */
const MODEL_SIDE = 1024;

/**
 * The session's settings. onnxruntime's CPU memory arena is off: with it, one 1024×1024 inference
 * grew the arena to about 2 GB that it never gave back. Without it (and without the memory pattern
 * that pre-plans one block for all activations) each activation is freed once used, and goes back to
 * the system (see WorkerProcess's malloc settings); the matte is the same to the bit. Graph
 * optimisation stays at 'all': 'basic' would hold about 100 MB less but moves some alpha values by 1.
 */
export const SEGMENTATION_SESSION_OPTIONS = {
  graphOptimizationLevel: 'all',
  executionProviders: ['cpu'],
  enableCpuMemArena: false,
  enableMemPattern: false,
} as const satisfies ort.InferenceSession.SessionOptions;

interface ResourceIndex {
  [path: string]: { chunks: { hash: string }[]; size: number } | undefined;
}

/**
 * The model file, stored in the package as content-addressed chunks, put back together: read
 * straight into one buffer, so no copy of its 88 MB lingers beside it.
 */
function loadModelBytes(): Buffer {
  const require = createRequire(import.meta.url);
  const indexPath = require.resolve('@imgly/background-removal-data/dist/resources.json');
  const index = JSON.parse(readFileSync(indexPath, 'utf8')) as ResourceIndex;
  const entry = index['/models/medium'];
  if (!entry) throw new Error('The ISNet model is missing from @imgly/background-removal-data');
  const bytes = Buffer.allocUnsafeSlow(entry.size);
  let length = 0;
  for (const chunk of entry.chunks) length += readInto(join(dirname(indexPath), chunk.hash), bytes, length);
  if (length !== entry.size) throw new Error('The ISNet model file is incomplete');
  return bytes;
}

/** Reads a whole file into `target` at `offset`; returns its size. */
function readInto(path: string, target: Buffer, offset: number): number {
  const file = openSync(path, 'r');
  try {
    const size = fstatSync(file).size;
    if (offset + size > target.length) throw new Error('The ISNet model file does not match its index');
    for (let done = 0; done < size;) {
      const read = readSync(file, target, offset + done, size - done, null);
      if (read === 0) throw new Error('The ISNet model file is incomplete');
      done += read;
    }
    return size;
  } finally {
    closeSync(file);
  }
}

/** A new session on the model; `overrides` only for measurements against other settings (bench/). */
export function createSegmentationSession(threads: number, overrides: ort.InferenceSession.SessionOptions = {}): Promise<ort.InferenceSession> {
  return ort.InferenceSession.create(loadModelBytes(), { ...SEGMENTATION_SESSION_OPTIONS, intraOpNumThreads: threads, ...overrides });
}

let session: Promise<ort.InferenceSession> | undefined;

/**
 * Loads the model once per process, on first use. The model's bytes are garbage once the session
 * holds the model; nothing else in the worker allocates enough to collect them soon, so they are
 * collected at once where the worker process allows it (WorkerProcess starts it with --expose-gc).
 */
export function segmentationModel(threads: number): Promise<ort.InferenceSession> {
  session ??= createSegmentationSession(threads).then(
    (created) => {
      (globalThis as { gc?: () => void }).gc?.();
      return created;
    },
    (error: unknown) => {
      session = undefined;
      throw error;
    },
  );
  return session;
}

/** The subject's soft matte (0–255 per pixel) at the image's own resolution. */
export async function foregroundMatte(image: RasterImage, model: ort.InferenceSession): Promise<Uint8Array> {
  const rgb = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } })
    .removeAlpha()
    .resize(MODEL_SIDE, MODEL_SIDE, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
  // ISNet expects planar RGB normalised as (value − 128) / 256.
  const plane = MODEL_SIDE * MODEL_SIDE;
  const input = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    input[i] = (rgb[i * 3]! - 128) / 256;
    input[plane + i] = (rgb[i * 3 + 1]! - 128) / 256;
    input[2 * plane + i] = (rgb[i * 3 + 2]! - 128) / 256;
  }
  const inputName = model.inputNames[0]!;
  const outputName = model.outputNames[0]!;
  const outputs = await model.run({ [inputName]: new ort.Tensor('float32', input, [1, 3, MODEL_SIDE, MODEL_SIDE]) }, [outputName]);
  const prediction = outputs[outputName]!.data as Float32Array;
  const small = Buffer.alloc(plane);
  for (let i = 0; i < plane; i++) small[i] = Math.round(Math.min(1, Math.max(0, prediction[i]!)) * 255);
  const matte = await sharp(small, { raw: { width: MODEL_SIDE, height: MODEL_SIDE, channels: 1 } })
    .resize(image.width, image.height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0) // libvips would otherwise hand back a single channel as three
    .raw()
    .toBuffer();
  if (matte.length !== image.width * image.height) throw new Error('The matte does not match the image size');
  return new Uint8Array(matte.buffer, matte.byteOffset, matte.byteLength);
}

/**
 * Applies the matte to the RGBA image's alpha, in place (an already transparent pixel stays
 * transparent): the decoded image is ours, and a 12-megapixel copy would be another 48 MB.
 */
export function applyMatte(image: RasterImage, matte: Uint8Array): RasterImage {
  if (image.channels !== 4) throw new Error('applyMatte needs an RGBA image');
  const data = image.data;
  for (let i = 0; i < matte.length; i++) data[i * 4 + 3] = Math.round((data[i * 4 + 3]! * matte[i]!) / 255);
  return image;
}

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

/** One removal: decode, matte, and the cut-out as PNG (and as a small preview when asked). */
export async function removeBackground(task: SegmentationTask): Promise<SegmentationResult> {
  const model = await segmentationModel(task.threads);
  const cutout = await decodeImage(task.bytes, task.header);
  applyMatte(cutout, await foregroundMatte(cutout, model));
  const raw = { raw: { width: cutout.width, height: cutout.height, channels: 4 as const } };
  const png = await sharp(cutout.data, raw).png({ compressionLevel: 6 }).toBuffer();
  const result: SegmentationResult = { png, width: cutout.width, height: cutout.height };
  if (task.previewSide) {
    const { data, info } = await sharp(cutout.data, raw)
      .resize(task.previewSide, task.previewSide, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    result.preview = { width: info.width, height: info.height, channels: 4, data };
  }
  return result;
}
