import { readFileSync } from 'node:fs';
import { expect, type Page, type Response } from '@playwright/test';
import { findThread, layOutText, letteringInk, letteringPattern, toPatternDocument, type PatternDocument } from '@stitchwise/core';
import { ChartModel } from './chart-model.js';
import { test } from './csp-guard.js';
import { cellPoint, chooseThread, expectPalette, generatePattern, signUp } from './editor-page.js';
import { pdfPageTexts } from './exported-files.js';

/**
 * Lettering (issue #33) in Chromium against the real server: the editor's Text tool places a name and a date
 * on a chart in a stitch alphabet (where the test's own layout of the text says), as one step of undo; saved,
 * it is in the chart a reload opens and in its PDF. 'Start from text' on the wizard's first step makes a chart of
 * a name and opens it in the editor: a project when signed in, a kept result for a visitor.
 */

test.use({ viewport: { width: 1280, height: 900 } });

const isChartRead = (projectId: string) => (response: Response) =>
  response.request().method() === 'GET' && new URL(response.url()).pathname === `/api/stitch/projects/${projectId}/pattern` && response.ok();

/** The project's editor, opened by `go`; the chart the server gave it, once the canvas shows it. */
async function openEditor(page: Page, projectId: string, go: () => Promise<unknown>): Promise<PatternDocument> {
  const read = page.waitForResponse(isChartRead(projectId));
  await go();
  const document = (await (await read).json()) as PatternDocument;
  await expect(page.getByRole('heading', { name: /^Edit chart: / })).toBeVisible();
  await expect(page.locator('[data-view]')).toHaveAttribute('data-view', /^[\d.]+ [-\d.]+ [-\d.]+$/);
  return document;
}

test('the Text tool places "Emma 2026" on a chart; undo takes it away in one step and redo brings it back; saved, reloaded and printed', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signUp(page);
  await generatePattern(page, 'Emma sampler', { signedIn: true });
  await page.getByRole('link', { name: 'Open the project' }).click();
  await expect(page).toHaveURL(/\/stitch\/projects\/[^/]+$/);
  const projectId = new URL(page.url()).pathname.split('/').at(-1)!;
  const opened = await openEditor(page, projectId, () => page.getByRole('link', { name: 'Edit chart' }).click());

  // The thread with the fewest stitches, so the text changes many cells.
  const code = opened.legend.at(-1)!.dmc_code;
  await chooseThread(page, code);
  await page.keyboard.press('x');
  const form = page.getByRole('form', { name: 'Text' });
  await form.getByLabel('Alphabet').selectOption({ label: 'Tiny, 5 stitches' });
  await form.getByRole('textbox', { name: 'Text' }).fill('Emma 2026');
  await expect(form.getByRole('status')).toContainText(`stitches in DMC ${code}, from column`);

  // Where the text goes, worked out here: its stitches centred on the chart, then dragged 3 right and 2 down.
  const lettering = layOutText('Emma 2026', 'tiny-5', { align: 'center' });
  const ink = letteringInk(lettering)!;
  const left = Math.floor((opened.width - ink.width) / 2) + 3 - ink.x;
  const top = Math.floor((opened.height - ink.height) / 2) + 2 - ink.y;
  const [from, to] = [await cellPoint(page, { x: 10, y: 10 }), await cellPoint(page, { x: 13, y: 12 })];
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();

  const original = ChartModel.of(opened);
  const lettered = original.copy();
  lettering.stitches.forEach((stitched, at) => {
    if (stitched) lettered.strokeRow(top + Math.floor(at / lettering.width), left + (at % lettering.width), left + (at % lettering.width), code);
  });
  await expectPalette(page, original.counts(), 'floating text is not stitched yet');
  await page.screenshot({ path: 'e2e-results/screenshots/lettering-floating-1280.png' });
  await form.getByRole('button', { name: 'Place text' }).click();
  await expectPalette(page, lettered.counts(), 'the placed text is stitched in the thread');

  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expectPalette(page, original.counts(), 'one undo takes the whole text away');
  await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeDisabled();
  await page.getByRole('button', { name: 'Redo', exact: true }).click();
  await expectPalette(page, lettered.counts(), 'redo brings it back');

  const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && /\/pattern$/.test(new URL(response.url()).pathname));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId('save-status')).toHaveText(/^Saved at /);

  const reloaded = await openEditor(page, projectId, () => page.reload());
  const codeAt = (x: number, y: number) => reloaded.legend[reloaded.cells[y * reloaded.width + x]!]?.dmc_code;
  const reloadedModel = ChartModel.of(reloaded);
  expect(Object.fromEntries(reloadedModel.counts())).toEqual(Object.fromEntries(lettered.counts()));
  lettering.stitches.forEach((stitched, at) => {
    if (stitched) expect(codeAt(left + (at % lettering.width), top + Math.floor(at / lettering.width)), `stitch ${at}`).toBe(code);
  });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF chart' }).click()]);
  const path = `e2e-results/lettering-${download.suggestedFilename()}`;
  await download.saveAs(path);
  const text = (await pdfPageTexts(new Uint8Array(readFileSync(path)))).join('\n');
  expect(text).toContain('Emma sampler');
  expect(text).toMatch(new RegExp(`\\b${code}\\b[^\\n]*\\b${lettered.counts().get(code)!.toLocaleString('en')}\\b`));
  expect(errors).toEqual([]);
});

