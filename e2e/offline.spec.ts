import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, type Page } from '@playwright/test';
import type { PatternDocument } from '@stitchwise/core';
import type { Cell } from './chart-model.js';
import { test } from './csp-guard.js';
import { cellPoint, generatePattern } from './editor-page.js';
import { serverRead, signInAs, signUpAs, workerInCharge } from './offline-page.js';

/**
 * The installed app without a network (issue #35): the manifest and service worker make it installable; a
 * project opened once opens again offline after a reload, with its Stitching mode; marks made offline, in an
 * app closed and opened again offline, reach the server when the connection returns, beside a second
 * device's marks made meanwhile.
 */
test.use({ serviceWorkers: 'allow' });

/** Whether a cell is marked done in the server's base64 bits (row by row, least significant bit first). */
function isDone(done: string, width: number, { x, y }: Cell): boolean {
  const bytes = Buffer.from(done, 'base64');
  const index = y * width + x;
  return ((bytes[index >> 3] ?? 0) >> (index & 7)) % 2 === 1;
}

async function tap(page: Page, cell: Cell): Promise<void> {
  const point = await cellPoint(page, cell);
  await page.mouse.click(point.x, point.y);
}

/** Stitches of the chart in a row near its middle, `count` of them, all with a thread. */
function stitchedCells(pattern: PatternDocument, count: number, row: number): Cell[] {
  const cells: Cell[] = [];
  for (let x = 0; x < pattern.width && cells.length < count; x++) if ((pattern.cells[row * pattern.width + x] ?? -1) >= 0) cells.push({ x, y: row });
  return cells;
}

async function openStitching(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Start stitching' }).click();
  await expect(page.getByTestId('overall-progress')).toHaveText(/ of [\d,]+ stitches/);
  await expect(page.locator('[data-view]')).toHaveAttribute('data-view', /^[\d.]+ [-\d.]+ [-\d.]+$/);
}

