import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { test } from './csp-guard.js';

/**
 * What happens to a chosen picture before it is sent: a HEIC photo from a phone is decoded in the
 * browser and sent as JPEG, a photo larger than any tool needs is shrunk and sent upright, a small
 * one goes as it is, and one over the limit is refused without sending anything.
 */
const require = createRequire(import.meta.url);
const PHOTO = require.resolve('rgbquant/demo/img/kodim21.png');
/** Made from PHOTO by heif-enc (libheif 1.15.1, x265): see e2e/fixtures/README.md. */
const HEIC = readFileSync(new URL('fixtures/kodim21.heic', import.meta.url));

type Rgb = [number, number, number];
const RED: Rgb = [220, 40, 40];
const GREEN: Rgb = [40, 180, 60];
const BLUE: Rgb = [40, 60, 220];
const YELLOW: Rgb = [240, 220, 40];

/**
 * A 12-megapixel phone photo as cameras store it: the pixels lie on their side (3000×4000) and the
 * EXIF orientation 6 says to turn them a quarter clockwise. Upright it is 4000×3000 with red, green,
 * blue and yellow quarters (top left, top right, bottom left, bottom right).
 */
async function sidewaysPhoto(): Promise<Buffer> {
  const quarter = (colour: Rgb) => ({ create: { width: 2000, height: 1500, channels: 3 as const, background: { r: colour[0], g: colour[1], b: colour[2] } } });
  const upright = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#000' } })
    .composite([
      { input: await sharp(quarter(RED)).png().toBuffer(), left: 0, top: 0 },
      { input: await sharp(quarter(GREEN)).png().toBuffer(), left: 2000, top: 0 },
      { input: await sharp(quarter(BLUE)).png().toBuffer(), left: 0, top: 1500 },
      { input: await sharp(quarter(YELLOW)).png().toBuffer(), left: 2000, top: 1500 },
    ])
    .png()
    .toBuffer();
  const stored = await sharp(upright).rotate(-90).jpeg({ quality: 90 }).withMetadata({ orientation: 6 }).toBuffer();
  const { width, height, orientation } = await sharp(stored).metadata();
  expect({ width, height, orientation }).toEqual({ width: 3000, height: 4000, orientation: 6 });
  return stored;
}

/** What the page sent: the bodies of its requests to the API and the pictures in them. */
interface SentForms {
  /** Each request body as the network carries it, but for the files' bytes (Chromium leaves them out). */
  bodies: string[];
  /** The pictures the page put into those forms, bytes and all, read where it appends them. */
  pictures: File[];
}

async function watchSentForms(page: Page): Promise<SentForms> {
  const sent: SentForms = { bodies: [], pictures: [] };
  await page.route('**/api/**', async (route) => {
    const body = route.request().postData();
    if (body) sent.bodies.push(body);
    await route.continue();
  });
  await page.exposeBinding('__uploadsSpecPicture', (_source, name: string, type: string, base64: string) => {
    sent.pictures.push(new File([Buffer.from(base64, 'base64')], name, { type }));
  });
  await page.addInitScript({
    content: `for (const method of ['append', 'set']) {
      const original = FormData.prototype[method];
      FormData.prototype[method] = function (name, value, filename) {
        if (name === 'image_file' && value instanceof Blob) {
          const fileName = filename ?? value.name ?? '';
          value.arrayBuffer().then((buffer) => {
            const bytes = new Uint8Array(buffer);
            let binary = '';
            for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
            window.__uploadsSpecPicture(fileName, value.type, btoa(binary));
          });
        }
        return original.apply(this, arguments);
      };
    }`,
  });
  return sent;
}

/** The picture of the last form sent, checked against the request that carried it. */
async function lastSentPicture(sent: SentForms): Promise<File> {
  await expect.poll(() => sent.pictures.length, { message: 'a picture put into a form' }).toBeGreaterThan(0);
  const picture = sent.pictures.at(-1)!;
  expect(sent.bodies.at(-1)).toContain(`Content-Disposition: form-data; name="image_file"; filename="${picture.name}"\r\nContent-Type: ${picture.type}\r\n`);
  return picture;
}

