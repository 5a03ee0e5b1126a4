import { expect, type Page } from '@playwright/test';
import { rgbToLab, type PatternDocument } from '@stitchwise/core';
import { test } from './csp-guard.js';
import { PHOTO, signUp } from './editor-page.js';

/**
 * The photo's adjustments (issue #34) in Chromium against the real server: the sliders change the live
 * preview (saturation −100 paints it in greys), 'Show before' shows the photo's chart as it was, the chart
 * generated with the adjustments is the one previewed and its project keeps them. On a phone the preview is in
 * sight with the sliders. How fast a slider's preview comes is measured by bench/web-preview.ts, not here.
 */

interface Paint {
  settings: Record<string, unknown>;
  timings: { decodeMs: number; gridMs: number; patternMs: number };
}

declare global {
  interface Window {
    __paints: Paint[];
  }
}

test.use({ viewport: { width: 1280, height: 900 } });

test.beforeEach(async ({ page }) => {
  await page.addInitScript({
    content: `window.__paints = [];
      addEventListener('stitchwise:preview-painted', (event) => {
        window.__paints.push({ settings: event.detail.settings, timings: event.detail.timings });
      });`,
  });
});

const previewCanvas = (page: Page) => page.getByRole('img', { name: /Preview of the chart/ });
const canvasPixels = (page: Page) => previewCanvas(page).evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL());
const lastPaint = (page: Page) => page.evaluate(() => window.__paints.at(-1)?.settings);

/** The share of the preview's stitches that are not grey (their channels more than 12 apart), and how many stitches there are. */
const colourfulShare = (page: Page) =>
  previewCanvas(page).evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let stitches = 0;
    let colourful = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] !== 255) continue;
      stitches++;
      if (Math.max(data[i]!, data[i + 1]!, data[i + 2]!) - Math.min(data[i]!, data[i + 1]!, data[i + 2]!) > 12) colourful++;
    }
    return { stitches, share: colourful / stitches };
  });

