import { deltaE2000, rgbToLab } from '@stitchwise/core';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bmpOf, fromRaw, multipartBody, PHOTOS, pixelAt, subjectOnPlainBackground } from './support/images.js';
import type { DominantColor as DominantColorView, Pick as PickAnswer } from '../src/contract/colors.js';
import { startImageHost, type ImageHost } from './support/image-host.js';
import { sqliteUnderTest, startTestServer, type DatabaseUnderTest, type TestServer } from './support/test-server.js';

type DominantAnswer = { colors: DominantColorView[]; processed_image_url?: string };

let database: DatabaseUnderTest;
let server: TestServer;
let host: ImageHost;

beforeAll(async () => {
  database = await sqliteUnderTest();
  host = await startImageHost(PHOTOS.kodim21());
  server = await startTestServer({ ...database.environment, IMAGE_URL_ALLOW: 'localhost' });
});
afterAll(async () => {
  await server.stop();
  await host.close();
  await database.dispose();
});

function post(path: string, fields: Record<string, string>, file?: { bytes: Buffer; filename?: string; type?: string }): Promise<Response> {
  const body = multipartBody(
    fields,
    file && { field: 'image_file', filename: file.filename ?? 'image', contentType: file.type ?? 'application/octet-stream', bytes: file.bytes },
  );
  return fetch(`${server.baseUrl}/api${path}`, { method: 'POST', body });
}

async function dominant(bytes: Buffer, fields: Record<string, string> = {}): Promise<DominantAnswer> {
  const response = await post('/colors/dominant', fields, { bytes });
  expect(response.status).toBe(200);
  return (await response.json()) as DominantAnswer;
}

async function pick(bytes: Buffer, x: number, y: number): Promise<PickAnswer> {
  const response = await post('/colors/pick', { x: String(x), y: String(y) }, { bytes });
  expect(response.status).toBe(200);
  return (await response.json()) as PickAnswer;
}

// Three flat blocks: 50 % brick red, 30 % forest green, 20 % cream.
const BLOCKS: [[number, number, number], number][] = [
  [[200, 30, 40], 300],
  [[20, 120, 60], 180],
  [[240, 230, 200], 120],
];
const blockImage = (): Sharp =>
  fromRaw(600, 300, (x) => {
    let edge = 0;
    for (const [rgb, width] of BLOCKS) {
      edge += width;
      if (x < edge) return rgb;
    }
    return BLOCKS[0]![0];
  });

