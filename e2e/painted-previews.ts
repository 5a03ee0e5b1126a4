import type { Page, TestType } from '@playwright/test';

declare global {
  interface Window {
    __paintedSettings: Record<string, unknown>[];
  }
}

/**
 * Before the app's scripts, from each test of `test` on: the settings of every painted preview, so a test can
 * wait for the preview of the settings it chose (lastPaintedSettings).
 */
export function recordPaintedPreviews(test: TestType<{ page: Page }, object>): void {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript({
      content: `window.__paintedSettings = [];
      addEventListener('stitchwise:preview-painted', (event) => { window.__paintedSettings.push(event.detail.settings); });`,
    });
  });
}

/** The settings of the last preview painted. */
export const lastPaintedSettings = (page: Page): Promise<Record<string, unknown> | undefined> => page.evaluate(() => window.__paintedSettings.at(-1));
