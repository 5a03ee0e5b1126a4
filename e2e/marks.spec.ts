import { expect, type Page, type Response } from '@playwright/test';
import { sameMarks, type PatternDocument } from '@stitchwise/core';
import { test } from './csp-guard.js';
import { canvasHex, downloadEdited, generatePattern, signUp } from './editor-page.js';
import { pdfPageTexts } from './exported-files.js';

/**
 * Part stitches, backstitch and French knots in the editor, in Chromium against the real server: each
 * kind is drawn with its tool, shows on the canvas, goes with undo and comes back with redo; the chart is
 * saved, and the reloaded editor and the stored document hold exactly what was drawn; the PDF of the edit
 * lists the backstitch and the knots in its legend.
 */

/** Errors thrown on the page (a broken handler), to assert there were none. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Where the chart sits on its canvas: `data-view` holds the scale, then the chart's top-left corner in CSS px. */
async function chartPoint(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const view = (await page.locator('[data-view]').getAttribute('data-view')) ?? '';
  const [scale, offsetX, offsetY] = view.split(' ').map(Number) as [number, number, number];
  const box = (await page.getByTestId('chart-canvas').boundingBox())!;
  return { x: box.x + offsetX + x * scale, y: box.y + offsetY + y * scale };
}

/** A point of the half-stitch lattice on the page: (2x, 2y) is the top-left corner of stitch (x, y). */
const latticePoint = (page: Page, x: number, y: number) => chartPoint(page, x / 2, y / 2);

async function clickAt(page: Page, point: { x: number; y: number }): Promise<void> {
  await page.mouse.click(point.x, point.y);
  await page.mouse.move(1, 1); // off the chart: the hovered stitch's outline would cover what is read below
}

const chooseTool = (page: Page, name: string) => page.getByRole('toolbar', { name: 'Tools' }).getByRole('button', { name, exact: true }).click();

/** Draws with `draw`, and checks the canvas at `probe` changes, goes back with Ctrl+Z and changes again with Shift+Ctrl+Z. */
async function drawUndoRedo(page: Page, probe: { x: number; y: number }, draw: () => Promise<void>, what: string): Promise<void> {
  const before = await canvasHex(page, probe);
  await draw();
  await expect.poll(() => canvasHex(page, probe), { message: `${what} shows on the canvas` }).not.toBe(before);
  const drawn = await canvasHex(page, probe);
  await page.keyboard.press('Control+z');
  await expect.poll(() => canvasHex(page, probe), { message: `undo takes the ${what} away` }).toBe(before);
  await page.keyboard.press('Shift+Control+z');
  await expect.poll(() => canvasHex(page, probe), { message: `redo brings the ${what} back` }).toBe(drawn);
}

const isChartRead = (projectId: string) => (response: Response) =>
  response.request().method() === 'GET' && new URL(response.url()).pathname === `/api/stitch/projects/${projectId}/pattern` && response.ok();

