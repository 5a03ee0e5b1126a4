import { JPEG_QUALITY } from './upload-photo';

/**
 * Draws an upright bitmap at the given size (the browser's high-quality scaler) and encodes it as
 * PNG or JPEG through an OffscreenCanvas. Runs on the page and in workers. The result carries no
 * EXIF: the pixels are upright already. JPEG has no transparency, so transparent areas become white
 * (the colour of the fabric), not black.
 */
export async function encodePicture(bitmap: ImageBitmap, size: { width: number; height: number }, type: 'image/png' | 'image/jpeg'): Promise<Blob> {
  const scaled =
    size.width === bitmap.width && size.height === bitmap.height
      ? bitmap
      : await createImageBitmap(bitmap, { resizeWidth: size.width, resizeHeight: size.height, resizeQuality: 'high' });
  try {
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser has no 2D canvas to prepare the picture with.');
    if (type === 'image/jpeg') {
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, size.width, size.height);
    }
    context.drawImage(scaled, 0, 0);
    return await canvas.convertToBlob(type === 'image/jpeg' ? { type, quality: JPEG_QUALITY } : { type });
  } finally {
    if (scaled !== bitmap) scaled.close();
  }
}

/** Whether this browser (or worker) can decode, scale and encode pictures: createImageBitmap and OffscreenCanvas. */
export function canPreparePictures(): boolean {
  return typeof createImageBitmap === 'function' && typeof OffscreenCanvas === 'function';
}
