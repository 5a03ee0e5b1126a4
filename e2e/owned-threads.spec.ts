import { createRequire } from 'node:module';
import { expect } from '@playwright/test';
import { test } from './csp-guard.js';
import { signUp } from './editor-page.js';

/**
 * A stitcher with a small stash: adds four threads on My Threads, then makes a chart of a photo from
 * those only, and finds only them in the preview and in the result's legend.
 */
const require = createRequire(import.meta.url);
const PHOTO = require.resolve('rgbquant/demo/img/kodim21.png');
const STASH = ['310', '321', '699', 'Blanc'];

test('generates with only the threads added on My Threads, and the legend lists only those', async ({ page }) => {
  await signUp(page);
  await page.goto('/threads/mine');
  await page.getByLabel('Or paste a list of codes').fill(STASH.join(', '));
  const stored = page.waitForResponse((response) => response.request().method() === 'PUT' && new URL(response.url()).pathname === '/api/threads/owned');
  await page.getByRole('button', { name: 'Add these threads' }).click();
  expect((await stored).ok()).toBe(true);
  await expect(page.getByTestId('owned-thread')).toHaveCount(4);

  await page.goto('/stitch/new');
  await page.getByTestId('file-input').setInputFiles(PHOTO);
  await expect(page.getByRole('img', { name: 'The selected image' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Settings' }).click();
  const option = page.getByRole('checkbox', { name: 'Use only threads I own' });
  await expect(option).toBeEnabled();
  await option.check();
  await expect(page.getByLabel(/^Colors/)).toHaveValue('4');
  await page.getByRole('radio', { name: '50', exact: true }).check();
  await page.getByLabel(/^Project name/).fill('Lighthouse from my stash');

  // The preview, computed in the browser, keeps to the same threads.
  const preview = page.getByTestId('chart-preview');
  await expect(preview).toHaveAttribute('data-state', 'ready');
  const previewed = ((await preview.getAttribute('data-threads')) ?? '').split(' ');
  expect(previewed.length).toBeGreaterThanOrEqual(2);
  for (const code of previewed) expect(STASH).toContain(code);

  await page.getByRole('button', { name: 'Generate Pattern' }).click();
  await expect(page.getByRole('link', { name: 'Download Pattern' })).toBeVisible({ timeout: 60_000 });
  const rows = page.getByTestId('legend-row');
  await expect(rows.first()).toBeVisible();
  const codes = await rows.evaluateAll((all) => all.map((row) => row.querySelectorAll('td')[2]?.textContent.trim() ?? ''));
  expect(codes.length).toBeGreaterThanOrEqual(2);
  expect(codes.length).toBeLessThanOrEqual(4);
  for (const code of codes) expect(STASH).toContain(code);
});
