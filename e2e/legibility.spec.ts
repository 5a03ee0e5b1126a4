import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { deltaE2000, LOOK_ALIKE_DELTA_E, symbolFamily, type Backstitch, type PatternDocument } from '@stitchwise/core';
import { checkPdf, checkPng, checkViewer, linesToDraw, settledView, viewOf } from './backstitch-checks.js';
import { test } from './csp-guard.js';
import { generatePattern, signUp } from './editor-page.js';
import { pdfPageTexts } from './exported-files.js';
import { catalogueLab } from './line-profiles.js';

/**
 * A chart you can read (#30), in Chromium against the real server: on a 40-thread chart of a photo no two
 * look-alike threads get symbols of one family, the legend and the PDF show the document's symbols (the PDF as
 * text); and backstitch of the lightest and the darkest thread, drawn over light stitches in the editor, comes
 * out at least a fifth of a stitch and 2.5 thin grid lines wide in the viewer, the chart PNG and the PDF, the
 * light thread's on a dark casing.
 */

/** A filled shape and its outline (symbols.test.ts): never both among a chart's 20 most used threads. */
const FILLED_AND_HOLLOW = [
  ['■', '□'],
  ['▲', '△'],
  ['◆', '◇'],
  ['●', '○'],
  ['★', '☆'],
  ['♥', '♡'],
  ['▼', '▽'],
  ['◆', '♦'],
];

/** Downloads through a button and returns the file's bytes. */
async function download(page: Page, button: string): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const path = `e2e-results/legibility-${Date.now()}-${file.suggestedFilename()}`;
  await file.saveAs(path);
  return readFileSync(path);
}

test.describe('at 1280 × 800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a 40-thread chart of a photo gives look-alike threads symbols of different families, shown in the legend and as text in the PDF', async ({ page }) => {
    await signUp(page);
    const document = await generatePattern(page, 'Lighthouse in forty', { signedIn: true, colors: 40, size: 100 });
    const legend = document.legend;
    expect(legend.length, 'threads the chart uses').toBeGreaterThanOrEqual(36);

    await test.step('threads closer than ΔE00 10 have symbols of different families', () => {
      const close: string[] = [];
      const clashes: string[] = [];
      legend.forEach((one, i) => {
        for (const other of legend.slice(i + 1)) {
          if (deltaE2000(catalogueLab(one), catalogueLab(other)) >= LOOK_ALIKE_DELTA_E) continue;
          const pair = `${one.dmc_code} ${one.symbol} ~ ${other.dmc_code} ${other.symbol}`;
          close.push(pair);
          if (symbolFamily(one.symbol) === symbolFamily(other.symbol)) clashes.push(pair);
        }
      });
      // A photo's 40 threads hold many near twins: the rule is put to the test.
      expect(close.length, 'look-alike pairs on the chart').toBeGreaterThanOrEqual(20);
      expect(clashes).toEqual([]);
      expect(new Set(legend.map((entry) => entry.symbol)).size, 'every thread its own symbol').toBe(legend.length);
    });

    await test.step('the 20 most used threads have symbols of 20 families, no filled shape beside its outline', () => {
      const first = legend.slice(0, 20).map((entry) => entry.symbol);
      expect(new Set(first.map(symbolFamily)).size, first.join(' ')).toBe(20);
      for (const [filled, hollow] of FILLED_AND_HOLLOW) expect(first.includes(filled!) && first.includes(hollow!), `${filled} and ${hollow}`).toBe(false);
    });

    await test.step("the result's legend shows the document's symbols", async () => {
      const rows = page.getByTestId('legend-row');
      await expect(rows).toHaveCount(legend.length);
      const shown = await rows.evaluateAll((all) => all.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent.trim())));
      expect(shown.map((cells) => [cells[0], cells[2]])).toEqual(legend.map((entry) => [entry.symbol, entry.dmc_code]));
    });

    await test.step("the PDF carries every symbol as text: beside its thread in the thread list, and on each of the thread's stitches", async () => {
      const texts = await pdfPageTexts(new Uint8Array(await download(page, 'Download PDF chart')));
      expect(texts.length).toBeGreaterThanOrEqual(3);
      const chartPages = texts.slice(2).join(' ');
      for (const entry of legend) {
        expect(texts[1], `the thread list's row of ${entry.dmc_code}`).toContain(`${entry.symbol} ${entry.dmc_code} ${entry.dmc_name}`);
        // Neighbouring chart pages repeat a few rows, and letters also appear in the page titles: at least once a stitch.
        const drawn = chartPages.split(entry.symbol).length - 1;
        expect(drawn, `${entry.symbol} (${entry.dmc_code}) on the chart pages`).toBeGreaterThanOrEqual(entry.stitch_count);
      }
    });
  });
});

