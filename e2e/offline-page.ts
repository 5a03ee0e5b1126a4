import { expect, type Page } from '@playwright/test';

/** What the offline tests share: accounts a second device can sign in to, the service worker in charge, the server's own answers. */
const PASSWORD = 'a long and happy password 42';

export async function signUpAs(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Start Free Now' }).click();
  await page.getByLabel('Name').fill('Olive Offline');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('user-name')).toHaveText('Olive Offline');
}

export async function signInAs(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('user-name')).toHaveText('Olive Offline');
}

/** Waits until the service worker is active and controls the page. */
export async function workerInCharge(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

/** An API answer as the server gives it now, past every cache, with the signed-in user's token. */
export async function serverRead<Answer>(page: Page, path: string): Promise<Answer> {
  return page.evaluate(async (address) => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'))!;
    const token = (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token;
    const response = await fetch(address, { headers: { Authorization: `Bearer ${token}` }, cache: 'no-store' });
    return (await response.json()) as Answer;
  }, path);
}
