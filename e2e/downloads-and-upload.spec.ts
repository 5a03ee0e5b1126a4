import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { pdfTitle } from '../apps/server/test/support/pdf-text.js';
import { test } from './csp-guard.js';
import { generatePattern, PHOTO, signUp } from './editor-page.js';
import { pdfPageTexts } from './exported-files.js';

/**
 * Downloads say what they are, and the upload step works on a phone (issue #30, points 7 and 9): the
 * result and the project page offer 'Download PDF chart' beside the picture's download, and the PDF is
 * titled; on a 390 × 844 touch screen the chosen photo's preview and Continue are on the first screen,
 * the box says 'Choose a photo', and Generate says why it waits for a name.
 */

/** Clicks `button` and returns the downloaded file's name and bytes. */
async function download(page: Page, button: Locator): Promise<{ filename: string; bytes: Uint8Array }> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = `e2e-results/downloads-${file.suggestedFilename()}`;
  await file.saveAs(path);
  return { filename: file.suggestedFilename(), bytes: new Uint8Array(readFileSync(path)) };
}

/** The PDF is titled `title`: in its document Title and as its cover's heading. */
async function expectTitled(bytes: Uint8Array, title: string): Promise<void> {
  expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  expect(await pdfTitle(bytes)).toBe(title);
  expect((await pdfPageTexts(bytes))[0]).toMatch(new RegExp(`^${title} `));
}

/** The two elements sit side by side: `second` right after `first`, on the same line. */
async function expectSideBySide(first: Locator, second: Locator): Promise<void> {
  expect(await first.evaluate((element, other) => element.nextElementSibling === other, await second.elementHandle())).toBe(true);
  const [a, b] = [(await first.boundingBox())!, (await second.boundingBox())!];
  expect(Math.abs(a.y + a.height / 2 - (b.y + b.height / 2))).toBeLessThan(4);
  expect(b.x).toBeGreaterThan(a.x + a.width);
}

test("'Download PDF chart' sits beside 'Download Pattern' on a visitor's result, and the PDF carries the name they gave", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await generatePattern(page, 'Harbour at dusk', { signedIn: false });
  const pattern = page.getByRole('link', { name: 'Download Pattern' });
  const pdf = page.getByRole('button', { name: 'Download PDF chart' });
  await expectSideBySide(pattern, pdf);
  await expect(pdf).toBeInViewport();
  // One 'Download PDF chart'; the print options' own button says it prints with them.
  await expect(page.getByRole('button', { name: /^Download PDF/ })).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Print and materials' }).getByRole('button', { name: 'Download PDF with these options' })).toBeVisible();
  await page.screenshot({ path: 'e2e-results/screenshots/result-downloads-1280.png' });

  const { filename, bytes } = await download(page, pdf);
  expect(filename).toBe('harbour-at-dusk.pdf');
  await expectTitled(bytes, 'Harbour at dusk');
});

test("the project page offers 'Download PDF chart' beside 'View Full Size', titled by the project", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page);
  await generatePattern(page, 'Lighthouse', { signedIn: true });
  await expectSideBySide(page.getByRole('link', { name: 'Download Pattern' }), page.getByRole('button', { name: 'Download PDF chart' }));

  await page.getByRole('link', { name: 'Open the project' }).click();
  const plan = page.getByRole('region', { name: 'Stitch Plan' });
  await expect(plan.getByRole('application', { name: /Stitch chart/ })).toBeVisible();
  const pdf = plan.getByRole('button', { name: 'Download PDF chart' });
  await expectSideBySide(pdf, plan.getByRole('link', { name: 'View Full Size' }));
  await expect(pdf).toBeInViewport();
  await page.screenshot({ path: 'e2e-results/screenshots/project-downloads-1280.png' });

  // It prints as the options below say: black and white here.
  await page.getByRole('region', { name: 'Print and materials' }).getByLabel('Chart').selectOption('bw');
  const request = page.waitForRequest((sent) => new URL(sent.url()).pathname.endsWith('/export'));
  const { filename, bytes } = await download(page, pdf);
  expect(new URL((await request).url()).searchParams.get('variant')).toBe('bw');
  expect(filename).toBe('lighthouse.pdf');
  await expectTitled(bytes, 'Lighthouse');

  // The import dialog's file picker looks like the app's other pickers, and names the chosen file.
  const oxs = await download(page, page.getByRole('button', { name: 'Download OXS' }));
  await page.goto('/stitch/projects');
  await page.getByRole('button', { name: 'Import a chart' }).click();
  const panel = page.getByRole('region', { name: 'Import a chart' });
  await expect(panel.getByText('No file chosen')).toBeVisible();
  await panel.getByLabel('Chart file').setInputFiles({ name: 'lighthouse.oxs', mimeType: 'application/xml', buffer: Buffer.from(oxs.bytes) });
  await expect(panel.getByText('lighthouse.oxs')).toBeVisible();
  await panel.screenshot({ path: 'e2e-results/screenshots/import-picker-1280.png' });
  await panel.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(panel.getByTestId('import-report')).toContainText('Imported “Lighthouse (imported)”');
});

test.describe('on a 390 × 844 touch screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the chosen photo's preview and Continue are on the first screen, the box says 'Choose a photo', and Generate says why it waits", async ({ page }) => {
    await page.goto('/stitch/new');
    const box = page.getByRole('button', { name: /^Choose a photo/ });
    await expect(box).toBeVisible();
    await expect(box).toContainText('PNG, JPG, JPEG, GIF, BMP, WEBP, HEIC · max 10MB');
    await expect(page.getByText(/drag and drop/i)).toHaveCount(0);
    // The idea box waits behind its disclosure, below.
    await expect(page.getByText('Or start from an idea')).toBeVisible();
    await expect(page.getByLabel('Describe your idea')).toBeHidden();

    await page.getByTestId('file-input').setInputFiles(PHOTO);
    const preview = page.getByRole('img', { name: 'The selected image' });
    await expect(preview).toBeVisible();
    const next = page.getByRole('button', { name: 'Continue to Settings' });
    await expect(preview).toBeInViewport({ ratio: 1 });
    await expect(next).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const ideas = (await page.getByText('Or start from an idea').boundingBox())!;
    expect((await next.boundingBox())!.y).toBeLessThan(ideas.y);
    await page.screenshot({ path: 'e2e-results/screenshots/upload-step-390.png' });

    await next.tap();
    const generate = page.getByRole('button', { name: 'Generate Pattern' });
    const why = 'Type a project name to generate the pattern.';
    await expect(generate).toBeDisabled();
    await expect(page.getByText(why)).toBeVisible();
    await expect(generate).toHaveAccessibleDescription(why);
    await generate.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'e2e-results/screenshots/generate-hint-390.png' });
    await page.getByLabel(/^Project name/).fill('Pocket garden');
    await expect(generate).toBeEnabled();
    await expect(page.getByText(why)).toHaveCount(0);
    await expect(generate).not.toHaveAccessibleDescription(why);
  });
});

test('with a mouse the upload box keeps its drag-and-drop wording, the preview beside it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/stitch/new');
  await expect(page.getByRole('button', { name: /^Upload an image Drag and drop or click to choose/ })).toBeVisible();
  await page.getByTestId('file-input').setInputFiles(PHOTO);
  await expect(page.getByRole('img', { name: 'The selected image' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Continue to Settings' })).toBeInViewport();
  await page.screenshot({ path: 'e2e-results/screenshots/upload-step-1280.png' });
});
