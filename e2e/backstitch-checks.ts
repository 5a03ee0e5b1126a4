import { expect, type Page } from '@playwright/test';
import { CASING_RGB, type Backstitch, type PatternDocument } from '@stitchwise/core';
import {
  canvasPixels,
  catalogueLab,
  differingPixels,
  lightnessOf,
  lightRuns,
  lineProfile,
  middleCell,
  pdfChartStrokes,
  pngPixels,
  rgbOf,
  runCell,
  sameThreadPair,
  type Cell,
  type Rgb,
  type Run,
} from './line-profiles.js';

/**
 * The backstitch-visibility checks of legibility.spec.ts (#30): which lines to draw on a generated chart, and
 * each medium's measure of them — the viewer's canvas, the chart PNG, the PDF's strokes — against a fifth of a
 * stitch and 2.5 thin grid lines, and a light thread's dark casing.
 */

/** The lightest and the darkest thread of a chart, by catalogue lightness: their legend indices. */
function lightestAndDarkest(document: PatternDocument): { light: number; dark: number } {
  const byLightness = document.legend.map((entry, index) => ({ index, L: catalogueLab(entry).L })).sort((a, b) => a.L - b.L);
  return { dark: byLightness[0]!.index, light: byLightness.at(-1)!.index };
}

/** A backstitch line through the centres of a run's cells, from its second cell to its last but one (lattice units: a stitch is 2). */
function lineAlong(run: Run, thread: number): Backstitch {
  const [from, to] = [runCell(run, 1), runCell(run, run.length - 2)];
  return { x1: 2 * from.x + 1, y1: 2 * from.y + 1, x2: 2 * to.x + 1, y2: 2 * to.y + 1, thread };
}

/** A line to draw and measure: where, in which thread, and whether it needs a dark edge to show on light stitches. */
export interface Drawn {
  run: Run;
  thread: number;
  colour: Rgb;
  cased: boolean;
  line: Backstitch;
}

/**
 * The lightest thread's line over the longest run of light stitches, the darkest's over the next. The lightest is
 * a near-white (L* ≥ 85), which would vanish on light stitches without a dark edge: its line must have one.
 */
export function linesToDraw(document: PatternDocument): Drawn[] {
  const { light, dark } = lightestAndDarkest(document);
  expect(catalogueLab(document.legend[light]!).L, `the lightest thread, ${document.legend[light]!.dmc_code}, is a near-white`).toBeGreaterThanOrEqual(85);
  const [lightRun, darkRun] = lightRuns(document, 2);
  return [
    { run: lightRun!, thread: light, cased: true },
    { run: darkRun!, thread: dark, cased: false },
  ].map(({ run, thread, cased }) => ({ run, thread, cased, colour: rgbOf(document.legend[thread]!), line: lineAlong(run, thread) }));
}

/** The chart's placement on a viewer canvas: CSS px per stitch and the chart's top-left corner in the canvas (CSS px). */
export async function viewOf(page: Page): Promise<{ scale: number; offsetX: number; offsetY: number }> {
  const [scale, offsetX, offsetY] = ((await page.locator('[data-view]').getAttribute('data-view')) ?? '').split(' ').map(Number) as [number, number, number];
  return { scale, offsetX, offsetY };
}

/** Waits until the view has stopped moving and the canvas has drawn it. */
export async function settledView(page: Page): Promise<{ scale: number; offsetX: number; offsetY: number }> {
  let last = '';
  await expect
    .poll(async () => {
      const now = (await page.locator('[data-view]').getAttribute('data-view')) ?? '';
      const still = now === last && now !== '';
      last = now;
      return still;
    })
    .toBe(true);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return viewOf(page);
}

/** Widths measured across a line and a thin grid line beside it, in one medium's units, with the stitch's size. */
interface Measured {
  cell: number;
  line: number;
  thin: number;
  edges?: [number, number] | undefined;
}

