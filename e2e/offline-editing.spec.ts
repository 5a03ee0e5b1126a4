import { expect, type Page } from '@playwright/test';
import type { PatternDocument } from '@stitchwise/core';
import { ChartModel } from './chart-model.js';
import { test } from './csp-guard.js';
import { generatePattern } from './editor-page.js';
import { serverRead, signInAs, signUpAs, workerInCharge } from './offline-page.js';
import { chartOf, drawStroke, modelCells, openEditor, save } from './saving-page.js';

/**
 * A chart edited without a network (issue #35): the editor opens from the service worker's copy, a Save
 * offline keeps the edit on the device (through closing the app), and back online it is saved with If-Match
 * by itself; when another device saved meanwhile, the conflict choice is offered and both edits are kept.
 */
test.use({ serviceWorkers: 'allow' });

const serverChart = (page: Page, projectId: string) => serverRead<PatternDocument>(page, `/api/stitch/projects/${projectId}/pattern`);
const editorStatus = (page: Page) => page.getByTestId('save-status');

/** Opens the project's editor from the service worker's copy, offline, once the pattern is kept. */
async function openEditorOffline(page: Page, projectId: string, name: string): Promise<void> {
  await page.goto(`/stitch/projects/${projectId}/edit`);
  await expect(page.getByRole('heading', { name: `Edit chart: ${name}` })).toBeVisible();
  await expect(page.locator('[data-view]')).toHaveAttribute('data-view', /^[\d.]+ [-\d.]+ [-\d.]+$/);
}

test('an edit saved offline waits on the device and is saved when back online; another device’s save meanwhile is offered, never lost', async ({
  page,
  context,
  browser,
}) => {
  const email = `edith-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  await signUpAs(page, email);
  await generatePattern(page, 'Train journey', { signedIn: true });
  await page.getByRole('link', { name: 'Open the project' }).click();
  await expect(page).toHaveURL(/\/stitch\/projects\/[^/]+$/);
  const projectId = new URL(page.url()).pathname.split('/').at(-1)!;
  await workerInCharge(page);
  // The project page keeps its reads through the worker (the editor's chart among them): let it finish first, so
  // the chart read awaited below is the editor's own.
  await expect.poll(() => page.evaluate((id) => caches.match(`/api/stitch/projects/${id}/pattern`).then((answer) => !!answer), projectId)).toBe(true);
  const opened = await openEditor(page, projectId, 'Train journey');

  const mine = ChartModel.of(opened);
  await test.step('offline, the editor opens from the kept copy; Save keeps the edit on the device', async () => {
    await context.setOffline(true);
    await openEditorOffline(page, projectId, 'Train journey');
    await drawStroke(page, mine, 6);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(editorStatus(page)).toContainText('Offline — changes kept on this device');
  });

  await test.step('closed and opened again offline, the edit is still there, waiting', async () => {
    await page.close();
    page = await context.newPage();
    await openEditorOffline(page, projectId, 'Train journey');
    await expect(editorStatus(page)).toContainText('Offline — changes kept on this device');
  });

  await test.step('back online, it is saved by itself with If-Match, and the server has it', async () => {
    const put = page.waitForResponse((response) => response.request().method() === 'PUT' && /\/pattern$/.test(new URL(response.url()).pathname));
    await context.setOffline(false);
    const answer = await put;
    expect(answer.status()).toBe(200);
    expect(answer.request().headers()['if-match']).toBe('"v1"');
    await expect(editorStatus(page)).toContainText('Saved');
    expect(chartOf(await serverChart(page, projectId)).cells).toEqual(modelCells(mine));
  });

  const theirs = ChartModel.of(await serverChart(page, projectId));
  const offlineEdit = ChartModel.of(await serverChart(page, projectId));
  await test.step('offline again, another edit is kept while a second device saves its own', async () => {
    await context.setOffline(true);
    await drawStroke(page, offlineEdit, 9);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(editorStatus(page)).toContainText('Offline — changes kept on this device');

    const other = await browser.newContext();
    const device = await other.newPage();
    await signInAs(device, email);
    await openEditor(device, projectId, 'Train journey');
    await drawStroke(device, theirs, 14);
    expect((await save(device)).status()).toBe(200);
    await other.close();
  });

  await test.step('back online, the save is refused (412) and the choice is offered; both edits are kept', async () => {
    const put = page.waitForResponse((response) => response.request().method() === 'PUT' && /\/pattern$/.test(new URL(response.url()).pathname));
    await context.setOffline(false);
    expect((await put).status()).toBe(412);
    const dialog = page.getByRole('dialog', { name: 'This chart was changed elsewhere' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Save my edit as a new project' }).click();
    await expect(page.getByRole('heading', { name: 'Edit chart: Train journey (copy)' })).toBeVisible();
    const copyId = /^\/stitch\/projects\/([^/]+)\/edit$/.exec(new URL(page.url()).pathname)![1]!;
    expect(chartOf(await serverChart(page, copyId)).cells).toEqual(modelCells(offlineEdit));
    expect(chartOf(await serverChart(page, projectId)).cells).toEqual(modelCells(theirs));
  });

  await test.step('an edit saved offline is saved when the connection returns even with the editor closed', async () => {
    const copyId = /^\/stitch\/projects\/([^/]+)\/edit$/.exec(new URL(page.url()).pathname)![1]!;
    await expect.poll(() => page.evaluate((id) => caches.match(`/api/stitch/projects/${id}/pattern`).then((answer) => !!answer), copyId)).toBe(true);
    const later = ChartModel.of(await serverChart(page, copyId));
    await context.setOffline(true);
    await drawStroke(page, later, 5);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(editorStatus(page)).toContainText('Offline — changes kept on this device');
    await page.getByRole('link', { name: 'Stitch Projects' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Stitch Projects' })).toBeVisible();
    await context.setOffline(false);
    await expect.poll(async () => chartOf(await serverChart(page, copyId)).cells, { timeout: 30_000 }).toEqual(modelCells(later));
  });
});
