/**
 * The chart viewer in Chromium: frame times while panning and zooming a 500 × 500 chart of 50 threads
 * (250,000 stitches) at 2, 8 and 32 px per stitch, on the project page a signed-in user sees. The
 * chart is made by the server from a synthetic picture of 50 DMC colours in 5 × 5 blocks, for a user
 * signed up through the built-in provider; the browser signs in as that user and opens the project.
 * Then, per zoom, the mouse drags the chart about and the wheel zooms in and out around that zoom
 * while the page times every frame with requestAnimationFrame and performance.now().
 *
 * Frame time: from the frame's start (the requestAnimationFrame timestamp) to the end of its work on
 * the main thread (a message posted from requestAnimationFrame is delivered after the frame's input,
 * animation callbacks, style, layout, paint and canvas commit). Only frames that handled input count.
 * Target: p95 ≤ 16.7 ms. The interval between frames is reported beside it.
 *
 * `npx tsx bench/web-viewer.ts` (or `npm run bench:web` for all three browser benchmarks): starts the built server itself.
 * VIEWER_BENCH_GPU=1 leaves out --disable-gpu (Chromium then composites with its software GL).
 */
import { fileURLToPath } from 'node:url';
import { deltaE2000, DMC_THREADS, seededRandom, type Thread } from '@stitchwise/core';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { newUser, OidcBrowser } from '../apps/server/test/support/oidc-client.js';
import { withWebApp } from './web-session.js';

const SIDE = 500;
const THREADS = 50;
const SCALES = [2, 8, 32] as const;
const DEVICE_PIXEL_RATIOS = [1, 2] as const;
/** How long each zoom is driven. */
const DRIVE_MS = 4_000;
const FRAME_BUDGET_MS = 1000 / 60;

export interface ViewerScenario {
  dpr: number;
  scale: number;
  /** Frames that handled input. */
  frames: number;
  frameMs: { p50: number; p95: number; max: number };
  intervalMs: { p50: number; p95: number; max: number };
  /** Share of frames that came more than 1.5 frames after the one before. */
  late: number;
  /** Canvas pixels per CSS pixel once the chart is still (the viewer draws moving frames at 1). */
  stillResolution: number;
}

/** Runs the benchmark against a running server at `baseUrl` (built-in provider) in `browser`. */
export async function runViewerBenchmark(baseUrl: string, browser: Browser): Promise<ViewerScenario[]> {
  const user = newUser('viewer-bench');
  const { projectId, threads } = await syntheticProject(baseUrl, user);
  console.log(`Benchmark chart: ${SIDE} × ${SIDE} stitches, ${threads} threads.`);
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    await signIn(page, user);
    await page.goto(`/stitch/projects/${projectId}`);
    const viewer = page.getByRole('application', { name: new RegExp(`Stitch chart, ${SIDE} by ${SIDE} stitches`) });
    await viewer.waitFor({ timeout: 60_000 });
    await viewer.scrollIntoViewIfNeeded();
    const cdp = await context.newCDPSession(page);
    const results: ViewerScenario[] = [];
    for (const dpr of DEVICE_PIXEL_RATIOS) {
      await cdp.send('Emulation.setDeviceMetricsOverride', { width: 1280, height: 900, deviceScaleFactor: dpr, mobile: false });
      for (const scale of SCALES) results.push(await drive(page, dpr, scale));
    }
    return results;
  } finally {
    await context.close();
  }
}

/** A project of a synthetic 500 × 500 picture of 50 well-separated DMC colours in 5 × 5 blocks, made by the server. */
async function syntheticProject(baseUrl: string, user: ReturnType<typeof newUser>): Promise<{ projectId: string; threads: number }> {
  const tokens = await new OidcBrowser(baseUrl).signUp(user);
  const form = new FormData();
  form.set('image_file', new Blob([new Uint8Array(await syntheticPicture())], { type: 'image/png' }), 'blocks.png');
  for (const [key, value] of Object.entries({ project_name: 'Viewer benchmark', colors: String(THREADS), max_side: String(SIDE), cell_size: '6' }))
    form.set(key, value);
  const response = await fetch(`${baseUrl}/api/stitch/generate`, { method: 'POST', body: form, headers: { authorization: `Bearer ${tokens.access_token}` } });
  if (!response.ok) throw new Error(`Generating the benchmark chart failed: ${response.status} ${await response.text()}`);
  const plan = (await response.json()) as { project_id: string; legend_data: unknown[] };
  return { projectId: plan.project_id, threads: plan.legend_data.length };
}

async function syntheticPicture(): Promise<Buffer> {
  // Threads at least 8 ΔE00 apart, so the pattern engine keeps every one of them.
  const palette: Thread[] = [];
  for (const thread of DMC_THREADS) {
    if (palette.length < THREADS && palette.every((kept) => deltaE2000(kept.lab, thread.lab) >= 8)) palette.push(thread);
  }
  const random = seededRandom(16);
  const pixels = Buffer.alloc(SIDE * SIDE * 3);
  for (let by = 0; by < SIDE; by += 5) {
    for (let bx = 0; bx < SIDE; bx += 5) {
      const thread = palette[Math.floor(random() * palette.length)]!;
      for (let y = by; y < by + 5; y++) for (let x = bx; x < bx + 5; x++) pixels.set([thread.r, thread.g, thread.b], (y * SIDE + x) * 3);
    }
  }
  return sharp(pixels, { raw: { width: SIDE, height: SIDE, channels: 3 } })
    .png()
    .toBuffer();
}

