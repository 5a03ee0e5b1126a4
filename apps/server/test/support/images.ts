import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { crc32, deflateSync } from 'node:zlib';
import bmp from 'bmp-js';
import sharp, { type Sharp } from 'sharp';

/** A real PNG of the given size filled by `pixel(x, y)` → [r, g, b]; encoded here so tests need no image library. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 3);
  }
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart/form-data body, as a browser's FormData would send it. */
export function multipartBody(fields: Record<string, string>, file?: { field: string; filename: string; contentType: string; bytes: Buffer }): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.contentType }), file.filename);
  return form;
}

const require = createRequire(import.meta.url);

/** Photographs that ship in npm packages (no downloads at test time). */
export const PHOTOS = {
  /** Kodak test image 21 (lighthouse), 768 × 512 PNG, from the rgbquant package. */
  kodim21: (): Buffer => readFileSync(require.resolve('rgbquant/demo/img/kodim21.png')),
  /** The baboon (mandrill), 512 × 512 PNG, from the baboon-image package. */
  baboon: (): Buffer => readFileSync(require.resolve('baboon-image/baboon.png')),
};

/** Solid RGB pixels as raw bytes, for building test images with sharp. */
export function rawPixels(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw.set(pixel(x, y), (y * width + x) * 3);
  return raw;
}

export function fromRaw(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Sharp {
  return sharp(rawPixels(width, height, pixel), { raw: { width, height, channels: 3 } });
}

/** The pixel at (x, y) of an image file, after EXIF orientation, as sharp decodes it. */
export async function pixelAt(bytes: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(bytes).autoOrient().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [data[offset]!, data[offset + 1]!, data[offset + 2]!];
}

/** The baboon's face, small, in the middle of a plain light-grey canvas. */
export async function subjectOnPlainBackground(): Promise<Buffer> {
  const face = await sharp(PHOTOS.baboon()).resize(220, 220).toBuffer();
  return sharp({ create: { width: 512, height: 512, channels: 3, background: { r: 210, g: 210, b: 210 } } })
    .composite([{ input: face, left: 146, top: 146 }])
    .png()
    .toBuffer();
}

/** A 24-bit BMP of raw RGB pixels, written by bmp-js (which takes ABGR). */
export function bmpOf(width: number, height: number, rgb: Buffer): Buffer {
  const abgr = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    abgr[i * 4] = 255;
    abgr[i * 4 + 1] = rgb[i * 3 + 2]!;
    abgr[i * 4 + 2] = rgb[i * 3 + 1]!;
    abgr[i * 4 + 3] = rgb[i * 3]!;
  }
  return bmp.encode({ data: abgr, width, height }).data;
}
