import { gridSize, type RgbaImage } from '@stitchwise/core';

/** Thrown when the browser cannot decode the picture at all (not an image, or a format it lacks). */
export class UndecodableImageError extends Error {
  override readonly name = 'UndecodableImageError';
}

/**
 * The size the picture is shrunk to before the stitch grid, as the server does it: `longSide` on
 * the long side, aspect kept, never enlarged.
 */
export function shrunkSize(width: number, height: number, longSide: number): { width: number; height: number } {
  return Math.max(width, height) <= longSide ? { width, height } : gridSize(width, height, longSide);
}

/**
 * Decodes the picture (EXIF orientation applied, as `createImageBitmap` does by default) and shrinks
 * it to `longSide` on its long side with the browser's high-quality scaler, then reads its pixels
 * through an OffscreenCanvas. Runs in the preview worker: decoding a 12-megapixel photo never
 * touches the page's thread. The full-size bitmap is released as soon as the small copy exists.
 */
export async function decodeShrunk(blob: Blob, longSide: number): Promise<RgbaImage> {
  let full: ImageBitmap;
  try {
    full = await createImageBitmap(blob);
  } catch (error) {
    throw new UndecodableImageError(error instanceof Error ? error.message : String(error));
  }
  let small: ImageBitmap | undefined;
  try {
    const size = shrunkSize(full.width, full.height, longSide);
    small =
      size.width === full.width && size.height === full.height
        ? full
        : await createImageBitmap(full, { resizeWidth: size.width, resizeHeight: size.height, resizeQuality: 'high' });
    const context = new OffscreenCanvas(size.width, size.height).getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('This browser gives workers no 2D canvas.');
    context.drawImage(small, 0, 0);
    const { data } = context.getImageData(0, 0, size.width, size.height);
    return { width: size.width, height: size.height, data };
  } finally {
    full.close();
    small?.close();
  }
}
