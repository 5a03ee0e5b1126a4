import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Locator, type Page } from '@playwright/test';
import type { PatternDocument } from '@stitchwise/core';
import type { Cell } from './chart-model.js';

/**
 * What the editor's browser tests do on the page: sign up, generate a chart through the wizard,
 * find a stitch on the canvas, read the palette and the canvas, and download.
 */
const require = createRequire(import.meta.url);
export const PHOTO = require.resolve('rgbquant/demo/img/kodim21.png');

/** A new account through the app's built-in provider (each test its own, so tests stay independent). */
export async function signUp(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Start Free Now' }).click();
  await page.getByLabel('Name').fill('Edna Editor');
  await page.getByLabel('E-mail address').fill(`edna-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`);
  await page.getByLabel('Password').fill('a long and happy password 42');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('user-name')).toHaveText('Edna Editor');
}

/**
 * Generates a chart of the test photo, by default 50 stitches with 10 colours (a visitor's default, set by hand
 * when signed in; only a signed-in user may ask for more), and waits for the result; returns the pattern
 * document the result page loads.
 */
export async function generatePattern(
  page: Page,
  name: string,
  { signedIn, colors = 10, size = 50, brand }: { signedIn: boolean; colors?: number; size?: number; brand?: 'DMC' | 'Anchor' | 'Madeira' },
): Promise<PatternDocument> {
  await page.goto('/stitch/new');
  await page.getByTestId('file-input').setInputFiles(PHOTO);
  await expect(page.getByRole('img', { name: 'The selected image' })).toBeVisible(); // prepared by the upload box first
  await page.getByRole('button', { name: 'Continue to Settings' }).click();
  if (signedIn) await page.getByLabel(/^Colors/).fill(String(colors));
  await page.getByRole('radio', { name: String(size), exact: true }).check();
  if (brand) await page.getByLabel('Thread brand').selectOption({ label: brand });
  await page.getByLabel(/^Project name/).fill(name);
  // The preview appears above the button as it is ready: click once it has, or the click may land where the button was.
  await expect(page.getByRole('img', { name: /^Preview of the chart/ })).toBeVisible();
  const document = page.waitForResponse((response) => /^\/files\/[\w-]+\.json$/.test(new URL(response.url()).pathname) && response.ok(), {
    timeout: 60_000,
  });
  await page.getByRole('button', { name: 'Generate Pattern' }).click();
  await expect(page.getByRole('link', { name: 'Download Pattern' })).toBeVisible({ timeout: 60_000 });
  return (await (await document).json()) as PatternDocument;
}

/** The palette's stitch counts by DMC code; threads without stitches left out (a replaced thread may stay listed at 0). */
export async function paletteCounts(page: Page): Promise<Map<string, number>> {
  const rows = await page
    .getByTestId('palette-thread')
    .evaluateAll((buttons) =>
      buttons.map((button) => [button.getAttribute('data-code') ?? '', button.querySelector('[data-testid="palette-count"]')?.textContent ?? ''] as const),
    );
  return new Map(rows.map(([code, count]) => [code, Number(count.replace(/,/g, ''))] as const).filter(([, count]) => count > 0));
}

/** Waits until the palette shows exactly these counts. */
export async function expectPalette(page: Page, counts: Map<string, number>, message: string): Promise<void> {
  const sorted = (map: Map<string, number>) => [...map.entries()].sort(([a], [b]) => a.localeCompare(b));
  await expect.poll(async () => sorted(await paletteCounts(page)), { message }).toEqual(sorted(counts));
}

/**
 * Makes a thread the current one by clicking it in the palette: beside the chart, or on a narrow screen in
 * the sheet opened from the current thread in the tool bar (which closes as the thread is chosen).
 */
export async function chooseThread(page: Page, code: string): Promise<void> {
  const button = page.locator(`[data-testid="palette-thread"][data-code="${code}"]`);
  const inSheet = !(await button.isVisible());
  if (inSheet) await openPaletteSheet(page);
  await button.click();
  await expect(page.getByTestId('current-thread')).toContainText(`DMC ${code} `);
  if (inSheet) await expect(page.getByRole('dialog')).toBeHidden();
  else await expect(button).toHaveAttribute('aria-pressed', 'true');
}

/** On a narrow screen: opens the palette's sheet from the current thread in the tool bar; returns the sheet. */
export async function openPaletteSheet(page: Page): Promise<Locator> {
  await page.getByTestId('current-thread').click();
  const sheet = page.getByRole('dialog', { name: /^Threads/ });
  await expect(sheet).toBeVisible();
  return sheet;
}

/**
 * The middle of a stitch in page coordinates: the editor writes where the chart sits on its canvas
 * (scale, then the chart's top-left corner in CSS px) into `data-view`.
 */
export async function cellPoint(page: Page, { x, y }: Cell): Promise<{ x: number; y: number }> {
  const view = (await page.locator('[data-view]').getAttribute('data-view')) ?? '';
  const [scale, offsetX, offsetY] = view.split(' ').map(Number) as [number, number, number];
  const box = (await page.getByTestId('chart-canvas').boundingBox())!;
  return { x: box.x + offsetX + (x + 0.5) * scale, y: box.y + offsetY + (y + 0.5) * scale };
}

/** The canvas's colour under a page point, as #RRGGBB. */
export async function canvasHex(page: Page, point: { x: number; y: number }): Promise<string> {
  const canvas = page.getByTestId('chart-canvas');
  const box = (await canvas.boundingBox())!;
  return canvas.evaluate(
    (element, [cssX, cssY]) => {
      const canvas = element as HTMLCanvasElement;
      const ratio = canvas.width / canvas.getBoundingClientRect().width;
      const [r, g, b] = canvas.getContext('2d')!.getImageData(Math.floor(cssX * ratio), Math.floor(cssY * ratio), 1, 1).data;
      return `#${[r!, g!, b!].map((value) => value.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
    },
    [point.x - box.x, point.y - box.y] as [number, number],
  );
}

/**
 * Clicks a download button of the editor and returns the file, checking it came from the stateless
 * export of the edited chart (`POST /api/stitch/patterns/export`), not from the stored pattern.
 */
export async function downloadEdited(page: Page, button: string, format: 'pdf' | 'oxs'): Promise<{ name: string; bytes: Buffer }> {
  const request = page.waitForRequest((sent) => new URL(sent.url()).pathname === '/api/stitch/patterns/export');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const sent = await request;
  expect(sent.method()).toBe('POST');
  expect(new URL(sent.url()).searchParams.get('format')).toBe(format);
  const path = `e2e-results/${download.suggestedFilename()}`;
  await download.saveAs(path);
  return { name: download.suggestedFilename(), bytes: readFileSync(path) };
}