test('the manifest and the service worker make the app installable', async ({ page }) => {
  await page.goto('/');
  await workerInCharge(page);
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    name: string;
    display: string;
    start_url: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Stitchwise', display: 'standalone', start_url: '/stitch/projects', theme_color: '#7c3aed' });
  for (const { sizes, purpose } of [
    { sizes: '192x192', purpose: 'any' },
    { sizes: '512x512', purpose: 'any' },
    { sizes: '512x512', purpose: 'maskable' },
  ]) {
    const icon = manifest.icons.find((entry) => entry.sizes === sizes && entry.purpose === purpose);
    expect(icon, `a ${sizes} ${purpose} icon`).toBeDefined();
    const png = await (await page.request.get(icon!.src)).body();
    // The PNG's own header says its size.
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(sizes);
  }
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/apple-touch-icon-180.png');

  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#7c3aed');

  // Chromium installs from a profile of one's own, not an incognito one as test contexts are.
  const profile = mkdtempSync(join(tmpdir(), 'stitchwise-profile-'));
  const installed = await chromium.launchPersistentContext(profile, { ...test.info().project.use.launchOptions, baseURL: test.info().project.use.baseURL });
  try {
    const app = installed.pages()[0] ?? (await installed.newPage());
    await app.goto('/');
    await workerInCharge(app);
    const cdp = await installed.newCDPSession(app);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors, 'Chromium finds nothing stopping an install').toEqual([]);
    const { url } = await cdp.send('Page.getAppManifest');
    expect(new URL(url).pathname).toBe('/manifest.webmanifest');
  } finally {
    await installed.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test.describe('offline on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a project opened once opens offline with its Stitching mode; marks made offline reach the server beside another device’s', async ({
    page,
    context,
    browser,
  }) => {
    const email = `olive-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    await signUpAs(page, email);
    const pattern = await generatePattern(page, 'Sofa without signal', { signedIn: true });
    await page.getByRole('link', { name: 'Open the project' }).click();
    await expect(page).toHaveURL(/\/stitch\/projects\/[^/?]+$/);
    const projectId = new URL(page.url()).pathname.split('/').at(-1)!;
    await workerInCharge(page);
    const row = Math.floor(pattern.height / 2);
    const [mine1, mine2, mine3, theirs] = [...stitchedCells(pattern, 4, row)] as [Cell, Cell, Cell, Cell];

    await test.step('no sign-in address, access token or refresh token is in any cache', async () => {
      const found = await page.evaluate(async () => {
        const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'))!;
        const { access_token, refresh_token } = JSON.parse(localStorage.getItem(key)!) as { access_token: string; refresh_token?: string };
        const secrets = [access_token, refresh_token].filter((secret): secret is string => !!secret);
        const entries: { url: string; secret: boolean }[] = [];
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          for (const request of await cache.keys()) {
            const body = await (await cache.match(request))!.text();
            entries.push({ url: new URL(request.url).pathname, secret: secrets.some((secret) => body.includes(secret)) });
          }
        }
        return { entries, secrets: secrets.length };
      });
      expect(found.secrets).toBeGreaterThan(0);
      expect(found.entries.length).toBeGreaterThan(10);
      expect(found.entries.filter((entry) => entry.url.startsWith('/oidc') || entry.secret)).toEqual([]);
    });

    await test.step('offline, a reload opens the project and its Stitching mode from the kept copies', async () => {
      // Opened once online, so kept: wait for the copies of a first visit (the worker came after the page).
      await expect
        .poll(() =>
          page.evaluate(
            async (id) =>
              !!(await caches.match(`/api/stitch/projects/${id}`)) &&
              !!(await caches.match(`/api/stitch/projects/${id}/progress`)) &&
              !!(await (await caches.match('/api/stitch/projects?limit=100'))?.text())?.includes(id),
            projectId,
          ),
        )
        .toBe(true);
      await context.setOffline(true);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Sofa without signal' })).toBeVisible();
      await expect(page.getByTestId('connection-status')).toHaveText(/^Offline/);
      await openStitching(page);
      await expect(page.getByTestId('overall-progress')).toHaveText(/^0 of /);
    });

    await test.step('marks made offline are kept, through closing the app and opening it again offline', async () => {
      for (const cell of [mine1, mine2, mine3]) await tap(page, cell);
      await expect(page.getByTestId('overall-progress')).toHaveText(/^3 of /);
      await expect(page.getByTestId('sync-status')).toHaveText('Offline — 3 marks kept on this device');
      await page.close();
      const reopened = await context.newPage();
      await reopened.goto('/stitch/projects');
      await expect(reopened.getByRole('heading', { level: 2, name: 'Sofa without signal' })).toBeVisible();
      await expect(reopened.getByTestId('connection-status')).toHaveText(/^Offline/);
      page = reopened;
    });

    await test.step('meanwhile another device marks a stitch online', async () => {
      const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const device = await other.newPage();
      await signInAs(device, email);
      await device.goto(`/stitch/projects/${projectId}/stitch`);
      await expect(device.getByTestId('overall-progress')).toHaveText(/^0 of /);
      await expect(device.locator('[data-view]')).toHaveAttribute('data-view', /^[\d.]+ [-\d.]+ [-\d.]+$/);
      await tap(device, theirs);
      await expect(device.getByTestId('sync-status')).toHaveText('Saved');
      await other.close();
    });

    await test.step('back online, the kept marks are sent from the projects list, and both devices’ marks are on the server', async () => {
      await context.setOffline(false);
      await expect
        .poll(async () => (await serverRead<{ done_count: number; done: string }>(page, `/api/stitch/projects/${projectId}/progress`)).done_count)
        .toBe(4);
      const { done } = await serverRead<{ done_count: number; done: string }>(page, `/api/stitch/projects/${projectId}/progress`);
      for (const cell of [mine1, mine2, mine3, theirs]) expect(isDone(done, pattern.width, cell), `${cell.x},${cell.y} done`).toBe(true);
      await expect(page.getByTestId('connection-status')).toHaveText('Saved');
    });
  });
});

test('a project kept available offline opens without a network after its 30 days, and its PDF downloads', async ({ page, context }) => {
  await signUpAs(page, `kept-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`);
  await generatePattern(page, 'Church hall sampler', { signedIn: true });
  await page.getByRole('link', { name: 'Open the project' }).click();
  await workerInCharge(page);
  const keep = page.getByRole('switch', { name: 'Keep available offline' });
  await expect(keep).toHaveAttribute('aria-checked', 'false');
  await keep.click();
  await expect(keep).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('Kept on this device')).toBeVisible();
  await expect(keep).toHaveAccessibleDescription('Its chart, progress and PDF stay on this device, however long ago it was opened.');

  // Thirty days on, what was only opened is gone from the recent copies; the kept copy stays.
  await page.evaluate(() => caches.delete('stitchwise-recent'));
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Church hall sampler' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Keep available offline' })).toHaveAttribute('aria-checked', 'true');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF chart' }).first().click();
  const file = await (await download).path();
  expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await test.step('Stitching mode opens from the kept copy too', async () => {
    await openStitching(page);
    await expect(page.getByTestId('overall-progress')).toHaveText(/^0 of /);
  });
  await context.setOffline(false);
});

test.describe('a new version', () => {
  const worker = 'apps/web/dist/service-worker.js';
  let original: string | undefined;
  test.afterEach(() => {
    if (original !== undefined) writeFileSync(worker, original);
  });

  test('is offered with “Update available — reload”, not swapped in unasked; reloading moves to it and drops what it no longer has', async ({ page }) => {
    await page.goto('/about');
    await workerInCharge(page);
    const precached = () =>
      page.evaluate(async () => {
        const names = (await caches.keys()).filter((name) => name.includes('precache'));
        const urls = await Promise.all(names.map(async (name) => (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname)));
        return urls.flat();
      });
    await expect.poll(precached).toContain('/robots.txt');
    const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

    // The next deployment: a worker that no longer precaches robots.txt.
    original = readFileSync(worker, 'utf8');
    const entry = /\{"revision":"[0-9a-f]+","url":"robots\.txt"\},/;
    expect(original).toMatch(entry);
    writeFileSync(worker, `${original.replace(entry, '')}\n// the next version\n`);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });

    const offer = page.getByRole('button', { name: 'Update available — reload' });
    await expect(offer).toBeVisible();
    // Waiting, not in charge: the page still runs under the worker it opened with.
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => !!registration?.waiting))).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();

    await Promise.all([page.waitForEvent('load'), offer.click()]);
    await expect(offer).toHaveCount(0);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => !registration?.waiting))).toBe(true);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(firstWorker);
    await expect.poll(precached).not.toContain('/robots.txt');
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
  });
});
