import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import type { RasterImage } from './decode.js';

/**
 * Background removal with the ISNet segmentation model that ships in @imgly/background-removal-data
 * (the fp32 "medium" model), run by onnxruntime-node on the CPU. The model sees a 1024×1024 copy;
 * its soft matte is scaled back to the input's size and becomes the alpha channel.
 */
const MODEL_SIDE = 1024;

interface ResourceIndex {
  [path: string]: { chunks: { hash: string }[]; size: number } | undefined;
}

/** The model file, stored in the package as content-addressed chunks, put back together. */
function loadModelBytes(): Buffer {
  const require = createRequire(import.meta.url);
  const indexPath = require.resolve('@imgly/background-removal-data/dist/resources.json');
  const index = JSON.parse(readFileSync(indexPath, 'utf8')) as ResourceIndex;
  const entry = index['/models/medium'];
  if (!entry) throw new Error('The ISNet model is missing from @imgly/background-removal-data');
  const bytes = Buffer.concat(entry.chunks.map((chunk) => readFileSync(join(dirname(indexPath), chunk.hash))));
  if (bytes.length !== entry.size) throw new Error('The ISNet model file is incomplete');
  return bytes;
}

let session: Promise<ort.InferenceSession> | undefined;

/** Loads the model once per process, on first use. */
export function segmentationModel(threads: number): Promise<ort.InferenceSession> {
  session ??= ort.InferenceSession.create(loadModelBytes(), {
    graphOptimizationLevel: 'all',
    intraOpNumThreads: threads,
    executionProviders: ['cpu'],
  }).catch((error: unknown) => {
    session = undefined;
    throw error;
  });
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

/** The RGBA image with the matte applied to its alpha (an already transparent pixel stays transparent). */
export function applyMatte(image: RasterImage, matte: Uint8Array): RasterImage {
  if (image.channels !== 4) throw new Error('applyMatte needs an RGBA image');
  const data = new Uint8Array(image.data);
  for (let i = 0; i < matte.length; i++) data[i * 4 + 3] = Math.round((data[i * 4 + 3]! * matte[i]!) / 255);
  return { ...image, data };
}
