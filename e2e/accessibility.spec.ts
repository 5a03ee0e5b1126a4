import { expect, type Page } from '@playwright/test';
import { axeViolations } from './axe.js';
import { guardAgainstCspViolations, test } from './csp-guard.js';
import { PHOTO } from './editor-page.js';

/**
 * Finding the way and accessibility, screen by screen as a visitor and a signed-in user walk them:
 * each screen names itself in the tab title and in exactly one h1 (visible, but for the full-screen Stitching
 * mode), at 1280 and 390 px, and axe-core finds no violation there: WCAG 2.0, 2.1 and 2.2 A and AA (the target
 * size of 2.5.8 included) and its best practices. Findings are soft, so one run lists every screen's problems.
 */
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

// Not serial: each test starts from a fresh page of its own, so one screen's findings do not stop the others.
let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  await guardAgainstCspViolations(page);
});
test.afterAll(async () => {
  await page.close();
});

/**
 * Tappable things smaller than 24 × 24 CSS px (WCAG 2.2 AA, 2.5.8), which axe lets pass for inline links and
 * targets with room around them: here every target must be that large itself. A control inside its label
 * counts the label, which takes the tap too.
 */
async function smallTargets(on: Page): Promise<string[]> {
  return on.evaluate(() => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => element.checkVisibility() && !element.closest('.sr-only') && !element.matches('.sr-only'))
      .map((element) => {
        // An inline label's box is its first line only: the larger of the two counts.
        const own = element.getBoundingClientRect();
        const label = element.closest('label')?.getBoundingClientRect();
        const box = { width: Math.max(own.width, label?.width ?? 0), height: Math.max(own.height, label?.height ?? 0) };
        return { element, box };
      })
      .filter(({ box }) => box.width > 1 && box.height > 1 && (box.width < 24 || box.height < 24))
      .map(({ element, box }) => {
        const name = (element.getAttribute('aria-label') ?? element.textContent).trim().slice(0, 40);
        const kind = element instanceof HTMLInputElement ? `[type=${element.type}]` : '';
        return `${element.tagName.toLowerCase()}${kind} "${name}" ${Math.round(box.width)} × ${Math.round(box.height)}`;
      });
  });
}

/** The screen now shown, at each width: its tab title, one visible h1 naming it, and no axe violations. */
async function checkScreen(name: string, expected: { title: string | RegExp; h1: string | RegExp; hiddenH1?: boolean }, on: Page = page): Promise<void> {
  for (const size of WIDTHS) {
    await on.setViewportSize(size);
    // The screen has loaded when this is called: a short wait keeps a run with findings quick.
    await expect.soft(on, `${name}: tab title`).toHaveTitle(expected.title, { timeout: 3_000 });
    const headings = on.locator(expected.hiddenH1 ? 'h1' : 'h1:visible');
    await expect.soft(headings, `${name} at ${size.width} px: one visible h1`).toHaveCount(1, { timeout: 3_000 });
    await expect.soft(headings.first(), `${name} at ${size.width} px: the h1 names the screen`).toHaveText(expected.h1, { timeout: 3_000 });
    expect.soft(await axeViolations(on), `${name} at ${size.width} px: axe-core violations`).toEqual([]);
    expect.soft(await smallTargets(on), `${name} at ${size.width} px: targets under 24 × 24 px`).toEqual([]);
  }
  await on.setViewportSize(WIDTHS[0]!);
}

const menu = () => page.getByRole('navigation', { name: 'Main' }).getByRole('link');