test('each kind of stitch is drawn, undone and redone, saved, reloaded and printed', async ({ page }) => {
  const errors = pageErrors(page);
  await signUp(page);
  const generated = await generatePattern(page, 'Harbour outline', { signedIn: true });
  await page.getByRole('link', { name: 'Open the project' }).click();
  const projectId = new URL(page.url()).pathname.split('/').at(-1)!;
  await page.getByRole('link', { name: 'Edit chart' }).click();
  await expect(page.getByRole('heading', { name: 'Edit chart: Harbour outline' })).toBeVisible();
  await expect(page.locator('[data-view]')).toHaveAttribute('data-view', /^[\d.]+ [-\d.]+ [-\d.]+$/);

  // The darkest thread of the chart outlines and dots; the lightest makes the part stitches.
  const byLightness = [...generated.legend].sort((a, b) => a.rgb.r + a.rgb.g + a.rgb.b - (b.rgb.r + b.rgb.g + b.rgb.b));
  const dark = byLightness[0]!.dmc_code;
  const light = byLightness.at(-1)!.dmc_code;
  const choose = async (code: string) => {
    const button = page.locator(`[data-testid="palette-thread"][data-code="${code}"]`);
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  };

  await choose(light);
  await chooseTool(page, 'Half stitch');
  // The pointer in the top-right quarter of stitch (5, 5): the half stitch along /.
  await drawUndoRedo(page, await chartPoint(page, 5.75, 5.25), async () => clickAt(page, await chartPoint(page, 5.75, 5.25)), 'half stitch');
  await chooseTool(page, 'Quarter stitch');
  await drawUndoRedo(page, await chartPoint(page, 7.2, 5.2), async () => clickAt(page, await chartPoint(page, 7.2, 5.2)), 'quarter stitch');
  await chooseTool(page, 'Three-quarter stitch');
  await drawUndoRedo(page, await chartPoint(page, 9.8, 5.8), async () => clickAt(page, await chartPoint(page, 9.7, 5.7)), 'three-quarter stitch');

  await choose(dark);
  await chooseTool(page, 'Backstitch');
  // A polyline of two lines, from the corner of stitch (10, 10) four stitches right, then two down; Escape ends it.
  await drawUndoRedo(
    page,
    await latticePoint(page, 28, 22), // on the second line: each line is a step of its own
    async () => {
      await page.mouse.click(...xy(await latticePoint(page, 20, 20)));
      await page.mouse.click(...xy(await latticePoint(page, 28, 20)));
      await page.mouse.click(...xy(await latticePoint(page, 28, 24)));
      await page.keyboard.press('Escape');
      await page.mouse.move(1, 1);
    },
    'backstitch',
  );
  await chooseTool(page, 'French knot');
  await drawUndoRedo(page, await latticePoint(page, 41, 41), async () => clickAt(page, await latticePoint(page, 41, 41)), 'French knot');

  const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && /\/pattern$/.test(new URL(response.url()).pathname));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).status()).toBe(200);

  const read = page.waitForResponse(isChartRead(projectId));
  await page.reload();
  const reloaded = (await (await read).json()) as PatternDocument;
  expect(reloaded.version).toBe(3);
  const indexOf = (code: string) => reloaded.legend.findIndex((entry) => entry.dmc_code === code);
  const expected = {
    parts: [
      { x: 5, y: 5, kind: 'half-slash' as const, thread: indexOf(light) },
      { x: 7, y: 5, kind: 'quarter-tl' as const, thread: indexOf(light) },
      { x: 9, y: 5, kind: 'three-quarter-br' as const, thread: indexOf(light) },
    ],
    backstitches: [
      { x1: 20, y1: 20, x2: 28, y2: 20, thread: indexOf(dark) },
      { x1: 28, y1: 20, x2: 28, y2: 24, thread: indexOf(dark) },
    ],
    knots: [{ x: 41, y: 41, thread: indexOf(dark) }],
  };
  const marksOf = (document: PatternDocument) => ({ parts: document.part_stitches, backstitches: document.backstitches, knots: document.knots });
  expect(sameMarks(marksOf(reloaded), expected), JSON.stringify(marksOf(reloaded))).toBe(true);
  // A part stitch takes its cell: no full stitch under it.
  for (const { x, y } of expected.parts) expect(reloaded.cells[y * reloaded.width + x]).toBe(-1);

  // The reloaded editor draws them: the knot's dot is there.
  await expect(page.locator('[data-view]')).toHaveAttribute('data-view', /^[\d.]+ [-\d.]+ [-\d.]+$/);
  const knotColour = await canvasHex(page, await latticePoint(page, 41, 41));
  expect(knotColour).toBe(reloaded.legend[indexOf(dark)]!.hex.toUpperCase());

  const pdf = await downloadEdited(page, 'Download PDF chart', 'pdf');
  const text = (await pdfPageTexts(new Uint8Array(pdf.bytes))).join('\n');
  expect(text).toMatch(/backstitch/i);
  expect(text).toMatch(/French knot/i);
  expect(errors).toEqual([]);
});

const xy = (point: { x: number; y: number }): [number, number] => [point.x, point.y];
