import { keepEveryOther, orientImage, readingPlan, sniffImage, type ImageFormat, type RgbaImage } from '@stitchwise/core';

/** Thrown when the browser cannot decode the picture at all (not an image, or a format it lacks). */
export class UndecodableImageError extends Error {
  override readonly name = 'UndecodableImageError';
}

/** WebCodecs beyond TypeScript's DOM types: unpremultiplied decoding, and a frame's EXIF orientation. */
type DecoderInit = ImageDecoderInit & { premultiplyAlpha?: PremultiplyAlpha };
type OrientedFrame = VideoFrame & { rotation?: number; flip?: boolean };

const MIME_TYPES: Record<ImageFormat, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', bmp: 'image/bmp' };

/**
 * Reads the picture for a chart of `maxSide` stitches exactly as the server does (the core's
 * readingPlan): a big JPEG decoded scaled from its DCT coefficients and every other pixel of that
 * kept, anything else whole; EXIF orientation applied; colours as stored, not premultiplied. Uses
 * WebCodecs' ImageDecoder, whose JPEG scaling and pixels are libjpeg-turbo's, as on the server.
 * Without it (or when it does not scale), the picture is read whole with createImageBitmap: then
 * the preview is close to the chart, not identical. Runs in the preview worker.
 */
export async function decodeForPattern(blob: Blob, maxSide: number): Promise<RgbaImage> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const header = sniffImage(bytes);
  if (header && decoderOrients()) {
    const type = MIME_TYPES[header.format];
    const plan = readingPlan(header.width, header.height, maxSide, header.format === 'jpg');
    if (await ImageDecoder.isTypeSupported(type)) {
      const size = plan.sample ? { desiredWidth: plan.decodedWidth, desiredHeight: plan.decodedHeight } : {};
      const decoded = await decodeFrame(bytes, type, size);
      if (decoded && decoded.image.width === plan.decodedWidth && decoded.image.height === plan.decodedHeight) {
        const read = plan.sample ? keepEveryOther(decoded.image, plan.sample) : decoded.image;
        return orientImage(read, decoded.rotation, decoded.flip);
      }
    }
  }
  return decodeWhole(blob);
}

/**
 * Whether WebCodecs is here with frames that say their EXIF orientation (a later addition to VideoFrame):
 * without `rotation`, a turned phone photo would be previewed on its side.
 */
function decoderOrients(): boolean {
  return typeof ImageDecoder !== 'undefined' && typeof VideoFrame !== 'undefined' && 'rotation' in VideoFrame.prototype;
}

/**
 * The first frame as stored (not yet oriented), RGBA, unpremultiplied; undefined when its pixel
 * format is not 8-bit RGB, or when ImageDecoder fails where createImageBitmap may yet succeed.
 */
async function decodeFrame(
  bytes: Uint8Array,
  type: string,
  size: { desiredWidth?: number; desiredHeight?: number },
): Promise<{ image: RgbaImage; rotation: number; flip: boolean } | undefined> {
  let decoder: ImageDecoder | undefined;
  let frame: OrientedFrame | undefined;
  try {
    decoder = new ImageDecoder({ type, data: bytes, premultiplyAlpha: 'none', ...size } satisfies DecoderInit as ImageDecoderInit);
    frame = (await decoder.decode()).image;
    const format = frame.format;
    if (format !== 'RGBA' && format !== 'RGBX' && format !== 'BGRA' && format !== 'BGRX') return undefined;
    const data = new Uint8Array(frame.allocationSize());
    await frame.copyTo(data);
    const width = frame.codedWidth;
    const height = frame.codedHeight;
    if (data.length !== width * height * 4) return undefined;
    toRgba(data, format);
    return { image: { width, height, data }, rotation: frame.rotation ?? 0, flip: frame.flip ?? false };
  } catch {
    return undefined;
  } finally {
    frame?.close();
    decoder?.close();
  }
}

/** In place: BGR order to RGB, and an unused alpha byte (X formats) to opaque. */
function toRgba(data: Uint8Array, format: 'RGBA' | 'RGBX' | 'BGRA' | 'BGRX'): void {
  const swap = format.startsWith('BGR');
  const opaque = format.endsWith('X');
  for (let i = 0; i < data.length; i += 4) {
    if (swap) {
      const blue = data[i]!;
      data[i] = data[i + 2]!;
      data[i + 2] = blue;
    }
    if (opaque) data[i + 3] = 255;
  }
}

/** The whole picture, oriented, through createImageBitmap and an OffscreenCanvas (premultiplied on the way). */
async function decodeWhole(blob: Blob): Promise<RgbaImage> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(blob);
  } catch (error) {
    throw new UndecodableImageError(error instanceof Error ? error.message : String(error));
  }
  try {
    const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('This browser gives workers no 2D canvas.');
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    return { width: bitmap.width, height: bitmap.height, data };
  } finally {
    bitmap.close();
  }
}
