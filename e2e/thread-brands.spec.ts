import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './csp-guard.js';
import { PHOTO } from './editor-page.js';

/**
 * Thread brands in the browser: an Anchor stitcher converts a pasted list to the nearest DMC and Madeira
 * threads and downloads it as CSV (at 1280 px and on a 390 px phone), and the colour matcher in Madeira
 * names only Madeira threads, a choice the colour tools remember.
 */

const PASTED = 'Anchor 403, 9046\n9999 0403';

async function convertPasted(page: Page): Promise<Locator> {
  await expect(page.getByRole('heading', { level: 1, name: 'Convert Threads' })).toBeVisible();
  await expect(page.getByLabel('Convert from')).toHaveValue('anchor');
  await page.getByLabel('Or paste a list of Anchor codes').fill(PASTED);
  await page.getByRole('button', { name: 'Convert these codes' }).click();
  const cards = page.getByTestId('conversion');
  await expect(cards).toHaveCount(2); // 0403 is Anchor 403 again
  return cards;
}

/** A tappable target is at least 24 × 24 CSS px as the page shows it, after the 75 % pages are scaled to under 1090 px. */
async function expectTappable(target: Locator, name: string): Promise<void> {
  const box = (await target.boundingBox())!;
  expect.soft(box.width, `${name}: width on the screen`).toBeGreaterThanOrEqual(24);
  expect.soft(box.height, `${name}: height on the screen`).toBeGreaterThanOrEqual(24);
}

test('converts a pasted Anchor list to the nearest DMC and Madeira threads, and downloads it as CSV', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Convert Threads' }).click();
  await expect(page).toHaveURL(/\/threads\/convert$/);
  await expect(page).toHaveTitle('Convert Threads · Stitchwise');
  const cards = await convertPasted(page);

  await expect(page.getByRole('heading', { name: 'Nearest colours (ΔE00), not official equivalents' })).toBeVisible();
  await expect(page.getByText('Not Anchor codes: 9999.')).toBeVisible();
  const black = cards.first();
  await expect(black.getByRole('heading', { level: 3 })).toHaveText('Anchor 403 · Black');
  const dmc = black.getByRole('region', { name: 'Nearest DMC threads to Anchor 403' }).getByTestId('match-dmc');
  await expect(dmc).toHaveCount(3);
  await expect(dmc.first()).toContainText('DMC 310');
  await expect(dmc.first()).toContainText('ΔE00 0.0');
  const madeira = black.getByRole('region', { name: 'Nearest Madeira threads to Anchor 403' }).getByTestId('match-madeira');
  await expect(madeira).toHaveCount(3);
  await expect(madeira.first()).toContainText('Madeira Black');
  const red = cards.nth(1);
  await expect(red.getByRole('heading', { level: 3 })).toHaveText('Anchor 9046 · Christmas Red');
  await expect(red.getByTestId('match-madeira').first()).toContainText('Madeira 211');
  // Both brands' matches side by side at this width.
  const [left, right] = [(await red.getByRole('region').first().boundingBox())!, (await red.getByRole('region').nth(1).boundingBox())!];
  expect(right.x).toBeGreaterThan(left.x + left.width - 1);
  expect(Math.abs(right.y - left.y)).toBeLessThan(2);
  await page.screenshot({ path: 'e2e-results/screenshots/convert-threads-1280.png', fullPage: true });

  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(file.suggestedFilename()).toBe('anchor-thread-conversion.csv');
  const path = `e2e-results/downloads-${file.suggestedFilename()}`;
  await file.saveAs(path);
  const lines = readFileSync(path, 'utf8').trimEnd().split('\r\n');
  expect(lines[0]).toBe('Thread,Name,Hex,Nearest thread,Nearest name,Nearest hex,Rank,Delta E 2000 (nearest colour; not an official equivalent)');
  expect(lines).toHaveLength(1 + 2 * 2 * 3 + 1);
  expect(lines[1]).toBe('Anchor 403,Black,#000000,DMC 310,Black,#000000,1,0');
  expect(lines.filter((line) => line.startsWith('Anchor 9046,Christmas Red,') && line.includes(',Madeira 211,'))).toHaveLength(1);
  expect(lines.at(-1)).toBe('Anchor 9999,not a known Anchor code,,,,,,');

  // One more by search: a suggestion converts it and leads the list.
  await page.getByLabel('Anchor code or name').fill('salmon');
  const suggestion = page.getByRole('list', { name: 'Anchor threads found' }).getByRole('button').first();
  await expect(suggestion).toContainText('Salmon');
  await suggestion.click();
  await expect(cards).toHaveCount(3);
  await expect(cards.first().getByRole('heading', { level: 3 })).toContainText('Salmon');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the Convert Threads page fits the screen, with targets large enough to tap', async ({ page }) => {
    await page.goto('/threads/convert');
    const cards = await convertPasted(page);
    await expect(cards.first().getByTestId('match-dmc').first()).toContainText('DMC 310');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectTappable(page.getByLabel('Convert from'), 'Convert from');
    await expectTappable(page.getByRole('button', { name: 'Convert these codes' }), 'Convert these codes');
    await expectTappable(page.getByRole('button', { name: 'Download CSV' }), 'Download CSV');
    await expectTappable(page.getByRole('button', { name: 'Clear' }), 'Clear');
    await page.getByLabel('Anchor code or name').fill('403');
    const suggestion = page.getByRole('list', { name: 'Anchor threads found' }).getByRole('button').first();
    await expect(suggestion).toContainText('Anchor 403');
    await expectTappable(suggestion, 'a suggestion');
    await page.screenshot({ path: 'e2e-results/screenshots/convert-threads-390.png', fullPage: true });
  });
});

