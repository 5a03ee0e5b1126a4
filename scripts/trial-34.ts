// Throwaway: #34 tried as a user against a running server on :3300. Not committed.
import { chromium, type Page } from '@playwright/test';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const PHOTO = require.resolve('rgbquant/demo/img/kodim21.png');
const BASE = 'http://127.0.0.1:3300';
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/trial/${name}.png` });
const log = (...args: unknown[]) => console.log(...args);

async function cellPoint(page: Page, x: number, y: number) {
  const view = (await page.locator('[data-view]').getAttribute('data-view')) ?? '';
  const [scale, offsetX, offsetY] = view.split(' ').map(Number) as [number, number, number];
  const box = (await page.getByTestId('chart-canvas').boundingBox())!;
  return { x: box.x + offsetX + (x + 0.5) * scale, y: box.y + offsetY + (y + 0.5) * scale };
}

async function laptop() {
  const browser = await chromium.launch({ executablePath: 'chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage({ viewport: { width: 1280, height: 850 }, baseURL: BASE });
  page.on('pageerror', (e) => log('PAGE ERROR', e.message));
  await page.goto('/');
  await page.getByRole('button', { name: 'Start Free Now' }).click();
  await page.getByLabel('Name').fill('Tess Trial');
  await page.getByLabel('E-mail address').fill(`tess-${Date.now()}@example.com`);
  await page.getByLabel('Password').fill('a long and happy password 42');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByTestId('user-name').waitFor();
  await page.goto('/stitch/new');
  await page.getByTestId('file-input').setInputFiles(PHOTO);
  await page.getByRole('img', { name: 'The selected image' }).waitFor();
  await page.getByRole('button', { name: 'Continue to Settings' }).click();
  await page.getByRole('radio', { name: '50', exact: true }).check();
  await page.getByRole('img', { name: /^Preview of the chart/ }).waitFor();
  await shot(page, 'l1-settings-neutral');
  await page.getByLabel('Saturation').fill('60');
  await page.getByLabel('Contrast').fill('30');
  await page.getByLabel('Auto levels').check();
  await page.waitForTimeout(800);
  await page.getByText('Adjust the photo').scrollIntoViewIfNeeded();
  await shot(page, 'l2-settings-adjusted');
  await page.getByRole('button', { name: 'Show before' }).click();
  await page.waitForTimeout(600);
  await shot(page, 'l3-show-before');
  await page.getByRole('button', { name: 'Show before' }).click();
  await page.getByLabel(/^Project name/).fill('Vivid harbour');
  await page.getByRole('button', { name: 'Generate Pattern' }).click();
  await page.getByRole('link', { name: 'Open the project' }).waitFor({ timeout: 60000 });
  await page.getByRole('link', { name: 'Open the project' }).click();
  await page.waitForURL(/\/stitch\/projects\/[^/]+$/);
  const id = new URL(page.url()).pathname.split('/').at(-1)!;
  const detail = await page.evaluate(async (projectId) => {
    const token = Object.entries(sessionStorage).find(([k]) => k.includes('oidc'))?.[1];
    const access = token ? JSON.parse(token).access_token : undefined;
    const response = await fetch(`/api/stitch/projects/${projectId}`, { headers: access ? { authorization: `Bearer ${access}` } : {} });
    return response.ok ? (await response.json()).parameters : `HTTP ${response.status}`;
  }, id);
  log('project parameters', JSON.stringify(detail));
  await shot(page, 'l4-project');
  // Regenerate with new settings starts from the adjustments
  const regen = page.getByRole('link', { name: /Regenerate/ }).or(page.getByRole('button', { name: /Regenerate/ }));
  if (await regen.count()) {
    await regen.first().click();
    await page.getByLabel('Saturation').waitFor();
    log('regenerate: saturation', await page.getByLabel('Saturation').inputValue(), 'contrast', await page.getByLabel('Contrast').inputValue(), 'auto levels', await page.getByLabel('Auto levels').isChecked());
    await page.goBack();
  } else log('no Regenerate control found');
  await page.goto(`/stitch/projects/${id}/edit`);
  await page.locator('[data-view]').waitFor();
  await page.waitForTimeout(800);
  // Wand on a stitch, rotate it, undo
  await page.getByRole('toolbar', { name: 'Tools' }).getByRole('button', { name: 'Magic wand' }).click();
  let p = await cellPoint(page, 10, 10);
  await page.mouse.click(p.x, p.y);
  const bar = page.getByRole('group', { name: 'Selection', exact: true });
  log('wand:', await bar.locator('span').first().textContent());
  await page.getByLabel('Every stitch of the thread, not only those touching').check();
  await page.mouse.click(p.x, p.y, { modifiers: ['Shift'] });
  log('wand everywhere + shift:', await bar.locator('span').first().textContent());
  await shot(page, 'l5-wand');
  await bar.getByRole('button', { name: 'Recolour' }).click();
  log('undo title', await page.getByRole('button', { name: 'Undo', exact: true }).getAttribute('title'));
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  // Lasso a blob
  await page.getByRole('toolbar', { name: 'Tools' }).getByRole('button', { name: 'Lasso' }).click();
  const loop = [[20, 5], [30, 8], [32, 18], [22, 22], [18, 12]];
  p = await cellPoint(page, loop[0]![0]!, loop[0]![1]!);
  await page.mouse.move(p.x, p.y);
  await page.mouse.down();
  for (const [x, y] of loop.slice(1)) {
    const q = await cellPoint(page, x!, y!);
    await page.mouse.move(q.x, q.y, { steps: 6 });
  }
  await shot(page, 'l6-lasso-drawing');
  await page.mouse.up();
  log('lasso:', await bar.locator('span').first().textContent());
  await bar.getByRole('button', { name: 'Rotate ↻' }).click();
  log('after rotate:', await bar.locator('span').first().textContent(), await page.getByRole('button', { name: 'Undo', exact: true }).getAttribute('title'));
  await shot(page, 'l7-lasso-rotated');
  // Mirror four-way, placed axes, draw
  await page.getByRole('toolbar', { name: 'Tools' }).getByRole('button', { name: 'Pencil' }).click();
  await page.getByRole('group', { name: 'Mirror' }).getByRole('button', { name: 'Four-way' }).click();
  await page.getByRole('button', { name: 'Place axes' }).click();
  p = await cellPoint(page, 15, 12);
  await page.mouse.click(p.x, p.y);
  const a = await cellPoint(page, 5, 3);
  const b = await cellPoint(page, 12, 9);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
  await shot(page, 'l8-mirror-placed');
  await page.getByText('Turn or flip the whole chart').click();
  await page.getByRole('button', { name: 'Rotate chart ↻' }).click();
  log('chart after turn:', await page.getByRole('application').getAttribute('aria-label'));
  await shot(page, 'l9-chart-turned');
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/pattern$/.test(new URL(r.url()).pathname));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  log('save status', (await saved).status());
  await browser.close();
}

async function phone() {
  const browser = await chromium.launch({ executablePath: 'chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2, baseURL: BASE });
  const page = await context.newPage();
  page.on('pageerror', (e) => log('PAGE ERROR', e.message));
  await page.goto('/stitch/new');
  await page.getByTestId('file-input').setInputFiles(PHOTO);
  await page.getByRole('img', { name: 'The selected image' }).waitFor();
  await page.getByRole('button', { name: 'Continue to Settings' }).click();
  await page.getByRole('img', { name: /^Preview of the chart/ }).waitFor();
  await page.getByLabel('Brightness').fill('25');
  await page.getByLabel('Sharpen').fill('50');
  await page.waitForTimeout(800);
  await page.getByText('Adjust the photo').scrollIntoViewIfNeeded();
  await shot(page, 'p1-adjust');
  await page.getByRole('button', { name: 'Generate Pattern' }).click();
  await page.getByRole('link', { name: 'Edit chart' }).waitFor({ timeout: 60000 });
  await page.getByRole('link', { name: 'Edit chart' }).click();
  await page.locator('[data-view]').waitFor();
  await page.waitForTimeout(800);
  await page.getByRole('toolbar', { name: 'Tools' }).getByRole('button', { name: 'Magic wand' }).tap();
  const p = await cellPoint(page, 20, 12);
  await page.touchscreen.tap(p.x, p.y);
  await page.waitForTimeout(300);
  log('phone wand:', await page.getByRole('group', { name: 'Selection', exact: true }).locator('span').first().textContent());
  await shot(page, 'p2-wand');
  await page.getByRole('group', { name: 'When selecting' }).getByRole('button', { name: 'Add' }).tap();
  const q = await cellPoint(page, 5, 5);
  await page.touchscreen.tap(q.x, q.y);
  log('phone wand add:', await page.getByRole('group', { name: 'Selection', exact: true }).locator('span').first().textContent());
  await page.getByRole('group', { name: 'Selection', exact: true }).getByRole('button', { name: 'Flip ↔' }).tap();
  log('phone undo', await page.getByRole('button', { name: 'Undo', exact: true }).getAttribute('title'));
  await page.getByRole('toolbar', { name: 'Tools' }).getByRole('button', { name: 'Pencil' }).tap();
  await page.getByRole('group', { name: 'Mirror' }).getByRole('button', { name: 'Left | right' }).tap();
  await shot(page, 'p3-mirror');
  await browser.close();
}

await laptop();
await phone();