/** 'Start from text' on the wizard's first step, filled in and sent; the chart document the editor then opens. */
async function startFromText(page: Page, text: string, alphabet: string): Promise<PatternDocument> {
  await page.goto('/stitch/new');
  await page.getByText('Start from text').click();
  const form = page.getByRole('form', { name: 'Start from text' });
  await form.getByLabel('Text').fill(text);
  await form.getByLabel('Alphabet').selectOption({ label: alphabet });
  await expect(form.getByLabel('Thread', { exact: true })).toHaveValue('310');
  const chart = page.waitForResponse((response) => /^\/(files\/[\w-]+\.json|api\/stitch\/projects\/[^/]+\/pattern)$/.test(new URL(response.url()).pathname));
  await form.getByRole('button', { name: 'Make chart' }).click();
  const document = (await (await chart).json()) as PatternDocument;
  await expect(page.locator('[data-view]')).toHaveAttribute('data-view', /^[\d.]+ [-\d.]+ [-\d.]+$/);
  return document;
}

/** The chart the core makes of the same text: what the server's must equal, cell for cell. */
const expectedChart = (text: string, alphabet: string): PatternDocument =>
  toPatternDocument(letteringPattern(layOutText(text, alphabet, { align: 'center' }), findThread('310')!, 5));

test('signed in, Start from text makes a project of a two-line name and opens it in the editor', async ({ page }) => {
  await signUp(page);
  const document = await startFromText(page, 'Emma\n2026', 'Bold, 10 stitches');
  await expect(page).toHaveURL(/\/stitch\/projects\/[^/]+\/edit$/);
  await expect(page.getByRole('heading', { name: 'Edit chart: Emma 2026' })).toBeVisible();
  const expected = expectedChart('Emma\n2026', 'bold-10');
  expect([document.width, document.height]).toEqual([expected.width, expected.height]);
  expect(document.cells).toEqual(expected.cells);
  await expectPalette(page, new Map([['310', expected.legend[0]!.stitch_count]]), 'the palette counts the letters');
  await page.screenshot({ path: 'e2e-results/screenshots/lettering-start-from-text-1280.png', fullPage: true });
});

test('a visitor starts from text in a backstitch alphabet and edits the kept result', async ({ page }) => {
  const document = await startFromText(page, 'Ida', 'Backstitch script, 10 stitches, backstitch');
  await expect(page).toHaveURL(/\/stitch\/edit\/[\w-]+\.json$/);
  await expect(page.getByRole('heading', { name: 'Edit chart: My chart' })).toBeVisible();
  const expected = expectedChart('Ida', 'script-backstitch');
  expect(document.backstitches).toEqual(expected.backstitches);
  expect(document.knots).toEqual(expected.knots);
  expect(document.cells.every((cell) => cell === -1)).toBe(true);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a visitor types a name, moves it with a finger and places it', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const document = page.waitForResponse((response) => /^\/files\/[\w-]+\.json$/.test(new URL(response.url()).pathname) && response.ok());
    await generatePattern(page, 'Phone name', { signedIn: false });
    await page.getByRole('link', { name: 'Edit chart' }).click();
    const opened = (await (await document).json()) as PatternDocument;
    await expect(page.locator('[data-view]')).toHaveAttribute('data-view', /^[\d.]+ [-\d.]+ [-\d.]+$/);

    await page.getByRole('toolbar', { name: 'Tools' }).getByRole('button', { name: 'Text' }).click();
    const form = page.getByRole('form', { name: 'Text' });
    await form.getByRole('textbox', { name: 'Text' }).fill('Ida');
    await expect(form.getByRole('button', { name: 'Centre' })).toBeDisabled();
    // One finger on the chart drags the text (two would pan).
    await page.getByTestId('chart-canvas').scrollIntoViewIfNeeded();
    const from = await cellPoint(page, { x: Math.floor(opened.width / 2), y: Math.floor(opened.height / 3) });
    // Real touches through Chromium's input pipeline: the page sees touch pointer events.
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: { x: number; y: number }) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: point ? [{ x: point.x, y: point.y, id: 1 }] : [] });
    await touch('touchStart', from);
    for (let step = 1; step <= 4; step++) await touch('touchMove', { x: from.x + 10 * step, y: from.y + 8 * step });
    await touch('touchEnd');
    await expect(form.getByRole('button', { name: 'Centre' })).toBeEnabled();
    await page.screenshot({ path: 'e2e-results/screenshots/lettering-phone-390.png', fullPage: true });
    await form.getByRole('button', { name: 'Place text' }).click();
    await expect(page.getByRole('button', { name: 'Undo', exact: true })).toHaveAttribute('title', 'Undo Add text (Ctrl+Z)');
    expect(errors).toEqual([]);
  });
});