async function signIn(page: Page, user: { email: string; password: string; name: string }): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByLabel('E-mail address').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('user-name').getByText(user.name).waitFor();
}

/** Zooms to `scale` with the toolbar, then drags and wheels for DRIVE_MS while the page times its frames. */
async function drive(page: Page, dpr: number, scale: number): Promise<ViewerScenario> {
  // The readout follows the frame after a click: wait for two frames (and React) before reading it.
  const settled = () => page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0))))');
  const zoom = page.getByTestId('zoom-level');
  const level = async () => {
    await settled();
    return parseFloat((await zoom.textContent()) ?? '0');
  };
  await page.getByRole('button', { name: 'Fit' }).click();
  for (let i = 0; i < 20 && (await level()) < scale; i++) await page.getByRole('button', { name: 'Zoom in', exact: true }).click();
  const reached = await level();
  if (reached !== scale) throw new Error(`The toolbar stopped at ${reached} px per stitch, not ${scale}`);

  const box = (await page.getByTestId('chart-canvas').boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.evaluate(START_FRAME_RECORDER);
  const until = Date.now() + DRIVE_MS;
  while (Date.now() < until) {
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - 220, y - 160, { steps: 24 });
    await page.mouse.move(x + 180, y + 140, { steps: 24 });
    await page.mouse.up();
    // In and out around the same zoom: a wheel notch each way.
    for (let notch = 0; notch < 6; notch++) {
      await page.mouse.wheel(0, notch % 2 === 0 ? -100 : 100);
      await page.waitForTimeout(16);
    }
  }
  const { work, intervals } = await page.evaluate<{ work: number[]; intervals: number[] }>(STOP_FRAME_RECORDER);
  await page.waitForTimeout(300);
  const stillResolution = await page.getByTestId('chart-canvas').evaluate((canvas: HTMLCanvasElement) => canvas.width / canvas.getBoundingClientRect().width);
  const summary = (values: number[]) => ({ p50: percentile(values, 0.5), p95: percentile(values, 0.95), max: Math.max(...values) });
  return {
    dpr,
    scale,
    frames: work.length,
    frameMs: summary(work),
    intervalMs: summary(intervals),
    late: intervals.filter((ms) => ms > FRAME_BUDGET_MS * 1.5).length / intervals.length,
    stillResolution,
  };
}

// In the page (a string: tsx would wrap functions passed to evaluate in helpers the page lacks): every
// frame's start (its requestAnimationFrame timestamp) and the end of its main-thread work (a message
// posted from that callback is delivered after the frame), and whether input came since the last frame.
const START_FRAME_RECORDER = `(() => {
  const record = { work: [], intervals: [], running: true, inputs: 0 };
  record.listener = () => { record.inputs += 1; };
  window.__viewerFrames = record;
  for (const type of ['pointermove', 'pointerdown', 'pointerup', 'wheel']) addEventListener(type, record.listener, { capture: true, passive: true });
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => record.work.push(performance.now() - event.data);
  let previous;
  const frame = (start) => {
    if (!record.running) return;
    const handledInput = record.inputs > 0;
    record.inputs = 0;
    if (handledInput && previous !== undefined) record.intervals.push(start - previous);
    previous = start;
    if (handledInput) channel.port2.postMessage(start);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})()`;

const STOP_FRAME_RECORDER = `(() => {
  const record = window.__viewerFrames;
  record.running = false;
  for (const type of ['pointermove', 'pointerdown', 'pointerup', 'wheel']) removeEventListener(type, record.listener, { capture: true });
  return { work: record.work, intervals: record.intervals };
})()`;

/** Nearest-rank percentile. */
function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? NaN;
}

export function printViewerBenchmark(results: ViewerScenario[]): void {
  console.log(`\nChart viewer in Chromium: panning and zooming ${SIDE} × ${SIDE} stitches for ${DRIVE_MS / 1000} s per zoom (target p95 ≤ 16.7 ms)`);
  console.table(
    results.map((r) => ({
      'device px ratio': r.dpr,
      'canvas px per CSS px (still)': r.stillResolution.toFixed(2),
      'px per stitch': r.scale,
      frames: r.frames,
      'frame p50 ms': r.frameMs.p50.toFixed(1),
      'frame p95 ms': r.frameMs.p95.toFixed(1),
      'frame max ms': r.frameMs.max.toFixed(1),
      'interval p95 ms': r.intervalMs.p95.toFixed(1),
      'late frames': `${(r.late * 100).toFixed(1)} %`,
      met: r.frameMs.p95 <= FRAME_BUDGET_MS ? 'yes' : 'NO',
    })),
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // VIEWER_BENCH_GPU=1 lets Chromium use the GPU, to compare with software rendering.
  printViewerBenchmark(await withWebApp(runViewerBenchmark, { gpu: process.env.VIEWER_BENCH_GPU === '1' }));
}
