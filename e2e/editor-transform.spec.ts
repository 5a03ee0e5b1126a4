import { expect, type Page, type Response } from '@playwright/test';
import {
  chartFromPattern,
  fillRect,
  lassoSelection,
  parsePatternDocument,
  rotateSelection,
  wandSelection,
  type EditableChart,
  type PatternDocument,
} from '@stitchwise/core';
import { test } from './csp-guard.js';
import { cellPoint, chooseThread, generatePattern, signUp } from './editor-page.js';

/**
 * Issue #34 in the editor, in Chromium against the real server: a heart drawn with four-way mirror drawing is
 * symmetric in the saved chart; the magic wand with Erase, and the lasso with Rotate, each undone and redone,
 * give exactly the chart the core's own operations give.
 */

test.use({ viewport: { width: 1280, height: 900 } });

const isSave = (response: Response) => response.request().method() === 'PUT' && /\/pattern$/.test(new URL(response.url()).pathname);

/** A signed-in user's new project open in the editor; the chart it opened with. */
async function openNewProject(page: Page, name: string): Promise<EditableChart> {
  await signUp(page);
  await generatePattern(page, name, { signedIn: true });
  await page.getByRole('link', { name: 'Open the project' }).click();
  await expect(page).toHaveURL(/\/stitch\/projects\/[^/]+$/);
  const read = page.waitForResponse(
    (response) => response.request().method() === 'GET' && /\/pattern$/.test(new URL(response.url()).pathname) && response.ok(),
  );
  await page.getByRole('link', { name: 'Edit chart' }).click();
  const document = (await (await read).json()) as PatternDocument;
  await expect(page.locator('[data-view]')).toHaveAttribute('data-view', /^[\d.]+ [-\d.]+ [-\d.]+$/);
  return chartFromPattern(parsePatternDocument(JSON.stringify(document)));
}

/** Saves, and returns the chart as the server stored it (the document the save sent, read back by the core). */
async function save(page: Page): Promise<EditableChart> {
  const saved = page.waitForResponse(isSave);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const response = await saved;
  expect(response.status()).toBe(200);
  await expect(page.getByTestId('save-status')).toHaveText(/^Saved at /);
  return chartFromPattern(parsePatternDocument(response.request().postData()!));
}

/** Cells by thread code ('' for none), row by row: what two charts with other thread numbering share. */
function codes(chart: EditableChart): string[][] {
  return Array.from({ length: chart.height }, (_, y) =>
    Array.from({ length: chart.width }, (_, x) => {
      const index = chart.cells[y * chart.width + x]!;
      return index < 0 ? '' : chart.threads[index]!.code;
    }),
  );
}

/** A chart position (in stitches, x 10 the left edge of column 10) as a page point. */
const chartPoint = (page: Page, x: number, y: number) => cellPoint(page, { x: x - 0.5, y: y - 0.5 });

test('a heart drawn with four-way mirror drawing is symmetric in the saved chart', async ({ page }) => {
  const opened = await openNewProject(page, 'Mirror heart');
  const code = opened.threads[0]!.code;
  await chooseThread(page, code);
  // A clean slate: the whole chart selected and erased.
  await page.keyboard.press('s');
  const [first, last] = [await cellPoint(page, { x: 0, y: 0 }), await cellPoint(page, { x: opened.width - 1, y: opened.height - 1 })];
  await page.mouse.move(first.x, first.y);
  await page.mouse.down();
  await page.mouse.move(last.x, last.y, { steps: 4 });
  await page.mouse.up();
  const bar = page.getByRole('group', { name: 'Selection', exact: true });
  await expect(bar).toContainText(`Selection ${opened.width} × ${opened.height}`);
  await bar.getByRole('button', { name: 'Erase' }).click();
  await page.keyboard.press('Escape');
  await page.keyboard.press('p');
  await page.getByRole('group', { name: 'Mirror' }).getByRole('button', { name: 'Four-way' }).click();
  // Half of a heart's outline in the top-left quarter of the 50 × 33 chart, drawn in one drag; the mirror draws the other three.
  const outline: [number, number][] = [
    [24, 4],
    [20, 2],
    [14, 2],
    [9, 6],
    [9, 10],
    [14, 14],
    [20, 15],
    [24, 16],
  ];
  const points = await Promise.all(outline.map(([x, y]) => cellPoint(page, { x, y })));
  await page.mouse.move(points[0]!.x, points[0]!.y);
  await page.mouse.down();
  for (const point of points.slice(1)) await page.mouse.move(point.x, point.y, { steps: 6 });
  await page.mouse.up();
  await page.screenshot({ path: 'e2e-results/screenshots/mirror-heart-1280.png' });

  const heart = codes(await save(page));
  const stitched = heart.flat().filter((cell) => cell !== '').length;
  expect(stitched, 'the outline and its three mirror images').toBeGreaterThan(4 * 20);
  const [width, height] = [opened.width, opened.height];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      expect(heart[y]![width - 1 - x], `left-right at (${x}, ${y})`).toBe(heart[y]![x]);
      expect(heart[height - 1 - y]![x], `top-bottom at (${x}, ${y})`).toBe(heart[y]![x]);
    }
  }
  await expect(page.getByRole('button', { name: 'Undo', exact: true })).toHaveAttribute('title', 'Undo Pencil (Ctrl+Z)');
});

