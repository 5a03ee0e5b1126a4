import { keepEveryOther, orientImage, readingPlan, type DecodeScale, type RgbaImage } from '@stitchwise/core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeForPattern, decodeImage } from '../src/images/decode.js';
import { sniffImage } from '../src/images/sniff.js';

/**
 * The server reads a picture for a chart as the core's readingPlan says, which the browser's preview
 * follows too. A JPEG of flat 8 × 8 blocks, each its own colour, stored losslessly enough that each
 * block decodes to its colour at any DCT scale, shows which block every kept pixel came from.
 */
const BLOCK = 8;

/** Block (bx, by) in a colour naming it: red and green its column, blue its row. */
function blockPicture(columns: number, rows: number): RgbaImage {
  const width = columns * BLOCK;
  const height = rows * BLOCK;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [bx, by] = [Math.floor(x / BLOCK), Math.floor(y / BLOCK)];
      data.set([(bx * 4) % 256, Math.floor((bx * 4) / 256) * 64, by * 4, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

/** The picture at 1/8 (one pixel a block), as libjpeg's scaled decoding gives it from flat blocks. */
function oneEighth(picture: RgbaImage): RgbaImage {
  const width = picture.width / BLOCK;
  const height = picture.height / BLOCK;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      data.set(picture.data.subarray((y * BLOCK * picture.width + x * BLOCK) * 4, (y * BLOCK * picture.width + x * BLOCK) * 4 + 4), (y * width + x) * 4);
  return { width, height, data };
}

async function jpegOf(picture: RgbaImage, orientation = 1): Promise<Uint8Array> {
  const encoder = sharp(picture.data, { raw: { width: picture.width, height: picture.height, channels: 4 } })
    .removeAlpha()
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' });
  return new Uint8Array(await (orientation === 1 ? encoder : encoder.withMetadata({ orientation })).toBuffer());
}

const pixels = (image: { data: Uint8Array }) => Buffer.from(image.data);
const differing = (a: RgbaImage, b: RgbaImage): number => {
  let count = 0;
  for (let i = 0; i < a.data.length; i++) if (a.data[i] !== b.data[i]) count++;
  return count;
};

/** The JPEG decoded whole, as stored (colour conversion rounds a block's colour a little). */
async function decoded(bytes: Uint8Array, oriented = true): Promise<RgbaImage> {
  const { data, info } = await sharp(bytes, { autoOrient: oriented }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

describe('reading a picture for a chart', () => {
  it('keeps the pixels of a 1/8 JPEG decode that the plan names, odd sizes included', async () => {
    // 259 × 131 blocks: 2072 × 1048 pixels, decoded at 1/8 to 259 × 131, of which 129 × 65 are kept.
    const picture = blockPicture(259, 131);
    const bytes = await jpegOf(picture);
    const plan = readingPlan(picture.width, picture.height, 60, true);
    expect(plan).toMatchObject({ decodeScale: 8, sample: { width: 129, height: 65 } });
    const read = await decodeForPattern(bytes, sniffImage(bytes)!, 60);
    expect([read.width, read.height]).toEqual([129, 65]);
    expect(differing(read, keepEveryOther(oneEighth(await decoded(bytes)), plan.sample!))).toBe(0);
  });

  it('applies EXIF orientation after keeping the pixels, as the browser does', async () => {
    const picture = blockPicture(200, 120);
    const bytes = await jpegOf(picture, 6); // stored as is, shown turned a quarter clockwise
    const plan = readingPlan(picture.width, picture.height, 50, true);
    const read = await decodeForPattern(bytes, sniffImage(bytes)!, 50);
    const expected = orientImage(keepEveryOther(oneEighth(await decoded(bytes, false)), plan.sample!), 90, false);
    expect([read.width, read.height]).toEqual([expected.width, expected.height]);
    expect(differing(read, expected)).toBe(0);
  });

  it('reads a picture that is not a big JPEG whole, as decoded', async () => {
    const picture = blockPicture(40, 30);
    const png = new Uint8Array(
      await sharp(picture.data, { raw: { width: 320, height: 240, channels: 4 } })
        .png()
        .toBuffer(),
    );
    const read = await decodeForPattern(png, sniffImage(png)!, 100);
    expect(pixels(read).equals(pixels(await decodeImage(png, sniffImage(png)!)))).toBe(true);
    expect([read.width, read.height]).toEqual([320, 240]);
  });
});

/**
 * Which of a block's DCT terms libjpeg reads at each scale: at 1/8 the DC term only, at 1/4 the DC and the
 * odd terms, at 1/2 all but term 4, whole all of them. A pattern across a block's 8 columns that holds
 * only some terms (exactly so in integers: the encoder's butterflies add and subtract mirrored columns) is
 * seen in the decode at some scales and not at others. Added to every whole block of a picture of flat
 * blocks, it shows which scale sharp really decoded at, whatever the plan says.
 */
const TELLTALES: { pattern: number[]; seenAt: DecodeScale[] }[] = [
  { pattern: [1, 1, 1, 1, -1, -1, -1, -1], seenAt: [1, 2, 4] }, // antisymmetric: odd terms only
  { pattern: [1, 0, 0, -1, -1, 0, 0, 1], seenAt: [1, 2] }, // symmetric, summing to 0 in both halves: terms 2 and 6 only
  { pattern: [1, -1, -1, 1, 1, -1, -1, 1], seenAt: [1] }, // term 4 only
];
const TELLTALE_AMPLITUDE = 24;

/** One byte a pixel. */
interface GreyImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** A greyscale picture of flat 8 × 8 blocks, neighbours told apart, with `pattern` added across each whole block. */
function greyBlocks(width: number, height: number, pattern?: number[]): GreyImage {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [bx, by] = [Math.floor(x / BLOCK), Math.floor(y / BLOCK)];
      const whole = (bx + 1) * BLOCK <= width && (by + 1) * BLOCK <= height;
      data[y * width + x] = 40 + ((bx * 7 + by * 13) % 160) + (pattern && whole ? TELLTALE_AMPLITUDE * pattern[x % BLOCK]! : 0);
    }
  }
  return { width, height, data };
}

async function greyJpeg(picture: GreyImage): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp(picture.data, { raw: { width: picture.width, height: picture.height, channels: 1 } })
      .jpeg({ quality: 100 })
      .toBuffer(),
  );
}

describe('the reading plan against what sharp decodes', () => {
  it('reads, over a matrix of picture sizes and chart sizes, the pixels and the decode scale the plan names', async () => {
    const scalesPlanned = new Set<DecodeScale>();
    for (const [width, height] of [
      [4000, 3000],
      [3024, 4032],
      [2048, 1536],
      [1282, 882],
      [600, 403],
      [5000, 90],
      [1001, 999],
    ] as const) {
      const base = greyBlocks(width, height);
      const bytes = await greyJpeg(base);
      const telltales = await Promise.all(TELLTALES.map(({ pattern }) => greyJpeg(greyBlocks(width, height, pattern))));
      for (const maxSide of [30, 50, 100, 150, 300, 500]) {
        const at = `${width} × ${height} for ${maxSide} stitches`;
        const plan = readingPlan(width, height, maxSide, true);
        scalesPlanned.add(plan.decodeScale);
        const read = await decodeForPattern(bytes, sniffImage(bytes)!, maxSide);
        const size = plan.sample ?? { width, height, offsetX: 0, offsetY: 0 };
        expect([read.width, read.height], at).toEqual([size.width, size.height]);
        // Every kept pixel is the flat block the plan says: its decoded pixel's block at the plan's scale.
        let wrong = 0;
        const blockOf = (kept: number, offset: number) => Math.floor(((2 * kept + offset) * plan.decodeScale) / BLOCK);
        for (let y = 0; y < read.height; y++) {
          for (let x = 0; x < read.width; x++) {
            const [sx, sy] = plan.sample ? [blockOf(x, size.offsetX) * BLOCK, blockOf(y, size.offsetY) * BLOCK] : [x, y];
            if (read.data[(y * read.width + x) * 4] !== base.data[sy * width + sx]) wrong++;
          }
        }
        expect(wrong, `${at}: kept pixels not the planned ones`).toBe(0);
        // The terms the planned scale reads, and only those, show in what is kept.
        for (const [index, telltale] of telltales.entries()) {
          const shown = !pixels(await decodeForPattern(telltale, sniffImage(telltale)!, maxSide)).equals(pixels(read));
          expect(shown, `${at}: pattern ${index} seen, decoding at 1/${plan.decodeScale}`).toBe(TELLTALES[index]!.seenAt.includes(plan.decodeScale));
        }
      }
    }
    expect([...scalesPlanned].sort((a, b) => a - b)).toEqual([1, 2, 4, 8]);
  }, 120_000);
});
