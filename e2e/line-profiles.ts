import { CASING_RGB, findThread, rgbToLab, type LegendEntry, type PatternDocument } from '@stitchwise/core';
import type { Locator } from '@playwright/test';
import sharp from 'sharp';
import { inflatedStreams, strokes, type PdfStroke } from '../apps/server/test/support/pdf-content.js';

/**
 * Measuring backstitch as drawn, for the backstitch-visibility browser tests (#30): where on a generated chart
 * a line can lie over light stitches, and how wide a line and a thin grid line come out across a row of
 * pixels (the viewer's canvas, the chart PNG) or in a PDF's stroke operators.
 */

export type Rgb = [number, number, number];

/** A cell of the chart. */
export interface Cell {
  x: number;
  y: number;
}

/** A straight run of cells, across (dx 1) or down (dy 1), through whose centres a backstitch line is drawn. */
export interface Run {
  start: Cell;
  length: number;
  across: boolean;
}

/** The run's n-th cell. */
export const runCell = (run: Run, n: number): Cell => (run.across ? { x: run.start.x + n, y: run.start.y } : { x: run.start.x, y: run.start.y + n });

/** The run's middle cell, where a line through it is measured, well away from its round ends. */
export const middleCell = (run: Run): Cell => runCell(run, Math.floor(run.length / 2));

/** A legend thread's colour as the catalogue gives it in CIELAB (the core's rules read this), and as drawn in sRGB. */
export const catalogueLab = (entry: LegendEntry) => findThread(entry.dmc_code)!.lab;
export const rgbOf = (entry: LegendEntry): Rgb => [entry.rgb.r, entry.rgb.g, entry.rgb.b];

export const lightnessOf = ([r, g, b]: readonly number[]): number => rgbToLab({ r: r!, g: g!, b: b! }).L;

/** A legend thread's catalogue lightness (CIELAB L*), as the core's rules read it. */
const threadLightness = (document: PatternDocument, index: number): number => catalogueLab(document.legend[index]!).L;

/** Stitches this light (L*) count as light stitches, on which a light line could vanish. */
export const LIGHT_STITCH = 70;

/**
 * The longest straight runs of light stitches (at least `least` cells), one cell in from the chart's edge, that
 * neither cross nor touch each other: where the lines are drawn.
 */
export function lightRuns(document: PatternDocument, count: number, least = 6): Run[] {
  const light = (x: number, y: number) =>
    x >= 1 && y >= 1 && x < document.width - 1 && y < document.height - 1 && threadLightness(document, document.cells[y * document.width + x]!) >= LIGHT_STITCH;
  const runs: Run[] = [];
  for (const across of [true, false]) {
    const [outer, inner] = across ? [document.height, document.width] : [document.width, document.height];
    for (let o = 0; o < outer; o++) {
      let length = 0;
      for (let i = 0; i <= inner; i++) {
        const [x, y] = across ? [i, o] : [o, i];
        if (i < inner && light(x, y)) {
          length++;
          continue;
        }
        if (length >= least) runs.push({ start: across ? { x: i - length, y: o } : { x: o, y: i - length }, length, across });
        length = 0;
      }
    }
  }
  runs.sort((a, b) => b.length - a.length);
  const cells = (run: Run) => Array.from({ length: run.length }, (_, n) => runCell(run, n));
  const chosen: Run[] = [];
  for (const run of runs) {
    const near = chosen.some((other) => cells(run).some((a) => cells(other).some((b) => Math.abs(a.x - b.x) <= 2 && Math.abs(a.y - b.y) <= 2)));
    if (!near) chosen.push(run);
    if (chosen.length === count) return chosen;
  }
  throw new Error(`The chart has fewer than ${count} separate runs of ${least} light stitches`);
}

/**
 * A thin grid line to measure beside `near`: a boundary between two stitches of one thread, one above the other,
 * not every 10th (those are heavy), clear of the lines' cells; the nearest such to `near`.
 */
export function sameThreadPair(document: PatternDocument, near: Cell, avoid: readonly Run[], shown: (cell: Cell) => boolean = () => true): Cell {
  const avoided = new Set(avoid.flatMap((run) => Array.from({ length: run.length }, (_, n) => runCell(run, n))).map(({ x, y }) => `${x},${y}`));
  const clear = (x: number, y: number) => [-1, 0, 1].every((dx) => [-1, 0, 1, 2].every((dy) => !avoided.has(`${x + dx},${y + dy}`)));
  let best: Cell | undefined;
  for (let y = 1; y < document.height - 2; y++) {
    for (let x = 1; x < document.width - 1; x++) {
      const thread = document.cells[y * document.width + x]!;
      const same = thread === document.cells[(y + 1) * document.width + x];
      // A thin grid line shows on a stitch that is not near black (over 3799 it is within a few levels of it).
      const { r, g, b } = document.legend[thread]?.rgb ?? { r: 0, g: 0, b: 0 };
      if (!same || r + g + b < 150 || !shown({ x, y }) || !shown({ x, y: y + 1 }) || (y + 1) % 10 === 0 || x % 10 === 0 || !clear(x, y)) continue;
      if (!best || Math.hypot(x - near.x, y - near.y) < Math.hypot(best.x - near.x, best.y - near.y)) best = { x, y };
    }
  }
  if (!best) throw new Error('No two stitches of one thread above each other to measure a grid line between');
  return best;
}

