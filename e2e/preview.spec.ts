import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { test } from './csp-guard.js';

/**
 * The wizard's live preview in Chromium: computed in the browser as settings change, without a
 * long task on the page's thread, and in agreement with the chart the server then generates.
 */
const require = createRequire(import.meta.url);
const PHOTOS = ['rgbquant/demo/img/kodim21.png', 'baboon-image/baboon.png', 'rgbquant/demo/img/pheasant.jpg'].map((name) => require.resolve(name));
const KODIM = PHOTOS[0]!;
const REMOTE_PHOTO = `http://127.0.0.1:${Number(process.env.E2E_APP_PORT ?? 3211) + 1}/kodim21.png`;

interface PaintRecord {
  colors: number;
  maxSide: number;
  threads: number;
}

declare global {
  interface Window {
    __longTasks: { start: number; duration: number }[];
    __previewPaints: PaintRecord[];
  }
}

// No Playwright trace here: its DOM snapshots run on the page's thread at every action (tasks of
// 50-70 ms, measured, which this spec would count against the preview) and fetch blob: URLs from
// inside the page (a connect-src violation the app itself never causes).
test.use({ trace: 'off' });

// Before the app's own scripts: record long tasks of the page's thread and every painted preview.
test.beforeEach(async ({ page }) => {
  await page.addInitScript({
    content: `window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
      window.__previewPaints = [];
      addEventListener('stitchwise:preview-painted', (event) => {
        window.__previewPaints.push({ colors: event.detail.settings.colors, maxSide: event.detail.settings.maxSide, threads: event.detail.threads });
      });`,
  });
});

const preview = (page: Page) => page.getByTestId('chart-preview');
const threadsOf = async (page: Page): Promise<string[]> => ((await preview(page).getAttribute('data-threads')) ?? '').split(' ').filter(Boolean);
const lastPaint = (page: Page) => page.evaluate(() => window.__previewPaints.at(-1));
/** Stitches left empty in the preview (fully transparent pixels). */
const emptyStitches = (page: Page) =>
  page.getByRole('img', { name: /Preview of the chart/ }).evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let empty = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] === 0) empty++;
    return empty;
  });
const canvasPixels = (page: Page) => page.getByRole('img', { name: /Preview of the chart/ }).evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL());

async function toSettings(page: Page, photo: string): Promise<void> {
  await page.goto('/stitch/new');
  await page.getByTestId('file-input').setInputFiles(photo);
  // The file is read before it is the wizard's picture (the one shown, named): a click before that, on a busy
  // machine, finds the page still without it or with the picture of an earlier visit.
  await expect(page.getByRole('figure', { name: new RegExp(`^${basename(photo).replace('.', '\\.')} `) })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Settings' }).click();
}

async function signUp(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Start Free Now' }).click();
  await page.getByLabel('Name').fill('Pip Preview');
  await page.getByLabel('E-mail address').fill(`pip-${Date.now()}@example.com`);
  await page.getByLabel('Password').fill('a long and patient password 7');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('user-name')).toHaveText('Pip Preview');
}

test('a visitor sees the chart preview of an uploaded photo, within their sizes', async ({ page }) => {
  await toSettings(page, KODIM);
  await expect(preview(page)).toHaveAttribute('data-state', 'ready');
  await expect(page.getByText('100 × 67 stitches · 10 threads')).toBeVisible();
  expect(await threadsOf(page)).toHaveLength(10);
  await expect(page.getByRole('list', { name: 'Threads in the preview' }).getByRole('listitem')).toHaveCount(10);
  const before = await canvasPixels(page);
  await page.getByRole('radio', { name: '50', exact: true }).check();
  await expect(page.getByText(/^50 × 33 stitches/)).toBeVisible();
  expect(await canvasPixels(page)).not.toBe(before);
  await page.screenshot({ path: 'e2e-results/screenshots/wizard-preview-visitor-1280.png', fullPage: true });
});

