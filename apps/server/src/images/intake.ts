import { Refusal } from '../refusals.js';
import type { MultipartForm } from '../contract/multipart-form.js';
import { MAX_PIXELS } from './decode.js';
import { sniffImage, type ImageHeader } from './sniff.js';
import { fetchUrlSafely, type UrlFetchPolicy } from './url-fetch.js';

/** An image accepted for processing: its bytes and what its header says. Not decoded yet. */
export interface ImageInput {
  readonly bytes: Uint8Array;
  readonly header: ImageHeader;
  /** The request field it came in, named when it turns out unreadable. */
  readonly field: string;
}

const unsupported = (what: string, field: string): Refusal =>
  new Refusal('unsupported', 'unsupported_media_type', `${what} Use a PNG, JPEG, GIF, WebP or BMP image.`, {
    field: { name: field, message: 'not a supported image' },
  });

/**
 * The one way images enter the product, for every endpoint that takes `image_file` or `image_url`.
 * Decides the type by magic bytes and refuses oversized images from their header, before any decoding.
 */
export class ImageIntake {
  constructor(private readonly urlPolicy: UrlFetchPolicy) {}

  async fromForm(form: MultipartForm<object>, { allowUrl }: { allowUrl: boolean }): Promise<ImageInput> {
    if (form.file) return this.check(form.file.bytes, form.fileField);
    const url = 'image_url' in form.fields && typeof form.fields.image_url === 'string' ? form.fields.image_url.trim() : undefined;
    if (allowUrl && url) return this.check(await fetchUrlSafely(url, this.urlPolicy), 'image_url');
    const wanted = allowUrl ? `${form.fileField} or image_url` : form.fileField;
    throw new Refusal('invalid', 'invalid_request', `No image selected. Send ${wanted}.`, {
      field: { name: form.fileField, message: `${wanted} is required` },
    });
  }

  /** `field` names where the bytes came from, in the problem's `errors[]`. */
  check(bytes: Uint8Array, field = 'image_file'): ImageInput {
    if (bytes.byteLength === 0) {
      throw new Refusal('invalid', 'empty_file', 'The file is empty.', { field: { name: field, message: 'the file has no content' } });
    }
    const header = sniffImage(bytes);
    if (!header) throw unsupported(describeNonImage(bytes), field);
    if (header.width * header.height > MAX_PIXELS) {
      throw new Refusal(
        'unprocessable',
        'image_too_large',
        `The image is ${header.width} × ${header.height} pixels; the limit is ${MAX_PIXELS / 1_000_000} megapixels. Please use a smaller image.`,
        { field: { name: field, message: `more than ${MAX_PIXELS / 1_000_000} megapixels` } },
      );
    }
    return { bytes, header, field };
  }
}

/** A sentence for the kinds of file people send by mistake. */
function describeNonImage(bytes: Uint8Array): string {
  const start = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 512)).trimStart().toLowerCase();
  if (start.startsWith('%pdf')) return 'This is a PDF document, not an image.';
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return 'This is a ZIP archive, not an image.';
  if (start.includes('<svg')) return 'SVG drawings are not supported; export the drawing as PNG.';
  if (start.startsWith('<!doctype html') || start.startsWith('<html') || start.startsWith('<')) return 'This is a web page or text file, not an image.';
  return 'This file is not an image the product can read.';
}
