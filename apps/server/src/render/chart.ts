import { CASING_RGB, needsCasing, type LegendEntry, type Pattern } from '@stitchwise/core';
import { rasterMarks } from './chart-marks.js';
import { glyphMask, type GlyphMask } from './glyphs.js';
import { PngWriter } from './png-writer.js';

export interface ChartOptions {
  /** Pixels per stitch, 6–24, grid line included. */
  cellSize: number;
  /** Draw each cell's symbol. */
  symbols: boolean;
}

export interface ChartLayout {
  /** Width of the row numbers on the left, and height of the column numbers on top. */
  left: number;
  top: number;
  width: number;
  height: number;
  labelSize: number;
}

const GRID = [200, 200, 200] as const;
const HEAVY = [40, 40, 40] as const;
const LABEL = [60, 60, 60] as const;

/** Where everything goes: numbers on the top and left, then the grid, closed by a final line. */
export function chartLayout(pattern: Pick<Pattern, 'width' | 'height'>, cellSize: number): ChartLayout {
  const labelSize = Math.min(14, Math.max(9, Math.round(cellSize * 0.75)));
  const digits = String(Math.max(pattern.width, pattern.height)).length;
  const left = Math.ceil(digits * labelSize * 0.72) + 8;
  const top = labelSize + 8;
  // Room on the right and below for the half of the last numbers that overhangs the grid's edge.
  const right = Math.ceil(digits * labelSize * 0.36) + 2;
  const bottom = Math.ceil(labelSize / 2) + 2;
  return { left, top, labelSize, width: left + pattern.width * cellSize + 2 + right, height: top + pattern.height * cellSize + 2 + bottom };
}

/**
 * The stitch chart as a PNG: a cell of the thread's colour per stitch, thin grid lines on every
 * stitch, heavy lines every 10, stitch numbers every 10 along the top and left, and optionally each
 * cell's symbol in black or white, whichever contrasts with its colour. Part stitches fill their shapes
 * under the grid; backstitch lines and French knots are drawn over it, in their threads' colours. Drawn
 * row by row into a streaming PNG writer, so a 12,000-pixel chart never exists whole in memory.
 */
