import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './csp-guard.js';
import { PHOTO } from './editor-page.js';

/**
 * Every step opens at its top (issue #30): the wizard's next step and a new page start at the top of the
 * window, wherever the previous one was scrolled to, and the result shows its chart within the first screen.
 */

const scrollY = (page: Page): Promise<number> => page.evaluate(() => window.scrollY);

/** Scrolls the window to the bottom of the page, as a user does to reach the step's button, and checks it moved at least `minimum` px. */
async function scrollDown(page: Page, minimum = 100): Promise<void> {
  await page.evaluate(() => {
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
  });
  expect(await scrollY(page), 'the page is long enough to scroll').toBeGreaterThan(minimum);
}

/** Opens at its top: the window is not scrolled, and the element (the page's or step's heading) is below the sticky top bar. */
async function expectAtTop(page: Page, heading: Locator): Promise<void> {
  await expect(heading).toBeVisible();
  expect(await scrollY(page)).toBe(0);
  const bar = (await page.getByRole('banner').boundingBox())!;
  const box = (await heading.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(bar.y + bar.height);
  expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
}

function journey(width: number, height: number) {
  return async ({ page }: { page: Page }) => {
    const wizardHeading = page.getByRole('heading', { level: 1, name: 'Stitch Pattern Wizard' });
    const currentStep = page.getByRole('list', { name: 'Steps' }).locator('li[aria-current="step"]');

    // Upload, look at the idea box and scroll down: Settings opens at its top, its heading and step shown. (The
    // step itself is short: the preview and Continue come right after the upload box, the idea box closed on a phone.)
    await page.goto('/stitch/new');
    await page.getByTestId('file-input').setInputFiles(PHOTO);
    await expect(page.getByRole('img', { name: 'The selected image' })).toBeVisible();
    const ideas = page.locator('details', { hasText: 'Or start from an idea' });
    if (!(await ideas.evaluate((details: HTMLDetailsElement) => details.open))) await page.getByText('Or start from an idea').click();
    await expect(page.getByLabel('Describe your idea')).toBeVisible();
    await scrollDown(page, 50);
    await page.getByRole('button', { name: 'Continue to Settings' }).click();
    await expect(page).toHaveURL(/step=settings/);
    await expect(currentStep).toHaveText(/Configure Settings/);
    await expectAtTop(page, wizardHeading);
    await expect(currentStep).toBeInViewport();

    // Settings, scrolled down to Generate: the visitor's result (after its countdown) opens at its top, the chart within the first screen.
    await page.getByRole('radio', { name: '50', exact: true }).check();
    await page.getByLabel(/^Project name/).fill(`Scrolled at ${width}`);
    await expect(page.getByRole('img', { name: /^Preview of the chart/ })).toBeVisible();
    await scrollDown(page);
    await page.getByRole('button', { name: 'Generate Pattern' }).click();
    await expect(page.getByTestId('countdown')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download Pattern' })).toBeVisible({ timeout: 60_000 });
    await expect(page).toHaveURL(/step=result&pattern=/);
    await expect(currentStep).toHaveText(/Generate Pattern/);
    await expectAtTop(page, wizardHeading);
    const chart = page.getByTestId('chart-canvas');
    await expect(chart).toBeVisible(); // the zoomable chart, once its pattern document is read
    expect(await scrollY(page)).toBe(0);
    const box = (await chart.boundingBox())!;
    expect(box.y, 'the top of the chart is within the first screen').toBeGreaterThan(0);
    expect(box.y).toBeLessThan(height - 100); // and some of it shows, not only its edge
    await page.screenshot({ path: `e2e-results/screenshots/result-first-screen-${width}.png` });

    // From the result, scrolled down, to another page through the menu: it opens at its top.
    await scrollDown(page);
    if (width < 1024) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expectAtTop(page, page.getByRole('heading', { level: 1 }));

    // Back returns to the result; leaving it for the wizard's first step by 'Create New Pattern' starts at the top too.
    await page.goBack();
    await expect(page.getByRole('link', { name: 'Download Pattern' })).toBeVisible();
    await expect(chart).toBeVisible();
    // Scrolled so that the button sits just below the top bar (a click would not scroll it back to the top).
    const createNew = page.getByRole('button', { name: 'Create New Pattern' });
    await createNew.evaluate((button) => {
      window.scrollTo({ top: button.getBoundingClientRect().top + window.scrollY - 80, behavior: 'instant' });
    });
    expect(await scrollY(page)).toBeGreaterThan(0);
    await createNew.click();
    await expect(page.getByRole('button', { name: 'Continue to Settings' })).toBeVisible();
    await expectAtTop(page, wizardHeading);
  };
}

test.describe('on a phone, 390 × 844', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test('each wizard step and each new page opens at its top; the result shows its chart first', journey(390, 844));
});

test.describe('on a laptop, 1280 × 800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test('each wizard step and each new page opens at its top; the result shows its chart first', journey(1280, 800));
});
