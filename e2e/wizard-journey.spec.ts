import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './csp-guard.js';
import { generatePattern, PHOTO, signUp } from './editor-page.js';

/**
 * The path from a photo to a kept chart without friction (issue #19): steps in the address, Back and
 * reload, 'Adjust settings', a visitor's result kept on sign-up, and generation that shows its stage
 * and can be cancelled — on the server too.
 */

/** The background-removal model's state, as /api/health reports it. */
const modelState = (request: APIRequestContext) => async (): Promise<string> =>
  ((await (await request.get('/api/health')).json()) as { background_removal: { model: string } }).background_removal.model;

async function toSettings(page: Page): Promise<void> {
  await page.goto('/stitch/new');
  await page.getByTestId('file-input').setInputFiles(PHOTO);
  await expect(page.getByRole('img', { name: 'The selected image' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Settings' }).click();
  await expect(page).toHaveURL(/step=settings/);
}

test('steps live in the address: Back moves between them, Adjust settings keeps the photo and settings, a reload keeps the result', async ({ page }) => {
  await toSettings(page);
  await page.getByRole('radio', { name: '30', exact: true }).check();
  await expect(page.getByText(/^30 × \d+ stitches · \d+ threads$/)).toBeVisible();
  const onFourteen = await page.getByTestId('finished-size').textContent();
  expect(onFourteen).toMatch(/Finished size ≈ 2\.1 × [\d.]+ in \([\d.]+ × [\d.]+ cm\) on/); // 30 stitches at 14 a inch
  await page.getByLabel('Fabric').selectOption('18');
  await expect(page.getByTestId('finished-size')).toContainText('Finished size ≈ 1.7 ×'); // at 18 a inch
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Continue to Settings' })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('radio', { name: '30', exact: true })).toBeChecked();

  await page.getByLabel(/^Project name/).fill('Journey');
  await expect(page.getByRole('img', { name: /^Preview of the chart/ })).toBeVisible();
  await page.getByRole('button', { name: 'Generate Pattern' }).click();
  await expect(page.getByRole('link', { name: 'Download Pattern' })).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/step=result&pattern=[\w-]+\.json/);
  await expect(page.getByText(/^30 × \d+ stitches \(\d+ × \d+ px\)$/)).toBeVisible();

  await page.getByRole('button', { name: 'Adjust settings' }).click();
  await expect(page.getByRole('radio', { name: '30', exact: true })).toBeChecked();
  await expect(page.getByLabel(/^Project name/)).toHaveValue('Journey');
  await page.goBack();
  await expect(page.getByRole('link', { name: 'Download Pattern' })).toBeVisible();
  const address = page.url();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Download Pattern' })).toBeVisible();
  expect(page.url()).toBe(address);
  // The earlier steps are buttons back; the picture did not survive the reload, so the first step it is.
  await page.getByRole('button', { name: /Configure Settings/ }).click();
  await expect(page.getByRole('button', { name: 'Continue to Settings' })).toBeVisible();
});

test("a visitor's result becomes their project when they sign up from it", async ({ page }) => {
  await generatePattern(page, 'Before signing up', { signedIn: false });
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('Name').fill('Vera Visitor');
  await page.getByLabel('E-mail address').fill(`vera-${Date.now()}@example.com`);
  await page.getByLabel('Password').fill('a long and happy password 42');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Your pattern is saved to your projects as “Before signing up”.')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/stitch\/projects\/[\w-]+$/);
  await page.goto('/stitch/projects');
  await expect(page.getByText('Before signing up')).toBeVisible();
  // Claimed once: signing in again later does not claim it a second time.
  await page.goto('/');
  await expect(page.getByText(/saved to your projects/)).toHaveCount(0);
});

test('generation shows its stage and progress, and Cancel stops the work on the server too', async ({ page, request }) => {
  await signUp(page);
  await toSettings(page);
  await page.getByRole('checkbox', { name: /Remove background/ }).check();
  await page.getByLabel(/^Project name/).fill('Cancelled');
  // The preview's cut-out has loaded the model; only the generation's own removal can end its process now.
  await expect(page.getByRole('img', { name: /^Preview of the chart/ })).toBeVisible({ timeout: 90_000 });
  await expect.poll(modelState(request)).toBe('ready');
  await page.getByRole('button', { name: 'Generate Pattern' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generating your pattern' });
  await expect(dialog.getByTestId('generation-stage')).toHaveText('Removing the background…', { timeout: 30_000 });
  expect(Number(await dialog.getByRole('progressbar').getAttribute('value'))).toBeGreaterThan(0);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Generation cancelled.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The model process was stopped mid-removal, so the model is no longer loaded (it would stay ready had the work gone on).
  await expect.poll(modelState(request)).toBe('not_loaded');
  await page.goto('/stitch/projects');
  await expect(page.getByText('Cancelled')).toHaveCount(0);
});
