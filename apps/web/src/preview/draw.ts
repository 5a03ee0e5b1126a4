import type { PreviewPattern } from './protocol';

/**
 * Paints the preview, one canvas pixel per stitch (the canvas is scaled up by CSS with
 * `image-rendering: pixelated`, so each stitch is a crisp block). False where there is no 2D canvas.
 */
export function paintStitches(canvas: HTMLCanvasElement, { width, height, pixels }: Pick<PreviewPattern, 'width' | 'height' | 'pixels'>): boolean {
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return false;
  const image = context.createImageData(width, height);
  image.data.set(pixels);
  context.putImageData(image, 0, 0);
  return true;
}