export async function renderChart(pattern: Pattern, { cellSize, symbols }: ChartOptions): Promise<{ png: Buffer; width: number; height: number }> {
  const layout = chartLayout(pattern, cellSize);
  const { left, top, width, height, labelSize } = layout;
  const symbolBox = Math.max(3, cellSize - 1 - 2 * Math.max(1, Math.round(cellSize / 8)));
  const symbolMasks: GlyphMask[] = symbols ? await Promise.all(pattern.legend.map((entry) => glyphMask(entry.symbol, symbolBox, 'symbol'))) : [];
  const ink = pattern.legend.map((entry) => (relativeLuminance(entry.rgb) > 0.35 ? 0 : 255));
  const labels = new Map<number, GlyphMask>();
  for (let n = 10; n <= Math.max(pattern.width, pattern.height); n += 10) labels.set(n, await glyphMask(String(n), labelSize, 'label'));

  // A light thread's backstitch is drawn over a dark casing (the core's), which then takes a palette entry.
  const light = pattern.legend.map((entry) => needsCasing(entry.rgb));
  const casing = pattern.marks.backstitches.some((line) => light[line.thread]);
  const palette = chartPalette(pattern.legend, ink, symbols, casing);
  // One tile per thread: the cell's colour with its symbol, as palette indices, so drawing a row is copying tile rows.
  const tiles = pattern.legend.map((_, index) => {
    const tile = new Uint8Array(cellSize * cellSize).fill(palette.stitch(index, 0));
    const mask = symbolMasks[index];
    if (mask) {
      const offset = Math.floor((cellSize + 1 - mask.width) / 2);
      for (let gy = 0; gy < mask.height; gy++) {
        for (let gx = 0; gx < mask.width; gx++) {
          const alpha = mask.alpha[gy * mask.width + gx]!;
          if (alpha) tile[(gy + offset) * cellSize + gx + offset] = palette.stitch(index, alpha);
        }
      }
    }
    return tile;
  });

  /** 0 inside a cell, 1 on a thin line, 2 on a heavy line (every 10 stitches and the edges, 2 px wide). */
  const lineAt = (p: number, cells: number): number => {
    const index = Math.floor(p / cellSize);
    const within = p - index * cellSize;
    const heavy = index % 10 === 0 || index === cells;
    if (within === 0) return heavy ? 2 : 1;
    return within === 1 && heavy ? 2 : 0;
  };
  const rowLineAt = (py: number): number => (py <= pattern.height * cellSize + 1 ? lineAt(py, pattern.height) : 0);
  const lineColumns: number[] = [];
  const lineColours: number[] = [];
  for (let px = 0; px < width - left; px++) {
    const kind = lineAt(px, pattern.width);
    if (kind && px <= pattern.width * cellSize + 1) {
      lineColumns.push(left + px);
      lineColours.push(kind === 2 ? palette.heavy : palette.grid);
    }
  }
  const gridEnd = left + pattern.width * cellSize + 2;

  // Each tile's pixel rows, cut once rather than for every cell of every chart row.
  const tileRows = tiles.map((tile) => Array.from({ length: cellSize }, (_, within) => tile.subarray(within * cellSize, (within + 1) * cellSize)));
  // Pixel rows of a cell that equal the row above in every tile (all of them without symbols): a chart row
  // there repeats the one above, unless a row number passes through either.
  const sameAsAbove = Array.from(
    { length: cellSize },
    (_, within) => within > 0 && tileRows.every((rows) => rows[within]!.every((value, i) => value === rows[within - 1]![i])),
  );
  const labelled = new Uint8Array(height);
  for (const [n, mask] of labels) {
    if (n > pattern.height) continue;
    const first = top + n * cellSize - Math.floor(mask.height / 2);
    for (let y = Math.max(first, 0); y < Math.min(first + mask.height, height); y++) labelled[y] = 1;
  }

  const marks = await rasterMarks(pattern, { cellSize, left, top, width, height, palette, symbols });

  const png = new PngWriter(width, height, palette.rgb);
  const row = new Uint8Array(width);
  // Numbers sit on paper, beside the grid: each pixel is the label's shade for its coverage.
  const drawLabel = (mask: GlyphMask, glyphRow: number, x0: number): void => {
    for (let gx = 0; gx < mask.width; gx++) {
      const alpha = mask.alpha[glyphRow * mask.width + gx]!;
      if (alpha && x0 + gx >= 0 && x0 + gx < width) row[x0 + gx] = palette.label(alpha);
    }
  };
  // Grid lines across the chart, drawn once and copied into each row that is one.
  const lineRows = [palette.grid, palette.heavy].map((colour) => new Uint8Array(gridEnd - left).fill(colour));

  for (let y = 0; y < height; y++) {
    // A grid line under a row of cells differs from it everywhere, by amounts that depend on each cell's
    // thread; unfiltered it is one colour broken by the heavy columns, which compresses to almost nothing.
    const filter = y >= top && rowLineAt(y - top) !== 0 && rowLineAt(y - top - 1) === 0 ? 'none' : 'up';
    if (y > top) {
      const py = y - top;
      const within = py % cellSize;
      const plain = !marks.partRows.has(Math.floor(py / cellSize)) && !marks.overlaid(y) && !marks.overlaid(y - 1);
      if (plain && sameAsAbove[within] && rowLineAt(py) === 0 && rowLineAt(py - 1) === 0 && !labelled[y] && !labelled[y - 1]) {
        await png.repeatRow();
        continue;
      }
    }
    row.fill(palette.paper);
    if (y < top) {
      // Column numbers, centred on their heavy line, just above the grid.
      const glyphRow = y - (top - 4 - labelSize);
      if (glyphRow >= 0 && glyphRow < labelSize) {
        for (const [n, mask] of labels) if (n <= pattern.width) drawLabel(mask, glyphRow, left + n * cellSize - Math.floor(mask.width / 2));
      }
    } else {
      const py = y - top;
      // Row numbers, right-aligned before the grid, centred on their heavy line.
      if (labelled[y]) {
        for (const [n, mask] of labels) {
          const glyphRow = py - (n * cellSize - Math.floor(mask.height / 2));
          if (n <= pattern.height && glyphRow >= 0 && glyphRow < mask.height) drawLabel(mask, glyphRow, left - 4 - mask.width);
        }
      }
      const rowLine = rowLineAt(py);
      if (rowLine !== 0) {
        row.set(lineRows[rowLine - 1]!, left);
      } else {
        const cellRow = Math.floor(py / cellSize);
        const within = py - cellRow * cellSize;
        const rowStart = cellRow * pattern.width;
        for (let column = 0; column < pattern.width; column++) {
          const index = pattern.cells[rowStart + column]!;
          if (index >= 0) row.set(tileRows[index]![within]!, left + column * cellSize);
        }
        marks.drawParts(row, cellRow, within);
      }
      if (rowLine !== 2) {
        for (let line = 0; line < lineColumns.length; line++) row[lineColumns[line]!] = lineColours[line]!;
      }
    }
    marks.drawOver(row, y);
    await png.writeRow(row, filter);
  }
  return { png: await png.finish(), width, height };
}

