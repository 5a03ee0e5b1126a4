import { expect, type Page, type Response } from '@playwright/test';
import type { PatternDocument } from '@stitchwise/core';
import type { Cell } from './chart-model.js';
import { test } from './csp-guard.js';
import { cellPoint, generatePattern, signUp } from './editor-page.js';

/**
 * Stitching mode on a phone beside the hoop: a signed-in stitcher marks stitches done with a finger,
 * reloads and finds them kept (by the server), then loses the connection, marks more, and sees them
 * saved once it is back.
 */

interface ServerProgress {
  version: number;
  done_count: number;
  total: number;
}

const isProgress = (method: string) => (response: Response) =>
  response.request().method() === method && /^\/api\/stitch\/projects\/[^/]+\/progress$/.test(new URL(response.url()).pathname);

/** The server's answers to the page's PUTs of progress, in order, as they arrive. */
function savedAnswers(page: Page): ServerProgress[] {
  const answers: ServerProgress[] = [];
  page.on('response', (response) => {
    if (isProgress('PUT')(response) && response.ok()) void response.json().then((body: ServerProgress) => answers.push(body));
  });
  return answers;
}

/** Errors thrown on the page (a broken handler), to assert there were none. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Waits until stitching mode has drawn the chart (it writes where the chart sits on the canvas). */
async function chartShown(page: Page): Promise<void> {
  await expect(page.locator('[data-view]')).toHaveAttribute('data-view', /^[\d.]+ [-\d.]+ [-\d.]+$/);
}

/** A finger's tap on the middle of a stitch. */
async function tap(page: Page, cell: Cell): Promise<void> {
  const point = await cellPoint(page, cell);
  await page.touchscreen.tap(point.x, point.y);
}

/** A one-finger drag through the middles of stitches: real touches through Chromium's input pipeline. */
async function drag(page: Page, cells: Cell[]): Promise<void> {
  const points = await Promise.all(cells.map((cell) => cellPoint(page, cell)));
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: { x: number; y: number }) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: point ? [{ x: point.x, y: point.y, id: 1 }] : [] });
  await touch('touchStart', points[0]);
  for (const point of points.slice(1)) await touch('touchMove', point);
  await touch('touchEnd');
  await cdp.detach();
}

/** The stitch under the middle of the canvas, from where the chart sits on it. */
async function middleCell(page: Page): Promise<Cell> {
  const view = (await page.locator('[data-view]').getAttribute('data-view')) ?? '';
  const [scale, offsetX, offsetY] = view.split(' ').map(Number) as [number, number, number];
  const box = (await page.getByTestId('chart-canvas').boundingBox())!;
  return { x: Math.floor((box.width / 2 - offsetX) / scale), y: Math.floor((box.height / 2 - offsetY) / scale) };
}

const zoomLevel = async (page: Page) => parseFloat((await page.getByTestId('zoom-level').textContent()) ?? '');

