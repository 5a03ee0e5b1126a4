import type { RgbaImage } from '../analysis/color-histogram.js';

/**
 * How a picture is read for a chart, the same way on the server and in the browser's preview, so
 * that both hand the pattern engine the very same pixels. Near enough is not enough: the engine
 * follows every cell (a colour one level off can pick another thread, and k-means then takes
 * another path), so the two must read identical pixels.
 *
 * A big JPEG is decoded at 1/2, 1/4 or 1/8 of its size straight from its DCT coefficients
 * (libjpeg-turbo's scaled decoding: libvips' shrink-on-load on the server, WebCodecs' ImageDecoder
 * in Chromium, bit for bit the same), and every other pixel of that is kept in each direction, at
 * least SAMPLES_PER_STITCH per stitch. The second step is what sharp's nearest-neighbour resize
 * does after shrink-on-load (it always leaves a factor of at least 9/8 there; near 2, its picks
 * are whole pixels that can be named exactly). Any other picture is read whole. The stitch grid's
 * area average then follows in the core on both sides.
 */
export type DecodeScale = 1 | 2 | 4 | 8;

/** Every other pixel of the scaled decode, from `offsetX`, `offsetY`: `width` × `height` of them. */
export interface EveryOther {
  width: number;
  height: number;
  offsetX: 0 | 1;
  offsetY: 0 | 1;
}

export interface ReadingPlan {
  /** 1: decode the picture whole; otherwise JPEG scaled decoding at 1/`decodeScale`. */
  decodeScale: DecodeScale;
  /** The scaled decode's size, as stored (before EXIF orientation): libjpeg rounds up. */
  decodedWidth: number;
  decodedHeight: number;
  /** What is kept of the scaled decode; absent when the decode is kept whole. */
  sample?: EveryOther;
}

/** Kept pixels per stitch along the long side: each a DCT block's average, so a stitch averages a few. */
export const SAMPLES_PER_STITCH = 2;

/**
 * The plan for a `width` × `height` picture (as stored) and a chart `maxSide` stitches long.
 * `scalable`: the picture is a JPEG and this reader can decode it scaled.
 */
export function readingPlan(width: number, height: number, maxSide: number, scalable: boolean): ReadingPlan {
  if (scalable) {
    for (const scale of [8, 4, 2] as const) {
      const decodedWidth = Math.ceil(width / scale);
      const decodedHeight = Math.ceil(height / scale);
      const sample: EveryOther = {
        width: Math.floor(decodedWidth / 2),
        height: Math.floor(decodedHeight / 2),
        offsetX: firstPick(width / scale, Math.floor(decodedWidth / 2)),
        offsetY: firstPick(height / scale, Math.floor(decodedHeight / 2)),
      };
      const shrink = Math.min(width / sample.width, height / sample.height);
      if (Math.max(sample.width, sample.height) >= SAMPLES_PER_STITCH * maxSide && shrinkOnLoadScale(shrink) === scale) {
        return { decodeScale: scale, decodedWidth, decodedHeight, sample };
      }
    }
  }
  return { decodeScale: 1, decodedWidth: width, decodedHeight: height };
}

/**
 * The scale sharp (libvips) decodes a JPEG at for a resize by `shrink`: the largest of 8, 4 and 2 not
 * above it, halved when the shrink's whole part equals it (its guard against libjpeg rounding). A
 * plan is only made where this is the plan's own scale, so the server reads what the plan says.
 */
export function shrinkOnLoadScale(shrink: number): DecodeScale {
  const scale: DecodeScale = shrink >= 8 ? 8 : shrink >= 4 ? 4 : shrink >= 2 ? 2 : 1;
  return scale > 1 && Math.floor(shrink) === scale ? ((scale / 2) as DecodeScale) : scale;
}

/**
 * Nearest-neighbour resampling picks, for output pixel o, source pixel ⌊(o + ½)·r⌋, with r the
 * full size over the kept size, in decoded pixels (`decoded` = size / scale, not rounded). With r
 * within a pixel of 2 over the whole row that is 2o + 1 when r ≥ 2 and 2o otherwise.
 */
function firstPick(decoded: number, kept: number): 0 | 1 {
  return decoded >= 2 * kept ? 1 : 0;
}

/** Keeps every other pixel of `image` in each direction, as `sample` says. */
export function keepEveryOther(image: RgbaImage, sample: EveryOther): RgbaImage {
  const { width, height, offsetX, offsetY } = sample;
  const data = new Uint8Array(width * height * 4);
  const source = pixelWords(image);
  const kept = new Uint32Array(data.buffer);
  for (let y = 0; y < height; y++) {
    const row = (2 * y + offsetY) * image.width + offsetX;
    for (let x = 0; x < width; x++) kept[y * width + x] = source[row + 2 * x]!;
  }
  return { width, height, data };
}

/**
 * A picture as stored turned upright: rotated clockwise by `rotation` degrees, then mirrored left to
 * right when `flip` (how WebCodecs describes a frame's EXIF orientation).
 */
export function orientImage(image: RgbaImage, rotation: number, flip: boolean): RgbaImage {
  const turns = (((Math.round(rotation / 90) % 4) + 4) % 4) as 0 | 1 | 2 | 3;
  if (turns === 0 && !flip) return image;
  const { width, height } = image;
  const outWidth = turns % 2 ? height : width;
  const outHeight = turns % 2 ? width : height;
  const source = pixelWords(image);
  const data = new Uint8Array(outWidth * outHeight * 4);
  const out = new Uint32Array(data.buffer);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Where (x, y) lands after the clockwise turns.
      let u = x;
      let v = y;
      if (turns === 1) [u, v] = [height - 1 - y, x];
      else if (turns === 2) [u, v] = [width - 1 - x, height - 1 - y];
      else if (turns === 3) [u, v] = [y, width - 1 - x];
      if (flip) u = outWidth - 1 - u;
      out[v * outWidth + u] = source[y * width + x]!;
    }
  }
  return { width: outWidth, height: outHeight, data };
}

/** The pixels as one 32-bit word each (copied first when the bytes do not start on a word). */
function pixelWords(image: RgbaImage): Uint32Array {
  const { data } = image;
  const aligned = data.byteOffset % 4 === 0 ? data : Uint8Array.from(data);
  return new Uint32Array(aligned.buffer, aligned.byteOffset, image.width * image.height);
}
