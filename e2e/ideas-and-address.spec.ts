import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '../apps/server/test/support/free-port.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { guardAgainstCspViolations, test } from './csp-guard.js';
import { PHOTO, signUp } from './editor-page.js';

/**
 * Issue #19, items 10 and 11. Ideas: the idea box keeps its prompt, lists this tab's ideas, and 'Use
 * for a pattern' puts one into the wizard. Sign-in from another address: the test server's PUBLIC_URL
 * is http://localhost:PORT, and a browser that opened the app at 127.0.0.1 is sent there to sign up or
 * in; a second server with PUBLIC_URL unset signs a browser in at 127.0.0.1 itself, and says that the
 * operator must set PUBLIC_URL where it cannot.
 */
const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3211);
const PASSWORD = 'a long and happy password 42';

/** A page in a browser context of its own (no cookies, no storage), watched for CSP violations. */
async function freshPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await guardAgainstCspViolations(page);
  return page;
}

/** What a picture shows: its size and a checksum of its pixels, read through a canvas. */
function pixelsOf(image: Locator): Promise<string> {
  return image.evaluate(async (element: HTMLImageElement) => {
    await element.decode();
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [element.naturalWidth, element.naturalHeight];
    const context = canvas.getContext('2d')!;
    context.drawImage(element, 0, 0);
    let sum = 0;
    for (const [index, value] of context.getImageData(0, 0, canvas.width, canvas.height).data.entries())
      sum = (sum + value * ((index % 9973) + 1)) % 1_000_000_007;
    return `${canvas.width}x${canvas.height}:${sum}`;
  });
}

async function generateIdea(page: Page, prompt: string, left: number): Promise<void> {
  await page.getByLabel('Describe your idea').fill(prompt);
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByTestId('credits-text')).toHaveText(`${left} ideas remaining today`);
  await expect(page.getByRole('img', { name: `Idea: ${prompt}` })).toBeVisible();
}

test.describe('the idea box', () => {
  test("keeps the prompt, lists this tab's ideas and puts one into the wizard", async ({ page, context }) => {
    await signUp(page);
    await page.goto('/stitch/new');
    await generateIdea(page, 'a fox in the snow', 9);
    await expect(page.getByLabel('Describe your idea')).toHaveValue('a fox in the snow');
    await generateIdea(page, 'tulips by a windmill', 8);

    const ideas = page.getByTestId('session-idea');
    await expect(ideas).toHaveCount(2);
    await expect(ideas.nth(0)).toContainText('tulips by a windmill');
    await expect(ideas.nth(1)).toContainText('a fox in the snow');
    const fox = await pixelsOf(page.getByRole('img', { name: 'Idea: a fox in the snow' }));
    const tulips = await pixelsOf(page.getByRole('img', { name: 'Idea: tulips by a windmill' }));
    expect(fox).not.toBe(tulips);
    // The newest idea is the selected picture, as before.
    await expect.poll(() => pixelsOf(page.getByRole('img', { name: 'The selected image' }))).toBe(tulips);

    // The list outlives a reload of the tab...
    await page.reload();
    await expect(ideas).toHaveCount(2);
    await ideas.nth(1).getByRole('button', { name: 'Use for a pattern' }).click();
    await expect.poll(() => pixelsOf(page.getByRole('img', { name: 'The selected image' }))).toBe(fox);
    await page.screenshot({ path: 'e2e-results/screenshots/wizard-session-ideas.png', fullPage: true });
    await page.getByRole('button', { name: 'Continue to Settings' }).click();
    await expect(page.getByLabel(/^Project name/)).toBeVisible();

    // ...but belongs to that tab's session alone.
    const other = await context.newPage();
    await guardAgainstCspViolations(other);
    await other.goto('/stitch/new');
    await expect(other.getByTestId('credits-text')).toHaveText('8 ideas remaining today');
    await expect(other.getByTestId('session-idea')).toHaveCount(0);
    await other.close();
  });
});

test.describe('sign-in from another address than PUBLIC_URL', () => {
  test.describe.configure({ mode: 'serial' });
  const account = { name: 'Lou Loopback', email: `lou-${Date.now()}@example.com` };

  test('Start Free Now at 127.0.0.1 signs up at PUBLIC_URL', async ({ browser }) => {
    const page = await freshPage(browser);
    await page.goto(`http://127.0.0.1:${APP_PORT}/`);
    await page.getByRole('button', { name: 'Start Free Now' }).click();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    expect(new URL(page.url()).host).toBe(`localhost:${APP_PORT}`);
    await page.getByLabel('Name').fill(account.name);
    await page.getByLabel('E-mail address').fill(account.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByTestId('user-name')).toHaveText(account.name);
    expect(page.url()).toBe(`http://localhost:${APP_PORT}/`);
    await page.context().close();
  });

  test('Sign In at 127.0.0.1 signs in at PUBLIC_URL', async ({ browser }) => {
    const page = await freshPage(browser);
    await page.goto(`http://127.0.0.1:${APP_PORT}/colors/matcher`);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByLabel('E-mail address').fill(account.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('user-email')).toHaveText(account.email);
    expect(page.url()).toBe(`http://localhost:${APP_PORT}/`);
    await page.context().close();
  });
});

