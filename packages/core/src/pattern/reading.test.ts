import { describe, expect, it } from 'vitest';
import { keepEveryOther, orientImage, readingPlan, shrinkOnLoadScale } from './reading.js';

/** A picture whose every pixel holds its own position: red = x, green = y. */
function positions(width: number, height: number) {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set([x, y, 0, 255], (y * width + x) * 4);
  return { width, height, data };
}
const at = (image: { width: number; data: Uint8Array | Uint8ClampedArray }, x: number, y: number) =>
  Array.from(image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 2));

describe('readingPlan', () => {
  it('decodes a 12-megapixel JPEG at 1/8 for 100 stitches and keeps every other pixel, at least two a stitch', () => {
    expect(readingPlan(4256, 2832, 100, true)).toEqual({
      decodeScale: 8,
      decodedWidth: 532,
      decodedHeight: 354,
      sample: { width: 266, height: 177, offsetX: 1, offsetY: 1 },
    });
    // More stitches, a finer decode: 300 stitches need 600 kept pixels.
    expect(readingPlan(4256, 2832, 300, true)).toMatchObject({ decodeScale: 2, sample: { width: 1064, height: 708 } });
  });

  it('rounds the scaled size up as libjpeg does, and starts on the pixel a nearest-neighbour resize picks', () => {
    // 403 / 2 = 201.5 decoded rows, rounded up to 202; 101 kept rows are a factor just under 2: picks 0, 2, 4…
    expect(readingPlan(600, 403, 50, true)).toEqual({
      decodeScale: 2,
      decodedWidth: 300,
      decodedHeight: 202,
      sample: { width: 150, height: 101, offsetX: 1, offsetY: 0 },
    });
    // 641 decoded columns, 320 kept: a factor just over 2, picks 1, 3, 5…
    expect(readingPlan(1282, 882, 100, true).sample).toEqual({ width: 320, height: 220, offsetX: 1, offsetY: 1 });
  });

  it('reads the picture whole when it is small for the chart, not a JPEG, or the reader cannot scale', () => {
    expect(readingPlan(768, 512, 300, true)).toEqual({ decodeScale: 1, decodedWidth: 768, decodedHeight: 512 });
    expect(readingPlan(4256, 2832, 100, false)).toEqual({ decodeScale: 1, decodedWidth: 4256, decodedHeight: 2832 });
  });
});

describe('shrinkOnLoadScale', () => {
  it("is the largest of 8, 4, 2 within the shrink, halved when the shrink's whole part equals it", () => {
    expect([1.9, 2.5, 3, 4.5, 5, 8.5, 9, 16].map(shrinkOnLoadScale)).toEqual([1, 1, 2, 2, 4, 4, 8, 8]);
  });
});

describe('keepEveryOther', () => {
  it('keeps every other pixel from the given offsets', () => {
    const kept = keepEveryOther(positions(7, 5), { width: 3, height: 2, offsetX: 1, offsetY: 0 });
    expect([kept.width, kept.height]).toEqual([3, 2]);
    expect([at(kept, 0, 0), at(kept, 2, 0), at(kept, 1, 1)]).toEqual([
      [1, 0],
      [5, 0],
      [3, 2],
    ]);
  });

  it('reads bytes that do not start on a 4-byte boundary', () => {
    const picture = positions(4, 2);
    const shifted = new Uint8Array(picture.data.length + 1).subarray(1);
    shifted.set(picture.data);
    expect(at(keepEveryOther({ width: 4, height: 2, data: shifted }, { width: 2, height: 1, offsetX: 1, offsetY: 1 }), 1, 0)).toEqual([3, 1]);
  });
});

describe('orientImage', () => {
  it('turns clockwise, then mirrors, as WebCodecs describes EXIF orientations', () => {
    const picture = positions(3, 2); // (x, y) in red and green
    const quarter = orientImage(picture, 90, false);
    expect([quarter.width, quarter.height]).toEqual([2, 3]);
    expect(at(quarter, 0, 0)).toEqual([0, 1]); // the bottom-left corner comes to the top left
    expect(at(orientImage(picture, 180, false), 0, 0)).toEqual([2, 1]);
    expect(at(orientImage(picture, 270, false), 0, 0)).toEqual([2, 0]);
    expect(at(orientImage(picture, 0, true), 0, 0)).toEqual([2, 0]);
    expect(at(orientImage(picture, 90, true), 0, 0)).toEqual([0, 0]); // a transpose
    expect(orientImage(picture, 0, false)).toBe(picture);
  });
});