test('visitor screens name themselves and pass axe at 1280 and 390 px', async () => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Plan your next cross-stitch from any picture' })).toBeVisible();
  await checkScreen('home', { title: 'Stitchwise', h1: 'Plan your next cross-stitch from any picture' });
  // The top bar keeps the specification's 'Dashboard' title, no longer a heading competing with the page's.
  await expect(page.getByRole('banner').getByText('Dashboard', { exact: true })).toBeVisible();

  // The visitor menu leads to the wizard first, as the signed-in menu does.
  await expect(menu().first()).toHaveText(/Create Stitch Plan$/);
  await menu().first().click();
  await expect(page).toHaveURL(/\/stitch\/new$/);

  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkScreen('about', { title: 'About · Stitchwise', h1: 'About Stitchwise' });

  await page.goto('/colors/dominant');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkScreen('dominant colours', { title: 'Dominant Color Analysis · Stitchwise', h1: 'Dominant Color Analysis' });
  await page.getByTestId('file-input').setInputFiles(PHOTO);
  await page.getByLabel('Number of colors').selectOption('4');
  await page.getByRole('button', { name: 'Analyze Colors' }).click();
  await expect(page.getByTestId('color-card')).toHaveCount(4);
  await checkScreen('dominant colours with results', { title: 'Dominant Color Analysis · Stitchwise', h1: 'Dominant Color Analysis' });

  await page.goto('/colors/matcher');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkScreen('colour matcher', { title: 'Color Matcher · Stitchwise', h1: 'Color Matcher' });
  await page.getByTestId('file-input').setInputFiles(PHOTO);
  await page.getByTestId('pick-image').click({ position: { x: 120, y: 80 } });
  await expect(page.getByTestId('thread-match')).toHaveCount(5);
  await checkScreen('colour matcher with a pick', { title: 'Color Matcher · Stitchwise', h1: 'Color Matcher' });

  await page.goto('/threads/convert');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkScreen('convert threads', { title: 'Convert Threads · Stitchwise', h1: 'Convert Threads' });
  await page.getByLabel('Or paste a list of Anchor codes').fill('403, 9046, 9999');
  await page.getByRole('button', { name: 'Convert these codes' }).click();
  await expect(page.getByTestId('conversion')).toHaveCount(2);
  await page.getByLabel('Anchor code or name').fill('salmon');
  await expect(page.getByRole('list', { name: 'Anchor threads found' }).getByRole('button').first()).toBeVisible();
  await checkScreen('convert threads with results', { title: 'Convert Threads · Stitchwise', h1: 'Convert Threads' });

  await page.goto('/stitch/projects');
  await expect(page.getByText('Please sign in to see history of your stitch projects')).toBeVisible();
  await checkScreen('projects, signed out', { title: 'Stitch Projects · Stitchwise', h1: 'Stitch Projects' });

  await page.goto('/callback?error=access_denied&error_description=The+user+cancelled&state=unknown');
  await expect(page.getByRole('heading', { name: 'Sign In Error' })).toBeVisible();
  await checkScreen('sign-in error', { title: 'Sign In Error · Stitchwise', h1: 'Sign In Error' });
});