/** Shades of the numbers' ink over paper, paper and full ink included: anti-aliased edges. */
const LABEL_SHADES = 16;
const PAPER = [255, 255, 255] as const;
const BLACK = [0, 0, 0] as const;

/** The chart's colours (a PNG palette, at most 256) and where each drawn colour is in it. */
export interface ChartPalette {
  rgb: Uint8Array;
  paper: number;
  grid: number;
  heavy: number;
  /** The casing under a light thread's backstitch (CASING_RGB), when the palette was made with one; the heavy line's otherwise. */
  casing: number;
  /** The numbers' ink at coverage `alpha` (0–255) over paper. */
  label(alpha: number): number;
  /** Thread `thread`'s colour with its symbol's ink (black or white) at coverage `alpha` (0–255) over it. */
  stitch(thread: number, alpha: number): number;
}

/**
 * Paper, the two grid lines, black, the numbers' shades, then each thread's colour followed by blends of
 * it with its symbol's ink, as many as leave room for every thread (3 for 50 threads: coverage in
 * quarters, enough for symbols 5–22 px tall), and then a copy of the ink itself for as many threads as
 * the rest of the palette holds, the legend's first (most used) ones: with it, a symbol's edge steps from
 * its cell by the same index differences whatever the thread, which the PNG's Up filter and deflate turn
 * into repeats (a busy 500 × 500 chart at 24 px: 7 % smaller). The colours drawn are the same either way.
 * `ink[i]` is 0 (black) or 255 (white) for thread i. With `casing`, the last entry is backstitch's casing.
 */
export function chartPalette(legend: readonly LegendEntry[], ink: readonly number[], symbols: boolean, casing = false): ChartPalette {
  const colours: (readonly number[])[] = [PAPER, GRID, HEAVY, BLACK];
  const labelBase = colours.length - 1; // shade s (1…15) at labelBase + s
  for (let shade = 1; shade < LABEL_SHADES; shade++) colours.push(mix(PAPER, LABEL, shade / (LABEL_SHADES - 1)));
  const threadBase = colours.length;
  const entries = casing ? 255 : 256;
  const room = Math.floor((entries - threadBase) / Math.max(1, legend.length));
  if (room < 1) throw new Error(`A chart of ${legend.length} threads does not fit a PNG palette`);
  const blends = symbols ? Math.min(7, room - 1) : 0;
  const ownInk = Math.min(legend.length, entries - threadBase - legend.length * (blends + 1));
  const starts: number[] = [];
  for (const [index, entry] of legend.entries()) {
    const colour = [entry.rgb.r, entry.rgb.g, entry.rgb.b];
    const inkColour = ink[index] === 0 ? BLACK : PAPER;
    starts.push(colours.length);
    colours.push(colour);
    for (let level = 1; level <= blends; level++) colours.push(mix(colour, inkColour, level / (blends + 1)));
    if (index < ownInk) colours.push(inkColour);
  }
  const casingAt = casing ? colours.push([CASING_RGB.r, CASING_RGB.g, CASING_RGB.b]) - 1 : 2;
  const rgb = new Uint8Array(colours.length * 3);
  for (const [i, colour] of colours.entries()) rgb.set(colour, i * 3);
  return {
    rgb,
    paper: 0,
    grid: 1,
    heavy: 2,
    casing: casingAt,
    label: (alpha) => {
      const shade = Math.round((alpha / 255) * (LABEL_SHADES - 1));
      return shade === 0 ? 0 : labelBase + shade;
    },
    stitch: (thread, alpha) => {
      const level = Math.round((alpha / 255) * (blends + 1));
      if (level <= blends || thread < ownInk) return starts[thread]! + level;
      return ink[thread] === 0 ? 3 : 0;
    },
  };
}

function mix(from: readonly number[], to: readonly number[], share: number): number[] {
  return from.map((value, c) => Math.round(value * (1 - share) + to[c]! * share));
}

/** WCAG relative luminance of an sRGB colour, 0–1. */
export function relativeLuminance({ r, g, b }: { r: number; g: number; b: number }): number {
  const channel = (v: number): number => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}