test.describe('with PUBLIC_URL unset', () => {
  test.describe.configure({ mode: 'serial' });
  let server: ChildProcess;
  let dataDir: string;
  let port: number;

  test.beforeAll(async () => {
    port = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), 'stitchwise-e2e-unset-'));
    server = spawn('node', ['apps/server/dist/main.js'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: 'inherit',
    });
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/api/health`).then(
            (response) => response.status,
            () => 0,
          ),
        { timeout: 60_000 },
      )
      .toBe(200);
  });
  test.afterAll(() => {
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a browser at 127.0.0.1 signs up and in right there', async ({ browser }) => {
    const page = await freshPage(browser);
    const origin = `http://127.0.0.1:${port}`;
    const email = `una-${Date.now()}@example.com`;
    await page.goto(`${origin}/`);
    await page.getByRole('button', { name: 'Start Free Now' }).click();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(origin);
    await page.getByLabel('Name').fill('Una Unset');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByTestId('user-name')).toHaveText('Una Unset');
    expect(page.url()).toBe(`${origin}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stitch Projects' }).click();
    await expect(page.getByText('No projects yet')).toBeVisible(); // the API takes the token

    const again = await freshPage(browser);
    await again.goto(`${origin}/`);
    await again.getByRole('button', { name: 'Sign In' }).click();
    await again.getByLabel('E-mail address').fill(email);
    await again.getByLabel('Password').fill(PASSWORD);
    await again.getByRole('button', { name: 'Sign in' }).click();
    await expect(again.getByTestId('user-email')).toHaveText(email);
    expect(again.url()).toBe(`${origin}/`);
    await page.context().close();
    await again.context().close();
  });

  test("a visitor's chart at 127.0.0.1 loads: its file links name the address the browser used", async ({ browser }) => {
    const page = await freshPage(browser);
    const origin = `http://127.0.0.1:${port}`;
    await page.goto(`${origin}/stitch/new`);
    await page.getByTestId('file-input').setInputFiles(PHOTO);
    await page.getByRole('button', { name: 'Continue to Settings' }).click();
    await page.getByRole('radio', { name: '30', exact: true }).check();
    await page.getByLabel(/^Project name/).fill('At 127.0.0.1');
    await expect(page.getByRole('img', { name: /^Preview of the chart/ })).toBeVisible();
    await page.getByRole('button', { name: 'Generate Pattern' }).click();
    const download = page.getByRole('link', { name: 'Download Pattern' });
    await expect(download).toBeVisible({ timeout: 60_000 });
    const planUrl = new URL((await download.getAttribute('href'))!);
    expect(planUrl.origin).toBe(origin);
    // The chart drawn from the pattern document (fetched from the same address), and the plan image itself.
    await expect(page.getByTestId('chart-canvas')).toBeVisible();
    const image = await page.evaluate(async (url) => {
      const response = await fetch(url);
      const bitmap = await createImageBitmap(await response.blob());
      return { status: response.status, width: bitmap.width };
    }, planUrl.toString());
    expect(image.status).toBe(200);
    expect(image.width).toBeGreaterThan(0);
    await page.context().close(); // the page's CSP guard fails the test on any refused load
  });

  test('at an address it cannot follow, says that the operator must set PUBLIC_URL, and stays', async ({ browser }) => {
    const page = await freshPage(browser);
    // Chromium resolves every *.localhost name to this machine; the server follows only localhost itself.
    const origin = `http://stitch.localhost:${port}`;
    await page.goto(`${origin}/`);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'PUBLIC_URL' })).toHaveText(
      `Sign-in does not work at ${origin}: the operator must set PUBLIC_URL to the address people open Stitchwise at, and restart the server.`,
    );
    expect(page.url()).toBe(`${origin}/`);
    await expect(page.getByRole('alert').filter({ hasText: 'PUBLIC_URL' })).toBeVisible();
    await page.screenshot({ path: 'e2e-results/screenshots/sign-in-public-url-message.png' });
    await page.context().close();
  });
});
