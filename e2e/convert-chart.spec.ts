import { expect, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './axe.js';
import { test } from './csp-guard.js';
import { generatePattern, signUp } from './editor-page.js';

/**
 * 'Convert chart to …' on a project, in Chromium: the copy in another brand is made, the report lists every
 * thread of the chart beside the thread it became with its ΔE00 (nearest colours, not official equivalents),
 * and the copy opens with a legend of that brand's threads. At 1280 px and on a 390 px phone.
 */

async function expectTappable(target: Locator, name: string): Promise<void> {
  const box = (await target.boundingBox())!;
  expect.soft(box.width, `${name}: width on the screen`).toBeGreaterThanOrEqual(24);
  expect.soft(box.height, `${name}: height on the screen`).toBeGreaterThanOrEqual(24);
}

/** A new user's DMC chart of the test photo, its project page open with the chart read. */
async function chartedProject(page: Page, name: string): Promise<string[]> {
  await signUp(page);
  const pattern = await generatePattern(page, name, { signedIn: true });
  await page.getByRole('link', { name: 'Open the project' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start stitching' })).toBeVisible(); // the chart's document is read
  return pattern.legend.map((entry) => entry.code);
}

test('converts a DMC chart to Anchor: the report lists every mapping with its ΔE00, and the copy names Anchor threads', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const codes = await chartedProject(page, 'Harbour brands');
  const originalUrl = page.url();

  await page.getByRole('region', { name: 'Stitch Plan' }).getByRole('button', { name: 'Convert chart to …' }).click();
  const dialog = page.getByRole('dialog', { name: 'Convert this chart to another brand' });
  await expect(dialog).toContainText('not official equivalents');
  await expect(dialog.getByRole('button')).toHaveText(['Cancel', 'Convert chart to Anchor', 'Convert chart to Madeira']);
  await dialog.getByRole('button', { name: 'Convert chart to Anchor' }).click();

  const report = page.getByRole('region', { name: 'Chart converted to Anchor' });
  await expect(report).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();
  await expect(report.getByRole('heading', { name: 'Chart converted to Anchor' })).toBeFocused();
  await expect(report).toContainText('“Harbour brands (Anchor)” is a new project with this chart in Anchor threads; this project is unchanged.');
  const table = report.getByRole('table', { name: /Nearest colours \(ΔE00\), not official equivalents/ });
  const rows = table.getByTestId('conversion-mapping');
  await expect(rows).toHaveCount(codes.length);
  const anchorCodes = new Set<string>();
  for (const [index, row] of (await rows.all()).entries()) {
    const cells = row.getByRole('cell');
    await expect(cells.nth(0)).toContainText(`DMC ${codes[index]!} `);
    await expect(cells.nth(1)).toContainText(/^Anchor \d+ /);
    await expect(cells.nth(2)).toHaveText(/^\d+\.\d$/);
    anchorCodes.add(/^Anchor (\d+) /.exec((await cells.nth(1).textContent())!)![1]!);
  }
  expect(page.url()).toBe(originalUrl);
  expect.soft(await axeViolations(page), 'axe-core violations with the report shown').toEqual([]);
  await page.screenshot({ path: 'e2e-results/screenshots/convert-chart-1280.png', fullPage: true });

  await report.getByRole('link', { name: 'Open “Harbour brands (Anchor)”' }).click();
  await expect(page.getByRole('heading', { name: 'Harbour brands (Anchor)' })).toBeVisible();
  await expect(page).not.toHaveURL(originalUrl);
  await expect(page.getByTestId('conversion-report')).toHaveCount(0);
  // Its legend names Anchor threads, those of the report, and no DMC thread.
  const legend = page.getByTestId('legend-row');
  await expect(legend).toHaveCount(anchorCodes.size);
  const labels = await legend
    .getByRole('button', { name: /^Highlight / })
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')!));
  expect(labels.every((label) => /^Highlight Anchor \d+ /.test(label))).toBe(true);
  expect(new Set(labels.map((label) => /^Highlight Anchor (\d+) /.exec(label)![1]))).toEqual(anchorCodes);
  await expect(page.getByTestId('legend-row').filter({ hasText: 'DMC' })).toHaveCount(0);
  // An Anchor chart is converted to the other two.
  await page.getByRole('button', { name: 'Convert chart to …' }).click();
  await expect(page.getByRole('dialog').getByRole('button')).toHaveText(['Cancel', 'Convert chart to DMC', 'Convert chart to Madeira']);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  expect(errors).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the conversion and its report fit the screen, with targets large enough to tap', async ({ page }) => {
    const codes = await chartedProject(page, 'Pocket chart');
    const opener = page.getByRole('button', { name: 'Convert chart to …' });
    await expectTappable(opener, 'Convert chart to …');
    await opener.tap();
    const dialog = page.getByRole('dialog', { name: 'Convert this chart to another brand' });
    for (const name of ['Cancel', 'Convert chart to Anchor', 'Convert chart to Madeira']) await expectTappable(dialog.getByRole('button', { name }), name);
    await dialog.getByRole('button', { name: 'Convert chart to Madeira' }).tap();

    const report = page.getByRole('region', { name: 'Chart converted to Madeira' });
    await expect(report).toBeVisible({ timeout: 30_000 });
    await expect(report.getByTestId('conversion-mapping')).toHaveCount(codes.length);
    await expect(report.getByTestId('conversion-mapping').first().getByRole('cell').nth(1)).toContainText('Madeira ');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const tableBox = (await report.getByRole('table').boundingBox())!;
    const reportBox = (await report.boundingBox())!;
    expect(tableBox.x + tableBox.width).toBeLessThanOrEqual(reportBox.x + reportBox.width + 0.5); // the table needs no sideways scrolling
    await expectTappable(report.getByRole('link', { name: 'Open “Pocket chart (Madeira)”' }), 'Open the copy');
    await expectTappable(report.getByRole('button', { name: 'Close report' }), 'Close report');
    expect.soft(await axeViolations(page), 'axe-core violations with the report shown').toEqual([]);
    await page.screenshot({ path: 'e2e-results/screenshots/convert-chart-390.png', fullPage: true });

    await report.getByRole('button', { name: 'Close report' }).tap();
    await expect(report).toBeHidden();
    await expect(opener).toBeFocused();
  });
});
