import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { pdfPageSizes } from '../apps/server/test/support/pdf-text.js';
import { encodePng } from '../apps/server/test/support/images.js';
import { test } from './csp-guard.js';
import { pdfPageTexts } from './exported-files.js';

/**
 * Printing a chart as a stitcher does: a visitor's 100 × 75 chart, its PDF downloaded from the result's
 * downloads with the print options chosen there, read back for its pages. With 60 × 70 blocks overlapping
 * by 3 this chart took 4 chart pages, two of them 8 rows high; split evenly it takes 2.
 */

const A4_PORTRAIT = { width: 595, height: 842 };
const A4_LANDSCAPE = { width: 842, height: 595 };

/** A 4:3 picture of four colour fields: 100 × 75 stitches at 100 on the long side. */
const PICTURE = encodePng(400, 300, (x, y) => [x < 200 ? 200 : 40, y < 150 ? 60 : 190, (x + 2 * y) % 255]);

/** Generates a visitor's chart of PICTURE at 100 stitches and waits for the result. */
async function generateChart(page: Page): Promise<void> {
  await page.goto('/stitch/new');
  await page.getByTestId('file-input').setInputFiles({ name: 'meadow.png', mimeType: 'image/png', buffer: PICTURE });
  await page.getByRole('button', { name: 'Continue to Settings' }).click();
  await page.getByRole('radio', { name: '100', exact: true }).check();
  await page.getByLabel(/^Project name/).fill('Meadow');
  await expect(page.getByRole('img', { name: /^Preview of the chart/ })).toBeVisible();
  await page.getByRole('button', { name: 'Generate Pattern' }).click();
  await expect(page.getByRole('link', { name: 'Download Pattern' })).toBeVisible({ timeout: 60_000 });
}

/** Clicks 'Download PDF chart' and returns the file and the query the app asked the export with. */
async function downloadPdf(page: Page): Promise<{ bytes: Uint8Array; query: URLSearchParams }> {
  const request = page.waitForRequest((sent) => /^\/api\/stitch\/patterns\/[\w-]+\.json\/export$/.test(new URL(sent.url()).pathname));
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF chart' }).click()]);
  const path = `e2e-results/printed-${download.suggestedFilename()}`;
  await download.saveAs(path);
  return { bytes: new Uint8Array(readFileSync(path)), query: new URL((await request).url()).searchParams };
}

test('a 100 × 75 chart prints on 2 chart pages, and on the pages and orientation the stitcher chooses', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await generateChart(page);
  const plan = page.getByTestId('print-plan');
  await expect(plan).toContainText('The PDF chart: 2 portrait pages of up to 51 × 75 stitches');

  await test.step('by default: cover, thread list and 2 portrait chart pages, none a sliver', async () => {
    const { bytes, query } = await downloadPdf(page);
    expect(Object.fromEntries(query)).toMatchObject({ format: 'pdf', orientation: 'auto', stitches_per_page: 'pattern-keeper', pages: 'all' });
    expect(await pdfPageSizes(bytes)).toEqual([A4_PORTRAIT, A4_PORTRAIT, A4_PORTRAIT, A4_PORTRAIT]);
    const texts = await pdfPageTexts(bytes);
    expect(texts[0]).toContain('100 × 75 stitches');
    expect(texts[0]).toContain('Page 1 p. 3 1, 1');
    expect(texts[0]).toContain('Page 2 p. 4 50, 1');
    expect(texts[2]).toContain('chart page 1 of 2: stitches 1–51 across, 1–75 down');
    expect(texts[3]).toContain('chart page 2 of 2: stitches 50–100 across, 1–75 down');
  });

  await test.step('landscape pages 2-3, chosen by keyboard: the cover and thread list, then those two pages turned', async () => {
    await page.getByLabel('Orientation', { exact: true }).focus();
    await page.keyboard.press('ArrowDown'); // Portrait
    await page.keyboard.press('ArrowDown'); // Landscape
    await expect(page.getByLabel('Orientation', { exact: true })).toHaveValue('landscape');
    await expect(plan).toContainText('4 landscape pages of up to 51 × 39 stitches');
    const pages = page.getByLabel('Pages', { exact: true });
    await pages.fill('2-5');
    await expect(pages).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Pages must be from 1 to 4: this chart has 4 chart pages.')).toBeVisible();
    await page.getByRole('region', { name: 'Print and materials' }).screenshot({ path: 'e2e-results/screenshots/print-options.png' });
    await expect(page.getByRole('button', { name: 'Download PDF chart' })).toBeDisabled();
    await pages.fill('2-3');
    await expect(plan).toContainText('printing pages 2–3');
    const { bytes, query } = await downloadPdf(page);
    expect(Object.fromEntries(query)).toMatchObject({ orientation: 'landscape', pages: '2-3' });
    expect(await pdfPageSizes(bytes)).toEqual([A4_PORTRAIT, A4_PORTRAIT, A4_LANDSCAPE, A4_LANDSCAPE]);
    const texts = await pdfPageTexts(bytes);
    expect(texts[0]).toContain('This PDF holds chart pages 2–3');
    expect(texts[2]).toContain('chart page 2 of 4: stitches 50–100 across, 1–39 down');
    expect(texts[3]).toContain('chart page 3 of 4: stitches 1–51 across, 38–75 down');
  });
  expect(errors).toEqual([]);
});