test('the colour matcher in Madeira names only Madeira threads, and the colour tools remember the brand', async ({ page }) => {
  await page.goto('/colors/matcher');
  await page.getByLabel('Thread brand').selectOption('madeira');
  await expect(page.getByText('Click any point of an image to find the closest Madeira threads.')).toBeVisible();
  await page.getByTestId('file-input').setInputFiles(PHOTO);
  await page.getByTestId('pick-image').click({ position: { x: 120, y: 80 } });
  await expect(page.getByRole('heading', { name: 'Top 5 Madeira Thread Matches' })).toBeVisible();
  const matches = page.getByTestId('thread-match');
  await expect(matches).toHaveCount(5);
  for (const text of await matches.allTextContents()) expect(text).toMatch(/^\d+Madeira \S+ · /);
  await expect(matches.filter({ hasText: 'DMC' })).toHaveCount(0);
  await page.screenshot({ path: 'e2e-results/screenshots/matcher-madeira-1280.png' });

  // Back to DMC for the same point: asked again at once.
  await page.getByLabel('Thread brand').selectOption('dmc');
  await expect(page.getByRole('heading', { name: 'Top 5 DMC Thread Matches' })).toBeVisible();
  await expect(matches.first()).toContainText('DMC ');
  await page.getByLabel('Thread brand').selectOption('madeira');
  await expect(page.getByRole('heading', { name: 'Top 5 Madeira Thread Matches' })).toBeVisible();

  // Remembered on this device, by both colour tools.
  await page.goto('/colors/dominant');
  await expect(page.getByLabel('Thread brand')).toHaveValue('madeira');
  await page.getByTestId('file-input').setInputFiles(PHOTO);
  await page.getByLabel('Number of colors').selectOption('4');
  await page.getByRole('button', { name: 'Analyze Colors' }).click();
  const colours = page.getByTestId('color-card');
  await expect(colours).toHaveCount(4);
  for (const text of await colours.allTextContents()) expect(text).toContain('Madeira ');
  await expect(colours.filter({ hasText: 'DMC' })).toHaveCount(0);
});
