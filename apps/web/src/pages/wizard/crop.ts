/** A part of a picture as shares of its width and height, 0–1, from its top-left corner. */
export interface CropArea {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The area between two points the pointer dragged between, in either direction, kept inside the picture. */
export function areaBetween(a: { x: number; y: number }, b: { x: number; y: number }): CropArea {
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  return { left: clamp(Math.min(a.x, b.x)), top: clamp(Math.min(a.y, b.y)), right: clamp(Math.max(a.x, b.x)), bottom: clamp(Math.max(a.y, b.y)) };
}

/** The area in whole pixels of a picture of the given size, at least one pixel each way. */
export function pixelArea(area: CropArea, width: number, height: number): { x: number; y: number; width: number; height: number } {
  const x = Math.min(width - 1, Math.round(area.left * width));
  const y = Math.min(height - 1, Math.round(area.top * height));
  return { x, y, width: Math.max(1, Math.round(area.right * width) - x), height: Math.max(1, Math.round(area.bottom * height) - y) };
}

/** An area too small to mean a crop (a click rather than a drag). */
export const isTooSmall = (area: CropArea): boolean => area.right - area.left < 0.05 || area.bottom - area.top < 0.05;

/**
 * The part of a picture file as a new file, upright (its EXIF orientation applied first), in the
 * browser: PNG for pictures that may be transparent, JPEG otherwise.
 */
export async function cropFile(file: File, area: CropArea): Promise<File> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const part = pixelArea(area, bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = part.width;
  canvas.height = part.height;
  canvas.getContext('2d')!.drawImage(bitmap, part.x, part.y, part.width, part.height, 0, 0, part.width, part.height);
  bitmap.close();
  const transparent = /png|webp|gif/.test(file.type);
  const type = transparent ? 'image/png' : 'image/jpeg';
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((made) => (made ? resolve(made) : reject(new Error('The crop could not be made'))), type, 0.92),
  );
  const base = file.name.replace(/\.[^.]+$/, '');
  return new File([blob], `${base}-cropped.${transparent ? 'png' : 'jpg'}`, { type });
}
