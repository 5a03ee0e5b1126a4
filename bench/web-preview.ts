/**
 * The wizard's live preview in Chromium: latency from a setting change to the new preview painted,
 * timed inside the page (the input event's timestamp to the preview's painted event, both on the
 * page's clock), from a 12-megapixel JPEG chosen in the wizard, at 100 stitches × 20 colours and
 * 300 stitches × 50 colours: a change of the colour count (the pattern again from the prepared grid), and a
 * step of the photo's saturation slider (the grid adjusted and prepared again, then the pattern). The bench signs up through the app's built-in provider, as a user
 * would, because the larger settings are for signed-in users; it drives the real wizard, nothing else.
 *
 * `npx tsx bench/web-preview.ts` (or `npm run bench:web` for all three browser benchmarks): starts the built server itself.
 */
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { twelveMegapixelJpeg } from './web-preview-photo.js';
import { withWebApp } from './web-session.js';

export interface PreviewScenario {
  name: string;
  /** Target for the 95th percentile, ms. */
  target: number;
  /** Latency of each measured change, ms. */
  samples: number[];
  p50: number;
  p95: number;
  /** Medians of the worker's own time per change: the core's pattern, and the grid (0 when cached). */
  worker: { patternMs: number; gridMs: number };
  /** Main-thread tasks over 50 ms while the scenario ran. */
  longTasks: number;
}

export interface PreviewBenchmark {
  photo: { width: number; height: number; megabytes: number };
  /** From Continue to the first preview painted: decoding and shrinking the photo included. */
  firstPreviewMs: number;
  /** From choosing 300 stitches to its preview painted: decoding again at the new size included. */
  sizeChangeMs: { total: number; decodeMs: number; gridMs: number; patternMs: number };
  scenarios: PreviewScenario[];
}

interface Paint {
  at: number;
  colors: number;
  maxSide: number;
  saturation: number;
  timings: { decodeMs: number; gridMs: number; patternMs: number };
}

declare global {
  interface Window {
    __benchPaints: Paint[];
    __benchLastInput: number;
    __benchLongTasks: number[];
  }
}

const WARM_UP = 2;
const MEASURED = 12;

// Before the app's scripts: the time of every user input, every painted preview and every long task.
const PAGE_PROBES = `
  window.__benchPaints = []; window.__benchLastInput = 0; window.__benchLongTasks = [];
  for (const type of ['input', 'click']) document.addEventListener(type, (event) => { window.__benchLastInput = event.timeStamp; }, true);
  addEventListener('stitchwise:preview-painted', (event) => {
    const { settings, timings } = event.detail;
    window.__benchPaints.push({ at: performance.now(), colors: settings.colors, maxSide: settings.maxSide, saturation: settings.saturation, timings });
  });
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__benchLongTasks.push(entry.duration); })
    .observe({ type: 'longtask', buffered: true });`;

