import { expect, type Page } from '@playwright/test';
import type { PatternDocument } from '@stitchwise/core';
import { test } from './csp-guard.js';
import { canvasHex, cellPoint, generatePattern, signUp } from './editor-page.js';

/**
 * Stitching mode's own screen, beside the hoop: the chart fills the screen with the progress in view on a
 * phone upright and on its side, every control is finger-sized, the screen is kept awake, a tapped stitch
 * lights up its row and column, and 'Page' shows a block as the PDF's page map numbers it.
 */

/** Records the page's wake lock requests (the browser's own answer is kept). */
async function recordWakeLocks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { wakeLockCalls: string[] }).wakeLockCalls = calls;
    const wakeLock = navigator.wakeLock as WakeLock | undefined;
    if (!wakeLock) return;
    const request = wakeLock.request.bind(wakeLock);
    wakeLock.request = (type?: WakeLockType) => {
      calls.push(type ?? 'screen');
      return request(type);
    };
  });
}

const wakeLockCalls = (page: Page) => page.evaluate(() => (window as unknown as { wakeLockCalls: string[] }).wakeLockCalls);

async function chartShown(page: Page): Promise<void> {
  await expect(page.locator('[data-view]')).toHaveAttribute('data-view', /^[\d.]+ [-\d.]+ [-\d.]+$/);
}

/** The chart's share of the window's height, whether the whole-chart progress is on screen, and the smallest control. */
async function layout(page: Page) {
  return page.evaluate(() => {
    const canvas = document.querySelector('[data-testid="chart-canvas"]')!.getBoundingClientRect();
    const progress = document.querySelector('[data-testid="overall-progress"]')!.getBoundingClientRect();
    const controls = [...document.querySelectorAll<HTMLElement>('[data-testid="stitching-screen"] :is(button, a, select, input)')].map((element) => {
      const box = element.getBoundingClientRect();
      return { name: element.getAttribute('aria-label') ?? element.textContent, width: box.width, height: box.height };
    });
    const inWindow = progress.top >= 0 && progress.bottom <= innerHeight && progress.left >= 0 && progress.right <= innerWidth && progress.width > 0;
    return {
      chartHeightShare: canvas.height / innerHeight,
      chartWidthShare: canvas.width / innerWidth,
      progressInWindow: inWindow,
      smallest: controls.reduce((small, control) => (Math.min(control.width, control.height) < Math.min(small.width, small.height) ? control : small)),
      pageWidth: document.documentElement.scrollWidth,
      windowWidth: innerWidth,
    };
  });
}

