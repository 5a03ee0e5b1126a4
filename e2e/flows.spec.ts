import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import { guardAgainstCspViolations, test } from './csp-guard.js';

/**
 * Every flow of the web app as a person would walk it, in one browser session: visitor tools,
 * the visitor's wizard with its locks and countdown, sign-up, the signed-in wizard and projects,
 * ideas until the credits run out, and sign-out. Screenshots of every screen at 1280 and 800 px.
 */
const require = createRequire(import.meta.url);
const PHOTO = require.resolve('rgbquant/demo/img/kodim21.png');
const REMOTE_PHOTO = `http://127.0.0.1:${Number(process.env.E2E_APP_PORT ?? 3211) + 1}/kodim21.png`;

test.describe.configure({ mode: 'serial' });

let page: Page;
const problems: string[] = [];
const account = { name: 'Ada Stitcher', email: `ada-${Date.now()}@example.com`, password: 'a long and happy password 42' };

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  await guardAgainstCspViolations(page); // each test fails on a Content-Security-Policy violation
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    // Answers the flows provoke on purpose (a 403, a 404) are logged by the browser itself, not by the app.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(message.text());
  });
});
test.afterAll(async () => {
  await page.close();
});

async function snap(name: string): Promise<void> {
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(250);
    await page.screenshot({ path: `e2e-results/screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const menu = () => page.getByRole('navigation', { name: 'Main' }).getByRole('link');
/** Menu labels in order (each link starts with its icon). */
const labels = (...names: string[]): RegExp[] => names.map((name) => new RegExp(`${name}$`));

test('a visitor finds the home page, the about page and the visitor menu', async () => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Plan your next cross-stitch from any picture' })).toBeVisible();
  await expect(menu()).toHaveText(labels('Create Stitch Plan', 'Home', 'Dominant Color Analysis', 'Color Matcher', 'Convert Threads', 'About'));
  await expect(page.getByTestId('user-name')).toHaveText('Not Signed In');
  await expect(page.getByTestId('user-email')).toHaveText('Anonymous');
  await snap('home');
  await page.getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { name: 'About Stitchwise' })).toBeVisible();
  await expect(page.getByText('Unlock Creativity')).toBeVisible();
  await snap('about');
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/stitch/wizard');
  await expect(page).toHaveURL(/\/stitch\/new$/);
});

test('the small-screen menu slides over and closes on a menu click', async () => {
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeInViewport();
  await snap('menu-open');
  await page.setViewportSize({ width: 800, height: 900 });
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(page.getByRole('button', { name: 'Close menu' })).not.toBeInViewport();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Color Matcher' }).click();
  await expect(page).toHaveURL(/\/colors\/matcher$/);
  await expect(page.getByRole('button', { name: 'Close menu' })).not.toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('dominant colours of a photo, then with the background removed', async () => {
  await page.goto('/colors/dominant');
  await page.getByTestId('file-input').setInputFiles(PHOTO);
  await expect(page.getByText('kodim21.png')).toBeVisible();
  await page.getByLabel('Number of colors').selectOption('5');
  await page.getByRole('button', { name: 'Analyze Colors' }).click();
  await expect(page.getByTestId('color-card')).toHaveCount(5);
  await expect(page.getByTestId('color-card').first()).toContainText(/DMC \S+/);
  await expect(page.getByTestId('color-card').first()).toContainText(/C\d+ M\d+ Y\d+ K\d+/);
  await snap('dominant-colors');
  await page.getByRole('button', { name: 'Remove Background & Analyze' }).click();
  await expect(page.getByRole('img', { name: 'The image with its background removed' })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('color-card')).toHaveCount(5);
  await snap('dominant-colors-background-removed');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByTestId('color-card')).toHaveCount(0);
});

test('colour matcher by upload and by URL', async () => {
  await page.goto('/colors/matcher');
  await expect(page.getByRole('button', { name: 'Load Image' })).toBeDisabled();
  await page.getByTestId('file-input').setInputFiles(PHOTO);
  await page.getByTestId('pick-image').click({ position: { x: 120, y: 80 } });
  await expect(page.getByTestId('thread-match')).toHaveCount(5);
  await expect(page.getByTestId('pick-marker')).toBeVisible();
  await expect(page.getByTestId('thread-match').first()).toContainText(/ΔE \d+\.\d$/);
  await snap('color-matcher');
  await page.getByRole('button', { name: 'Reset' }).click();
  await page.getByLabel('Or enter an image URL').fill(REMOTE_PHOTO);
  await page.getByRole('button', { name: 'Load Image' }).click();
  await page.getByTestId('pick-image').click({ position: { x: 60, y: 200 } });
  await expect(page.getByTestId('thread-match')).toHaveCount(5);
  await expect(page.getByText(/^x \d+, y \d+$/)).toBeVisible();
});

test('a visitor generates a pattern with locked options and a visible countdown', async () => {
  await page.goto('/stitch/new');
  await page.getByRole('button', { name: 'Continue to Settings' }).click();
  await expect(page.getByText('Please upload an image or enter an image URL')).toBeVisible();
  await page.getByTestId('file-input').setInputFiles(PHOTO);
  await expect(page.getByRole('img', { name: 'The selected image' })).toBeVisible();
  await snap('wizard-upload');
  await page.getByRole('button', { name: 'Continue to Settings' }).click();
  await expect(page.getByLabel(/^Colors/)).toBeDisabled();
  await expect(page.getByLabel(/^Stitch size/)).toBeDisabled();
  await expect(page.getByRole('radio', { name: '150', exact: true })).toBeDisabled();
  await expect(page.getByRole('radio', { name: '100', exact: true })).toBeEnabled();
  await expect(page.getByRole('checkbox', { name: /k-means/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Generate Pattern' })).toBeDisabled();
  await page.getByLabel(/^Project name/).focus();
  await page.getByLabel(/^Project name/).blur();
  await expect(page.getByText('Please enter a project name before continuing.')).toBeVisible();
  await page.getByRole('radio', { name: '50', exact: true }).check();
  await page.getByLabel(/^Project name/).fill('Lighthouse');
  await snap('wizard-settings-visitor');
  await page.getByRole('button', { name: 'Generate Pattern' }).click();
  await expect(page.getByTestId('countdown')).toBeVisible();
  const first = Number(await page.getByTestId('countdown').textContent());
  expect(first).toBeGreaterThan(0);
  expect(first).toBeLessThanOrEqual(10);
  await snap('wizard-countdown');
  await expect(page.getByRole('link', { name: 'Download Pattern' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('legend-row')).toHaveCount(10);
  await expect(page.getByTestId('materials')).toContainText('14-count Aida');
  const [oxs] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download OXS' }).click()]);
  expect(oxs.suggestedFilename()).toBe('lighthouse.oxs'); // named as the visitor named the project
  await snap('wizard-result-visitor');
  await page.getByRole('button', { name: 'Create New Pattern' }).click();
  await expect(page.getByRole('button', { name: 'Continue to Settings' })).toBeVisible();
});

test('a visitor is asked to sign in for projects', async () => {
  await page.goto('/stitch/projects');
  await expect(page.getByText('Please sign in to see history of your stitch projects')).toBeVisible();
  await snap('projects-signed-out');
});

test('signs up through the built-in provider', async () => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Start Free Now' }).click();
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('E-mail address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('user-name')).toHaveText('Ada Stitcher');
  await expect(page).toHaveURL(/\/$/);
  await expect(menu()).toHaveText(
    labels('Create Stitch Plan', 'Home', 'Dominant Color Analysis', 'Color Matcher', 'Convert Threads', 'Stitch Projects', 'My Threads', 'About'),
  );
  await expect(page.getByRole('button', { name: 'Start Free Now' })).toHaveCount(0);
  await snap('home-signed-in');
});

test('a signed-in wizard run creates a project, seen in the list and its detail', async () => {
  await page.goto('/stitch/projects');
  await expect(page.getByText('No projects yet')).toBeVisible();
  await page.getByRole('link', { name: 'Create First Project' }).click();
  await expect(page).toHaveURL(/\/stitch\/new$/);
  await page.getByTestId('file-input').setInputFiles(PHOTO);
  await page.getByRole('button', { name: 'Continue to Settings' }).click();
  await expect(page.getByLabel(/^Colors/)).toBeEnabled();
  await page.getByRole('radio', { name: '150', exact: true }).check();
  await page.getByRole('checkbox', { name: /symbols/ }).check();
  await page.getByLabel(/^Project name/).fill('Harbour at dusk');
  await snap('wizard-settings-signed-in');
  await page.getByRole('button', { name: 'Generate Pattern' }).click();
  await expect(page.getByRole('link', { name: 'Download Pattern' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('countdown')).toHaveCount(0);
  await snap('wizard-result-signed-in');
  await page.getByRole('link', { name: 'Stitch Projects' }).click();
  await expect(page.getByTestId('project-card')).toHaveCount(1);
  await expect(page.getByTestId('project-card')).toContainText('Harbour at dusk');
  await expect(page.getByTestId('project-card')).toContainText('No description');
  await snap('projects-list');
  await page.getByRole('link', { name: 'View Details' }).click();
  for (const panel of ['Project Information', 'Generation Parameters', 'Project Statistics', 'Original Image', 'Stitch Plan']) {
    await expect(page.getByRole('region', { name: panel })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Harbour at dusk' })).toBeVisible();
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF chart' }).click()]);
  expect(pdf.suggestedFilename()).toBe('harbour-at-dusk.pdf');
  const saved = 'e2e-results/harbour-at-dusk.pdf';
  await pdf.saveAs(saved);
  expect(readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');
  await snap('project-detail');
  await page.goto('/stitch/projects/does-not-exist');
  await expect(page.getByRole('heading', { name: 'Project Not Found' })).toBeVisible();
  await expect(page.getByText('Project not found', { exact: true })).toBeVisible();
  await snap('project-not-found');
});

test('generates ideas until the credits run out', async () => {
  await page.goto('/stitch/new');
  await expect(page.getByTestId('credits-text')).toHaveText('10 ideas remaining today');
  await page.getByLabel('Describe your idea').fill('   ');
  await expect(page.getByText('Please describe the idea you want to generate.')).toBeVisible();
  await page.getByLabel('Describe your idea').fill('a ginger cat in a garden at night');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByTestId('credits-text')).toHaveText('9 ideas remaining today');
  await expect(page.getByRole('img', { name: 'The selected image' })).toBeVisible();
  await expect(page.getByLabel('Describe your idea')).toHaveValue('a ginger cat in a garden at night'); // kept for another try (issue #19)
  await snap('wizard-idea');
  for (let left = 8; left >= 1; left--) {
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect(page.getByTestId('credits-text')).toHaveText(`${left} idea${left === 1 ? '' : 's'} remaining today`);
  }
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByTestId('credits-text')).toHaveText('Come back tomorrow for more creative credits.');
  await expect(page.getByRole('button', { name: 'Generate', exact: true })).toBeDisabled();
  await snap('wizard-no-credits');
});

/** Signs out and waits for the site to load again (sign-out ends with a full page load of the origin). */
async function signOut(): Promise<void> {
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await reloaded;
  await expect(page.getByTestId('user-name')).toHaveText('Not Signed In');
}

test('signs out back to the site', async () => {
  await signOut();
  await expect(menu()).toHaveText(labels('Create Stitch Plan', 'Home', 'Dominant Color Analysis', 'Color Matcher', 'Convert Threads', 'About'));
});

test('signs in again with the new account', async () => {
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByLabel('E-mail address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('user-name')).toHaveText('Ada Stitcher');
  await expect(page.getByTestId('user-email')).toHaveText(account.email);
  await signOut();
});

test('a failed sign-in return shows the error with a way home', async () => {
  await page.goto('/callback?error=access_denied&error_description=The+user+cancelled&state=unknown');
  await expect(page.getByRole('heading', { name: 'Sign In Error' })).toBeVisible();
  await snap('sign-in-error');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('no errors in the browser console along the way', () => {
  expect(problems).toEqual([]);
});
