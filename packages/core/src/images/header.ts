/**
 * Recognises an image by its first bytes, never by its name, and reads its pixel size from the
 * header, so that limits can be enforced before anything is decoded (on the server), and so that a
 * picture is read for a chart the same way everywhere (see pattern/reading.ts).
 */
export type ImageFormat = 'png' | 'jpg' | 'gif' | 'webp' | 'bmp';

export interface ImageHeader {
  readonly format: ImageFormat;
  readonly width: number;
  readonly height: number;
}

export function sniffImage(bytes: Uint8Array): ImageHeader | undefined {
  const format = formatOf(bytes);
  if (!format) return undefined;
  const size = SIZE_READERS[format](new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (!size || size.width <= 0 || size.height <= 0) return undefined;
  return { format, ...size };
}

function formatOf(b: Uint8Array): ImageFormat | undefined {
  const startsWith = (...signature: number[]): boolean => signature.every((value, i) => b[i] === value);
  if (startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (startsWith(0xff, 0xd8, 0xff)) return 'jpg';
  if (startsWith(0x47, 0x49, 0x46, 0x38) && (b[4] === 0x37 || b[4] === 0x39) && b[5] === 0x61) return 'gif';
  if (startsWith(0x52, 0x49, 0x46, 0x46) && b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50) return 'webp';
  if (startsWith(0x42, 0x4d) && b.length >= 26) return 'bmp';
  return undefined;
}

type Size = { width: number; height: number } | undefined;

const SIZE_READERS: Record<ImageFormat, (view: DataView) => Size> = {
  png: (view) => (view.byteLength >= 24 ? { width: view.getUint32(16), height: view.getUint32(20) } : undefined),
  gif: (view) => (view.byteLength >= 10 ? { width: view.getUint16(6, true), height: view.getUint16(8, true) } : undefined),
  bmp: (view) => {
    if (view.byteLength < 26) return undefined;
    const headerSize = view.getUint32(14, true);
    if (headerSize === 12) return { width: view.getUint16(18, true), height: view.getUint16(20, true) };
    return { width: view.getInt32(18, true), height: Math.abs(view.getInt32(22, true)) };
  },
  webp: (view) => {
    if (view.byteLength < 30) return undefined;
    const chunk = String.fromCharCode(view.getUint8(12), view.getUint8(13), view.getUint8(14), view.getUint8(15));
    if (chunk === 'VP8 ') return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
    if (chunk === 'VP8L') {
      const bits = view.getUint32(21, true);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8X') {
      const read24 = (offset: number): number => view.getUint8(offset) | (view.getUint8(offset + 1) << 8) | (view.getUint8(offset + 2) << 16);
      return { width: read24(24) + 1, height: read24(27) + 1 };
    }
    return undefined;
  },
  jpg: (view) => {
    // Walk the marker segments to the first start-of-frame; its header holds the size.
    let offset = 2;
    while (offset + 9 < view.byteLength) {
      if (view.getUint8(offset) !== 0xff) return undefined;
      const marker = view.getUint8(offset + 1);
      if (marker === 0xff) {
        offset += 1; // fill byte
        continue;
      }
      const length = view.getUint16(offset + 2);
      const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (isStartOfFrame) return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
      if (length < 2) return undefined;
      offset += 2 + length;
    }
    return undefined;
  },
};