test.describe('the hoop-side Stitching screen on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('fills the screen upright and on its side, keeps the screen awake, highlights a row and column, and jumps to a page', async ({ page }) => {
    await recordWakeLocks(page);
    await signUp(page);
    const pattern: PatternDocument = await generatePattern(page, 'Sofa sampler', { signedIn: true });
    await page.getByRole('link', { name: 'Open the project' }).click();
    await page.getByRole('link', { name: 'Start stitching' }).click();
    await expect(page).toHaveURL(/\/stitch\/projects\/[^/?]+\/stitch$/);
    await chartShown(page);
    await expect(page.getByTestId('overall-progress')).toHaveText(/^0 of [\d,]+ stitches — 0 %$/);
    // No site header: the chart has the screen.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Stitchwise' })).toHaveCount(0);

    for (const size of [
      { width: 390, height: 844 },
      { width: 844, height: 390 },
    ]) {
      await test.step(`${size.width} × ${size.height}: the chart takes ≥ 60 % of the height with the progress in view; targets ≥ 44 px`, async () => {
        await page.setViewportSize(size);
        await page.waitForTimeout(500);
        await expect.poll(async () => (await layout(page)).chartHeightShare).toBeGreaterThanOrEqual(0.6);
        const shown = await layout(page);
        expect(shown.progressInWindow).toBe(true);
        expect(shown.pageWidth).toBeLessThanOrEqual(shown.windowWidth);
        expect(Math.min(shown.smallest.width, shown.smallest.height), `the smallest control, ${shown.smallest.name}`).toBeGreaterThanOrEqual(44);
        await page.screenshot({ path: `e2e-results/stitching-${size.width}x${size.height}.png` });
      });
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await chartShown(page);

    await test.step('the screen is kept awake', async () => {
      expect(await wakeLockCalls(page)).toContain('screen');
      await page.getByRole('button', { name: 'Stitching options' }).click();
      // Headless Chromium may grant or refuse the lock: either way the screen says which.
      await expect(page.getByTestId('wake-state')).toHaveText(/screen stays on|may turn the screen off/);
      await page.getByRole('button', { name: 'Close' }).click();
    });

    await test.step('tapping a stitch in Move mode lights up its row and column, marks nothing, and a second tap puts it out', async () => {
      for (let clicks = 0; clicks < 3; clicks++) await page.getByRole('button', { name: 'Zoom in' }).click();
      await chartShown(page);
      await page.getByRole('button', { name: 'Move', exact: true }).click();
      const view = (await page.locator('[data-view]').getAttribute('data-view'))!.split(' ').map(Number);
      const box = (await page.getByTestId('chart-canvas').boundingBox())!;
      const tapped = { x: Math.floor((box.width / 2 - view[1]!) / view[0]!), y: Math.floor((box.height / 2 - view[2]!) / view[0]!) };
      const sameRow = { x: tapped.x - 3, y: tapped.y };
      const sameColumn = { x: tapped.x, y: tapped.y + 3 };
      const elsewhere = { x: tapped.x - 3, y: tapped.y + 3 };
      const colours = async () => Promise.all([sameRow, sameColumn, elsewhere].map(async (cell) => canvasHex(page, await cellPoint(page, cell))));
      const before = await colours();
      const point = await cellPoint(page, tapped);
      await page.touchscreen.tap(point.x, point.y);
      await expect.poll(async () => (await colours())[0]).not.toBe(before[0]);
      const after = await colours();
      expect(after[1], 'the same column is highlighted').not.toBe(before[1]);
      expect(after[2], 'a stitch in neither is not').toBe(before[2]);
      await expect(page.getByTestId('overall-progress')).toHaveText(/^0 of /);
      await page.touchscreen.tap(point.x, point.y);
      await expect.poll(colours).toEqual(before);
    });

    await test.step("'Page' shows a block of the chart as the PDF's page map numbers it", async () => {
      await page.getByRole('button', { name: 'Page', exact: true }).click();
      const sheet = page.getByRole('dialog', { name: 'Go to a page' });
      await sheet.getByLabel('Stitches per page').selectOption('large-print');
      await sheet.getByLabel('Orientation').selectOption('portrait');
      const pages = sheet.getByRole('group', { name: 'Chart pages' }).getByRole('button');
      expect(await pages.count()).toBeGreaterThanOrEqual(2);
      const second = pages.nth(1);
      const label = (await second.getAttribute('aria-label'))!;
      const [, firstColumn, lastColumn, firstRow, lastRow] = /columns (\d+)–(\d+), rows (\d+)–(\d+)/.exec(label)!.map(Number);
      await second.click();
      await expect(sheet).toBeHidden();
      await expect(page.getByRole('button', { name: 'Page 2', exact: true })).toBeVisible();
      // The middle of the chart area is the middle of that block.
      await expect
        .poll(async () => {
          const [scale, offsetX, offsetY] = (await page.locator('[data-view]').getAttribute('data-view'))!.split(' ').map(Number);
          const box = (await page.getByTestId('chart-canvas').boundingBox())!;
          const centre = { x: (box.width / 2 - offsetX!) / scale!, y: (box.height / 2 - offsetY!) / scale! };
          return centre.x >= firstColumn! - 1 && centre.x <= lastColumn! && centre.y >= firstRow! - 1 && centre.y <= lastRow!;
        })
        .toBe(true);
    });

    await test.step('marks count in the session counter; Done stitching goes back to the project', async () => {
      await page.getByRole('button', { name: 'Mark', exact: true }).click();
      const view = (await page.locator('[data-view]').getAttribute('data-view'))!.split(' ').map(Number);
      const box = (await page.getByTestId('chart-canvas').boundingBox())!;
      const middle = { x: Math.floor((box.width / 2 - view[1]!) / view[0]!), y: Math.floor((box.height / 2 - view[2]!) / view[0]!) };
      const stitched = [middle, { x: middle.x + 1, y: middle.y }].filter((cell) => pattern.cells[cell.y * pattern.width + cell.x]! >= 0);
      for (const cell of stitched) {
        const point = await cellPoint(page, cell);
        await page.touchscreen.tap(point.x, point.y);
      }
      await expect(page.getByTestId('session-counter')).toHaveText(new RegExp(`^Session: ${stitched.length} stitch`));
      await page.getByRole('link', { name: 'Done stitching' }).click();
      await expect(page.getByRole('link', { name: 'Continue stitching' })).toBeVisible();
    });
  });
});

test.describe('the Stitching screen on a laptop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('gives the chart most of the screen with the progress beside it', async ({ page }) => {
    await signUp(page);
    await generatePattern(page, 'Desk sampler', { signedIn: true });
    await page.getByRole('link', { name: 'Open the project' }).click();
    await page.getByRole('link', { name: 'Start stitching' }).click();
    // The project page's own viewer has a view too: wait for the Stitching screen's progress first.
    await expect(page.getByTestId('overall-progress')).toHaveText(/^0 of [\d,]+ stitches — 0 %$/);
    await chartShown(page);
    const shown = await layout(page);
    expect(shown.chartHeightShare).toBeGreaterThanOrEqual(0.6);
    expect(shown.chartWidthShare).toBeGreaterThanOrEqual(0.9);
    expect(shown.progressInWindow).toBe(true);
    await page.screenshot({ path: 'e2e-results/stitching-1280x800.png' });
  });
});