test("the visitor's wizard, its result and the chart editor", async () => {
  test.setTimeout(300_000);
  const wizard = { title: /^(Stitch Pattern Wizard|Create Stitch Plan) · Stitchwise$/, h1: 'Stitch Pattern Wizard' };
  await page.goto('/stitch/new');
  await expect(page.getByRole('button', { name: 'Continue to Settings' })).toBeVisible();
  await checkScreen('wizard: upload', wizard);
  await page.getByText('Start from text').click();
  await page.getByRole('form', { name: 'Start from text' }).getByLabel('Text').fill('Emma');
  await checkScreen('wizard: start from text', wizard);
  await page.getByTestId('file-input').setInputFiles(PHOTO);
  await expect(page.getByRole('img', { name: 'The selected image' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Settings' }).click();
  await page.getByRole('radio', { name: '30', exact: true }).check();
  await page.getByLabel(/^Project name/).fill('Accessible harbour');
  await expect(page.getByRole('img', { name: /^Preview of the chart/ })).toBeVisible();
  await checkScreen('wizard: settings (visitor)', wizard);
  await page.getByRole('button', { name: 'Generate Pattern' }).click();
  await expect(page.getByRole('link', { name: 'Download Pattern' })).toBeVisible({ timeout: 60_000 });
  await checkScreen('wizard: result (visitor)', wizard);

  await page.getByRole('link', { name: 'Edit chart' }).click();
  await expect(page.getByRole('heading', { name: 'Edit chart: My chart' })).toBeVisible();
  await checkScreen("editor (visitor's chart)", { title: 'Edit chart: My chart · Stitchwise', h1: 'Edit chart: My chart' });
  await page.getByRole('toolbar', { name: 'Tools' }).getByRole('button', { name: 'Text' }).click();
  await page.getByRole('form', { name: 'Text' }).getByRole('textbox', { name: 'Text' }).fill('Emma Ω');
  await checkScreen("editor's Text tool", { title: 'Edit chart: My chart · Stitchwise', h1: 'Edit chart: My chart' });
  const tools = page.getByRole('toolbar', { name: 'Tools' });
  await tools.getByRole('button', { name: 'Magic wand' }).click();
  await page.getByTestId('chart-canvas').click();
  await expect(page.getByRole('group', { name: 'Selection' })).toBeVisible();
  await page.getByText('Turn or flip the whole chart').click();
  await checkScreen("editor's magic wand, a selection and the chart's turns", { title: 'Edit chart: My chart · Stitchwise', h1: 'Edit chart: My chart' });
  await tools.getByRole('button', { name: 'Pencil' }).click();
  await page.getByRole('group', { name: 'Mirror' }).getByRole('button', { name: 'Four-way' }).click();
  await checkScreen("editor's mirror drawing", { title: 'Edit chart: My chart · Stitchwise', h1: 'Edit chart: My chart' });
});

test('the sign-in pages and the signed-in screens', async () => {
  test.setTimeout(300_000);
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await checkScreen('sign-in page', { title: 'Sign in · Stitchwise', h1: 'Sign in' });
  await page.goto('/');
  await page.getByRole('button', { name: 'Start Free Now' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await checkScreen('sign-up page', { title: /· Stitchwise$/, h1: 'Create your account' });
  await page.getByLabel('Name').fill('Ally Access');
  await page.getByLabel('E-mail address').fill(`ally-${Date.now()}@example.com`);
  await page.getByLabel('Password').fill('a long and happy password 42');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('user-name')).toHaveText('Ally Access');
  await checkScreen('home, signed in', { title: 'Stitchwise', h1: 'Plan your next cross-stitch from any picture' });

  await page.goto('/stitch/projects');
  await expect(page.getByText('No projects yet')).toBeVisible();
  await checkScreen('projects, none yet', { title: 'Stitch Projects · Stitchwise', h1: 'Stitch Projects' });

  const wizard = { title: /^(Stitch Pattern Wizard|Create Stitch Plan) · Stitchwise$/, h1: 'Stitch Pattern Wizard' };
  await page.goto('/stitch/new');
  await page.getByTestId('file-input').setInputFiles(PHOTO);
  await page.getByRole('button', { name: 'Continue to Settings' }).click();
  await page.getByLabel(/^Colors/).fill('8');
  await page.getByRole('radio', { name: '30', exact: true }).check();
  await page.getByText(/^Blends — /).click(); // the switch on, and blends in the preview, the result and the editor
  await expect(page.getByRole('switch', { name: /^Blends/ })).toBeChecked();
  await page.getByLabel(/^Project name/).fill('Lighthouse at noon');
  await expect(page.getByRole('img', { name: /^Preview of the chart/ })).toBeVisible();
  await checkScreen('wizard: settings (signed in)', wizard);
  await page.getByRole('button', { name: 'Generate Pattern' }).click();
  await expect(page.getByRole('link', { name: 'Download Pattern' })).toBeVisible({ timeout: 60_000 });
  await checkScreen('wizard: result (signed in)', wizard);

  await page.goto('/stitch/projects');
  await expect(page.getByTestId('project-card')).toHaveCount(1);
  await checkScreen('projects list', { title: 'Stitch Projects · Stitchwise', h1: 'Stitch Projects' });
  await page.getByRole('link', { name: 'View Details' }).click();
  await expect(page.getByRole('heading', { name: 'Lighthouse at noon' }).first()).toBeVisible();
  await checkScreen('project detail', { title: 'Lighthouse at noon · Stitchwise', h1: 'Lighthouse at noon' });
  const projectPath = new URL(page.url()).pathname;
  await page.getByRole('link', { name: 'Start stitching' }).click();
  await expect(page.getByTestId('overall-progress')).toHaveText(/^0 of /);
  await checkScreen('Stitching mode', { title: 'Stitching Lighthouse at noon · Stitchwise', h1: 'Stitching Lighthouse at noon', hiddenH1: true });
  for (const sheet of [/^Threads/, 'Page', 'Stitching options']) {
    await page.getByRole('button', { name: sheet, exact: typeof sheet === 'string' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await checkScreen(`Stitching mode's ${String(sheet)} sheet`, { title: /· Stitchwise$/, h1: 'Stitching Lighthouse at noon', hiddenH1: true });
    await page.getByRole('button', { name: 'Close' }).click();
  }
  await page.goto('/threads/mine');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkScreen('My Threads', { title: /· Stitchwise$/, h1: /My Threads/ });
  await page.goto(`${projectPath}/edit`);
  await expect(page.getByRole('heading', { name: 'Edit chart: Lighthouse at noon' })).toBeVisible();
  await checkScreen('editor (project)', { title: 'Edit chart: Lighthouse at noon · Stitchwise', h1: 'Edit chart: Lighthouse at noon' });
  // 'Add a blend' open, two threads chosen and their mix shown.
  const addBlend = page.getByTestId('add-blend');
  await addBlend.getByText('Add a blend').click();
  await addBlend.getByRole('list', { name: 'First thread: chart threads' }).getByRole('button').first().click();
  await addBlend.getByRole('list', { name: 'Second thread: chart threads' }).getByRole('button').nth(1).click();
  await expect(addBlend.getByTestId('blend-preview')).toBeVisible();
  await checkScreen('editor: add a blend', { title: 'Edit chart: Lighthouse at noon · Stitchwise', h1: 'Edit chart: Lighthouse at noon' });
  await page.goto('/stitch/projects/does-not-exist');
  await expect(page.getByRole('heading', { name: 'Project Not Found' })).toBeVisible();
  await checkScreen('project not found', { title: /· Stitchwise$/, h1: 'Project Not Found' });
});

/** The colour of one pixel of the picture on screen, read from its own decoded pixels (a same-origin upload). */
function imagePixel(on: Page, x: number, y: number): Promise<string> {
  return on.getByTestId('pick-image').evaluate(
    (image: HTMLImageElement, [px, py]) => {
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const [r, g, b] = context.getImageData(px!, py!, 1, 1).data;
      return `#${[r, g, b].map((value) => value!.toString(16).padStart(2, '0')).join('')}`;
    },
    [x, y],
  );
}

/** The colour shown in the middle of the magnifier: the pixel under the crosshair, 12 times enlarged. */
function magnifierCentre(on: Page): Promise<string> {
  return on.getByTestId('pick-magnifier').evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d')!;
    const [r, g, b] = context.getImageData(Math.floor(canvas.width / 2), Math.floor(canvas.height / 2), 1, 1).data;
    return `#${[r, g, b].map((value) => value!.toString(16).padStart(2, '0')).join('')}`;
  });
}

test('the colour matcher works by keyboard, with a magnifier for exact picks', async ({ page: matcher }) => {
  await matcher.goto('/colors/matcher');
  await matcher.getByTestId('file-input').setInputFiles(PHOTO); // 768 × 512
  const picker = matcher.getByRole('application', { name: 'Image to pick colours from' });
  await expect(picker).toBeVisible();
  await expect(matcher.getByTestId('crosshair-position')).toHaveText('Crosshair at x 384, y 256 (the image is 768 × 512 pixels)');
  await expect(matcher.getByTestId('pick-magnifier')).toHaveCount(0);

  // Tab from the instructions just above reaches the picture; the crosshair and the magnifier show.
  await matcher.getByText(/^Click the image to pick a colour, or use the arrow keys/).click();
  await matcher.keyboard.press('Tab');
  await expect(picker).toBeFocused();
  await expect(matcher.getByTestId('pick-crosshair')).toBeVisible();
  await expect(matcher.getByTestId('pick-magnifier')).toBeVisible();
  expect(await magnifierCentre(matcher)).toBe(await imagePixel(matcher, 384, 256));

  // One pixel per arrow, a twentieth of the long side (38 pixels) with Shift; the page does not scroll.
  const scrolled = await matcher.evaluate(() => window.scrollY);
  await matcher.keyboard.press('ArrowRight');
  await matcher.keyboard.press('ArrowRight');
  await matcher.keyboard.press('ArrowRight');
  await matcher.keyboard.press('Shift+ArrowDown');
  await matcher.keyboard.press('ArrowUp');
  await expect(matcher.getByTestId('crosshair-position')).toHaveText(/^Crosshair at x 387, y 293 /);
  expect(await matcher.evaluate(() => window.scrollY)).toBe(scrolled);
  await expect.poll(() => magnifierCentre(matcher)).toBe(await imagePixel(matcher, 387, 293));
  await matcher.screenshot({ path: 'e2e-results/screenshots/matcher-keyboard-magnifier.png' });

  // Enter picks there, exactly that pixel's colour; Space too.
  const expected = await imagePixel(matcher, 387, 293);
  await matcher.keyboard.press('Enter');
  await expect(matcher.getByText('x 387, y 293', { exact: true })).toBeVisible();
  await expect(matcher.getByTestId('thread-match')).toHaveCount(5);
  await expect(matcher.getByText(expected.toUpperCase(), { exact: true })).toBeVisible();
  await expect(matcher.getByTestId('pick-marker')).toBeVisible();
  await matcher.keyboard.press('ArrowLeft');
  await matcher.keyboard.press('Space');
  await expect(matcher.getByText('x 386, y 293', { exact: true })).toBeVisible();

  // The pointer moves the same crosshair, and the magnifier follows it.
  await matcher.keyboard.press('Tab');
  await expect(matcher.getByTestId('pick-magnifier')).toHaveCount(0);
  const box = (await matcher.getByTestId('pick-image').boundingBox())!;
  await matcher.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.9);
  await expect(matcher.getByTestId('pick-magnifier')).toBeVisible();
  const position = (await matcher.getByTestId('crosshair-position').textContent()) ?? '';
  const [, x, y] = /x (\d+), y (\d+)/.exec(position)!.map(Number);
  expect(Math.abs(x! - 76)).toBeLessThanOrEqual(2);
  expect(Math.abs(y! - 460)).toBeLessThanOrEqual(2);
  await expect.poll(() => magnifierCentre(matcher)).toBe(await imagePixel(matcher, x!, y!));
});
