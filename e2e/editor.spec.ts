import { expect, type Page } from '@playwright/test';
import type { PatternDocument } from '@stitchwise/core';
import { ChartModel, type Cell } from './chart-model.js';
import { test } from './csp-guard.js';
import { canvasHex, cellPoint, chooseThread, downloadEdited, expectPalette, generatePattern, openPaletteSheet, paletteCounts, signUp } from './editor-page.js';
import { countByCode, oxsStitches, pdfPageTexts } from './exported-files.js';

/**
 * The chart editor in Chromium, as a stitcher uses it: a signed-in owner draws, fills, replaces a
 * thread, undoes and redoes, and prints the edit; a visitor edits and downloads OXS but cannot save;
 * and on a phone the chart is read up close and drawn on with a finger. The expected counts come from
 * the test's own copy of the chart (ChartModel), edited alongside the browser.
 */

/** A stroke along one row, from column x0 to x1, in the thread `code`. */
interface RowStroke {
  y: number;
  x0: number;
  x1: number;
  code: string;
}

const strokeCells = ({ y, x0, x1 }: RowStroke): Cell[] => Array.from({ length: x1 - x0 + 1 }, (_, i) => ({ x: x0 + i, y }));
const hexOf = (pattern: PatternDocument, code: string): string => pattern.legend.find((entry) => entry.dmc_code === code)!.hex.toUpperCase();
const nameOf = (pattern: PatternDocument, code: string): string => pattern.legend.find((entry) => entry.dmc_code === code)!.dmc_name;

