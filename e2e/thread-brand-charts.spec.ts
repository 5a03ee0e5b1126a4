import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { findBrandThread, threadLabel } from '@stitchwise/core';
import { test } from './csp-guard.js';
import { generatePattern, PHOTO, signUp } from './editor-page.js';
import { pdfPageTexts } from './exported-files.js';

/**
 * A stitcher who stitches Anchor: the wizard asks the brand once and remembers it; the preview, the chart, its
 * legend and its PDF name Anchor threads only, never a DMC code they did not ask for.
 */
test('the wizard in Anchor gives an Anchor chart and a PDF that names Anchor threads, and the chart converts to DMC with a report', async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page);
  const document = await generatePattern(page, 'Lighthouse in Anchor', { signedIn: true, colors: 12, brand: 'Anchor' });

  expect(document.version).toBe(3);
  expect(document.legend.length).toBeGreaterThan(6);
  for (const entry of document.legend) {
    expect(entry.brand, `${entry.code} is an Anchor thread`).toBe('anchor');
    expect(entry.dmc_code).toBe('');
    expect(findBrandThread('anchor', entry.code)?.hex).toBe(entry.hex);
  }

  // The legend heads its code column with the brand, and lists Anchor's codes and names.
  const legend = page.locator('section[aria-labelledby="legend-title"]');
  await expect(legend.getByRole('columnheader', { name: 'Anchor' })).toBeVisible();
  await expect(legend.getByRole('cell', { name: document.legend[0]!.name, exact: true }).first()).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF chart' }).first().click();
  const pdf = await (await download).path();
  const texts = (await pdfPageTexts(new Uint8Array(await readFile(pdf)))).join(' ').replace(/ +/g, ' ');
  expect(texts).toContain(`${document.legend.length} Anchor colours`);
  for (const entry of document.legend) expect(texts).toContain(`${threadLabel(entry)} ${entry.name}`);
  expect(texts).not.toMatch(/\bDMC\b/);

  // 'Convert chart to DMC' on the Anchor project: a DMC copy, every Anchor thread beside the DMC thread it became.
  await page.getByRole('link', { name: 'Open the project' }).click();
  await expect(page.getByRole('link', { name: 'Start stitching' })).toBeVisible();
  await page.getByRole('region', { name: 'Stitch Plan' }).getByRole('button', { name: 'Convert chart to …' }).click();
  await page.getByRole('dialog', { name: 'Convert this chart to another brand' }).getByRole('button', { name: 'Convert chart to DMC' }).click();
  const report = page.getByRole('region', { name: 'Chart converted to DMC' });
  await expect(report).toBeVisible({ timeout: 30_000 });
  const rows = report.getByTestId('conversion-mapping');
  await expect(rows).toHaveCount(document.legend.length);
  for (const [index, row] of (await rows.all()).entries()) {
    await expect(row.getByRole('cell').nth(0)).toContainText(`${threadLabel(document.legend[index]!)} `);
    await expect(row.getByRole('cell').nth(1)).toContainText(/^DMC \S+ /);
    await expect(row.getByRole('cell').nth(2)).toHaveText(/^\d+\.\d$/);
  }

  // Remembered: the next chart starts in Anchor.
  await page.goto('/stitch/new');
  await page.getByTestId('file-input').setInputFiles(PHOTO);
  await page.getByRole('button', { name: 'Continue to Settings' }).click();
  await expect(page.getByLabel('Thread brand')).toHaveValue('anchor');
});