const minus = (a: readonly number[], b: readonly number[]) => a.map((value, i) => value - b[i]!);
const dot = (a: readonly number[], b: readonly number[]) => a.reduce((sum, value, i) => sum + value * b[i]!, 0);
const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/**
 * How much of each pixel a colour covers over `under` (0–1), summed: the width of an anti-aliased line of
 * that colour across a row of pixels, in pixels.
 */
export function coveredWidth(pixels: readonly Rgb[], colour: Rgb, under: Rgb): number {
  const towards = minus(colour, under);
  return pixels.reduce((sum, pixel) => sum + clamp01(dot(minus(pixel, under), towards) / dot(towards, towards)), 0);
}

/** What a row of pixels across a line says about it. */
export interface LineProfile {
  /** The line's own width, in pixels. */
  width: number;
  /** A cased line's darkest pixel on each side of its core, as L*; none for a line without casing. */
  edges?: [number, number];
}

/**
 * A line of `colour` across a row of pixels that starts and ends on the stitch under it: its width as covered
 * over that stitch. Or, `cased`, the width of its core: from the middle outwards the pixels the line covers
 * whole, then on each side the first pixel with casing in it, which holds the line's anti-aliased edge over the
 * casing (the casing reaches at least a pixel beyond it, so no stitch shows in that pixel); and the lightness of
 * the darkest pixel on each side, the casing.
 */
export function lineProfile(pixels: readonly Rgb[], colour: Rgb, cased: boolean): LineProfile {
  if (!cased) return { width: coveredWidth(pixels, colour, pixels[0]!) };
  const casing: Rgb = [CASING_RGB.r, CASING_RGB.g, CASING_RGB.b];
  const share = pixels.map((pixel) => coveredWidth([pixel], colour, casing));
  const whole = (i: number) => share[i]! >= 0.97; // 8-bit colours round a whole pixel's share a little
  const middle = Math.floor(pixels.length / 2);
  let [left, right] = [middle, middle];
  if (!whole(middle)) throw new Error(`No whole pixel of the line in the middle: ${pixels.join(' | ')}`);
  while (left > 0 && whole(left - 1)) left--;
  while (right < pixels.length - 1 && whole(right + 1)) right++;
  if (left === 0 || right === pixels.length - 1) throw new Error(`No casing either side of the line: ${pixels.join(' | ')}`);
  const width = right - left + 1 + share[left - 1]! + share[right + 1]!;
  const darkest = (from: number, to: number) => Math.min(...pixels.slice(from, to).map(lightnessOf));
  return { width, edges: [darkest(0, left), darkest(right + 1, pixels.length)] };
}

/** How many pixels of a row differ from its first (the stitch either side of a crisp grid line): the line's width. */
export const differingPixels = (pixels: readonly Rgb[]): number =>
  pixels.filter((pixel) => pixel.some((value, i) => Math.abs(value - pixels[0]![i]!) > 6)).length;

/**
 * The canvas's device pixels along a row (`across`) or a column from one CSS point of the canvas for `length`
 * CSS px, and device pixels per CSS px.
 */
export async function canvasPixels(
  canvas: Locator,
  from: { x: number; y: number },
  length: number,
  across: boolean,
): Promise<{ pixels: Rgb[]; ratio: number }> {
  return canvas.evaluate(
    (element, { from, length, across }) => {
      const canvas = element as HTMLCanvasElement;
      const ratio = canvas.width / canvas.getBoundingClientRect().width;
      const [x, y, count] = [Math.floor(from.x * ratio), Math.floor(from.y * ratio), Math.round(length * ratio)];
      const { data } = canvas.getContext('2d')!.getImageData(x, y, across ? count : 1, across ? 1 : count);
      const pixels: [number, number, number][] = [];
      for (let i = 0; i < data.length; i += 4) pixels.push([data[i]!, data[i + 1]!, data[i + 2]!]);
      return { pixels, ratio };
    },
    { from, length, across },
  );
}

/** A decoded PNG: the colour of a pixel. */
export async function pngPixels(bytes: Buffer): Promise<{ width: number; height: number; pixel: (x: number, y: number) => Rgb }> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number): Rgb => {
    const at = (y * info.width + x) * info.channels;
    return [data[at]!, data[at + 1]!, data[at + 2]!];
  };
  return { width: info.width, height: info.height, pixel };
}

/** The stroked paths of the PDF's chart page (the one page with the chart's grid and round-capped backstitch), colours as 0–255. */
export function pdfChartStrokes(pdf: Buffer): PdfStroke[] {
  const pages = inflatedStreams(pdf).map((content) =>
    strokes(content).map((stroke) => ({ ...stroke, colour: stroke.colour.map((channel) => Math.round(channel * 255)) })),
  );
  const charts = pages.filter((page) => page.some((stroke) => stroke.rounded) && page.filter((stroke) => !stroke.rounded).length > 30);
  if (charts.length !== 1) throw new Error(`Expected one chart page with backstitch, found ${charts.length}`);
  return charts[0]!;
}