/** A line is at least a fifth of a stitch and 2.5 thin grid lines wide (anti-aliasing may lose a hair: 0.25 px). */
function expectVisibleWidth(where: string, { cell, line, thin }: Measured, slack: number): void {
  expect(thin, `${where}: a thin grid line is there to compare with`).toBeGreaterThan(0);
  expect(line, `${where}: line ${line.toFixed(2)} beside a ${cell.toFixed(2)} stitch`).toBeGreaterThanOrEqual(0.2 * cell - slack);
  expect(line, `${where}: line ${line.toFixed(2)} beside thin grid ${thin.toFixed(2)}`).toBeGreaterThanOrEqual(2.5 * thin - slack);
  // Still a line, not a band over the stitch.
  expect(line, `${where}: line ${line.toFixed(2)} in a ${cell.toFixed(2)} stitch`).toBeLessThan(0.5 * cell);
}

/** A light line's casing: each side of its core, a pixel far darker (ΔL* > 40) than the thread and the stitches under it. */
function expectDarkEdges(where: string, edges: [number, number] | undefined, thread: Rgb, stitch: Rgb, contrast = 40): void {
  expect(edges, `${where}: a cased line`).toBeDefined();
  for (const edge of edges!) {
    expect(lightnessOf(thread) - edge, `${where}: edge L* ${edge.toFixed(0)} beside the thread's ${lightnessOf(thread).toFixed(0)}`).toBeGreaterThan(contrast);
    expect(lightnessOf(stitch) - edge, `${where}: edge L* ${edge.toFixed(0)} beside the stitches' ${lightnessOf(stitch).toFixed(0)}`).toBeGreaterThan(contrast);
  }
}

const cellColour = (document: PatternDocument, { x, y }: Cell): Rgb => rgbOf(document.legend[document.cells[y * document.width + x]!]!);
const near = (a: Rgb, b: Rgb) => a.every((value, i) => Math.abs(value - b[i]!) <= 3);

/**
 * The viewer's canvas across each line at its middle stitch and across a thin grid line near it, at the current
 * view, in device pixels: the line's width (over the stitch, or a cased line's core), and the grid line's.
 */
async function measureViewer(page: Page, document: PatternDocument, drawn: Drawn, all: readonly Drawn[]): Promise<Measured> {
  const canvas = page.getByTestId('chart-canvas');
  const { scale, offsetX, offsetY } = await settledView(page);
  const middle = middleCell(drawn.run);
  // Across the middle stitch of the line, from grid line to grid line, at its middle along the line.
  const [start, centre] = [
    { x: offsetX + middle.x * scale, y: offsetY + middle.y * scale },
    { x: offsetX + (middle.x + 0.5) * scale, y: offsetY + (middle.y + 0.5) * scale },
  ];
  const from = drawn.run.across ? { x: centre.x, y: start.y } : { x: start.x, y: centre.y };
  const { pixels: cell, ratio } = await canvasPixels(canvas, from, scale, !drawn.run.across);
  expect(near(cell[Math.floor(cell.length / 2)]!, drawn.colour), `the line's colour in its middle: ${cell.join(' | ')}`).toBe(true);
  // An uncased line is measured over the stitch, between the grid lines (a cased one's casing may reach them at a small zoom).
  const stitch = cellColour(document, middle);
  let [first, last] = [0, cell.length - 1];
  while (!drawn.cased && first < last && !near(cell[first]!, stitch)) first++;
  while (!drawn.cased && last > first && !near(cell[last]!, stitch)) last--;
  expect(last - first, `the stitch either side of the line: ${cell.join(' | ')}`).toBeGreaterThan(cell.length / 2);
  const profile = lineProfile(cell.slice(first, last + 1), drawn.colour, drawn.cased);
  // A thin grid line: down the middle of two stitches of one thread, one above the other.
  // On the canvas at this view (a stitch off it would read as no grid line at all).
  const box = (await canvas.boundingBox())!;
  const shown = ({ x, y }: Cell) =>
    offsetX + x * scale >= 0 && offsetY + y * scale >= 0 && offsetX + (x + 1) * scale <= box.width && offsetY + (y + 1) * scale <= box.height;
  const pair = sameThreadPair(
    document,
    middle,
    all.map((other) => other.run),
    shown,
  );
  const grid = await canvasPixels(canvas, { x: offsetX + (pair.x + 0.5) * scale, y: offsetY + (pair.y + 0.5) * scale }, scale, false);
  return { cell: scale * ratio, line: profile.width, thin: differingPixels(grid.pixels), edges: profile.edges };
}