test.describe('stitching on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('marks stitches with a finger, keeps them over a reload, and saves marks made offline once back online', async ({ page, context }) => {
    const errors = pageErrors(page);
    const saved = savedAnswers(page);
    const lastSaved = () => saved.at(-1)?.done_count;
    await signUp(page);
    const pattern: PatternDocument = await generatePattern(page, 'Hoop side', { signedIn: true });
    await page.getByRole('link', { name: 'Open the project' }).click();
    await expect(page).toHaveURL(/\/stitch\/projects\/[^/?]+$/);

    const firstRead = page.waitForResponse(isProgress('GET'));
    await page.getByRole('link', { name: 'Start stitching' }).click();
    await expect(page).toHaveURL(/\/stitch\/projects\/[^/?]+\/stitch$/);
    const start = (await (await firstRead).json()) as ServerProgress;
    expect(start.done_count).toBe(0);
    await chartShown(page);
    const overall = page.getByTestId('overall-progress');
    const total = start.total.toLocaleString('en');
    await expect(overall).toHaveText(`0 of ${total} stitches — 0 %`);
    await expect(page.getByRole('button', { name: 'Mark', exact: true })).toHaveAttribute('aria-pressed', 'true');

    await test.step('zoom in to a size a finger can hit, with + (pinching works too)', async () => {
      await page.getByTestId('zoom-level').scrollIntoViewIfNeeded();
      for (let clicks = 0; clicks < 8 && (await zoomLevel(page)) < 16; clicks++) {
        const before = await zoomLevel(page);
        await page.getByRole('button', { name: 'Zoom in' }).click();
        await expect.poll(() => zoomLevel(page)).toBeGreaterThan(before);
      }
      expect(await zoomLevel(page)).toBeGreaterThanOrEqual(16);
      await page.getByTestId('chart-canvas').evaluate((element) => {
        element.scrollIntoView({ block: 'center' });
      });
    });

    const middle = await middleCell(page);
    const at = (dx: number, dy: number): Cell => ({ x: middle.x + dx, y: middle.y + dy });
    const tapped = [at(-1, 0), at(0, 0), at(1, 0)];
    const dragged = [at(-2, 2), at(-1, 2), at(0, 2), at(1, 2)];
    const offline = [at(-1, -2), at(0, -2)];
    for (const cell of [...tapped, ...dragged, ...offline])
      expect(pattern.cells[cell.y * pattern.width + cell.x], `a stitch at ${cell.x},${cell.y}`).toBeGreaterThanOrEqual(0);

    await test.step('taps and a drag mark stitches done, saved a moment later', async () => {
      for (const cell of tapped) await tap(page, cell);
      await expect(overall).toHaveText(new RegExp(`^3 of ${total} stitches`));
      await drag(page, dragged);
      await expect(overall).toHaveText(new RegExp(`^7 of ${total} stitches`));
      await expect.poll(lastSaved, { message: 'the server answered a PUT with all seven' }).toBe(7);
      await expect(page.getByTestId('sync-status')).toHaveText('Saved');
    });

    await test.step('a reload keeps the marks (read from the server), the mode, and the zoom', async () => {
      const zoom = await zoomLevel(page);
      const read = page.waitForResponse(isProgress('GET'));
      await page.reload();
      expect(((await (await read).json()) as ServerProgress).done_count).toBe(7);
      await chartShown(page);
      await expect(overall).toHaveText(new RegExp(`^7 of ${total} stitches`));
      await expect.poll(() => zoomLevel(page)).toBeCloseTo(zoom, 0);
      await page.getByTestId('chart-canvas').evaluate((element) => {
        element.scrollIntoView({ block: 'center' });
      });
    });

    await test.step('offline, marks are kept on the device; back online, they are saved', async () => {
      await context.setOffline(true);
      for (const cell of offline) await tap(page, cell);
      await expect(overall).toHaveText(new RegExp(`^9 of ${total} stitches`));
      await expect(page.getByTestId('sync-status')).toHaveText('Offline — 2 marks kept on this device');
      await page.waitForTimeout(1500); // past the debounce: still offline, still kept
      await expect(page.getByTestId('sync-status')).toHaveText('Offline — 2 marks kept on this device');

      const puts = saved.length;
      await context.setOffline(false);
      await expect.poll(lastSaved, { message: 'the server answered a PUT with all nine' }).toBe(9);
      expect(saved.length).toBeGreaterThan(puts);
      await expect(page.getByTestId('sync-status')).toHaveText('Saved');
    });

    await test.step('the server has all nine, and the projects list shows the progress', async () => {
      const read = page.waitForResponse(isProgress('GET'));
      await page.reload();
      expect(((await (await read).json()) as ServerProgress).done_count).toBe(9);
      await expect(overall).toHaveText(new RegExp(`^9 of ${total} stitches`));
      await page.goto('/stitch/projects');
      const percent = Math.floor((9 / start.total) * 1000) / 10;
      await expect(page.getByTestId('project-progress')).toHaveText(`${percent} % stitched`);
    });

    await test.step('nothing is wider than the screen', async () => {
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
      expect(widths.page).toBeLessThanOrEqual(390);
    });
    expect(errors).toEqual([]);
  });
});