async function toSettings(page: Page): Promise<void> {
  await page.goto('/stitch/new');
  await page.getByTestId('file-input').setInputFiles(PHOTO);
  await expect(page.getByRole('img', { name: 'The selected image' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Settings' }).click();
  await expect(page.getByTestId('chart-preview')).toHaveAttribute('data-state', 'ready');
}

test("a visitor's saturation slider greys the preview, and 'Show before' shows the photo's chart as it was", async ({ page }) => {
  await toSettings(page);
  const original = { pixels: await canvasPixels(page), colour: await colourfulShare(page) };
  expect(original.colour.share, 'the lighthouse photo is in colour').toBeGreaterThan(0.3);
  const before = page.getByRole('button', { name: 'Show before' });
  await expect(before).toBeDisabled();

  await page.getByLabel(/^Saturation/).fill('-100');
  await expect(page.getByLabel(/^Saturation/)).toHaveAccessibleName(/^Saturation\s?-100$/);
  await expect.poll(() => lastPaint(page)).toMatchObject({ saturation: -100 });
  await expect(page.getByTestId('chart-preview')).toHaveAttribute('data-state', 'ready');
  const grey = await colourfulShare(page);
  expect(grey.stitches).toBe(original.colour.stitches);
  expect(grey.share, 'stitches in colour at saturation −100').toBe(0);
  const greyPixels = await canvasPixels(page);
  await page.getByTestId('chart-preview').screenshot({ path: 'e2e-results/screenshots/photo-adjustments-grey.png' });

  await before.click();
  await expect(before).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { name: /before the photo's adjustments/ })).toBeVisible();
  await expect.poll(() => lastPaint(page)).toMatchObject({ saturation: 0 });
  expect(await canvasPixels(page), 'the preview before the adjustments is the first preview').toBe(original.pixels);
  await before.click();
  await expect(before).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => lastPaint(page)).toMatchObject({ saturation: -100 });
  expect(await canvasPixels(page)).toBe(greyPixels);

  // More contrast changes the preview too; Reset brings back the first preview.
  await page.getByLabel(/^Contrast/).fill('60');
  await expect.poll(() => lastPaint(page)).toMatchObject({ saturation: -100, contrast: 60 });
  expect(await canvasPixels(page)).not.toBe(greyPixels);
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect.poll(() => lastPaint(page)).toMatchObject({ saturation: 0, contrast: 0 });
  expect(await canvasPixels(page)).toBe(original.pixels);
  await expect(page.getByRole('button', { name: 'Reset' })).toBeDisabled();
});

/** Makes one change and waits for its preview: the paint with the expected settings. */
async function change(page: Page, act: () => Promise<void>, expected: Partial<Paint['settings']>): Promise<Paint> {
  const before = await page.evaluate(() => window.__paints.length);
  await act();
  const handle = await page.waitForFunction(
    ({ before, expected }) => window.__paints.slice(before).find((p) => Object.entries(expected).every(([key, value]) => p.settings[key] === value)),
    { before, expected },
    { timeout: 60_000 },
  );
  return (await handle.jsonValue()) as Paint;
}

test("a signed-in user's adjusted chart is the one previewed and its project keeps the adjustments; a slider re-adjusts the kept grid, a colour count does not", async ({
  page,
}) => {
  test.setTimeout(120_000);
  let authorization = '';
  page.on('request', (request) => {
    authorization = request.headers()['authorization'] ?? authorization;
  });
  await signUp(page);
  await toSettings(page);

  // How fast is for `npm run bench` (bench/web-preview.ts times both against the preview's targets); here, what is
  // done again: a saturation not seen before adjusts and prepares the kept grid, a colour count starts from it.
  const colours = page.getByLabel(/^Colors/);
  const saturation = page.getByLabel(/^Saturation/);
  const adjusted = await change(page, () => saturation.fill('-20'), { saturation: -20 });
  expect(adjusted.timings.gridMs, 'the grid adjusted and prepared for a new saturation').toBeGreaterThan(0);
  expect(adjusted.timings.decodeMs, 'the picture is not read again').toBe(0);
  const recoloured = await change(page, () => colours.fill('12'), { saturation: -20, colors: 12 });
  expect(recoloured.timings.gridMs, 'a colour count starts from the prepared grid').toBe(0);

  // Generate with adjustments at 50 stitches and 10 colours: the chart is the one previewed, in greys.
  await page.getByRole('radio', { name: '50', exact: true }).check();
  await colours.fill('10');
  await saturation.fill('-100');
  await page.getByLabel(/^Gamma/).fill('1.25');
  await page.getByLabel(/^Sharpen/).fill('30');
  await page.getByRole('checkbox', { name: /Auto levels/ }).check();
  await expect.poll(() => lastPaint(page)).toMatchObject({ maxSide: 50, colors: 10, saturation: -100, gamma: 1.25, sharpen: 30, autoLevels: true });
  await expect(page.getByTestId('chart-preview')).toHaveAttribute('data-state', 'ready');
  const previewed = ((await page.getByTestId('chart-preview').getAttribute('data-threads')) ?? '').split(' ').filter(Boolean);
  await page.getByLabel(/^Project name/).fill('Grey lighthouse');
  const documentResponse = page.waitForResponse((response) => /^\/files\/[\w-]+\.json$/.test(new URL(response.url()).pathname) && response.ok(), {
    timeout: 60_000,
  });
  await page.getByRole('button', { name: 'Generate Pattern' }).click();
  await expect(page.getByRole('link', { name: 'Download Pattern' })).toBeVisible({ timeout: 60_000 });
  const document = (await (await documentResponse).json()) as PatternDocument;
  expect([...previewed].sort()).toEqual(document.legend.map((entry) => entry.code).sort());
  for (const entry of document.legend) expect(Math.hypot(rgbToLab(entry.rgb).a, rgbToLab(entry.rgb).b), `${entry.code} is a grey`).toBeLessThan(3);

  await page.getByRole('link', { name: 'Open the project' }).click();
  const projectId = page.url().split('/').at(-1)!;
  const project = await page.request.get(`/api/stitch/projects/${projectId}`, { headers: { authorization } });
  expect(project.ok()).toBe(true);
  expect(((await project.json()) as { parameters: Record<string, unknown> }).parameters).toMatchObject({
    saturation: -100,
    gamma: 1.25,
    sharpen: 30,
    auto_levels: true,
    brightness: 0,
    contrast: 0,
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the preview is in sight with the sliders that change it, and a finger on a slider changes it', async ({ page }) => {
    await toSettings(page);
    const original = await canvasPixels(page);
    // The preview's top just below the app's top bar: the first sliders fit on the same screen under it.
    await previewCanvas(page).evaluate((canvas) => {
      canvas.scrollIntoView({ block: 'start' });
    });
    const topBar = (await page.locator('header').first().boundingBox())!;
    await page.evaluate((height) => {
      window.scrollBy(0, -height - 24);
    }, topBar.height);
    const preview = (await previewCanvas(page).boundingBox())!;
    expect(preview.y, 'the preview below the top bar').toBeGreaterThanOrEqual(topBar.y + topBar.height);
    const viewport = page.viewportSize()!;
    for (const name of [/^Brightness/, /^Contrast/, /^Saturation/]) {
      const slider = (await page.getByLabel(name).boundingBox())!;
      expect(slider.y, `${String(name)} below the preview`).toBeGreaterThan(preview.y + preview.height);
      expect(slider.y + slider.height, `${String(name)} on the same screen`).toBeLessThanOrEqual(viewport.height);
    }
    await page.screenshot({ path: 'e2e-results/screenshots/photo-adjustments-phone.png' });

    // A finger drags the saturation slider to its left end: the preview, in sight, turns grey.
    const slider = (await page.getByLabel(/^Saturation/).boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x?: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: x === undefined ? [] : [{ x, y: slider.y + slider.height / 2, id: 1 }] });
    await touch('touchStart', slider.x + slider.width / 2);
    for (let step = 1; step <= 8; step++) await touch('touchMove', slider.x + slider.width / 2 - (step * slider.width) / 12);
    await touch('touchMove', slider.x);
    await touch('touchEnd');
    await expect.poll(() => lastPaint(page), { timeout: 20_000 }).toMatchObject({ saturation: -100 });
    await expect(page.getByTestId('chart-preview')).toHaveAttribute('data-state', 'ready');
    expect(await canvasPixels(page)).not.toBe(original);
    expect((await colourfulShare(page)).share).toBe(0);
  });
});