/** Measures every line in the viewer at the whole-chart view and zoomed in around it (wheel), and checks each. */
export async function checkViewer(page: Page, document: PatternDocument, drawn: readonly Drawn[], report: string[], label: string): Promise<void> {
  const canvas = page.getByTestId('chart-canvas');
  await page.getByRole('group', { name: 'Show as' }).getByRole('button', { name: 'Colour' }).click();
  await canvas.scrollIntoViewIfNeeded();
  for (const line of drawn) {
    await page.getByRole('button', { name: 'Fit' }).click();
    const fit = await settledView(page);
    const fitted = await measureViewer(page, document, line, drawn);
    // Zoomed in around the line's middle, to at least 3 times the whole-chart view.
    const box = (await canvas.boundingBox())!;
    const middle = middleCell(line.run);
    await page.mouse.move(box.x + fit.offsetX + (middle.x + 0.5) * fit.scale, box.y + fit.offsetY + (middle.y + 0.5) * fit.scale);
    while ((await viewOf(page)).scale < 3 * fit.scale) {
      await page.mouse.wheel(0, -300);
      await settledView(page);
    }
    await page.mouse.move(1, 1);
    const zoomed = await measureViewer(page, document, line, drawn);
    for (const [zoom, measured] of [
      ['whole chart', fitted],
      ['zoomed in', zoomed],
    ] as const) {
      const where = `${label} viewer, ${document.legend[line.thread]!.dmc_code}, ${zoom}`;
      report.push(`${where}: stitch ${measured.cell.toFixed(1)} px, line ${measured.line.toFixed(2)} px, thin grid ${measured.thin} px`);
      expectVisibleWidth(where, measured, 0.25);
      // At the whole-chart view a casing is under a pixel a side, blended with what it borders: less contrast to ask.
      if (line.cased) expectDarkEdges(where, measured.edges, line.colour, cellColour(document, middleCell(line.run)), zoom === 'whole chart' ? 30 : 40);
    }
  }
}

