import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { downsizedSize, SNIFF_BYTES, isHeif, preparedName, preparedType, UPLOAD_LONG_SIDE } from './upload-photo';

/** One byte per character. */
const latin1 = (text: string): Uint8Array => Uint8Array.from(text, (character) => character.charCodeAt(0));

/** The first bytes of an ISO media file: an `ftyp` box with these brands (major first), then a `meta` box. */
function isoMedia(major: string, ...compatible: string[]): Uint8Array {
  const size = 16 + 4 * compatible.length;
  const text = `ftyp${major}\0\0\0\0${compatible.join('')}\0\0\x01\x40meta`;
  const bytes = new Uint8Array(4 + text.length);
  new DataView(bytes.buffer).setUint32(0, size);
  bytes.set(latin1(text), 4);
  return bytes;
}

describe('recognising HEIC/HEIF photos by their bytes', () => {
  it('recognises the HEIC made by heif-enc (the browser-test fixture)', () => {
    const fixture = readFileSync(new URL('../../../../e2e/fixtures/kodim21.heic', import.meta.url));
    expect(isHeif(new Uint8Array(fixture.subarray(0, SNIFF_BYTES)))).toBe(true);
  });

  it.each([
    ['an iPhone photo', isoMedia('heic', 'mif1', 'heic')],
    ['a HEIC with a major brand of heix', isoMedia('heix', 'mif1', 'heix')],
    ['a HEIC burst sequence', isoMedia('hevc', 'msf1', 'hevc')],
    ['a generic HEIF naming HEVC among its compatible brands', isoMedia('mif1', 'heic')],
    ['a generic HEIF image', isoMedia('mif1', 'mif1')],
    ['a generic HEIF image sequence', isoMedia('msf1', 'msf1')],
  ])('recognises %s', (_name, head) => {
    expect(isHeif(head)).toBe(true);
  });

  it.each([
    ['an AVIF (browsers decode it themselves)', isoMedia('avif', 'avif', 'mif1', 'miaf')],
    ['an MP4 video', isoMedia('isom', 'isom', 'mp41')],
    ['a JPEG', Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1)],
    ['a PNG', Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52)],
    ['an empty file', new Uint8Array(0)],
    ['a file too short for a brand', isoMedia('heic').subarray(0, 10)],
  ])('does not take %s for HEIC', (_name, head) => {
    expect(isHeif(head)).toBe(false);
  });

  it('reads brands only inside the ftyp box, not from the boxes after it', () => {
    const head = isoMedia('isom', 'isom');
    const withHeicAfterTheBox = new Uint8Array([...head, ...new TextEncoder().encode('heic')]);
    expect(isHeif(withHeicAfterTheBox)).toBe(false);
  });
});

describe('the size a picture is shrunk to before upload', () => {
  it('leaves pictures up to the long-side cap as they are', () => {
    expect(downsizedSize(2048, 1536)).toBeUndefined();
    expect(downsizedSize(768, 512)).toBeUndefined();
    expect(downsizedSize(1, 2048)).toBeUndefined();
  });

  it('shrinks a 12-megapixel photo to the cap on its long side, keeping its shape and orientation', () => {
    expect(UPLOAD_LONG_SIDE).toBe(2048);
    expect(downsizedSize(4000, 3000)).toEqual({ width: 2048, height: 1536 });
    expect(downsizedSize(3024, 4032)).toEqual({ width: 1536, height: 2048 });
  });

  it('rounds to whole pixels and never to nothing', () => {
    expect(downsizedSize(4100, 3001)).toEqual({ width: 2048, height: 1499 });
    expect(downsizedSize(10_000, 3)).toEqual({ width: 2048, height: 1 });
    expect(downsizedSize(300, 200, 100)).toEqual({ width: 100, height: 67 });
  });
});

describe('the prepared file', () => {
  it('stays PNG where the source may be transparent (PNG, WebP, GIF), and is JPEG otherwise, by the bytes', () => {
    const bytes = (text: string, ...prefix: number[]) => Uint8Array.from([...prefix, ...latin1(text)]);
    expect(preparedType(bytes('PNG\r\n\x1a\n', 0x89))).toBe('image/png');
    expect(preparedType(bytes('RIFF\x10\0\0\0WEBPVP8 '))).toBe('image/png');
    expect(preparedType(bytes('GIF89a'))).toBe('image/png');
    expect(preparedType(bytes('GIF87a'))).toBe('image/png');
    expect(preparedType(bytes('\xe0\0\x10JFIF', 0xff, 0xd8, 0xff))).toBe('image/jpeg');
    expect(preparedType(bytes('BM6\0\x0c\0'))).toBe('image/jpeg');
    expect(preparedType(bytes('RIFF\x10\0\0\0WAVEfmt '))).toBe('image/jpeg');
    expect(preparedType(isoMedia('heic', 'mif1', 'heic'))).toBe('image/jpeg');
    expect(preparedType(new Uint8Array(0))).toBe('image/jpeg');
  });

  it('is named like the original with the extension of its type', () => {
    expect(preparedName('IMG_0042.HEIC', 'image/jpeg')).toBe('IMG_0042.jpg');
    expect(preparedName('beach.heif', 'image/jpeg')).toBe('beach.jpg');
    expect(preparedName('holiday.photo.jpeg', 'image/jpeg')).toBe('holiday.photo.jpeg');
    expect(preparedName('scan.bmp', 'image/jpeg')).toBe('scan.jpg');
    expect(preparedName('logo.webp', 'image/png')).toBe('logo.png');
    expect(preparedName('logo.png', 'image/png')).toBe('logo.png');
    expect(preparedName('IMG_0042', 'image/jpeg')).toBe('IMG_0042.jpg');
    expect(preparedName('', 'image/jpeg')).toBe('photo.jpg');
  });
});
