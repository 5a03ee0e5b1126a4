import type { Pattern } from '@stitchwise/core';
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
 * cell's symbol in black or white, whichever contrasts with its colour. Drawn row by row into a
 * streaming PNG writer, so a 12,000-pixel chart never exists whole in memory.
 */
export async function renderChart(pattern: Pattern, { cellSize, symbols }: ChartOptions): Promise<{ png: Buffer; width: number; height: number }> {
  const layout = chartLayout(pattern, cellSize);
  const { left, top, width, height, labelSize } = layout;
  const symbolBox = Math.max(3, cellSize - 1 - 2 * Math.max(1, Math.round(cellSize / 8)));
  const symbolMasks: GlyphMask[] = symbols ? await Promise.all(pattern.legend.map((entry) => glyphMask(entry.symbol, symbolBox, 'symbol'))) : [];
  const ink = pattern.legend.map((entry) => (relativeLuminance(entry.rgb) > 0.35 ? 0 : 255));
  const labels = new Map<number, GlyphMask>();
  for (let n = 10; n <= Math.max(pattern.width, pattern.height); n += 10) labels.set(n, await glyphMask(String(n), labelSize, 'label'));

  // One tile per thread: the cell's colour with its symbol, so drawing a row is copying tile rows.
  const tiles = pattern.legend.map((entry, index) => {
    const tile = new Uint8Array(cellSize * cellSize * 3);
    for (let i = 0; i < cellSize * cellSize; i++) tile.set([entry.rgb.r, entry.rgb.g, entry.rgb.b], i * 3);
    const mask = symbolMasks[index];
    if (mask) {
      const offset = Math.floor((cellSize + 1 - mask.width) / 2);
      const colour = ink[index]!;
      for (let gy = 0; gy < mask.height; gy++) {
        for (let gx = 0; gx < mask.width; gx++) {
          const a = mask.alpha[gy * mask.width + gx]! / 255;
          if (!a) continue;
          const o = ((gy + offset) * cellSize + gx + offset) * 3;
          for (let c = 0; c < 3; c++) tile[o + c] = Math.round(tile[o + c]! * (1 - a) + colour * a);
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
  const columnLines: { x: number; kind: number }[] = [];
  for (let px = 0; px < width - left; px++) {
    const kind = lineAt(px, pattern.width);
    if (kind && px <= pattern.width * cellSize + 1) columnLines.push({ x: left + px, kind });
  }
  const gridEnd = left + pattern.width * cellSize + 2;

  const png = new PngWriter(width, height);
  const row = new Uint8Array(width * 3);
  const paperRow = new Uint8Array(width * 3).fill(255);
  const blend = (x: number, colour: readonly number[], alpha: number): void => {
    const a = alpha / 255;
    for (let c = 0; c < 3; c++) row[x * 3 + c] = Math.round(row[x * 3 + c]! * (1 - a) + colour[c]! * a);
  };
  const drawLabel = (mask: GlyphMask, glyphRow: number, x0: number): void => {
    for (let gx = 0; gx < mask.width; gx++) {
      const a = mask.alpha[glyphRow * mask.width + gx]!;
      if (a && x0 + gx >= 0 && x0 + gx < width) blend(x0 + gx, LABEL, a);
    }
  };

  for (let y = 0; y < height; y++) {
    row.set(paperRow);
    if (y < top) {
      // Column numbers, centred on their heavy line, just above the grid.
      const glyphRow = y - (top - 4 - labelSize);
      if (glyphRow >= 0 && glyphRow < labelSize) {
        for (const [n, mask] of labels) if (n <= pattern.width) drawLabel(mask, glyphRow, left + n * cellSize - Math.floor(mask.width / 2));
      }
    } else {
      const py = y - top;
      // Row numbers, right-aligned before the grid, centred on their heavy line.
      for (const [n, mask] of labels) {
        const glyphRow = py - (n * cellSize - Math.floor(mask.height / 2));
        if (n <= pattern.height && glyphRow >= 0 && glyphRow < mask.height) drawLabel(mask, glyphRow, left - 4 - mask.width);
      }
      const rowLine = py <= pattern.height * cellSize + 1 ? lineAt(py, pattern.height) : 0;
      if (rowLine === 2) {
        for (let x = left; x < gridEnd; x++) row.set(HEAVY, x * 3);
      } else if (rowLine === 1) {
        for (let x = left; x < gridEnd; x++) row.set(GRID, x * 3);
      } else {
        const cellRow = Math.floor(py / cellSize);
        const tileRow = (py - cellRow * cellSize) * cellSize * 3;
        const rowStart = cellRow * pattern.width;
        for (let column = 0; column < pattern.width; column++) {
          const index = pattern.cells[rowStart + column]!;
          if (index >= 0) row.set(tiles[index]!.subarray(tileRow, tileRow + cellSize * 3), (left + column * cellSize) * 3);
        }
      }
      if (rowLine !== 2) for (const { x, kind } of columnLines) row.set(kind === 2 ? HEAVY : GRID, x * 3);
    }
    await png.writeRow(row);
  }
  return { png: await png.finish(), width, height };
}

/** WCAG relative luminance of an sRGB colour, 0–1. */
export function relativeLuminance({ r, g, b }: { r: number; g: number; b: number }): number {
  const channel = (v: number): number => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}
