import { expect, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './axe.js';
import { test } from './csp-guard.js';
import { generatePattern, openPaletteSheet } from './editor-page.js';

/**
 * The editor's room (#30.6), measured in Chromium: on a 1280 × 800 laptop the chart gets at least 60 % of the
 * window beside the palette, and the tools are one row of named icon buttons; on a 390 × 844 phone the chart
 * comes first and fills the width, and the palette is a sheet over it, opened from the current thread shown
 * in the tool bar. Screenshots of both go to e2e-results/screenshots/.
 */

/** The tools, by the names a screen reader says (and the tooltips show), in toolbar order. */
const TOOL_NAMES = [
  'Pencil',
  'Half stitch',
  'Quarter stitch',
  'Three-quarter stitch',
  'Backstitch',
  'French knot',
  'Eraser',
  'Fill',
  'Eyedropper',
  'Select',
  'Magic wand',
  'Lasso',
  'Move',
];

/** A visitor's new chart, open in the editor once its canvas has drawn it; returns the chart's viewer. */
async function openVisitorEditor(page: Page): Promise<Locator> {
  await generatePattern(page, 'Roomy', { signedIn: false });
  await page.getByRole('link', { name: 'Edit chart' }).click();
  await expect(page.getByRole('heading', { name: 'Edit chart: My chart' })).toBeVisible();
  await expect(page.locator('[data-view]')).toHaveAttribute('data-view', /^[\d.]+ [-\d.]+ [-\d.]+$/);
  return page.getByRole('application', { name: /^Chart of My chart/ });
}

const boxOf = async (locator: Locator) => (await locator.boundingBox())!;

/** Every tool's button, found by its accessible name: all on one row (the same top), each at least `size` px square, with its name in the tooltip. */
async function expectToolsInOneRow(page: Page, size: number): Promise<void> {
  const toolbar = page.getByRole('toolbar', { name: 'Tools' });
  const boxes = [];
  for (const name of TOOL_NAMES) {
    const button = toolbar.getByRole('button', { name, exact: true });
    await expect(button).toHaveAttribute('title', new RegExp(`^${name} \\(`));
    boxes.push(await boxOf(button));
  }
  for (const [index, box] of boxes.entries()) {
    expect(box.y, `${TOOL_NAMES[index]} is on the first tool's row`).toBeCloseTo(boxes[0]!.y, 0);
    expect(Math.min(box.width, box.height), `${TOOL_NAMES[index]} is at least ${size} px`).toBeGreaterThanOrEqual(size);
  }
}

test.describe('on a laptop, 1280 × 800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the chart takes at least 60 % of the window, beside the palette, under one row of icon tools', async ({ page }) => {
    const viewer = await openVisitorEditor(page);
    const chart = await boxOf(viewer);
    expect(chart.width, 'the chart is at least 60 % of the 1280 px window').toBeGreaterThanOrEqual(0.6 * 1280);
    // It is all on the first screen, under the tools.
    expect(chart.y + chart.height).toBeLessThanOrEqual(800);

    // The palette is beside it, on the same screen.
    const palette = page.getByRole('region', { name: /^Threads/ });
    await expect(palette).toBeVisible();
    const beside = await boxOf(palette);
    expect(beside.x).toBeGreaterThanOrEqual(chart.x + chart.width);
    expect(beside.y).toBeLessThan(chart.y + chart.height);
    expect(beside.x + beside.width).toBeLessThanOrEqual(1280);

    await expectToolsInOneRow(page, 36);
    const tool = (name: string) => page.getByRole('toolbar', { name: 'Tools' }).getByRole('button', { name, exact: true });
    await expect(tool('Pencil')).toHaveAttribute('aria-pressed', 'true');
    await tool('Eraser').click();
    await expect(tool('Eraser')).toHaveAttribute('aria-pressed', 'true');
    await expect(tool('Pencil')).toHaveAttribute('aria-pressed', 'false');
    // The current thread is shown in the tool bar, and no sheet is offered where the palette is in sight.
    await expect(page.getByTestId('current-thread')).toContainText(/DMC \d+ /);
    await expect(page.getByRole('button', { name: /^Threads/ })).toHaveCount(0);

    await page.screenshot({ path: 'e2e-results/screenshots/editor-layout-1280.png' });

    // A classic 17 px scrollbar (Windows, most Linux desktops) takes its width from the page: still 60 % of 1280.
    await page.setViewportSize({ width: 1280 - 17, height: 800 });
    await expect.poll(async () => (await boxOf(viewer)).width).toBeGreaterThanOrEqual(0.6 * 1280);
  });
});

