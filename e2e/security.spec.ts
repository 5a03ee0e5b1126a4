import { expect } from '@playwright/test';
import { takeCspViolations, test } from './csp-guard.js';

/**
 * The Content-Security-Policy as a browser applies it: the app runs under it, an injected script or
 * stylesheet does not, the app cannot be framed, and Swagger UI works under its own policy.
 */
test('the app runs under its policy, which refuses injected inline script and style', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval';");
  await expect(page.getByRole('heading', { name: 'Plan your next cross-stitch from any picture' })).toBeVisible();

  const ran = await page.evaluate(async () => {
    const global = globalThis as unknown as {
      injected?: boolean;
      document: { head: { append(node: unknown): void }; createElement(name: string): { textContent: string } };
    };
    const script = global.document.createElement('script');
    script.textContent = 'globalThis.injected = true';
    global.document.head.append(script);
    const style = global.document.createElement('style');
    style.textContent = 'body { display: none }';
    global.document.head.append(style);
    await new Promise((resolve) => setTimeout(resolve, 200));
    return global.injected === true;
  });
  expect(ran).toBe(false);
  await expect(page.getByRole('heading', { name: 'Plan your next cross-stitch from any picture' })).toBeVisible();
  const seen: string[] = [];
  await expect
    .poll(() => {
      seen.push(...takeCspViolations());
      return seen.join('\n');
    })
    .toMatch(/script-src-elem refused inline/);
  expect(seen.join('\n')).toMatch(/style-src-elem refused inline/);
});

test('the app cannot be framed by another page', async ({ page, baseURL }) => {
  await page.goto('about:blank');
  await page.setContent(`<iframe src="${baseURL ?? ''}/about" title="framed"></iframe>`);
  // Chromium replaces a refused frame with its error page.
  await expect
    .poll(() =>
      page
        .frames()
        .find((frame) => frame !== page.mainFrame())
        ?.url(),
    )
    .toMatch(/^chrome-error:/);
  await expect(page.frameLocator('iframe[title="framed"]').getByRole('heading', { name: 'About Stitchwise' })).toHaveCount(0);
  // The refusal is the framed page's policy at work, not a violation of the page under test.
  takeCspViolations();
});

test('Swagger UI works under its own policy', async ({ page }) => {
  const response = await page.goto('/api/docs');
  expect(response?.headers()['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
  await expect(page.getByRole('heading', { name: /Stitchwise API/ })).toBeVisible();
  await expect(page.getByText('/api/dmc/threads', { exact: true }).first()).toBeVisible();
});
