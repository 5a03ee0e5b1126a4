/**
 * The pure rules for preparing a chosen picture before it is uploaded: which files are HEIC/HEIF
 * photos (by their bytes), how far a picture is shrunk, and what the prepared file is called.
 * The browser work itself is in prepare-upload.ts.
 */

/**
 * The long side, in pixels, that a picture is shrunk to before upload. Nothing the app does needs
 * more: charts are at most 500 stitches wide (four source pixels per stitch are plenty for the
 * area-average that picks each stitch's colour), background removal works at 1024 px, and the
 * colour matcher's picks are clicks on a picture shown at most about 1000 px wide. A 12-megapixel
 * phone photo shrunk to 2048 px is about a quarter of its pixels, so it uploads and decodes about
 * four times faster, and stays well inside the server's 40-megapixel decoding limit.
 */
export const UPLOAD_LONG_SIDE = 2048;

/** JPEG quality of re-encoded photos: no visible loss, about a tenth of the raw size. */
export const JPEG_QUALITY = 0.92;

/** The size to shrink a picture to, aspect kept; undefined when it is small enough as it is. */
export function downsizedSize(width: number, height: number, longSide = UPLOAD_LONG_SIDE): { width: number; height: number } | undefined {
  const long = Math.max(width, height);
  if (long <= longSide) return undefined;
  const scale = longSide / long;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** How many leading bytes `isHeif` and `preparedType` read: enough for the ftyp box, an ISO media file's first box. */
export const SNIFF_BYTES = 64;

// ISO base media file brands (ISO/IEC 23008-12 and the AV1 image format).
const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
const GENERIC_HEIF_BRANDS = new Set(['mif1', 'msf1', 'heif']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/**
 * Whether the file is a HEIC/HEIF picture, from its first bytes: an ISO media file whose `ftyp` box
 * names a HEVC image brand, or the generic HEIF brands without AVIF (which browsers decode
 * themselves). Phones and browsers disagree on the MIME type and name of these files, so the
 * bytes decide.
 */
export function isHeif(head: Uint8Array): boolean {
  const brands = ftypBrands(head);
  if (brands.some((brand) => HEVC_BRANDS.has(brand))) return true;
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return false;
  return brands.some((brand) => GENERIC_HEIF_BRANDS.has(brand));
}

/** The major and compatible brands of a leading `ftyp` box; none when the bytes do not start with one. */
function ftypBrands(head: Uint8Array): string[] {
  if (head.length < 16 || fourCc(head, 4) !== 'ftyp') return [];
  const boxSize = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(0);
  const end = Math.min(boxSize, head.length);
  const brands = [fourCc(head, 8)]; // bytes 12–16 are the minor version, not a brand
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(fourCc(head, offset));
  return brands;
}

function fourCc(bytes: Uint8Array, offset: number, length = 4): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

/**
 * The type of a prepared picture, from the source's first bytes: PNG where the source is PNG, WebP
 * or GIF (formats that carry transparency, and flat colours that JPEG would smear), JPEG otherwise.
 */
export function preparedType(head: Uint8Array): 'image/png' | 'image/jpeg' {
  const png = head[0] === 0x89 && fourCc(head, 1, 3) === 'PNG';
  const gif = fourCc(head, 0) === 'GIF8';
  const webp = fourCc(head, 0) === 'RIFF' && fourCc(head, 8) === 'WEBP';
  return png || gif || webp ? 'image/png' : 'image/jpeg';
}

/** The prepared file's name: the original with the extension of its new type ('IMG_0042.HEIC' → 'IMG_0042.jpg'). */
export function preparedName(originalName: string, type: 'image/png' | 'image/jpeg'): string {
  const dot = originalName.lastIndexOf('.');
  const base = dot > 0 ? originalName.slice(0, dot) : originalName || 'photo';
  const extension = dot > 0 ? originalName.slice(dot + 1).toLowerCase() : '';
  if (type === 'image/jpeg') return extension === 'jpg' || extension === 'jpeg' ? originalName : `${base}.jpg`;
  return extension === 'png' ? originalName : `${base}.png`;
}
