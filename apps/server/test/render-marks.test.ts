import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fabricByCount, legendUse, marksCrossing, printLayout, skeinFootnote, threadNeedOfUse, type Pattern } from '@stitchwise/core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { chartLayout, renderChart } from '../src/render/chart.js';
import { renderPdf, type PdfOptions } from '../src/render/pdf.js';
import { BLUE, GREEN, LEMON, marksChart, RED } from './support/marks-chart.js';
import { pdfPageTexts } from './support/pdf-text.js';
import { inflatedStreams, strokes } from './support/pdf-content.js';

const fabric = fabricByCount(14)!;
/** Resolution the PDF's chart page is rendered at to be looked at. */
const DPI = 150;
const colourPdf: PdfOptions = { title: 'Marks', paper: 'a4', variant: 'color', fabric };
const squash = (text: string): string => text.replace(/\s+/g, ' ');
const rgbOf = (pattern: Pattern, thread: number): number[] => {
  const { r, g, b } = pattern.legend[thread]!.rgb;
  return [r, g, b];
};

describe('which marks a page shows', () => {
  it('shows on a page the part stitches in its cells, the lines crossing it and the knots on it, edges included', () => {
    const shown = marksCrossing(marksChart().marks, { x0: 10, x1: 20, y0: 0, y1: 5 });
    expect(shown.parts.map((part) => part.x)).toEqual([10, 12, 14]);
    // The blue line runs from lattice x 21 to 35 on row 7 (stitch row 3); the green one ends on x 10 = stitch 5.
    expect(shown.backstitches.map((line) => line.thread)).toEqual([BLUE, BLUE]);
    expect(shown.knots).toEqual([]);
    expect(marksCrossing(marksChart().marks, { x0: 0, x1: 5, y0: 5, y1: 12 }).backstitches.map((line) => line.thread)).toEqual([GREEN]);
    expect(marksCrossing(marksChart().marks, { x0: 15, x1: 20, y0: 10, y1: 12 }).knots).toEqual([{ x: 30, y: 20, thread: LEMON }]);
  });
});

