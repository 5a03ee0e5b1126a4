import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { blendOf, codeLabel, findThread, formatHex, mixedColour, type LegendEntry, type PatternDocument } from '@stitchwise/core';
import { test } from './csp-guard.js';
import { cellPoint, expectPalette, paletteCounts, PHOTO, signUp } from './editor-page.js';
import { pdfPageTexts } from './exported-files.js';
import { lastPaintedSettings, recordPaintedPreviews } from './painted-previews.js';

/**
 * Blends (issue #32) in Chromium against the real server: the wizard with 'Blends' on previews blends and
 * generates the chart it previewed, each blend a legend entry of two threads, one strand each, with a
 * two-colour swatch; the PDF of that chart names the blend in its legend; and the editor adds a blend of two
 * threads, draws with it and saves it, and a reload shows it.
 */

recordPaintedPreviews(test);

const isBlend = (entry: LegendEntry): boolean => entry.threads.length === 2;

/** Both threads of a blend, as its swatch names them (`data-blend`). */
const blendSwatchOf = (entry: LegendEntry): string => entry.threads.map((thread) => formatHex(thread.rgb)).join(' ');

/** A swatch's two-colour background, as the browser paints it. */
const backgroundImage = (swatch: Locator): Promise<string> => swatch.evaluate((element) => getComputedStyle(element).backgroundImage);

/**
 * The wizard with the test photo at 50 stitches and 10 colours, Blends switched on: waits for the preview with
 * blends, generates, and returns the preview's threads and the chart's document.
 */
