import { canPreparePictures, encodePicture } from './encode-picture';
import { downsizedSize, isHeif, preparedName, preparedType, SNIFF_BYTES } from './upload-photo';

/** A HEIC/HEIF photo that this browser could not convert: the server cannot read HEVC either, so it is not sent. */
export class UnreadableHeicError extends Error {
  override readonly name = 'UnreadableHeicError';
}

/**
 * Prepares a chosen picture for upload, so that every tool gets a picture it can use at a size it
 * needs:
 * - a HEIC/HEIF photo (recognised by its bytes) is decoded in a worker and becomes a JPEG file;
 * - a picture longer than the upload size on its long side is shrunk, upright (its EXIF orientation
 *   applied, none left in the file), as PNG if the source was PNG, WebP or GIF and JPEG otherwise;
 * - anything else, and anything this browser cannot decode, is handed back untouched (the very same
 *   file), and the server decides about it.
 * `onWork` is called once real work begins, so the page can say that it is preparing the photo.
 */
export async function prepareUpload(file: File, onWork: () => void): Promise<File> {
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  } catch {
    return file; // unreadable here (or a browser without Blob.arrayBuffer): the server judges it
  }
  if (isHeif(head)) {
    onWork();
    try {
      const { convertHeic } = await import('./heic-convert');
      return await convertHeic(file);
    } catch (error) {
      throw new UnreadableHeicError(error instanceof Error ? error.message : String(error));
    }
  }
  if (!canPreparePictures()) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file; // not decodable here: the server answers with the reason
  }
  try {
    const size = downsizedSize(bitmap.width, bitmap.height);
    if (!size) return file;
    onWork();
    const type = preparedType(head);
    const picture = await encodePicture(bitmap, size, type);
    return new File([picture], preparedName(file.name, type), { type, lastModified: file.lastModified });
  } catch {
    return file; // the server takes pictures up to 40 megapixels as they are
  } finally {
    bitmap.close();
  }
}