describe('the chart PNG with part stitches, backstitch and knots', () => {
  const cellSize = 12;
  const decoded = async (pattern: Pattern, symbols: boolean) => {
    const { png } = await renderChart(pattern, { cellSize, symbols });
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const { left, top } = chartLayout(pattern, cellSize);
    const pixel = (x: number, y: number): number[] => {
      const at = (Math.round(y) * info.width + Math.round(x)) * info.channels;
      return [...data.subarray(at, at + 3)];
    };
    return {
      /** The pixel at lattice point (X, Y). */
      lattice: (x: number, y: number) => pixel(left + (x * cellSize) / 2, top + (y * cellSize) / 2),
      /** The pixel at (u, v) of cell (x, y), u and v from 0 to 1 across the cell. */
      inCell: (x: number, y: number, u: number, v: number) => pixel(left + (x + u) * cellSize, top + (y + v) * cellSize),
    };
  };
  const WHITE = [255, 255, 255];

  it('draws backstitch in its thread’s colour over empty cells and over the grid, only as wide as a line', async () => {
    const pattern = marksChart();
    const { lattice } = await decoded(pattern, false);
    for (let x = 21; x <= 35; x++) expect(lattice(x, 7), `blue at lattice (${x}, 7)`).toEqual(rgbOf(pattern, BLUE));
    for (let y = 7; y <= 11; y++) expect(lattice(35, y), `blue at lattice (35, ${y})`).toEqual(rgbOf(pattern, BLUE));
    // A quarter of a cell above the line is paper again; past its end too.
    expect(lattice(23, 6.5)).toEqual(WHITE);
    expect(lattice(37, 7)).toEqual(WHITE);
    // The green line runs along the red block's top edge and right side, over the heavy grid line.
    for (const x of [1, 5, 9]) expect(lattice(x, 0)).toEqual(rgbOf(pattern, GREEN));
    for (const y of [1, 5, 9]) expect(lattice(10, y)).toEqual(rgbOf(pattern, GREEN));
  });

  it('draws knots as dots of their thread’s colour in a contrasting ring, on centres and corners alike', async () => {
    const pattern = marksChart();
    const { lattice } = await decoded(pattern, false);
    for (const knot of pattern.marks.knots) expect(lattice(knot.x, knot.y), `knot at (${knot.x}, ${knot.y})`).toEqual(rgbOf(pattern, LEMON));
    // Lemon takes black ink; its ring lies 3 px (a quarter cell) from the centre, paper a little further.
    expect(lattice(25 + 0.5, 15)).toEqual([0, 0, 0]);
    expect(lattice(25, 15 - 0.75)).toEqual(WHITE);
  });

  it('colours a three-quarter stitch’s triangle and not the corner across it; two part stitches share a cell', async () => {
    const pattern = marksChart();
    const { inCell } = await decoded(pattern, false);
    const red = rgbOf(pattern, RED);
    // Three-quarter top-right in cell (14, 1): the top-right corner and both ends of its edge are red, the bottom-left paper.
    expect([inCell(14, 1, 0.8, 0.2), inCell(14, 1, 0.2, 0.1), inCell(14, 1, 0.9, 0.8)]).toEqual([red, red, red]);
    expect(inCell(14, 1, 0.2, 0.8)).toEqual(WHITE);
    // Cell (6, 1): a red three-quarter top-left and a green quarter bottom-right.
    expect(inCell(6, 1, 0.2, 0.2)).toEqual(red);
    expect(inCell(6, 1, 0.75, 0.75)).toEqual(rgbOf(pattern, GREEN));
    // A half stitch '/' in cell (8, 1): the band from bottom-left to top-right, not the other corners.
    expect([inCell(8, 1, 0.5, 0.5), inCell(8, 1, 0.85, 0.15)]).toEqual([red, red]);
    expect([inCell(8, 1, 0.15, 0.15), inCell(8, 1, 0.85, 0.85)]).toEqual([WHITE, WHITE]);
    // A quarter top-left in cell (12, 1): its quadrant only.
    expect(inCell(12, 1, 0.25, 0.25)).toEqual(red);
    expect(inCell(12, 1, 0.75, 0.75)).toEqual(WHITE);
  });

  it('writes a part stitch’s symbol small in its shape when symbols are drawn', async () => {
    const pattern = marksChart();
    // Pixels inside the three-quarter's triangle (off its edges) that are not red are its symbol's (white ink, blended).
    const symbolPixels = async (symbols: boolean): Promise<number[][]> => {
      const { inCell } = await decoded(pattern, symbols);
      const found: number[][] = [];
      for (let j = 1; j < cellSize; j++) {
        for (let i = j + 2; i < cellSize; i++) {
          const colour = inCell(14, 1, i / cellSize, j / cellSize);
          if (colour.join() !== rgbOf(pattern, RED).join()) found.push(colour);
        }
      }
      return found;
    };
    expect(await symbolPixels(false)).toEqual([]);
    const ink = await symbolPixels(true);
    expect(ink.length).toBeGreaterThan(3);
    expect(ink).toContainEqual(WHITE);
  });
});

/** The backstitch of `marksChart` on a chart page: its two polylines of three points (the legend's samples have two). */
function chartLines(pdf: Buffer) {
  const all = inflatedStreams(pdf)
    .flatMap(strokes)
    .filter((stroke) => stroke.rounded); // marks, not grid lines
  const lines = all.filter((stroke) => stroke.points.length === 3);
  expect(lines).toHaveLength(2);
  const legs = (stroke: (typeof lines)[number]) => [
    Math.hypot(stroke.points[1]![0]! - stroke.points[0]![0]!, stroke.points[1]![1]! - stroke.points[0]![1]!),
    Math.hypot(stroke.points[2]![0]! - stroke.points[1]![0]!, stroke.points[2]![1]! - stroke.points[1]![1]!),
  ];
  // Blue: 7 stitches across then 2 down; green: 5 and 5.
  const blue = lines.find((stroke) => legs(stroke)[0]! > 3 * legs(stroke)[1]!)!;
  const green = lines.find((stroke) => stroke !== blue)!;
  return { blue, green, legs, samples: all.filter((stroke) => stroke.points.length === 2 && stroke.points[0]![1] === stroke.points[1]![1]) };
}