test.describe('on a phone, 390 × 844', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the chart comes first and fills the width; the palette is a sheet over it, opened from the current thread', async ({ page }) => {
    const viewer = await openVisitorEditor(page);
    const chart = await boxOf(viewer);
    expect(chart.width, 'the chart fills the width but for the margins').toBeGreaterThanOrEqual(0.9 * 390);
    expect(chart.y + chart.height, 'the whole chart viewer is on the first screen').toBeLessThanOrEqual(844);
    // No palette under the chart: the chart is the page's first big thing.
    await expect(page.getByRole('region', { name: /^Threads/ })).toHaveCount(0);

    // The tools are one row (it scrolls sideways) of buttons big enough for a finger.
    await expectToolsInOneRow(page, 36);
    const toolbar = await boxOf(page.getByRole('toolbar', { name: 'Tools' }));
    expect(toolbar.x + toolbar.width).toBeLessThanOrEqual(390);

    // The current thread is in the tool bar: its swatch with the symbol, and its code.
    const current = page.getByTestId('current-thread');
    await expect(current).toBeVisible();
    await expect(current).toHaveAttribute('aria-haspopup', 'dialog');
    await expect(current).toHaveAttribute('aria-expanded', 'false');
    const first = (await current.textContent())!.match(/DMC (\d+) /)![1]!;
    await expect(current).toContainText(first);
    await page.screenshot({ path: 'e2e-results/screenshots/editor-layout-390.png' });

    const sheet = await test.step('the current thread opens the palette as a modal sheet over the chart', async () => {
      const sheet = await openPaletteSheet(page);
      await expect(sheet).toHaveAttribute('aria-modal', 'true');
      await expect(current).toHaveAttribute('aria-expanded', 'true');
      const box = await boxOf(sheet);
      expect(box.y, 'the sheet covers the chart').toBeLessThan(chart.y + chart.height);
      expect(box.y + box.height).toBeLessThanOrEqual(844 + 1);
      expect(box.width).toBeGreaterThanOrEqual(380);
      // The focus is in it, on its close button (45 px, fingertip-sized on the page at 75 %), and stays in it.
      const close = sheet.getByRole('button', { name: 'Close threads' });
      await expect(close).toBeFocused();
      const closeBox = await boxOf(close);
      expect(Math.min(closeBox.width, closeBox.height)).toBeGreaterThanOrEqual(44);
      for (let tab = 0; tab < 30; tab++) await page.keyboard.press('Tab');
      expect(await sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      await page.screenshot({ path: 'e2e-results/screenshots/editor-layout-390-sheet.png' });
      expect(await axeViolations(page), 'axe-core finds nothing wrong with the open sheet').toEqual([]);
      return sheet;
    });

    await test.step('Escape closes it and gives the focus back to the current thread', async () => {
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
      await expect(current).toBeFocused();
      await expect(current).toHaveAttribute('aria-expanded', 'false');
    });

    await test.step('choosing another thread in the sheet closes it and shows that thread in the tool bar', async () => {
      await openPaletteSheet(page);
      const rows = sheet.getByTestId('palette-thread');
      await expect(sheet.locator(`[data-code="${first}"]`)).toHaveAttribute('aria-pressed', 'true');
      const other = rows.nth(1);
      const code = (await other.getAttribute('data-code'))!;
      expect(code).not.toBe(first);
      await other.tap();
      await expect(sheet).toBeHidden();
      await expect(current).toContainText(`DMC ${code} `);
      await expect(current).not.toContainText(`DMC ${first} `);
      // Reopened, the sheet has it chosen; the close button puts it away.
      await openPaletteSheet(page);
      await expect(sheet.locator(`[data-code="${code}"]`)).toHaveAttribute('aria-pressed', 'true');
      await sheet.getByRole('button', { name: 'Close threads' }).tap();
      await expect(sheet).toBeHidden();
    });

    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
    expect(widths.page, 'nothing is wider than the screen').toBeLessThanOrEqual(widths.screen);
  });
});
