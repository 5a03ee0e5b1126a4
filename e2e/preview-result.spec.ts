import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { PatternDocument } from '@stitchwise/core';
import sharp from 'sharp';
import { test } from './csp-guard.js';
import { signUp } from './editor-page.js';
import { lastPaintedSettings, recordPaintedPreviews } from './painted-previews.js';

/**
 * The preview is the result (issue #30, point 8): with the same photo and settings, the live preview
 * in the wizard and the chart the server then generates have the same threads and the same thread in
 * every stitch. Both read the photo the core's way (pattern/reading.ts): a big JPEG scaled while it
 * is decoded and every other pixel kept, anything else whole.
 */
const require = createRequire(import.meta.url);

interface Photo {
  name: string;
  type: string;
  buffer: Buffer;
}

const file = (path: string, type: string): Photo => ({ name: basename(path), type, buffer: readFileSync(require.resolve(path)) });

/**
 * A 12-megapixel phone-like JPEG (4000 × 3000, grain, 4:2:0), made from a real photo here rather than
 * committed: the wizard shrinks it to 2048 px before anything, so the preview and the server read that.
 */
async function phonePhoto(): Promise<Photo> {
  const [width, height] = [4000, 3000];
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 10 } } })
    .png()
    .toBuffer();
  const buffer = await sharp(require.resolve('baboon-image/baboon.png'))
    .resize(width, height, { fit: 'fill' })
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toBuffer();
  return { name: 'phone-photo.jpg', type: 'image/jpeg', buffer };
}

const preview = (page: Page) => page.getByTestId('chart-preview');

recordPaintedPreviews(test);

/** The preview's threads and, per stitch, its thread's colour (the canvas holds one pixel a stitch). */
async function previewChart(page: Page): Promise<{ threads: string[]; width: number; height: number; colours: string[] }> {
  const threads = ((await preview(page).getAttribute('data-threads')) ?? '').split(' ').filter(Boolean);
  const drawn = await page.getByRole('img', { name: /^Preview of the chart/ }).evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    const colours: string[] = [];
    for (let i = 0; i < data.length; i += 4)
      colours.push(data[i + 3] === 0 ? '' : '#' + [data[i]!, data[i + 1]!, data[i + 2]!].map((v) => v.toString(16).padStart(2, '0')).join(''));
    return { width: canvas.width, height: canvas.height, colours };
  });
  return { threads, ...drawn };
}

/** The chart's stitches as the preview draws them: each its thread's colour, '' where none. */
function chartColours(document: PatternDocument): string[] {
  return document.cells.map((index) => (index < 0 ? '' : document.legend[index]!.hex.toLowerCase()));
}

/**
 * Chooses the photo, waits for its preview (at the default settings, or at those `settings` are, once
 * `configure` has set them), generates, and compares.
 */
async function compare(
  page: Page,
  photo: Photo,
  settings?: { expected: Record<string, unknown>; configure: () => Promise<void> },
): Promise<{ sameThreads: boolean; identical: number }> {
  await page.goto('/stitch/new');
  await page.getByTestId('file-input').setInputFiles({ name: photo.name, mimeType: photo.type, buffer: photo.buffer });
  await expect(page.getByRole('figure', { name: new RegExp(`^${photo.name.replace('.', '\\.')} `) })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Settings' }).click();
  if (settings) {
    await settings.configure();
    await expect.poll(() => lastPaintedSettings(page)).toMatchObject(settings.expected);
  }
  await expect(preview(page)).toHaveAttribute('data-state', 'ready');
  const shown = await previewChart(page);

  await page.getByLabel(/^Project name/).fill(`Agreement ${photo.name}`);
  const documentResponse = page.waitForResponse((response) => /^\/files\/[\w-]+\.json$/.test(new URL(response.url()).pathname) && response.ok(), {
    timeout: 60_000,
  });
  await page.getByRole('button', { name: 'Generate Pattern' }).click();
  const document = (await (await documentResponse).json()) as PatternDocument;
  await expect(page.getByRole('link', { name: 'Download Pattern' })).toBeVisible({ timeout: 60_000 });

  expect([shown.width, shown.height], `${photo.name}: grid`).toEqual([document.width, document.height]);
  const chart = chartColours(document);
  const identical = chart.filter((colour, cell) => colour === shown.colours[cell]).length / chart.length;
  const chartThreads = document.legend.map((thread) => thread.dmc_code);
  const sameThreads = [...shown.threads].sort().join(' ') === [...chartThreads].sort().join(' ');
  console.log(
    `${photo.name} at ${page.viewportSize()?.width} px: ${shown.threads.length} preview threads, ${chartThreads.length} chart threads, same: ${sameThreads}; identical stitches ${(identical * 100).toFixed(2)} %`,
  );
  return { sameThreads, identical };
}

test.describe('the preview and the generated chart agree', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('on a phone photo, a JPEG photo and a PNG photo: the same threads, the same stitches', async ({ page }) => {
    test.slow(); // three photos, each previewed and generated
    for (const photo of [await phonePhoto(), file('rgbquant/demo/img/plush.jpg', 'image/jpeg'), file('rgbquant/demo/img/kodim21.png', 'image/png')]) {
      const { sameThreads, identical } = await compare(page, photo);
      expect(sameThreads, `${photo.name}: threads`).toBe(true);
      expect(identical, `${photo.name}: identical stitches`).toBeGreaterThanOrEqual(0.98);
    }
    await page.screenshot({ path: 'e2e-results/screenshots/preview-result-1280.png', fullPage: true });
  });
});

test('with the settings a signed-in stitcher changes: size, colours, k-means, merging, dithering', async ({ page }) => {
  await signUp(page);
  const settings = {
    expected: { maxSide: 150, colors: 25, useKmeans: true, mergeThreads: true, dithering: 'soft' },
    configure: async () => {
      await page.getByRole('radio', { name: '150', exact: true }).check();
      await page.getByLabel(/^Colors/).fill('25');
      await page.getByRole('checkbox', { name: /k-means/ }).check();
      await page.getByRole('checkbox', { name: /Merge similar/ }).check();
      await page.getByRole('radio', { name: /^Soft/ }).check();
    },
  };
  const { sameThreads, identical } = await compare(page, await phonePhoto(), settings);
  expect(sameThreads).toBe(true);
  expect(identical).toBeGreaterThanOrEqual(0.98);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the preview of a phone photo is the chart it generates', async ({ page }) => {
    const { sameThreads, identical } = await compare(page, await phonePhoto());
    expect(sameThreads).toBe(true);
    expect(identical).toBeGreaterThanOrEqual(0.98);
    await page.screenshot({ path: 'e2e-results/screenshots/preview-result-390.png', fullPage: true });
  });
});