test('the magic wand with Erase, then the lasso with Rotate, each undone and redone, as the core makes them', async ({ page }) => {
  const opened = await openNewProject(page, 'Wand and lasso');

  // The wand on the stitch in the middle: the stitches of its thread that touch it.
  await page.keyboard.press('w');
  const middle = { x: 25, y: 16 };
  const picked = wandSelection(opened, middle.x, middle.y, { contiguous: true })!;
  const tap = await cellPoint(page, middle);
  await page.mouse.click(tap.x, tap.y);
  const bar = page.getByRole('group', { name: 'Selection', exact: true });
  await expect(bar).toContainText(`${picked.width} × ${picked.height}`);
  await bar.getByRole('button', { name: 'Erase' }).click();
  const wandErased = fillRect(opened, picked, -1).chart;
  const undo = page.getByRole('button', { name: 'Undo', exact: true });
  const redo = page.getByRole('button', { name: 'Redo', exact: true });
  await expect(undo).toHaveAttribute('title', 'Undo Erase selection (Ctrl+Z)');
  expect(codes(await save(page))).toEqual(codes(wandErased));
  await undo.click();
  expect(codes(await save(page))).toEqual(codes(opened));
  await redo.click();
  expect(codes(await save(page))).toEqual(codes(wandErased));

  // The lasso round a 12 × 10 block by its corners, then turned a quarter clockwise.
  await page.keyboard.press('o');
  const loop: [number, number][] = [
    [5, 20],
    [17, 20],
    [17, 30],
    [5, 30],
  ];
  const corners = await Promise.all(loop.map(([x, y]) => chartPoint(page, x, y)));
  await page.mouse.move(corners[0]!.x, corners[0]!.y);
  await page.mouse.down();
  for (const corner of corners.slice(1)) await page.mouse.move(corner.x, corner.y, { steps: 8 });
  await page.mouse.up();
  const lassoed = lassoSelection(
    wandErased,
    loop.map(([x, y]) => ({ x, y })),
  )!;
  await expect(bar).toContainText(`${lassoed.width} × ${lassoed.height}`);
  await bar.getByRole('button', { name: 'Rotate ↻' }).click();
  const turned = rotateSelection(wandErased, lassoed, 1).chart;
  await expect(undo).toHaveAttribute('title', 'Undo Rotate 90° clockwise (Ctrl+Z)');
  await page.screenshot({ path: 'e2e-results/screenshots/lasso-rotate-1280.png' });
  expect(codes(await save(page))).toEqual(codes(turned));
  await undo.click();
  expect(codes(await save(page))).toEqual(codes(wandErased));
  await redo.click();
  expect(codes(await save(page))).toEqual(codes(turned));
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the magic wand selects on a tap, and a pinch begun with the wand leaves the selection as it was', async ({ page }) => {
    const opened = await openNewProject(page, 'Wand and pinch');
    await page.getByRole('button', { name: /^Magic wand/ }).tap();
    const bar = page.getByRole('group', { name: 'Selection', exact: true });
    // Add mode, chosen on the bar as a phone has no Shift: a pinch's first finger would otherwise add its thread too.
    await page.getByRole('group', { name: 'When selecting' }).getByRole('button', { name: 'Add' }).tap();
    const middle = { x: 25, y: 16 };
    const picked = wandSelection(opened, middle.x, middle.y, { contiguous: true })!;
    const tap = await cellPoint(page, middle);
    await page.touchscreen.tap(tap.x, tap.y);
    await expect(bar).toContainText(`${picked.width} × ${picked.height}`);
    const selected = await bar.locator('span').first().textContent();

    // Two fingers, the first down a moment before the second, on stitches of another thread, spread apart: a zoom.
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((point, id) => ({ x: point.x, y: point.y, id })) });
    const [first, second] = [await cellPoint(page, { x: 5, y: 28 }), await cellPoint(page, { x: 12, y: 30 })];
    const view = await page.locator('[data-view]').getAttribute('data-view');
    await touch('touchStart', [first]);
    await touch('touchStart', [first, second]);
    for (let step = 1; step <= 5; step++)
      await touch('touchMove', [
        { x: first.x - 6 * step, y: first.y - 6 * step },
        { x: second.x + 6 * step, y: second.y + 6 * step },
      ]);
    await touch('touchEnd', []);
    await expect(page.locator('[data-view]')).not.toHaveAttribute('data-view', view!);
    await expect(bar.locator('span').first()).toHaveText(selected!);
    await expect(page.locator('.Toastify')).not.toContainText('Tap a stitch');
  });
});
