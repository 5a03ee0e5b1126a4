import { expect } from '@playwright/test';
import { findBrandThread } from '@stitchwise/core';
import { test } from './csp-guard.js';
import { PHOTO, signUp } from './editor-page.js';

/** An Anchor stitcher's stash, pasted as stitchers write it down, with one DMC thread they also have. */
const PASTED = 'Anchor 403, 2, 9046, 0134, 130, 268\nDMC 310';
const ANCHOR = ['403', '2', '9046', '134', '130', '268'];

/**
 * A stitcher who stitches Anchor pastes their threads on My Threads, charts a photo in Anchor from those
 * only, and finds only them in the preview, the chart's legend and the project's shopping list, with the
 * skeins they own counted: never a DMC code they did not ask for.
 */
test('an Anchor paste on My Threads, then a chart in Anchor from those threads only, to its shopping list', async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page);

  await test.step('My Threads reads an Anchor list, and shows each thread by brand', async () => {
    await page.goto('/threads/mine');
    await page.getByLabel('Or paste a list of codes').fill(PASTED);
    const stored = page.waitForResponse((response) => response.request().method() === 'PUT' && new URL(response.url()).pathname === '/api/threads/owned');
    await page.getByRole('button', { name: 'Add these threads' }).click();
    expect((await stored).ok()).toBe(true);
    await expect(page.getByTestId('owned-thread')).toHaveCount(ANCHOR.length + 1);
    await expect(page.getByRole('heading', { name: /^Your threads: 7 threads \(1 DMC, 6 Anchor\)/ })).toBeVisible();
    // By brand, then by number: DMC 310 first, then Anchor 2 … 9046.
    await expect(page.getByTestId('owned-thread').first()).toContainText('DMC 310');
    await expect(page.getByTestId('owned-thread').nth(1)).toContainText(`Anchor 2${findBrandThread('anchor', '2')!.name}`);
    await expect(page.getByTestId('owned-thread').last()).toContainText('Anchor 9046Christmas Red');
    // Two skeins of Anchor 403 on hand.
    const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && new URL(response.url()).pathname === '/api/threads/owned');
    await page.getByRole('button', { name: 'One skein more of Anchor 403' }).click();
    expect((await saved).ok()).toBe(true);
    await expect(page.getByLabel('Skeins of Anchor 403')).toHaveValue('2');
    await page.screenshot({ path: 'e2e-results/screenshots/my-threads-brands.png', fullPage: true });
  });

  await test.step('the wizard in Anchor charts among the Anchor threads owned only', async () => {
    await page.goto('/stitch/new');
    await page.getByTestId('file-input').setInputFiles(PHOTO);
    await expect(page.getByRole('img', { name: 'The selected image' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue to Settings' }).click();
    await page.getByLabel('Thread brand').selectOption({ label: 'Anchor' });
    const option = page.getByRole('checkbox', { name: 'Use only threads I own' });
    await expect(option).toBeEnabled();
    await expect(page.getByText(/^Chooses among your 6 Anchor threads only/)).toBeVisible();
    await option.check();
    await expect(page.getByLabel(/^Colors/)).toHaveValue('6');
    await page.getByRole('radio', { name: '50', exact: true }).check();
    await page.getByLabel(/^Project name/).fill('Lighthouse from my Anchor threads');

    const preview = page.getByTestId('chart-preview');
    await expect(preview).toHaveAttribute('data-state', 'ready');
    const previewed = ((await preview.getAttribute('data-threads')) ?? '').split(' ');
    expect(previewed.length).toBeGreaterThanOrEqual(2);
    for (const code of previewed) expect(ANCHOR).toContain(code);

    const document = page.waitForResponse((response) => /^\/files\/[\w-]+\.json$/.test(new URL(response.url()).pathname) && response.ok(), {
      timeout: 60_000,
    });
    await page.getByRole('button', { name: 'Generate Pattern' }).click();
    await expect(page.getByRole('link', { name: 'Download Pattern' })).toBeVisible({ timeout: 60_000 });
    const legend = ((await (await document).json()) as { legend: { brand: string; code: string }[] }).legend;
    expect(legend.length).toBeGreaterThanOrEqual(2);
    for (const entry of legend) {
      expect(entry.brand).toBe('anchor');
      expect(ANCHOR).toContain(entry.code);
    }
    const rows = page.getByTestId('legend-row');
    await expect(rows.first()).toBeVisible();
    const codes = await rows.evaluateAll((all) => all.map((row) => row.querySelectorAll('td')[2]?.textContent.trim() ?? ''));
    expect(codes).toEqual(legend.map((entry) => entry.code));
  });

  await test.step("the project's shopping list names Anchor threads and counts the skeins owned", async () => {
    await page.getByRole('link', { name: 'Open the project' }).click();
    const list = page.getByRole('region', { name: 'Shopping list' });
    const table = list.getByRole('table');
    await expect(table).toBeVisible();
    const threads = await table.locator('tbody tr').evaluateAll((all) => all.map((row) => row.querySelectorAll('td')[1]?.textContent.trim() ?? ''));
    expect(threads.length).toBeGreaterThanOrEqual(2);
    for (const thread of threads) expect(ANCHOR.map((code) => `Anchor ${code}`)).toContain(thread);
    await expect(list.getByTestId('shopping-summary')).toContainText('Whole Anchor skeins (8 m of 6 strands)');
    await expect(list).not.toContainText('DMC 310');
    await list.screenshot({ path: 'e2e-results/screenshots/shopping-list-anchor.png' });
    if (threads.includes('Anchor 403')) {
      const black = table.locator('tbody tr', { hasText: 'Anchor 403' });
      await expect(black.locator('td').nth(4)).toHaveText('2'); // owned
    }
  });
});