async function generateWithBlends(page: Page, name: string): Promise<{ previewed: string[]; document: PatternDocument }> {
  await page.goto('/stitch/new');
  await page.getByTestId('file-input').setInputFiles(PHOTO);
  await expect(page.getByRole('img', { name: 'The selected image' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Settings' }).click();
  await page.getByLabel(/^Colors/).fill('10');
  await page.getByRole('radio', { name: '50', exact: true }).check();
  const blends = page.getByRole('switch', { name: /^Blends/ });
  await expect(blends).not.toBeChecked();
  await page.getByText('Blends — mix two threads in a stitch for in-between shades').click();
  await expect(blends).toBeChecked();
  await expect.poll(() => lastPaintedSettings(page)).toMatchObject({ blends: 'on', colors: 10, maxSide: 50 });
  const preview = page.getByTestId('chart-preview');
  await expect(preview).toHaveAttribute('data-state', 'ready');
  const previewed = ((await preview.getAttribute('data-threads')) ?? '').split(' ').filter(Boolean);
  await page.getByLabel(/^Project name/).fill(name);
  await page.getByTestId('chart-preview').screenshot({ path: 'e2e-results/screenshots/blends-preview.png' });

  const documentResponse = page.waitForResponse((response) => /^\/files\/[\w-]+\.json$/.test(new URL(response.url()).pathname) && response.ok(), {
    timeout: 60_000,
  });
  await page.getByRole('button', { name: 'Generate Pattern' }).click();
  await expect(page.getByRole('link', { name: 'Download Pattern' })).toBeVisible({ timeout: 60_000 });
  return { previewed, document: (await (await documentResponse).json()) as PatternDocument };
}

test.use({ viewport: { width: 1280, height: 900 } });

test('with Blends on, the preview shows blends and the chart has them: two threads, one strand each, a two-colour swatch', async ({ page }) => {
  await signUp(page);
  const { previewed, document } = await generateWithBlends(page, 'Blended harbour');

  const blends = document.legend.filter(isBlend);
  expect(blends.length, 'the chart has blends').toBeGreaterThan(0);
  // What was previewed is what was made.
  expect([...previewed].sort()).toEqual(document.legend.map((entry) => entry.code).sort());
  // At most 10 threads to buy, the blends made of them.
  const physical = new Set(document.legend.flatMap((entry) => entry.threads.map((thread) => thread.code)));
  expect(physical.size).toBeLessThanOrEqual(10);
  for (const blend of blends) {
    const [a, b] = blend.threads.map((thread) => findThread(thread.code)!);
    expect(blend.code).toBe(`${a!.code}+${b!.code}`);
    expect(blend.threads.map((thread) => thread.strands)).toEqual([1, 1]);
    expect(blend.rgb).toEqual(mixedColour(a!, b!));
    expect(physical).toContain(a!.code);
  }

  const blend = blends[0]!;
  await test.step('the legend shows the blend with both threads and 1 + 1 strands', async () => {
    const row = page.getByTestId('legend-row').filter({ hasText: codeLabel(blend.code) });
    await expect(row).toContainText('1 + 1 strands');
    await expect(row).toContainText(blend.name);
    const swatch = row.locator('[data-blend]');
    await expect(swatch).toHaveAttribute('data-blend', blendSwatchOf(blend));
    expect(await backgroundImage(swatch)).toMatch(/^linear-gradient/);
    await page.getByRole('region', { name: 'Color Legend' }).screenshot({ path: 'e2e-results/screenshots/blends-legend.png' });
  });

  await test.step('the preview legend showed it too, with a two-colour swatch', async () => {
    await page.getByRole('button', { name: 'Adjust settings' }).click();
    await expect(page.getByRole('switch', { name: /^Blends/ })).toBeChecked();
    const item = page
      .getByRole('list', { name: 'Threads in the preview' })
      .getByRole('listitem')
      .filter({ hasText: codeLabel(blend.code) });
    await expect(item.locator('[data-blend]')).toHaveAttribute('data-blend', blendSwatchOf(blend));
    await expect(page.getByTestId('chart-preview').locator('..')).toContainText(/\d+ threads \+ \d+ blends?/);
  });
});

test('the PDF of a chart with blends names each blend in its legend, 1 + 1 strands', async ({ page }) => {
  await signUp(page);
  const { document } = await generateWithBlends(page, 'Blended print');
  const blend = document.legend.find(isBlend);
  expect(blend, 'the chart has a blend').toBeDefined();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF chart' }).click()]);
  const path = `e2e-results/blends-${download.suggestedFilename()}`;
  await download.saveAs(path);
  const text = (await pdfPageTexts(new Uint8Array(readFileSync(path)))).join('\n');
  expect(text).toContain(`${codeLabel(blend!.code)} (1 + 1 strands)`);
});

test('the editor adds a blend of two threads, draws with it and saves it; a reload shows it', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signUp(page);
  // A chart without blends, generated as any other.
  await page.goto('/stitch/new');
  await page.getByTestId('file-input').setInputFiles(PHOTO);
  await page.getByRole('button', { name: 'Continue to Settings' }).click();
  await page.getByLabel(/^Colors/).fill('10');
  await page.getByRole('radio', { name: '50', exact: true }).check();
  await page.getByLabel(/^Project name/).fill('Harbour blend');
  await expect(page.getByRole('img', { name: /^Preview of the chart/ })).toBeVisible();
  await page.getByRole('button', { name: 'Generate Pattern' }).click();
  await page.getByRole('link', { name: 'Open the project' }).click({ timeout: 60_000 });
  await page.getByRole('link', { name: 'Edit chart' }).click();
  await expect(page.getByRole('heading', { name: 'Edit chart: Harbour blend' })).toBeVisible();
  await expect(page.locator('[data-view]')).toHaveAttribute('data-view', /^[\d.]+ [-\d.]+ [-\d.]+$/);
  const before = await paletteCounts(page);

  const addBlend = page.getByTestId('add-blend');
  await addBlend.getByText('Add a blend').click();
  const firstChoices = addBlend.getByRole('list', { name: 'First thread: chart threads' }).getByRole('button');
  const [a, b] = [(await firstChoices.nth(0).getAttribute('aria-label'))!, (await firstChoices.nth(1).getAttribute('aria-label'))!];
  await firstChoices.nth(0).click();
  await addBlend.getByRole('list', { name: 'Second thread: chart threads' }).getByRole('button').nth(1).click();
  // 'DMC 310 Black': the code is the second word.
  const threadOf = (label: string) => findThread(label.split(' ')[1]!)!;
  const mix = blendOf(threadOf(a), threadOf(b));
  const { code } = mix;
  const [threadA, threadB] = mix.blend;
  const preview = addBlend.getByTestId('blend-preview');
  await expect(preview).toContainText(`Mix ${mix.hex.toUpperCase()}, 1 + 1 strands`);
  await addBlend.screenshot({ path: 'e2e-results/screenshots/blends-add-blend.png' });
  await preview.getByRole('button', { name: /^Add blend DMC / }).click();

  const row = page.locator(`[data-testid="palette-thread"][data-code="${code}"]`);
  await expect(row).toContainText(codeLabel(code));
  await expect(row.locator('[data-blend]')).toHaveAttribute('data-blend', `${threadA.hex} ${threadB.hex}`);
  await row.click();
  await expect(page.getByTestId('current-thread')).toContainText(`DMC ${codeLabel(code)}`);

  // Ten stitches of the first row, drawn with the blend.
  const [start, end] = [await cellPoint(page, { x: 0, y: 0 }), await cellPoint(page, { x: 9, y: 0 })];
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(end.x, end.y, { steps: 6 });
  await page.mouse.up();
  await page.mouse.move(1, 1);
  await expect.poll(async () => (await paletteCounts(page)).get(code)).toBe(10);
  await page.getByRole('region', { name: /^Threads/ }).screenshot({ path: 'e2e-results/screenshots/blends-palette.png' });

  const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && /\/pattern$/.test(new URL(response.url()).pathname));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).status()).toBe(200);
  const counts = await paletteCounts(page);

  const read = page.waitForResponse(
    (response) => response.request().method() === 'GET' && /\/pattern$/.test(new URL(response.url()).pathname) && response.ok(),
  );
  await page.reload();
  const document = (await (await read).json()) as PatternDocument;
  const entry = document.legend.find((item) => item.code === code);
  expect(entry).toMatchObject({
    stitch_count: 10,
    threads: [
      { code: threadA.code, strands: 1 },
      { code: threadB.code, strands: 1 },
    ],
  });
  expect(document.cells.slice(0, 10).every((index) => index === entry!.index)).toBe(true);
  await expectPalette(page, counts, 'the reloaded editor shows the saved blend');
  await expect(page.locator(`[data-testid="palette-thread"][data-code="${code}"] [data-blend]`)).toBeVisible();
  expect(before.get(code)).toBeUndefined();
  expect(errors).toEqual([]);
});