describe('POST /api/colors/dominant', () => {
  it('finds the three colours of a block image with their shares within 1 percentage point', async () => {
    const answer = await dominant(await blockImage().png().toBuffer(), { n_colors: '6' });
    expect(answer.colors.map((c) => c.rgb)).toEqual(BLOCKS.map(([rgb]) => rgb));
    for (const [i, [, width]] of BLOCKS.entries()) expect(Math.abs(answer.colors[i]!.share - width / 600)).toBeLessThan(0.01);
    expect(answer.colors.reduce((sum, c) => sum + c.share, 0)).toBeCloseTo(1, 6);
    expect(answer.processed_image_url).toBeUndefined();
  });

  it('gives each colour its 3 nearest threads with ΔE00, nearest first', async () => {
    const answer = await dominant(PHOTOS.kodim21(), { n_colors: '5' });
    expect(answer.colors).toHaveLength(5);
    const shares = answer.colors.map((c) => c.share);
    expect([...shares].sort((a, b) => b - a)).toEqual(shares);
    for (const color of answer.colors) {
      expect(color.hex).toMatch(/^#[0-9A-F]{6}$/);
      expect(color.closest_dmc).toHaveLength(3);
      expect(Object.keys(color.closest_dmc[0]!).sort()).toEqual(['b', 'code', 'distance', 'g', 'hex', 'name', 'r']);
      const distances = color.closest_dmc.map((m) => m.distance);
      expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    }
  });

  it('is deterministic and defaults to 6 colours', async () => {
    const photo = PHOTOS.baboon();
    const first = await dominant(photo);
    expect(first.colors).toHaveLength(6);
    expect(await dominant(photo)).toEqual(first);
  });

  it('reads JPEG (CMYK too), GIF, WebP, BMP, 16-bit, greyscale and palette images as 8-bit sRGB', async () => {
    const block = blockImage();
    const variants: [string, Buffer][] = [
      ['jpeg', await block.clone().jpeg({ quality: 95 }).toBuffer()],
      ['cmyk jpeg', await block.clone().toColourspace('cmyk').jpeg({ quality: 95 }).toBuffer()],
      ['gif', await block.clone().gif().toBuffer()],
      ['webp', await block.clone().webp({ lossless: true }).toBuffer()],
      ['16-bit png', await block.clone().toColourspace('rgb16').png().toBuffer()],
      ['palette png', await block.clone().png({ palette: true, colours: 8 }).toBuffer()],
      ['bmp', bmpOf(600, 300, await block.clone().raw().toBuffer())],
    ];
    for (const [name, bytes] of variants) {
      const answer = await dominant(bytes, { n_colors: '3' });
      const expected = BLOCKS.map(([rgb]) => rgb);
      for (const [i, color] of answer.colors.entries()) {
        const [r, g, b] = expected[i]!;
        const difference = deltaE2000(rgbToLab({ r: color.rgb[0], g: color.rgb[1], b: color.rgb[2] }), rgbToLab({ r, g, b }));
        // CMYK goes through a print profile whose gamut cuts saturated reds: close, not exact.
        expect(difference, `${name} colour ${i}: ${color.hex}`).toBeLessThan(name.includes('cmyk') ? 10 : 1.5);
      }
    }
    const grey = await dominant(
      await fromRaw(100, 100, (x) => (x < 50 ? [60, 60, 60] : [200, 200, 200]))
        .greyscale()
        .png()
        .toBuffer(),
      { n_colors: '2' },
    );
    expect(grey.colors.map((c) => c.rgb).sort()).toEqual(
      [
        [200, 200, 200],
        [60, 60, 60],
      ].sort(),
    );
  });

  it('describes the subject only when the background is removed', async () => {
    const subjectOnPlain = await subjectOnPlainBackground();
    const answer = await dominant(subjectOnPlain, { n_colors: '4', remove_background: 'true' });
    expect(answer.processed_image_url).toMatch(/\/files\/[A-Za-z0-9_-]{32}\.png$/);
    // The plain grey background (#D2D2D2) must not come back as a colour of any weight.
    for (const color of answer.colors) {
      const isBackground = color.rgb.every((channel) => Math.abs(channel - 210) < 12);
      expect(isBackground && color.share > 0.05, `background ${color.hex} has share ${color.share}`).toBe(false);
    }
  });

  it('refuses bad settings, naming the field', async () => {
    for (const fields of [{ n_colors: '1' }, { n_colors: '17' }, { n_colors: 'six' }, { remove_background: 'yes' }] as Record<string, string>[]) {
      const response = await post('/colors/dominant', fields, { bytes: await blockImage().png().toBuffer() });
      expect(response.status).toBe(400);
      const field = Object.keys(fields)[0]!;
      expect(((await response.json()) as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual([field]);
    }
  });
});

describe('POST /api/colors/pick', () => {
  it('returns the pixel at (x, y) of a photo and its 5 closest threads', async () => {
    const photo = PHOTOS.kodim21();
    for (const [x, y] of [
      [10, 20],
      [400, 300],
      [767, 511],
    ] as const) {
      const answer = await pick(photo, x, y);
      const [r, g, b] = await pixelAt(photo, x, y);
      expect(answer.picked_color).toMatchObject({ r, g, b, coordinates: { x, y } });
      expect(answer.picked_color.hex).toBe(
        `#${[r, g, b]
          .map((c) => c.toString(16).padStart(2, '0'))
          .join('')
          .toUpperCase()}`,
      );
      expect(answer.closest_dmc_threads).toHaveLength(5);
      const distances = answer.closest_dmc_threads.map((m) => m.distance);
      expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    }
  });

  it('picks in the EXIF-rotated image', async () => {
    // Stored 40 × 20, left half red and right half blue; orientation 6 shows it turned a quarter clockwise:
    // 20 × 40, red on top, blue below.
    const stored = await fromRaw(40, 20, (x) => (x < 20 ? [220, 20, 20] : [20, 20, 220]))
      .jpeg({ quality: 100 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const top = await pick(stored, 10, 5);
    const bottom = await pick(stored, 10, 35);
    expect(top.picked_color.r).toBeGreaterThan(200);
    expect(bottom.picked_color.b).toBeGreaterThan(200);
    expect([top.picked_color.r, top.picked_color.g, top.picked_color.b]).toEqual(await pixelAt(stored, 10, 5));
    const outside = await post('/colors/pick', { x: '25', y: '5' }, { bytes: stored });
    expect(outside.status).toBe(400);
    expect(await outside.json()).toMatchObject({ errors: [{ field: 'x', message: 'x must be less than the image width (20 pixels)' }] });
  });

  it('reads an image by URL', async () => {
    const response = await post('/colors/pick', { image_url: `${host.url}/photo.png`, x: '10', y: '20' });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as PickAnswer;
    const [r, g, b] = await pixelAt(PHOTOS.kodim21(), 10, 20);
    expect(answer.picked_color).toMatchObject({ r, g, b });
  });

  // How much faster the cached pixels answer is the benchmarks' to measure (bench/image-colors.ts).
  it('answers a repeated pick on the same image, at another point', async () => {
    const photo = await sharp(PHOTOS.baboon()).resize(2048, 2048).jpeg({ quality: 90 }).toBuffer();
    await pick(photo, 5, 5);
    const second = await pick(photo, 2000, 2000);
    expect(second.picked_color.coordinates).toEqual({ x: 2000, y: 2000 });
  });
});
