import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fabricByCount, printLayout, type PrintPreset } from '@stitchwise/core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderPdf, type PdfOptions } from '../src/render/pdf.js';
import { chartOf, entry, lightness, rgbOf, same } from './support/backstitch-charts.js';
import { marksChart } from './support/marks-chart.js';
import { inflatedStreams, strokes as pdfStrokes } from './support/pdf-content.js';

/**
 * Backstitch you can see (#30), in the PDF: stroked at least a fifth of a stitch and 2.5 thin grid lines wide
 * (the `w` operator), and a light thread's line on a dark casing.
 */

/** The stroked paths of a page, colours as 0–255. */
const strokes = (content: string) => pdfStrokes(content).map((stroke) => ({ ...stroke, colour: stroke.colour.map((channel) => Math.round(channel * 255)) }));

const fabric = fabricByCount(14)!;
const pdftoppm = await promisify(execFile)('pdftoppm', ['-v']).then(
  () => true,
  () => false,
);
const pdfOptions = (variant: 'color' | 'bw', preset: PrintPreset): PdfOptions => ({
  title: 'Backstitch',
  paper: 'a4',
  variant,
  fabric,
  print: { orientation: 'auto', preset, pages: 'all' },
});

describe('backstitch in the PDF', () => {
  it('is stroked at least a fifth of a stitch and 2.5 thin grid lines wide, in colour and black and white, at every print size', async () => {
    const pattern = marksChart();
    for (const variant of ['color', 'bw'] as const) {
      for (const preset of ['pattern-keeper', 'large-print'] as const) {
        const cell = printLayout({ width: pattern.width, height: pattern.height, paper: 'a4', orientation: 'auto', preset }).cellSize;
        const page = inflatedStreams(await renderPdf(pattern, pdfOptions(variant, preset)))
          .map(strokes)
          .find((found) => found.some((stroke) => stroke.points.length === 3))!;
        // The grid: straight black two-point strokes as long as the page's grid; the backstitch: marksChart's two polylines.
        const grid = page.filter((stroke) => stroke.points.length === 2 && same(stroke.colour, [0, 0, 0]));
        const thin = Math.min(...grid.map((stroke) => stroke.width));
        expect(grid.length).toBeGreaterThan(30);
        expect(thin).toBeGreaterThan(0);
        const lines = page.filter((stroke) => stroke.points.length === 3);
        expect(lines).toHaveLength(2);
        for (const line of lines) {
          expect(line.width, `${variant}, ${preset}: ${cell.toFixed(2)} pt a stitch, thin grid ${thin} pt`).toBeGreaterThanOrEqual(0.2 * cell - 1e-3);
          expect(line.width, `${variant}, ${preset}: thin grid ${thin} pt`).toBeGreaterThanOrEqual(2.5 * thin);
        }
      }
    }
  });

  const WHITE = entry('B5200', 0, '○');
  const BLUE = entry('820', 1, '●');
  const white = chartOf({ width: 12, height: 8 }, [WHITE, BLUE], 0, [
    { x1: 2, y1: 5, x2: 20, y2: 5, thread: 0 },
    { x1: 20, y1: 5, x2: 20, y2: 13, thread: 0 },
    { x1: 2, y1: 9, x2: 12, y2: 9, thread: 1 },
    { x1: 12, y1: 9, x2: 12, y2: 15, thread: 1 },
  ]);

  it('of a white thread lies on a dark casing stroked just before it, as wide plus more than a thin grid line each side; a dark thread’s on none', async () => {
    const streams = inflatedStreams(await renderPdf(white, pdfOptions('color', 'pattern-keeper'))).map(strokes);
    const page = streams.find((found) => found.some((stroke) => stroke.points.length === 3))!;
    const thin = Math.min(...page.filter((stroke) => stroke.points.length === 2).map((stroke) => stroke.width));
    const polylines = page.filter((stroke) => stroke.points.length === 3);
    // The white polyline twice (casing, then line), the blue one once.
    expect(polylines.map((stroke) => stroke.colour)).toEqual([[64, 64, 64], rgbOf(WHITE), rgbOf(BLUE)]);
    const [casing, line] = polylines;
    expect(casing!.points).toEqual(line!.points);
    expect(lightness(rgbOf(WHITE)) - lightness(casing!.colour)).toBeGreaterThan(40);
    expect((casing!.width - line!.width) / 2).toBeGreaterThanOrEqual(thin);
    expect((casing!.width - line!.width) / 2).toBeGreaterThanOrEqual(0.25 * line!.width - 1e-3);
    // The legend's sample of the white thread is cased the same way; the blue one's is not.
    const legend = streams.find((found) => found.some((stroke) => same(stroke.colour, rgbOf(WHITE))) && !found.some((stroke) => stroke.points.length === 3))!;
    const samples = legend.filter((stroke) => stroke.points.length === 2 && stroke.points[0]![1] === stroke.points[1]![1]);
    expect(samples.map((stroke) => stroke.colour)).toEqual([[64, 64, 64], rgbOf(WHITE), rgbOf(BLUE)]);
    // In black and white every line is black: no casing.
    const printed = inflatedStreams(await renderPdf(white, pdfOptions('bw', 'pattern-keeper')))
      .map(strokes)
      .find((found) => found.some((stroke) => stroke.points.length === 3))!;
    expect(printed.filter((stroke) => stroke.points.length === 3)).toHaveLength(2);
  });

  it.skipIf(!pdftoppm)('renders a white line on white stitches with dark edges on both sides', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'backstitch-pdf-'));
    try {
      await writeFile(join(folder, 'chart.pdf'), await renderPdf(white, pdfOptions('color', 'pattern-keeper')));
      const dpi = 300;
      await promisify(execFile)('pdftoppm', ['-r', String(dpi), '-f', '3', '-l', '3', '-png', '-singlefile', join(folder, 'chart.pdf'), join(folder, 'page')]);
      const { data, info } = await sharp(await readFile(join(folder, 'page.png')))
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number): number[] => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
      const cell = (printLayout({ width: 12, height: 8, paper: 'a4', orientation: 'auto', preset: 'pattern-keeper' }).cellSize * dpi) / 72;
      // The blue line (lattice y 9, from x 2) finds the grid: its first pixel is the top of its round end, a tenth
      // of a stitch above its start. The white line runs 2 stitches above it.
      const blue = rgbOf(BLUE);
      let [blueX, blueY] = [-1, -1];
      for (let y = 0; y < info.height && blueY < 0; y++) {
        for (let x = 0; x < info.width; x++) {
          if (pixel(x, y).every((value, c) => Math.abs(value - blue[c]!) < 24)) {
            [blueX, blueY] = [x, y];
            break;
          }
        }
      }
      expect(blueY).toBeGreaterThan(0);
      // Down a column across the white line a tenth of a stitch left of the grid line at lattice x 10 (clear of the
      // stitches' symbols, in their middles), from its centre out to 0.3 stitch either side: short of the grid lines
      // half a stitch away.
      const x = Math.round(blueX + 3.9 * cell);
      const centre = Math.round(blueY + 0.1 * cell - 2 * cell);
      const band = (from: number, to: number): number[] =>
        Array.from({ length: Math.round((to - from) * cell) }, (_, k) => lightness(pixel(x, Math.round(centre + from * cell) + k)));
      const stitches = lightness(rgbOf(WHITE));
      expect(Math.max(...band(-0.05, 0.05))).toBeGreaterThan(stitches - 5);
      for (const [side, values] of [
        ['above', band(-0.3, -0.05)],
        ['below', band(0.05, 0.3)],
      ] as const) {
        expect(stitches - Math.min(...values), `${side}: ${values.map(Math.round).join(' ')}`).toBeGreaterThan(40);
        // White stitch beyond the edge.
        expect(Math.max(...values)).toBeGreaterThan(stitches - 5);
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