/** Errors thrown on the page (a broken handler), to assert there were none. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function openEditor(page: Page, heading: string): Promise<void> {
  await expect(page.getByRole('heading', { name: `Edit chart: ${heading}` })).toBeVisible();
  // The editor reports where the chart sits once the canvas has drawn it.
  await expect(page.locator('[data-view]')).toHaveAttribute('data-view', /^[\d.]+ [-\d.]+ [-\d.]+$/);
}

async function drawWithMouse(page: Page, stroke: RowStroke): Promise<void> {
  const start = await cellPoint(page, { x: stroke.x0, y: stroke.y });
  const end = await cellPoint(page, { x: stroke.x1, y: stroke.y });
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(end.x, end.y, { steps: 6 });
  await page.mouse.up();
  await page.mouse.move(1, 1); // off the chart: the hovered stitch's outline would cover what is read below
}

test('a signed-in owner draws, fills, replaces a thread, undoes and redoes, and prints the edited chart', async ({ page }) => {
  const errors = pageErrors(page);
  await signUp(page);
  const pattern = await generatePattern(page, 'Harbour edit', { signedIn: true });
  expect(pattern.width).toBe(50);
  expect(pattern.legend).toHaveLength(10);
  await page.getByRole('link', { name: 'Open the project' }).click();
  await page.getByRole('link', { name: 'Edit chart' }).click();
  await expect(page).toHaveURL(/\/stitch\/projects\/[^/]+\/edit$/);
  await openEditor(page, 'Harbour edit');

  const original = ChartModel.of(pattern);
  await expectPalette(page, original.counts(), 'the palette counts the generated chart');
  // Colour blocks: the middle of a stitch is its thread's colour, without a symbol's ink.
  await page.getByRole('button', { name: 'Colour', exact: true }).click();
  const tools = page.getByRole('toolbar', { name: 'Tools' });

  const drawn = original.copy();
  const stroke = drawn.strokeTarget(12);
  drawn.strokeRow(stroke.y, stroke.x0, stroke.x1, stroke.code);
  await test.step('the pencil draws a dragged line in the chosen thread', async () => {
    const before = (await paletteCounts(page)).get(stroke.code)!;
    await chooseThread(page, stroke.code);
    await expect(tools.getByRole('button', { name: 'Pencil', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('current-thread')).toContainText(`DMC ${stroke.code}`);
    for (const cell of strokeCells(stroke)) expect(await canvasHex(page, await cellPoint(page, cell))).not.toBe(hexOf(pattern, stroke.code));
    await drawWithMouse(page, stroke);
    await expect.poll(async () => (await paletteCounts(page)).get(stroke.code)).toBe(before + 12);
    await expectPalette(page, drawn.counts(), 'only the crossed stitches changed thread');
    for (const cell of strokeCells(stroke)) {
      await expect.poll(async () => canvasHex(page, await cellPoint(page, cell)), { message: `stitch ${cell.x},${cell.y}` }).toBe(hexOf(pattern, stroke.code));
    }
  });

  const filled = drawn.copy();
  const fillCode = [...drawn.counts().keys()].find((code) => code !== stroke.code)!;
  const fillAt = drawn.fillTarget(stroke.y, [stroke.code, fillCode]);
  const regionSize = drawn.region(fillAt).length;
  filled.fill(fillAt, fillCode);
  await test.step('the fill tool fills a region of one thread', async () => {
    const before = (await paletteCounts(page)).get(fillCode)!;
    await chooseThread(page, fillCode);
    await tools.getByRole('button', { name: 'Fill', exact: true }).click();
    const point = await cellPoint(page, fillAt);
    await page.mouse.click(point.x, point.y);
    await page.mouse.move(1, 1);
    await expect.poll(async () => (await paletteCounts(page)).get(fillCode)).toBe(before + regionSize);
    await expectPalette(page, filled.counts(), 'the filled region changed thread, nothing else');
    await expect.poll(async () => canvasHex(page, await cellPoint(page, fillAt))).toBe(hexOf(pattern, fillCode));
  });

  const replaced = filled.copy();
  const [gone, into] = [...filled.counts().keys()].filter((code) => code !== stroke.code && code !== fillCode);
  replaced.replace(gone!, into!);
  await test.step('replacing a thread leaves it without stitches', async () => {
    await chooseThread(page, gone!);
    const actions = page.getByRole('group', { name: `Actions for DMC ${gone} ${nameOf(pattern, gone!)}` });
    await actions.getByLabel('Other thread').selectOption({ label: `DMC ${into} ${nameOf(pattern, into!)}` });
    await actions.getByRole('button', { name: 'Replace with' }).click();
    await expect.poll(async () => (await paletteCounts(page)).get(gone!) ?? 0).toBe(0);
    await expectPalette(page, replaced.counts(), 'the replaced thread’s stitches all went to the other thread');
  });

  await test.step('undo, by button and Ctrl+Z, takes the three edits back', async () => {
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expectPalette(page, filled.counts(), 'undo (button) takes back the replace');
    await page.keyboard.press('Control+z');
    await expectPalette(page, drawn.counts(), 'Ctrl+Z takes back the fill');
    await page.keyboard.press('Control+z');
    await expectPalette(page, original.counts(), 'Ctrl+Z takes back the stroke');
    await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeDisabled();
    await expect.poll(async () => canvasHex(page, await cellPoint(page, { x: stroke.x0, y: stroke.y }))).not.toBe(hexOf(pattern, stroke.code));
  });

  await test.step('redo, by button and Shift+Ctrl+Z, brings them back', async () => {
    await page.getByRole('button', { name: 'Redo', exact: true }).click();
    await expectPalette(page, drawn.counts(), 'redo (button) brings the stroke back');
    await page.keyboard.press('Shift+Control+z');
    await expectPalette(page, filled.counts(), 'Shift+Ctrl+Z brings the fill back');
    await page.keyboard.press('Shift+Control+z');
    await expectPalette(page, replaced.counts(), 'Shift+Ctrl+Z brings the replace back');
    await expect(page.getByRole('button', { name: 'Redo', exact: true })).toBeDisabled();
    await expect.poll(async () => canvasHex(page, await cellPoint(page, { x: stroke.x0, y: stroke.y }))).toBe(hexOf(pattern, stroke.code));
  });
  await page.screenshot({ path: 'e2e-results/screenshots/editor-1280.png', fullPage: true });

  await test.step('the PDF chart’s thread list is the edited chart’s', async () => {
    const palette = await paletteCounts(page);
    const pdf = await downloadEdited(page, 'Download PDF chart', 'pdf');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const [cover, threadList] = await pdfPageTexts(new Uint8Array(pdf.bytes));
    const expected = replaced.counts();
    expect(cover).toContain(`${expected.size} DMC colours`); // the list below has no other thread
    for (const entry of pattern.legend) {
      const count = expected.get(entry.dmc_code);
      // A row: symbol, code, catalogue name, stitches, skeins.
      if (count) expect(threadList).toContain(`${entry.symbol} ${entry.dmc_code} ${entry.dmc_name} ${count.toLocaleString('en')} `);
      else expect(threadList).not.toContain(` ${entry.dmc_code} ${entry.dmc_name} `);
    }
    expect(threadList).not.toContain(` ${gone} ${nameOf(pattern, gone!)} `);
    expect(threadList).toContain(` ${stroke.code} ${nameOf(pattern, stroke.code)} ${palette.get(stroke.code)!.toLocaleString('en')} `);
  });
  expect(errors).toEqual([]);
});

test('a visitor edits their result and downloads it as OXS, but cannot save it', async ({ page }) => {
  const errors = pageErrors(page);
  const pattern = await generatePattern(page, 'Visitor edit', { signedIn: false });
  await page.getByRole('link', { name: 'Edit chart' }).click();
  await expect(page).toHaveURL(/\/stitch\/edit\/[\w-]+\.json$/);
  await openEditor(page, 'My chart');

  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  await expect(save).toHaveAccessibleDescription(/^Saving needs an account\./);
  await expect(page.getByText(/^Saving needs an account\. Sign in to keep charts in your projects\./)).toBeVisible();

  const chart = ChartModel.of(pattern);
  const stroke = chart.strokeTarget(10);
  chart.strokeRow(stroke.y, stroke.x0, stroke.x1, stroke.code);
  await chooseThread(page, stroke.code);
  await drawWithMouse(page, stroke);
  await expectPalette(page, chart.counts(), 'the stroke shows in the palette');

  const palette = await paletteCounts(page);
  const oxs = await downloadEdited(page, 'Download OXS', 'oxs');
  expect(oxs.name).toMatch(/\.oxs$/);
  const stitches = oxsStitches(oxs.bytes.toString('utf8'));
  expect(countByCode(stitches).get(stroke.code)).toBe(palette.get(stroke.code));
  expect(Object.fromEntries(countByCode(stitches))).toEqual(Object.fromEntries(palette));
  for (const { x, y } of strokeCells(stroke)) expect(stitches.get(`${x},${y}`), `stitch ${x},${y}`).toBe(stroke.code);
  expect(errors).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the chart zooms to a readable size and a one-finger drag draws', async ({ page }) => {
    const errors = pageErrors(page);
    const pattern = await generatePattern(page, 'Phone edit', { signedIn: false });
    await page.getByRole('link', { name: 'Edit chart' }).click();
    await openEditor(page, 'My chart');

    const chart = ChartModel.of(pattern);
    const stroke = chart.strokeTarget(6);
    chart.strokeRow(stroke.y, stroke.x0, stroke.x1, stroke.code);
    await chooseThread(page, stroke.code);
    await page.getByRole('button', { name: 'Colour', exact: true }).click();

    await test.step('+ zooms in to at least 16 px per stitch', async () => {
      const zoom = page.getByTestId('zoom-level');
      await zoom.scrollIntoViewIfNeeded();
      const scale = async () => parseFloat((await zoom.textContent()) ?? '');
      for (let clicks = 0; clicks < 8 && (await scale()) < 16; clicks++) {
        const before = await scale();
        await page.getByRole('button', { name: 'Zoom in' }).click();
        await expect.poll(scale).toBeGreaterThan(before);
      }
      expect(await scale()).toBeGreaterThanOrEqual(16);
      await expect(zoom).toHaveText(/^\d+ px per stitch$/);
      // The stitches on the canvas are that size too.
      const [a, b] = [await cellPoint(page, { x: 0, y: 0 }), await cellPoint(page, { x: 1, y: 0 })];
      expect(b.x - a.x).toBeGreaterThanOrEqual(16);
    });

    await test.step('a one-finger drag with the pencil draws', async () => {
      const canvas = page.getByTestId('chart-canvas');
      await canvas.evaluate((element) => {
        element.scrollIntoView({ block: 'center' });
        // Which kind of pointer the page saw: a finger, not an emulated mouse.
        element.addEventListener('pointerdown', (event) => {
          element.setAttribute('data-last-pointer', (event as PointerEvent).pointerType);
        });
      });
      const box = (await canvas.boundingBox())!;
      const points = await Promise.all(strokeCells(stroke).map((cell) => cellPoint(page, cell)));
      for (const point of points) {
        expect(point.x, 'the stroke is on screen').toBeGreaterThan(box.x);
        expect(point.x).toBeLessThan(Math.min(box.x + box.width, 390));
        expect(point.y).toBeGreaterThan(box.y);
        expect(point.y).toBeLessThan(Math.min(box.y + box.height, 844));
      }
      // Real touches through Chromium's input pipeline: the page sees touch pointer events.
      const cdp = await page.context().newCDPSession(page);
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: { x: number; y: number }) =>
        cdp.send('Input.dispatchTouchEvent', { type, touchPoints: point ? [{ x: point.x, y: point.y, id: 1 }] : [] });
      await touch('touchStart', points[0]);
      for (const point of points.slice(1)) await touch('touchMove', point);
      await touch('touchEnd');
      await expect(canvas).toHaveAttribute('data-last-pointer', 'touch');
      for (const point of points) await expect.poll(() => canvasHex(page, point)).toBe(hexOf(pattern, stroke.code));
      // The palette is a sheet on a phone: opened, it counts the stroke; Escape puts it away.
      await openPaletteSheet(page);
      await expectPalette(page, chart.counts(), 'the finger’s stroke shows in the palette');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    });

    await test.step('nothing is wider than the screen', async () => {
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
      expect(widths.page).toBeLessThanOrEqual(390);
      expect(widths.screen).toBe(390);
    });
    // The sticky header would otherwise cover the editor's top in a full-page shot.
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });
    await page.screenshot({ path: 'e2e-results/screenshots/editor-390.png', fullPage: true });
    expect(errors).toEqual([]);
  });
});
