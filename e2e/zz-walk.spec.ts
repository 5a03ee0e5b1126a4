import { test } from './csp-guard.js';
import { cellPoint, generatePattern, signUp } from './editor-page.js';

test('walk: brands', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/threads/convert');
  await page.waitForTimeout(800);
  await page.screenshot({ path: '/tmp/walk2/01-convert.png', fullPage: true });
  await page.getByRole('textbox').first().fill('403, 9046 310');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/walk2/02-convert-results.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page);
  await generatePattern(page, 'Anchor walk', { signedIn: true, colors: 12, brand: 'Anchor' });
  await page.screenshot({ path: '/tmp/walk2/03-result.png', fullPage: true });
  await page.getByRole('link', { name: 'Open the project' }).click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/walk2/04-project.png', fullPage: true });
  await page.goto(page.url().replace(/\/?$/, '/edit'));
  await page.waitForTimeout(2000);
  await page.getByText('Add a thread').click().catch(() => {});
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/walk2/05-editor.png' });
  const p = await cellPoint(page, { x: 5, y: 5 });
  await page.mouse.move(p.x, p.y);
});
