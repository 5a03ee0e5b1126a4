import { createRequire } from 'node:module';
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './csp-guard.js';

/**
 * The chart viewer on a visitor's result, as the browser draws it: pixels read back from the canvas
 * are the legend's colours, the wheel zooms, hovering names a stitch, and a legend click dims every
 * other thread.
 */
const require = createRequire(import.meta.url);
const PHOTO = require.resolve('rgbquant/demo/img/kodim21.png');

type Rgb = [number, number, number];

/** The canvas's pixels along a row or a column, at CSS positions of the canvas. */
async function pixelLine(canvas: Locator, along: 'row' | 'column', at: number): Promise<Rgb[]> {
  return canvas.evaluate(
    (element: unknown, [direction, position]: ['row' | 'column', number]) => {
      const canvas = element as {
        width: number;
        height: number;
        getBoundingClientRect(): { width: number };
        getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> } };
      };
      const ratio = canvas.width / canvas.getBoundingClientRect().width;
      const device = Math.round(position * ratio);
      const context = canvas.getContext('2d');
      const { data } = direction === 'row' ? context.getImageData(0, device, canvas.width, 1) : context.getImageData(device, 0, 1, canvas.height);
      const pixels: [number, number, number][] = [];
      for (let i = 0; i < data.length; i += 4) pixels.push([data[i]!, data[i + 1]!, data[i + 2]!]);
      // One sample per CSS pixel (the tests run at a whole device pixel ratio).
      const step = Math.max(1, Math.round(ratio));
      return pixels.filter((_, index) => index % step === 0);
    },
    [along, at] as ['row' | 'column', number],
  );
}

async function pixelAt(canvas: Locator, point: { x: number; y: number }): Promise<Rgb> {
  return (await pixelLine(canvas, 'row', point.y))[point.x]!;
}

const hexOf = ([r, g, b]: Rgb) => `#${[r, g, b].map((value) => value.toString(16).padStart(2, '0')).join('')}`.toUpperCase();

/** The legend's threads: DMC code → colour, as the legend shows them. */
async function legendColours(page: Page): Promise<Map<string, string>> {
  const rows = page.getByTestId('legend-row');
  const colours = new Map<string, string>();
  for (const row of await rows.all()) colours.set((await row.locator('td').nth(2).textContent()) ?? '', (await row.locator('td').nth(4).textContent()) ?? '');
  return colours;
}

/** The middle of a stitch near the canvas's middle row: the longest run of one legend colour, then its run down the column. */
async function stitchMiddle(canvas: Locator, colours: Set<string>): Promise<{ x: number; y: number; hex: string }> {
  const box = (await canvas.boundingBox())!;
  const y0 = Math.round(box.height / 2);
  const runs = (line: Rgb[]) => {
    const found: { start: number; end: number; hex: string }[] = [];
    let start = 0;
    for (let i = 1; i <= line.length; i++) {
      if (i < line.length && hexOf(line[i]!) === hexOf(line[start]!)) continue;
      found.push({ start, end: i, hex: hexOf(line[start]!) });
      start = i;
    }
    return found.filter((run) => colours.has(run.hex));
  };
  const across = runs(await pixelLine(canvas, 'row', y0)).sort((a, b) => b.end - b.start - (a.end - a.start))[0];
  if (!across) throw new Error('No stitch of a legend colour on the middle row');
  const x = Math.floor((across.start + across.end) / 2);
  const down = runs(await pixelLine(canvas, 'column', x)).find((run) => run.start <= y0 && y0 < run.end);
  if (!down) throw new Error('The stitch found across is not there down the column');
  return { x, y: Math.floor((down.start + down.end) / 2), hex: across.hex };
}

test('the viewer draws the chart, zooms with the wheel, names a stitch and highlights a thread', async ({ page }) => {
  await test.step('a visitor generates a pattern', async () => {
    await page.goto('/stitch/new');
    await page.getByTestId('file-input').setInputFiles(PHOTO);
    await page.getByRole('button', { name: 'Continue to Settings' }).click();
    await page.getByRole('radio', { name: '50', exact: true }).check();
    await page.getByLabel(/^Project name/).fill('Viewer');
    await page.getByRole('button', { name: 'Generate Pattern' }).click();
    await expect(page.getByRole('application', { name: /Stitch chart, 50 by \d+ stitches/ })).toBeVisible({ timeout: 60_000 });
    // The chart image stays one click away.
    await expect(page.getByRole('link', { name: 'Download Pattern' })).toHaveAttribute('href', /\/files\/.+\.png$/);
  });

  const canvas = page.getByTestId('chart-canvas');
  const info = page.getByRole('status');
  const legend = await legendColours(page);
  const colours = new Set(legend.values());
  await page.getByRole('button', { name: 'Colour' }).click();

  await test.step('the canvas shows the chart in the legend’s colours', async () => {
    await expect.poll(async () => colours.has((await stitchMiddle(canvas, colours)).hex)).toBe(true);
  });

  await test.step('the wheel zooms in around the pointer', async () => {
    const zoom = page.getByTestId('zoom-level');
    const before = parseFloat((await zoom.textContent()) ?? '');
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -400);
    await expect.poll(async () => parseFloat((await zoom.textContent()) ?? '')).toBeGreaterThan(before * 1.5);
  });

  const stitch = await stitchMiddle(canvas, colours);
  await test.step('hovering a stitch names its row, column, symbol and thread, in the colour drawn', async () => {
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + stitch.x, box.y + stitch.y);
    await expect(info).toHaveText(/^Row \d+, column \d+: \S+ DMC \S+ .+$/);
    const code = /DMC (\S+)/.exec((await info.textContent()) ?? '')![1]!;
    expect(legend.get(code)).toBe(stitch.hex);
  });

  await test.step('a legend click dims every other thread, a second click shows all again', async () => {
    const drawn = await pixelAt(canvas, stitch);
    const other = [...legend.entries()].find(([, hex]) => hex !== stitch.hex)![0];
    const row = page.getByTestId('legend-row').filter({ has: page.getByRole('cell', { name: other, exact: true }) });
    await row.click();
    await expect.poll(async () => hexOf(await pixelAt(canvas, stitch))).not.toBe(stitch.hex);
    const dimmed = await pixelAt(canvas, stitch);
    // Dimmed towards white: no channel darker, the whole lighter.
    for (const [channel, value] of dimmed.entries()) expect(value).toBeGreaterThanOrEqual(drawn[channel]!);
    expect(dimmed.reduce((a, b) => a + b)).toBeGreaterThan(drawn.reduce((a, b) => a + b));
    await row.click();
    await expect.poll(async () => hexOf(await pixelAt(canvas, stitch))).toBe(stitch.hex);
  });
});
