import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRaw, multipartBody, PHOTOS, subjectOnPlainBackground } from './support/images.js';
import { sqliteUnderTest, startTestServer, type DatabaseUnderTest, type TestServer } from './support/test-server.js';

interface StoredImage {
  image_id: string;
  image_url: string;
  width: number;
  height: number;
  format: string;
}

let database: DatabaseUnderTest;
let server: TestServer;
beforeAll(async () => {
  database = await sqliteUnderTest();
  server = await startTestServer(database.environment);
});
afterAll(async () => {
  await server.stop();
  await database.dispose();
});

async function post(path: string, fields: Record<string, string>, file?: Buffer): Promise<Response> {
  const body = multipartBody(fields, file && { field: 'image_file', filename: 'image', contentType: 'image/png', bytes: file });
  return fetch(`${server.baseUrl}/api${path}`, { method: 'POST', body });
}

async function stored(response: Response): Promise<{ image: StoredImage; bytes: Buffer }> {
  expect(response.status).toBe(201);
  const image = (await response.json()) as StoredImage;
  const file = await fetch(image.image_url);
  expect(file.status).toBe(200);
  return { image, bytes: Buffer.from(await file.arrayBuffer()) };
}

// Stored 60 × 40 with a 20 × 10 white block at its top-left corner; orientation 6 shows it 40 × 60,
// with the block at the top-right.
const rotatedJpeg = (): Promise<Buffer> =>
  fromRaw(60, 40, (x, y) => (x < 20 && y < 10 ? [255, 255, 255] : [30, 30, 30]))
    .jpeg({ quality: 100 })
    .withMetadata({ orientation: 6 })
    .toBuffer();

describe('POST /api/images/upload', () => {
  it('stores the image and reports its oriented size and format', async () => {
    const { image, bytes } = await stored(await post('/images/upload', {}, PHOTOS.kodim21()));
    expect(image).toMatchObject({ width: 768, height: 512, format: 'png' });
    expect(image.image_id).toMatch(/^[A-Za-z0-9_-]{32}\.png$/);
    expect(bytes.equals(PHOTOS.kodim21())).toBe(true);
    const rotated = await stored(await post('/images/upload', {}, await rotatedJpeg()));
    expect(rotated.image).toMatchObject({ width: 40, height: 60, format: 'jpg' });
  });

  it('refuses a damaged image rather than storing it', async () => {
    const jpeg = await sharp(PHOTOS.baboon()).jpeg().toBuffer();
    const response = await post('/images/upload', {}, jpeg.subarray(0, jpeg.length / 3));
    expect(response.status).toBe(422);
  });
});

describe('POST /api/images/crop', () => {
  it('crops in oriented pixels, from a file or from an uploaded image id', async () => {
    const jpeg = await rotatedJpeg();
    const { image, bytes } = await stored(await post('/images/crop', { x: '30', y: '0', width: '10', height: '20' }, jpeg));
    expect(image).toMatchObject({ width: 10, height: 20, format: 'jpg' });
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(230); // the white block, now at the top-right of the oriented image

    const upload = (await (await post('/images/upload', {}, PHOTOS.kodim21())).json()) as StoredImage;
    const fromId = await stored(await post('/images/crop', { image_id: upload.image_id, x: '100', y: '50', width: '64', height: '32' }));
    expect(fromId.image).toMatchObject({ width: 64, height: 32, format: 'png' });
    const expected = await sharp(PHOTOS.kodim21()).extract({ left: 100, top: 50, width: 64, height: 32 }).raw().toBuffer();
    expect((await sharp(fromId.bytes).raw().toBuffer()).equals(expected)).toBe(true);
  });

  it('refuses a rectangle outside the image, naming the field, and an unknown image id', async () => {
    const outside = await post('/images/crop', { x: '700', y: '0', width: '100', height: '10' }, PHOTOS.kodim21());
    expect(outside.status).toBe(400);
    expect(await outside.json()).toMatchObject({ errors: [{ field: 'width' }] });
    const zero = await post('/images/crop', { x: '0', y: '0', width: '0', height: '10' }, PHOTOS.kodim21());
    expect(zero.status).toBe(400);
    const unknown = await post('/images/crop', { image_id: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png', x: '0', y: '0', width: '1', height: '1' });
    expect(unknown.status).toBe(404);
  });
});

describe('POST /api/images/remove-background', () => {
  it('makes the plain background transparent and keeps the subject opaque, at the input size', async () => {
    expect(((await (await fetch(`${server.baseUrl}/api/health`)).json()) as { background_removal: { model: string } }).background_removal.model).toBe(
      'not_loaded',
    );
    const { image, bytes } = await stored(await post('/images/remove-background', {}, await subjectOnPlainBackground()));
    expect(image).toMatchObject({ width: 512, height: 512, format: 'png' });
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    const alphaAt = (x: number, y: number): number => data[(y * 512 + x) * 4 + 3]!;
    // Background: the corners and the margins around the subject (which spans 146–366).
    for (const [x, y] of [
      [5, 5],
      [506, 5],
      [5, 506],
      [506, 506],
      [60, 256],
      [450, 256],
      [256, 60],
      [256, 450],
    ] as const) {
      expect(alphaAt(x, y), `background at ${x},${y}`).toBeLessThan(26);
    }
    // Subject: the middle of the face.
    for (const [x, y] of [
      [256, 256],
      [230, 300],
      [280, 220],
    ] as const)
      expect(alphaAt(x, y), `subject at ${x},${y}`).toBeGreaterThan(229);
    // A soft matte: some pixels are partly transparent.
    let partial = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 10 && data[i]! < 245) partial++;
    expect(partial).toBeGreaterThan(100);

    const health = (await (await fetch(`${server.baseUrl}/api/health`)).json()) as { background_removal: { model: string } };
    expect(health.background_removal.model).toBe('ready');
  }, 240_000); // a model run: seconds when idle, several times that on a busy machine
});