test('a signed-in user changes the colours and the preview follows, the page never blocked', async ({ page }) => {
  await signUp(page);
  await page.goto('/stitch/new');
  await page.getByTestId('file-input').setInputFiles(KODIM);
  await expect(page.getByRole('img', { name: 'The selected image' })).toBeVisible();
  // The page's own start-up (scripts, sign-in state, first calls) is over: from here on, only the preview runs.
  await page.waitForLoadState('networkidle');
  const started = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: 'Continue to Settings' }).click();
  await expect.poll(() => lastPaint(page)).toMatchObject({ colors: 20, maxSide: 100 });
  const twenty = { threads: await threadsOf(page), pixels: await canvasPixels(page) };

  // Down to 5 colours, one step at a time, each step its own task as a dragged slider sends them: a burst of
  // 15 requests within a few milliseconds, while the worker needs tens of milliseconds for each.
  const colours = page.getByLabel(/^Colors/);
  await colours.evaluate(async (slider: HTMLInputElement) => {
    // The prototype's setter, past React's tracking of the input's value, as the browser's own change would be.
    const nativeValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!;
    for (let value = 19; value >= 5; value--) {
      nativeValue.set!.call(slider, String(value));
      slider.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  });
  await expect(colours).toHaveValue('5');
  await expect.poll(() => lastPaint(page)).toMatchObject({ colors: 5 });
  await expect(preview(page)).toHaveAttribute('data-state', 'ready');
  const five = { threads: await threadsOf(page), pixels: await canvasPixels(page) };
  expect(twenty.threads.length).toBeGreaterThan(10);
  expect(five.threads.length).toBeGreaterThan(1);
  expect(five.threads.length).toBeLessThanOrEqual(5);
  expect(five.threads).not.toEqual(twenty.threads.slice(0, 5));
  expect(five.pixels).not.toBe(twenty.pixels);
  // Stale runs are dropped: of the burst's 15 settings, the waiting ones were replaced unsent and an answer
  // arriving after a newer setting is not painted, so only one or two of them reach the screen.
  expect((await page.evaluate(() => window.__previewPaints.length)) - 1).toBeLessThanOrEqual(3);

  await page.getByRole('checkbox', { name: /k-means/ }).check();
  await page.getByRole('radio', { name: '300', exact: true }).check();
  await expect.poll(() => lastPaint(page)).toMatchObject({ colors: 5, maxSide: 300 });
  await expect(page.getByText(/^300 × 200 stitches/)).toBeVisible();

  const longTasks = await page.evaluate((since) => window.__longTasks.filter((task) => task.start >= since), started);
  expect(longTasks, 'main-thread tasks over 50 ms while previews ran').toEqual([]);
  await page.screenshot({ path: 'e2e-results/screenshots/wizard-preview-signed-in-1280.png', fullPage: true });
});

test("a picture given by address is previewed from the server's copy", async ({ page }) => {
  await page.goto('/stitch/new');
  await page.getByLabel('Or enter an image URL').fill(REMOTE_PHOTO);
  await page.getByRole('button', { name: 'Load Image' }).click();
  await page.getByRole('button', { name: 'Continue to Settings' }).click();
  await expect(preview(page)).toHaveAttribute('data-state', 'ready');
  await expect(page.getByText('100 × 67 stitches · 10 threads')).toBeVisible();
});

test("with background removal on, the preview shows the server's cut-out", async ({ page }) => {
  test.slow(); // the first removal loads the segmentation model
  await signUp(page);
  await toSettings(page, KODIM);
  await expect(preview(page)).toHaveAttribute('data-state', 'ready');
  expect(await emptyStitches(page)).toBe(0);
  await page.getByRole('checkbox', { name: /Remove background/ }).check();
  await expect(preview(page)).toHaveAttribute('data-state', 'updating');
  await expect(preview(page)).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  // The sky and sea are gone: a good share of the chart is left unstitched.
  expect(await emptyStitches(page)).toBeGreaterThan(100 * 67 * 0.1);
  await page.screenshot({ path: 'e2e-results/screenshots/wizard-preview-cutout-1280.png', fullPage: true });
});

test('an image the browser cannot decode gets a quiet message, not a broken preview', async ({ page }) => {
  await page.goto('/stitch/new');
  // A PNG signature and nothing else: the page takes it as a picture, no browser can decode it.
  const broken = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
  await page.getByTestId('file-input').setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: broken });
  await page.getByRole('button', { name: 'Continue to Settings' }).click();
  await expect(page.getByText('Preview unavailable for this image')).toBeVisible();
  await expect(preview(page)).toHaveAttribute('data-state', 'unavailable');
  await expect(page.getByRole('img', { name: /Preview of the chart/ })).toHaveCount(0);
});

test('the preview agrees with the chart the server generates, on three photos', async ({ page }) => {
  for (const photo of PHOTOS) {
    await toSettings(page, photo);
    await expect(preview(page)).toHaveAttribute('data-state', 'ready');
    const previewThreads = await threadsOf(page);
    const previewDeltaE = Number(await preview(page).getAttribute('data-mean-delta-e'));

    const answer = await page.request.post('/api/stitch/generate/anonymous', {
      multipart: {
        image_file: { name: basename(photo), mimeType: photo.endsWith('.png') ? 'image/png' : 'image/jpeg', buffer: readFileSync(photo) },
        colors: '10',
        max_side: '100',
      },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    const plan = (await answer.json()) as { legend_data: { dmc_code: string }[]; metadata: { mean_delta_e: number } };
    const serverThreads = new Set(plan.legend_data.map((entry) => entry.dmc_code));
    const shared = previewThreads.filter((code) => serverThreads.has(code)).length;

    console.log(
      `${basename(photo)}: ${shared}/${previewThreads.length} preview threads in the server's legend; mean ΔE00 preview ${previewDeltaE.toFixed(2)}, server ${plan.metadata.mean_delta_e.toFixed(2)}`,
    );
    expect(previewThreads.length).toBeGreaterThan(0);
    expect(shared / previewThreads.length, basename(photo)).toBeGreaterThanOrEqual(0.8);
    expect(Math.abs(previewDeltaE - plan.metadata.mean_delta_e), basename(photo)).toBeLessThanOrEqual(0.5);
  }
});
