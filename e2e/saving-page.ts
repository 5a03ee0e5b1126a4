import { expect, type Page, type Response } from '@playwright/test';
import type { PatternDocument } from '@stitchwise/core';
import type { ChartModel } from './chart-model.js';
import { cellPoint, chooseThread, expectPalette, generatePattern, signUp } from './editor-page.js';

/** What the saving tests do in the editor: open it, draw a stroke, save, and read charts as a stitcher sees them. */
/** Errors thrown on the page (a broken handler), to assert there were none. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export const isChartRead = (projectId: string) => (response: Response) =>
  response.request().method() === 'GET' && new URL(response.url()).pathname === `/api/stitch/projects/${projectId}/pattern` && response.ok();

/** Opens the project's editor and returns the chart the server gave it, once the canvas shows it. */
export async function openEditor(
  page: Page,
  projectId: string,
  heading: string,
  go: () => Promise<unknown> = () => page.goto(`/stitch/projects/${projectId}/edit`),
) {
  const read = page.waitForResponse(isChartRead(projectId));
  await go();
  const document = (await (await read).json()) as PatternDocument;
  await expect(page.getByRole('heading', { name: `Edit chart: ${heading}` })).toBeVisible();
  await expect(page.locator('[data-view]')).toHaveAttribute('data-view', /^[\d.]+ [-\d.]+ [-\d.]+$/);
  return document;
}

/** A signed-up stitcher's generated project; its id and chart. */
export async function newProject(page: Page, name: string): Promise<{ id: string; pattern: PatternDocument }> {
  await signUp(page);
  const pattern = await generatePattern(page, name, { signedIn: true });
  await page.getByRole('link', { name: 'Open the project' }).click();
  await expect(page).toHaveURL(/\/stitch\/projects\/[^/]+$/);
  return { id: new URL(page.url()).pathname.split('/').at(-1)!, pattern };
}

/** Draws `length` stitches along a row in a thread none of them has, in the browser and in `model`. */
export async function drawStroke(page: Page, model: ChartModel, length: number): Promise<void> {
  const { y, x0, x1, code } = model.strokeTarget(length);
  model.strokeRow(y, x0, x1, code);
  await chooseThread(page, code);
  const [start, end] = [await cellPoint(page, { x: x0, y }), await cellPoint(page, { x: x1, y })];
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(end.x, end.y, { steps: 6 });
  await page.mouse.up();
  await page.mouse.move(1, 1);
  await expectPalette(page, model.counts(), 'the stroke shows in the palette');
}

/** Clicks Save and waits for the server's answer to it. */
export async function save(page: Page): Promise<Response> {
  const answer = page.waitForResponse((response) => response.request().method() === 'PUT' && /\/pattern$/.test(new URL(response.url()).pathname));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  return answer;
}

/** The chart as a DMC code (or null) per cell, and each code's symbol: what a stitcher sees, whatever the legend's order. */
export function chartOf(document: PatternDocument) {
  return {
    width: document.width,
    height: document.height,
    cells: document.cells.map((index) => (index < 0 ? null : document.legend[index]!.dmc_code)),
    symbols: Object.fromEntries(document.legend.map((entry) => [entry.dmc_code, entry.symbol])),
  };
}

/** The test's copy of the chart, as a DMC code (or null) per cell. */
export const modelCells = (model: ChartModel): (string | null)[] =>
  Array.from({ length: model.width * model.height }, (_, at) => model.codeAt({ x: at % model.width, y: Math.floor(at / model.width) }) ?? null);
