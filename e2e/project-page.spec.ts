import { fabricByCount, threadNeed } from '@stitchwise/core';
import { expect, type Page } from '@playwright/test';
import { test } from './csp-guard.js';
import { generatePattern, signUp } from './editor-page.js';

/**
 * The project page in Chromium, as a stitcher uses it: the chart in the viewer comes first with its size
 * in stitches and a legend that says how many skeins to buy; the project is renamed in place,
 * duplicated (the copy survives the original's deletion) and offers the wizard to make it again.
 */

const projectIdOf = (page: Page): string => new URL(page.url()).pathname.split('/').at(-1)!;
const viewerOf = (page: Page) => page.getByRole('application', { name: /^Stitch chart, 50 by \d+ stitches/ });

test('the project page leads with the chart, renames, duplicates, links to regenerate and lists skeins', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signUp(page);
  const pattern = await generatePattern(page, 'Harbour page', { signedIn: true });
  await page.getByRole('link', { name: 'Open the project' }).click();
  await expect(page).toHaveURL(/\/stitch\/projects\/[^/]+$/);
  const originalId = projectIdOf(page);

  await test.step('the chart viewer comes first, with the size in stitches and then pixels', async () => {
    await expect(viewerOf(page)).toBeVisible();
    await expect(page.getByTestId('project-size')).toHaveText(new RegExp(`^${pattern.width} × ${pattern.height} stitches \\(\\d+ × \\d+ px\\)$`));
    const chart = (await page.getByTestId('chart-canvas').boundingBox())!;
    // On the first screen (900 px high), above every panel of information.
    // In the first screen, under the title, actions and the header with Start stitching and Download PDF chart.
    expect(chart.y).toBeLessThan(480);
    for (const panel of ['Project Information', 'Generation Parameters', 'Project Statistics', 'Original Image']) {
      const region = page.getByRole('region', { name: panel });
      await expect(region).toBeVisible();
      expect((await region.boundingBox())!.y, panel).toBeGreaterThan(chart.y + chart.height);
    }
    await expect(page.getByRole('region', { name: 'Stitch Plan' }).getByRole('link', { name: 'View Full Size' })).toBeVisible();
  });

  await test.step('the legend gives the skeins of each thread, as estimated for 14-count Aida', async () => {
    const rows = page.getByTestId('legend-row');
    await expect(rows).toHaveCount(pattern.legend.length);
    const aida = fabricByCount(14)!;
    for (const row of await rows.all()) {
      const code = await row.locator('td').nth(2).textContent();
      const entry = pattern.legend.find((thread) => thread.dmc_code === code)!;
      await expect(row.getByTestId('legend-skeins')).toHaveText(String(threadNeed(entry.stitch_count, aida).skeinsToBuy));
    }
    await expect(page.getByTestId('skein-footnote')).toContainText(
      'estimated on 14-count Aida: a full cross stitch takes 4.83 stitch widths of thread in each of 2 strands',
    );
  });

  await test.step("'Regenerate with new settings' leads to the wizard with the project", async () => {
    await expect(page.getByRole('link', { name: 'Regenerate with new settings' })).toHaveAttribute('href', `/stitch/new?from=${originalId}`);
  });

  await test.step('the project is renamed in place, and keeps its name after a reload', async () => {
    await page.getByRole('button', { name: 'Rename project' }).click();
    const field = page.getByRole('textbox', { name: 'Project name' });
    await expect(field).toBeFocused();
    await field.fill('Harbour at night');
    await field.press('Enter');
    await expect(page.getByRole('heading', { name: 'Harbour at night' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Rename project' })).toBeFocused();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Harbour at night' })).toBeVisible();
  });

  let copyId = '';
  await test.step('Duplicate opens the copy, with its chart', async () => {
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await expect(page.getByRole('heading', { name: 'Harbour at night (copy)' })).toBeVisible();
    await expect(page).not.toHaveURL(new RegExp(`${originalId}$`));
    copyId = projectIdOf(page);
    await expect(viewerOf(page)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Regenerate with new settings' })).toHaveAttribute('href', `/stitch/new?from=${copyId}`);
    await page.screenshot({ path: 'e2e-results/screenshots/project-page-1280.png', fullPage: true });
    // At 1000 px, where the page is shown at 75 %, nothing sticks out sideways.
    await page.setViewportSize({ width: 1000, height: 900 });
    await expect(viewerOf(page)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await page.screenshot({ path: 'e2e-results/screenshots/project-page-1000.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step('deleting the original, after confirming, leaves the copy whole', async () => {
    await page.goto(`/stitch/projects/${originalId}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this project?' }).getByRole('button', { name: 'Delete project' }).click();
    await expect(page).toHaveURL(/\/stitch\/projects$/);
    await expect(page.getByTestId('project-card')).toHaveCount(1);
    await expect(page.getByTestId('project-card')).toContainText('Harbour at night (copy)');
    await page.getByRole('link', { name: 'View Details' }).click();
    await expect(page).toHaveURL(new RegExp(`${copyId}$`));
    await expect(viewerOf(page)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Original Image' }).getByRole('img')).toHaveJSProperty('complete', true);
    expect(
      await page
        .getByRole('region', { name: 'Original Image' })
        .getByRole('img')
        .evaluate((image: HTMLImageElement) => image.naturalWidth),
    ).toBeGreaterThan(0);
  });

  expect(errors).toEqual([]);
});