const pdftoppm = await promisify(execFile)('pdftoppm', ['-v']).then(
  () => true,
  () => false,
);
if (!pdftoppm) console.warn('pdftoppm (poppler-utils) is not installed: the PDF chart page is not rendered and looked at.');

describe('the PDF with part stitches, backstitch and knots', () => {
  it('lists backstitch threads with their length, a backstitch-only thread as such, knots with their count, and the skein footnote', async () => {
    const pattern = marksChart();
    const [cover, legend] = (await pdfPageTexts(await renderPdf(pattern, colourPdf))).map(squash);
    expect(cover).toContain('20 × 12 stitches');
    expect(cover).toContain('25 stitches · 6 part stitches · 4 backstitch lines · 4 French knots');
    // Symbol, code, name, full stitches, part stitches, backstitch (stitch widths and cm on 14-count), knots, skeins.
    expect(legend).toContain('X 321 Red 25 4 1');
    expect(legend).toContain('● 820 Royal Blue Very Dark backstitch only 9 st (1.6 cm) 1');
    expect(legend).toContain('▲ 699 Green 0 1 10 st (1.8 cm) 1');
    expect(legend).toContain('◆ 444 Lemon Dark 0 1 4 1');
    expect(legend).toContain(squash(skeinFootnote(fabric)));
    expect(skeinFootnote(fabric)).toMatch(/part stitch.*backstitch.*French knot/);
  });

  it('counts skeins for backstitch by its length', async () => {
    // 101 lines across and 101 down a 100 × 100 grid: 20,200 stitch widths of backstitch, a skein and more.
    const base = marksChart();
    const grid = Array.from({ length: 101 }, (_, i) => [
      { x1: 0, y1: 2 * i, x2: 200, y2: 2 * i, thread: BLUE },
      { x1: 2 * i, y1: 0, x2: 2 * i, y2: 200, thread: BLUE },
    ]).flat();
    const pattern: Pattern = {
      ...base,
      width: 100,
      height: 100,
      cells: new Int16Array(100 * 100).fill(-1),
      marks: { parts: [], backstitches: grid, knots: [] },
    };
    pattern.legend = pattern.legend.map((entry) => ({ ...entry, stitch_count: 0 }));
    const skeins = threadNeedOfUse(legendUse(pattern)[BLUE]!, fabric).skeinsToBuy;
    expect(skeins).toBe(2);
    const legend = squash((await pdfPageTexts(await renderPdf(pattern, colourPdf)))[1]!);
    expect(legend).toContain(`820 Royal Blue Very Dark backstitch only 20,200 st (3,664.9 cm) ${skeins}`);
  });

  it('draws backstitch as vector lines in the thread’s colour, and in print as solid, then dashed', async () => {
    const colour = chartLines(await renderPdf(marksChart(), colourPdf));
    expect(colour.blue.colour.map((c) => Math.round(c * 255))).toEqual(rgbOf(marksChart(), BLUE));
    expect(colour.green.colour.map((c) => Math.round(c * 255))).toEqual(rgbOf(marksChart(), GREEN));
    expect([colour.blue.dash, colour.green.dash]).toEqual([[], []]);

    const print = chartLines(await renderPdf(marksChart(), { ...colourPdf, variant: 'bw' }));
    expect(print.blue.colour).toEqual([0, 0, 0]);
    expect(print.blue.dash).toEqual([]);
    // The second backstitch thread in the legend is dashed: dashes 4 line widths long, gaps 2.5.
    const { width, dash } = print.green;
    expect(dash.map((length) => Math.round((length / width) * 10) / 10)).toEqual([4, 2.5]);
    // On the lattice: the blue line's legs are 7 and 2 stitches, the green one's 5 and 5, at the page's stitch size.
    const cell = print.legs(print.blue)[0]! / 7;
    expect(print.legs(print.blue)[1]! / cell).toBeCloseTo(2, 5);
    expect(print.legs(print.green).map((leg) => leg / cell)).toEqual([expect.closeTo(5, 5), expect.closeTo(5, 5)]);
    // The legend shows each thread's line as the chart draws it.
    expect(print.samples.map((sample) => sample.dash.length)).toEqual([0, 2]);
  });

  it.skipIf(!pdftoppm)('renders a chart page whose lines and knots sit on the lattice of its grid', async () => {
    const pattern = marksChart();
    const folder = await mkdtemp(join(tmpdir(), 'marks-pdf-'));
    try {
      await writeFile(join(folder, 'chart.pdf'), await renderPdf(pattern, colourPdf));
      await promisify(execFile)('pdftoppm', ['-r', String(DPI), '-f', '3', '-l', '3', '-png', '-singlefile', join(folder, 'chart.pdf'), join(folder, 'page')]);
      const { data, info } = await sharp(await readFile(join(folder, 'page.png')))
        .raw()
        .toBuffer({ resolveWithObject: true });
      const rgb = (x: number, y: number): number[] => {
        const at = (Math.round(y) * info.width + Math.round(x)) * info.channels;
        return [...data.subarray(at, at + 3)];
      };
      // The bounding box of the pixels near a thread's colour, from a row of pixels down.
      const box = (thread: number, below = 0) => {
        const colour = rgbOf(pattern, thread);
        const found = { left: Infinity, right: -Infinity, top: Infinity, bottom: -Infinity };
        for (let y = below; y < info.height; y++) {
          for (let x = 0; x < info.width; x++) {
            const at = (y * info.width + x) * info.channels;
            if (Math.abs(data[at]! - colour[0]!) + Math.abs(data[at + 1]! - colour[1]!) + Math.abs(data[at + 2]! - colour[2]!) > 24) continue;
            Object.assign(found, {
              left: Math.min(found.left, x),
              right: Math.max(found.right, x),
              top: Math.min(found.top, y),
              bottom: Math.max(found.bottom, y),
            });
          }
        }
        return found;
      };
      // Where the grid is: its stitch size from the print layout, its left and top edges the first black
      // pixels (the heavy edge lines) across the red block's middle row and down an empty column.
      const cell =
        (printLayout({ width: pattern.width, height: pattern.height, paper: 'a4', orientation: 'auto', preset: 'pattern-keeper' }).cellSize * DPI) / 72;
      const red = box(RED);
      const black = (x: number, y: number): boolean => rgb(x, y).every((value) => value < 80);
      const firstBlack = (from: number, step: (n: number) => [number, number]): number => {
        let n = from;
        while (!black(...step(n))) n++;
        let end = n;
        while (black(...step(end + 1))) end++;
        return (n + end) / 2;
      };
      const left = firstBlack(0, (x) => [x, red.bottom - 2.5 * cell]);
      const top = firstBlack(Math.round(red.bottom - 5.7 * cell), (y) => [left + 12.5 * cell, y]);
      expect((red.bottom - top) / cell).toBeCloseTo(5, 1);
      const at = (lattice: number, start: number) => start + (lattice / 2) * cell;
      // The blue line from the centre of stitch (10, 3) to (17, 3), then down to (17, 5): round ends half a line beyond.
      const blue = box(BLUE);
      const half = (blue.bottom - blue.top - 2 * cell) / 2;
      expect(half).toBeGreaterThan(0);
      expect(half).toBeLessThan(cell / 4);
      expect(blue.left + half).toBeCloseTo(at(21, left), -0.5);
      expect(blue.right - half).toBeCloseTo(at(35, left), -0.5);
      expect(blue.top + half).toBeCloseTo(at(7, top), -0.5);
      expect(blue.bottom - half).toBeCloseTo(at(11, top), -0.5);
      // Knots, below the part stitches: on the centres of stitches 12, 14 and 16 of row 7, and the corner of stitch (15, 10).
      const knots = box(LEMON, Math.round(at(6, top)));
      expect((knots.left + knots.right) / 2).toBeCloseTo(at(29, left), -0.5);
      expect((knots.top + knots.bottom) / 2).toBeCloseTo(at((15 + 20) / 2, top), -0.5);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