/** The pixels of a chart PNG across each line at its middle stitch, and across a thin grid line beside it. */
export async function checkPng(bytes: Buffer, document: PatternDocument, drawn: readonly Drawn[], report: string[]): Promise<void> {
  const png = await pngPixels(bytes);
  const same = (a: Rgb, b: Rgb) => a.every((value, i) => value === b[i]);
  // The chart's grid: its heavy lines (every 10 stitches and the edges) are the PNG's darkest grey.
  const HEAVY: Rgb = [40, 40, 40];
  const heavyStarts = (length: number, at: (k: number) => Rgb) =>
    Array.from({ length }, (_, k) => k).filter((k) => same(at(k), HEAVY) && (k === 0 || !same(at(k - 1), HEAVY)));
  const across = heavyStarts(png.width, (k) => png.pixel(k, Math.floor(png.height * 0.37)));
  const down = heavyStarts(png.height, (k) => png.pixel(Math.floor(png.width * 0.37), k));
  const [left, top, cell] = [across[0]!, down[0]!, (across[1]! - across[0]!) / 10];
  expect(Number.isInteger(cell) && cell >= 6, `a stitch ${cell} px`).toBe(true);
  const centre = ({ x, y }: Cell) => ({ x: left + x * cell + Math.floor(cell / 2), y: top + y * cell + Math.floor(cell / 2) });
  // The grid found is the chart's: every stitch away from the lines shows its thread's colour in its middle.
  const onLines = new Set(drawn.flatMap(({ run }) => Array.from({ length: run.length }, (_, n) => runCell(run, n))).map(({ x, y }) => `${x},${y}`));
  let checked = 0;
  for (let y = 0; y < document.height; y++) {
    for (let x = 0; x < document.width; x++) {
      if (onLines.has(`${x},${y}`)) continue;
      const { x: px, y: py } = centre({ x, y });
      expect(png.pixel(px, py), `stitch ${x}, ${y}`).toEqual(cellColour(document, { x, y }));
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(document.width * document.height * 0.9);

  /** The run of pixels of exactly `colour` through (x, y) along (dx, dy): where it begins and ends, relative to (x, y). */
  const run = (x: number, y: number, dx: number, dy: number, colour: Rgb) => {
    let [first, last] = [0, 0];
    if (!same(png.pixel(x, y), colour)) return undefined;
    while (same(png.pixel(x + (first - 1) * dx, y + (first - 1) * dy), colour)) first--;
    while (same(png.pixel(x + (last + 1) * dx, y + (last + 1) * dy), colour)) last++;
    return { first, last, count: last - first + 1 };
  };
  for (const line of drawn) {
    const where = `PNG, ${document.legend[line.thread]!.dmc_code}`;
    const middle = middleCell(line.run);
    const { x, y } = centre(middle);
    const [dx, dy] = line.run.across ? [0, 1] : [1, 0];
    const found = run(x, y, dx, dy, line.colour);
    expect(found, `${where}: the line's colour on its centre`).toBeDefined();
    // A thin grid line: between two stitches of one thread, one above the other.
    const pair = centre(
      sameThreadPair(
        document,
        middle,
        drawn.map((other) => other.run),
      ),
    );
    const grid = Array.from({ length: cell }, (_, k) => png.pixel(pair.x, pair.y + k));
    const measured = { cell, line: found!.count, thin: differingPixels(grid) };
    report.push(`${where}: stitch ${cell} px, line ${measured.line} px, thin grid ${measured.thin} px`);
    if (line.cased) {
      // Beside the core on either side: the casing (without it the line would run into stitches of its colour), then the stitch again within a few pixels.
      const stitch = cellColour(document, middle);
      const edge = (k: number) => lightnessOf(png.pixel(x + k * dx, y + k * dy));
      expectDarkEdges(where, [edge(found!.first - 1), edge(found!.last + 1)], line.colour, stitch);
      for (const [side, step, from] of [
        ['before', -1, found!.first - 1],
        ['after', 1, found!.last + 1],
      ] as const) {
        const beyond = [1, 2, 3, 4].map((k) => png.pixel(x + (from + step * k) * dx, y + (from + step * k) * dy));
        expect(
          beyond.some((pixel) => same(pixel, stitch)),
          `${where}: the stitch again ${side} the casing`,
        ).toBe(true);
      }
    }
    expectVisibleWidth(where, measured, 0);
  }
}

/** The PDF chart page's strokes: backstitch (round caps) against the grid (black, square) and its spacing. */
export function checkPdf(bytes: Buffer, drawn: readonly Drawn[], document: PatternDocument, report: string[]): void {
  const page = pdfChartStrokes(bytes);
  const grid = page.filter((stroke) => !stroke.rounded && stroke.points.length === 2 && stroke.colour.every((channel) => channel === 0));
  const thin = Math.min(...grid.map((stroke) => stroke.width));
  // The stitch's size: the spacing of the grid's vertical lines.
  const columns = [...new Set(grid.filter(({ points }) => points[0]![0] === points[1]![0]).map(({ points }) => points[0]![0]!))].sort((a, b) => a - b);
  const cell = Math.min(...columns.slice(1).map((x, i) => x - columns[i]!));
  expect(columns.length, 'vertical grid lines').toBeGreaterThan(document.width / 2);
  const backstitch = page.filter((stroke) => stroke.rounded);
  const casing: Rgb = [CASING_RGB.r, CASING_RGB.g, CASING_RGB.b];
  for (const line of drawn) {
    const where = `PDF, ${document.legend[line.thread]!.dmc_code}`;
    const strokes = backstitch.filter((stroke) => stroke.colour.every((channel, i) => channel === line.colour[i]));
    expect(strokes, `${where}: one stroke in the thread's colour`).toHaveLength(1);
    const stroke = strokes[0]!;
    report.push(`${where}: stitch ${cell.toFixed(2)} pt, line ${stroke.width} pt, thin grid ${thin} pt`);
    expectVisibleWidth(where, { cell, line: stroke.width, thin }, 0.001);
    if (line.cased) {
      // Just before it, the same path stroked wider in the dark casing colour.
      const under = page[page.indexOf(stroke) - 1]!;
      expect(under.colour, `${where}: the casing's colour`).toEqual(casing);
      expect(under.points).toEqual(stroke.points);
      expect(under.width, `${where}: casing ${under.width} pt`).toBeGreaterThan(stroke.width + thin);
    }
  }
}