async function colourAt(picture: Buffer, x: number, y: number): Promise<Rgb> {
  const { data } = await sharp(picture).extract({ left: x, top: y, width: 1, height: 1 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return [data[0]!, data[1]!, data[2]!];
}

function expectNear(actual: Rgb, expected: Rgb, what: string): void {
  const distance = Math.max(...actual.map((value, channel) => Math.abs(value - expected[channel]!)));
  expect(distance, `${what}: rgb(${actual.join(', ')}) against rgb(${expected.join(', ')})`).toBeLessThanOrEqual(12);
}

/** Clicks the colour matcher's picture at a fraction of its shown size; the colour the server found there. */
async function pickAt(page: Page, fx: number, fy: number): Promise<Rgb> {
  const image = page.getByTestId('pick-image');
  await expect(image).toBeVisible();
  const box = await image.boundingBox();
  if (!box) throw new Error('the picture is not shown');
  const [response] = await Promise.all([page.waitForResponse('**/api/colors/pick'), image.click({ position: { x: box.width * fx, y: box.height * fy } })]);
  expect(response.status()).toBe(200);
  const { picked_color } = (await response.json()) as { picked_color: { r: number; g: number; b: number } };
  return [picked_color.r, picked_color.g, picked_color.b];
}

test('the upload area is named by all of its visible text and mentions HEIC', async ({ page }) => {
  await page.goto('/colors/matcher');
  const zone = page.getByRole('button', { name: /^Upload an image/ });
  await expect(zone).toContainText('PNG, JPG, JPEG, GIF, BMP, WEBP, HEIC · max 10MB');
  const visibleText = (await zone.innerText()).replace(/\s+/g, ' ').trim();
  await expect(zone).toHaveAccessibleName(visibleText);
  await expect(page.getByTestId('file-input')).toHaveAttribute('accept', /\.heic,\.heif,.*image\/heic,image\/heif/);
});

test('a HEIC photo is decoded in the browser, sent as JPEG and made into a chart', async ({ page }) => {
  const sent = await watchSentForms(page);
  // Holding back the decoder's WebAssembly a moment shows the preparation message for certain.
  await page.context().route('**/*.wasm', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.goto('/stitch/new');
  await page.getByTestId('file-input').setInputFiles({ name: 'IMG_0042.HEIC', mimeType: 'image/heic', buffer: HEIC });
  await expect(page.getByRole('status').filter({ hasText: 'Preparing photo…' })).toBeVisible();
  const preview = page.getByRole('img', { name: 'The selected image' });
  await expect(preview).toBeVisible();
  await expect(page.getByText(/^IMG_0042\.jpg \(0\.\d\d MB\)$/)).toBeVisible();
  expect(await preview.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight])).toEqual([768, 512]);
  await expect(page.getByRole('status').filter({ hasText: 'Preparing photo…' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Continue to Settings' }).click();
  await page.getByRole('radio', { name: '50', exact: true }).check();
  await page.getByLabel(/^Project name/).fill('Heic harbour');
  await page.getByRole('button', { name: 'Generate Pattern' }).click();
  const picture = await lastSentPicture(sent);
  expect([picture.name, picture.type]).toEqual(['IMG_0042.jpg', 'image/jpeg']);
  const jpeg = Buffer.from(await picture.arrayBuffer());
  expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 768, height: 512 });
  // The same picture as the photo the HEIC was made from, not a black or garbled one.
  const original = await sharp(PHOTO).removeAlpha().raw().toBuffer();
  const decoded = await sharp(jpeg).removeAlpha().raw().toBuffer();
  const meanDifference = original.reduce((sum, value, index) => sum + Math.abs(value - decoded[index]!), 0) / original.length;
  expect(meanDifference).toBeLessThan(8);
  await expect(page.getByRole('link', { name: 'Download Pattern' })).toBeVisible({ timeout: 60_000 });
});

test('a HEIC photo is recognised by its bytes, whatever its name and type say', async ({ page }) => {
  const sent = await watchSentForms(page);
  await page.goto('/colors/matcher');
  await page.getByTestId('file-input').setInputFiles({ name: 'from-the-phone.jpg', mimeType: 'image/jpeg', buffer: HEIC });
  await pickAt(page, 0.5, 0.5);
  const picture = await lastSentPicture(sent);
  expect([picture.name, picture.type]).toEqual(['from-the-phone.jpg', 'image/jpeg']);
  expect(await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 768, height: 512 });
  await expect(page.getByTestId('thread-match')).toHaveCount(5);
});

test('a large sideways photo is sent shrunk and upright, and the matcher picks where it is clicked', async ({ page }) => {
  const sent = await watchSentForms(page);
  await page.goto('/colors/matcher');
  await page.getByTestId('file-input').setInputFiles({ name: 'IMG_1234.jpg', mimeType: 'image/jpeg', buffer: await sidewaysPhoto() });

  const pickedTopLeft = await pickAt(page, 0.25, 0.25);
  const file = await lastSentPicture(sent);
  const picture = Buffer.from(await file.arrayBuffer());
  const metadata = await sharp(picture).metadata();
  expect({ name: file.name, format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
    name: 'IMG_1234.jpg',
    format: 'jpeg',
    width: 2048,
    height: 1536,
  });
  expect(metadata.orientation ?? 1).toBe(1);
  expectNear(await colourAt(picture, 512, 384), RED, 'top left of the sent picture');
  expectNear(await colourAt(picture, 1536, 384), GREEN, 'top right of the sent picture');
  expectNear(await colourAt(picture, 512, 1152), BLUE, 'bottom left of the sent picture');
  expectNear(await colourAt(picture, 1536, 1152), YELLOW, 'bottom right of the sent picture');

  expectNear(pickedTopLeft, RED, 'the colour picked at the top left');
  expectNear(await pickAt(page, 0.75, 0.75), YELLOW, 'the colour picked at the bottom right');
  expectNear(await pickAt(page, 0.25, 0.75), BLUE, 'the colour picked at the bottom left');
});

test('a photo small enough is sent byte for byte as it was chosen', async ({ page }) => {
  const sent = await watchSentForms(page);
  await page.goto('/colors/matcher');
  await page.getByTestId('file-input').setInputFiles(PHOTO);
  await pickAt(page, 0.3, 0.3);
  const picture = await lastSentPicture(sent);
  expect(picture.name).toBe('kodim21.png');
  expect(Buffer.from(await picture.arrayBuffer()).equals(readFileSync(PHOTO))).toBe(true);
});

test('a file over the limit is refused with the limit named, and nothing is sent', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET') sent.push(`${request.method()} ${request.url()}`);
  });
  await page.goto('/colors/dominant');
  await page.getByTestId('file-input').setInputFiles({ name: 'phone.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(16 * 1024 * 1024) });
  await expect(page.getByRole('alert')).toHaveText('This image is 16.00 MB; images can be at most 10 MB. Please choose a smaller one.');
  await expect(page.getByRole('button', { name: 'Analyze Colors' })).toBeDisabled();
  expect(sent).toEqual([]);
});
