import { expect, test as base, type Page } from '@playwright/test';

/**
 * Fails a browser test on any Content-Security-Policy violation of its pages: something the app
 * needs that the policy refuses (a broken feature in production), or something the policy should
 * have allowed. Pages report violations twice, through Chromium's console message and through the
 * `securitypolicyviolation` event; either is enough.
 */
const violations: string[] = [];

/** Watches a page made outside the `page` fixture (`browser.newPage()`); the fixture's page is watched already. */
export async function guardAgainstCspViolations(page: Page): Promise<void> {
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console on ${page.url()}: ${message.text()}`);
  });
  await page.exposeBinding('__stitchwiseCspViolation', (_source, report: string) => {
    violations.push(`event: ${report}`);
  });
  // Init scripts run before the page's own, whatever its policy says.
  await page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (event) => {
      window.__stitchwiseCspViolation(event.effectiveDirective + ' refused ' + (event.blockedURI || 'inline') + ' on ' + event.documentURI +
        (event.sourceFile ? ' (' + event.sourceFile + ':' + event.lineNumber + ')' : ''));
    });`,
  });
}

/** Takes the violations seen so far: for a test that provokes some on purpose. */
export function takeCspViolations(): string[] {
  return violations.splice(0);
}

export const test = base.extend<{ page: Page; cspViolationsFail: undefined }>({
  page: async ({ page }, use) => {
    await guardAgainstCspViolations(page);
    await use(page);
  },
  cspViolationsFail: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      await use(undefined);
      expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