/** Draws a line in the editor with the Backstitch tool: a click on each end, then Escape. */
async function drawInEditor(page: Page, line: Backstitch): Promise<void> {
  const point = async (x: number, y: number) => {
    const { scale, offsetX, offsetY } = await viewOf(page);
    const box = (await page.getByTestId('chart-canvas').boundingBox())!;
    return [box.x + offsetX + (x / 2) * scale, box.y + offsetY + (y / 2) * scale] as const;
  };
  await page.mouse.click(...(await point(line.x1, line.y1)));
  await page.mouse.click(...(await point(line.x2, line.y2)));
  await page.keyboard.press('Escape');
  await page.mouse.move(1, 1);
}

test.describe('backstitch at 1280 × 800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the lightest and the darkest thread's backstitch over light stitches is at least 0.2 stitch and 2.5 thin grid lines wide in the viewer, the PNG and the PDF", async ({
    page,
  }) => {
    const report: string[] = [];
    await signUp(page);
    const generated = await generatePattern(page, 'Lighthouse outlined', { signedIn: true });
    const drawn = linesToDraw(generated);

    await page.getByRole('link', { name: 'Open the project' }).click();
    const projectUrl = page.url();
    await page.getByRole('link', { name: 'Edit chart' }).click();
    await expect(page.getByRole('heading', { name: 'Edit chart: Lighthouse outlined' })).toBeVisible();
    await settledView(page);
    let savedChart = '';
    await test.step('draw the two lines in the editor and save', async () => {
      for (const { thread, line } of drawn) {
        const button = page.locator(`[data-testid="palette-thread"][data-code="${generated.legend[thread]!.dmc_code}"]`);
        await button.click();
        await expect(button).toHaveAttribute('aria-pressed', 'true');
        await page.getByRole('toolbar', { name: 'Tools' }).getByRole('button', { name: 'Backstitch', exact: true }).click();
        await drawInEditor(page, line);
      }
      const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && /\/pattern$/.test(new URL(response.url()).pathname));
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      expect((await saved).status()).toBe(200);
      const { pattern_url, stitch_plan_url } = (await (await saved).json()) as { pattern_url: string; stitch_plan_url: string };
      savedChart = stitch_plan_url;
      const stored = (await (await page.request.get(pattern_url)).json()) as PatternDocument;
      expect(stored.backstitches).toEqual(drawn.map(({ line }) => line));
    });

    await page.goto(projectUrl);
    await test.step('the viewer', async () => {
      await expect(page.locator('[data-view]')).toHaveAttribute('data-view', /^[\d.]+ [-\d.]+ [-\d.]+$/);
      await checkViewer(page, generated, drawn, report, '1280 × 800');
    });
    await test.step("the project's chart PNG", async () => {
      // The chart image the project page links to: the one the save drew again.
      const href = await page.getByRole('region', { name: 'Stitch Plan' }).getByRole('link', { name: 'View Full Size' }).getAttribute('href');
      expect(href).toBe(savedChart);
      const response = await page.request.get(href!);
      expect(response.ok()).toBe(true);
      await checkPng(await response.body(), generated, drawn, report);
    });
    await test.step('the PDF chart', async () => {
      checkPdf(await download(page, 'Download PDF chart'), drawn, generated, report);
    });
    await test.info().attach('measured widths', { body: report.join('\n') });
    console.log(report.join('\n'));
  });
});

test.describe('backstitch at 390 × 844 touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3 });

  test("the lightest and the darkest thread's backstitch is at least 0.2 stitch and 2.5 thin grid lines wide in the viewer on a phone", async ({ page }) => {
    const report: string[] = [];
    // The app's bearer token, from its own calls: the lines are saved as the editor saves them (drawing is the desktop test's).
    let authorization = '';
    page.on('request', (request) => {
      authorization = request.headers()['authorization'] ?? authorization;
    });
    await signUp(page);
    const generated = await generatePattern(page, 'Lighthouse on a phone', { signedIn: true });
    const drawn = linesToDraw(generated);
    await page.getByRole('link', { name: 'Open the project' }).click();
    const projectUrl = page.url();
    const chart = `/api/stitch/projects/${projectUrl.split('/').at(-1)}/pattern`;
    const current = await page.request.get(chart, { headers: { authorization } });
    expect(current.ok()).toBe(true);
    const saved = await page.request.put(chart, {
      headers: { authorization, 'if-match': current.headers()['etag']! },
      data: { ...((await current.json()) as PatternDocument), backstitches: drawn.map(({ line }) => line) },
    });
    expect(saved.status()).toBe(200);

    await page.goto(projectUrl);
    await expect(page.locator('[data-view]')).toHaveAttribute('data-view', /^[\d.]+ [-\d.]+ [-\d.]+$/);
    await checkViewer(page, generated, drawn, report, '390 × 844 (3 device px a CSS px)');
    await test.info().attach('measured widths', { body: report.join('\n') });
    console.log(report.join('\n'));
  });
});