/** Runs the benchmark against a running server at `baseUrl` in `browser`. */
export async function runPreviewBenchmark(baseUrl: string, browser: Browser): Promise<PreviewBenchmark> {
  const jpeg = await twelveMegapixelJpeg();
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    await page.addInitScript({ content: PAGE_PROBES });
    await signUp(page);
    await page.goto('/stitch/new');
    await page.getByTestId('file-input').setInputFiles({ name: 'photo-12mp.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await page.getByRole('img', { name: 'The selected image' }).waitFor();
    await page.waitForLoadState('networkidle');

    const first = await change(page, () => page.getByRole('button', { name: 'Continue to Settings' }).click(), { colors: 20, maxSide: 100 });
    const colours = page.getByLabel(/^Colors/);
    const small = await scenario(page, '100 stitches × 20 colours', 100, async (step) => {
      await colours.focus();
      return change(page, () => colours.press(step % 2 ? 'ArrowRight' : 'ArrowLeft'), { colors: step % 2 ? 20 : 19, maxSide: 100 });
    });

    const saturation = page.getByLabel(/^Saturation/);
    const smallSlider = await sliderScenario(page, saturation, '100 × 20: saturation slider', 100, { colors: 20, maxSide: 100 });

    const resized = await change(page, () => page.getByRole('radio', { name: '300', exact: true }).check(), { colors: 20, maxSide: 300 });
    await colours.focus();
    await change(page, () => colours.press('End'), { colors: 50, maxSide: 300 });
    const large = await scenario(page, '300 stitches × 50 colours', 400, async (step) => {
      await colours.focus();
      return change(page, () => colours.press(step % 2 ? 'ArrowRight' : 'ArrowLeft'), { colors: step % 2 ? 50 : 49, maxSide: 300 });
    });
    const largeSlider = await sliderScenario(page, saturation, '300 × 50: saturation slider', 400, { colors: 50, maxSide: 300 });

    return {
      photo: { width: 4000, height: 3000, megabytes: jpeg.length / 1e6 },
      firstPreviewMs: first.latency,
      sizeChangeMs: { total: resized.latency, ...resized.paint.timings },
      scenarios: [small, smallSlider, large, largeSlider],
    };
  } finally {
    await context.close();
  }
}

async function signUp(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Start Free Now' }).click();
  await page.getByLabel('Name').fill('Bench Stitcher');
  await page.getByLabel('E-mail address').fill(`bench-${Date.now()}@example.com`);
  await page.getByLabel('Password').fill('a long benchmark password 3');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByTestId('user-name').getByText('Bench Stitcher').waitFor();
}

/**
 * Steps of the photo's saturation slider from the left, each to a value not previewed before (so no prepared grid
 * is kept for it: adjusting and preparing the grid count in each), then back to 0 for the next scenario.
 */
async function sliderScenario(
  page: Page,
  slider: Locator,
  name: string,
  target: number,
  settings: { colors: number; maxSide: number },
): Promise<PreviewScenario> {
  const start = -20;
  await change(page, () => slider.fill(String(start)), { ...settings, saturation: start });
  const result = await scenario(page, name, target, async (step) => {
    await slider.focus();
    return change(page, () => slider.press('ArrowLeft'), { ...settings, saturation: start - step - 1 });
  });
  await change(page, () => slider.fill('0'), { ...settings, saturation: 0 });
  return result;
}

/** Makes one change and waits for the preview with `expected` settings: latency from the input to that paint. */
async function change(
  page: Page,
  act: () => Promise<void>,
  expected: { colors: number; maxSide: number; saturation?: number },
): Promise<{ latency: number; paint: Paint }> {
  const before = await page.evaluate(() => window.__benchPaints.length);
  await act();
  const handle = await page.waitForFunction(
    ({ before, colors, maxSide, saturation }) => {
      const paint = window.__benchPaints
        .slice(before)
        .find((p) => p.colors === colors && p.maxSide === maxSide && (saturation === undefined || p.saturation === saturation));
      return paint && { latency: paint.at - window.__benchLastInput, paint };
    },
    { before, saturation: undefined, ...expected },
    { timeout: 60_000 },
  );
  const result = (await handle.jsonValue()) as { latency: number; paint: Paint };
  await page.waitForTimeout(50); // the next change starts from a quiet page, as a person's next click would
  return result;
}

async function scenario(
  page: Page,
  name: string,
  target: number,
  step: (index: number) => Promise<{ latency: number; paint: Paint }>,
): Promise<PreviewScenario> {
  for (let i = 0; i < WARM_UP; i++) await step(i);
  const longTasksBefore = await page.evaluate(() => window.__benchLongTasks.length);
  const results: { latency: number; paint: Paint }[] = [];
  for (let i = 0; i < MEASURED; i++) results.push(await step(WARM_UP + i));
  const samples = results.map((r) => r.latency);
  return {
    name,
    target,
    samples,
    p50: percentile(samples, 0.5),
    p95: percentile(samples, 0.95),
    worker: { patternMs: median(results.map((r) => r.paint.timings.patternMs)), gridMs: median(results.map((r) => r.paint.timings.gridMs)) },
    longTasks: (await page.evaluate(() => window.__benchLongTasks.length)) - longTasksBefore,
  };
}

/** Nearest-rank percentile. */
function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

const median = (values: number[]): number => percentile(values, 0.5);

export function printPreviewBenchmark(result: PreviewBenchmark): void {
  const { photo } = result;
  console.log(
    `\nLive preview in Chromium, ${photo.width} × ${photo.height} JPEG (${photo.megabytes.toFixed(1)} MB), ${MEASURED} changes each after ${WARM_UP} warm-ups`,
  );
  console.table(
    result.scenarios.map((s) => ({
      settings: s.name,
      'p50 ms': s.p50.toFixed(0),
      'p95 ms': s.p95.toFixed(0),
      'target p95 ms': s.target,
      'worker: grid + pattern ms (median)': `${s.worker.gridMs.toFixed(0)} + ${s.worker.patternMs.toFixed(0)}`,
      'long tasks': s.longTasks,
      met: s.p95 <= s.target ? 'yes' : 'NO',
    })),
  );
  for (const s of result.scenarios) console.log(`${s.name}, each change (ms): ${s.samples.map((ms) => ms.toFixed(0)).join(' ')}`);
  const size = result.sizeChangeMs;
  console.log(`First preview after Continue (decode + shrink of the 12 MP photo, 100 × 20): ${result.firstPreviewMs.toFixed(0)} ms`);
  console.log(
    `Size change to 300 stitches: ${size.total.toFixed(0)} ms (decode + shrink ${size.decodeMs.toFixed(0)}, grid ${size.gridMs.toFixed(0)}, pattern ${size.patternMs.toFixed(0)})`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) printPreviewBenchmark(await withWebApp(runPreviewBenchmark));
