/**
 * Part stitches, backstitch and knots for the chart PNG. Part stitches become tiles (like a full stitch's)
 * drawn into their cells under the grid; backstitch and knots are drawn over everything, each pixel row as the
 * PNG writer reaches it, from the lines and knots that cross that row: memory stays that of the marks, however
 * long the lines, and rows without any are still repeated rather than drawn. Backstitch is the core's width
 * beside the grid's one-pixel lines, a light thread's over a dark casing.
 */
import {
  BACKSTITCH_CASING,
  backstitchWidthFor,
  groupByThread,
  insidePolygon,
  KNOT_REACH,
  KNOT_RING,
  needsCasing,
  partShape,
  partSymbolPlace,
  type Pattern,
  type PartKind,
} from '@stitchwise/core';
import type { ChartPalette } from './chart.js';
import { glyphMask, type GlyphMask } from './glyphs.js';

/** A part stitch's tile: palette indices, TRANSPARENT outside its shape. */
const TRANSPARENT = 256;

/** The chart's thin grid line, in pixels: chart.ts draws it as one pixel column or row. */
export const THIN_GRID_PX = 1;

/**
 * Half a backstitch line's width in pixels, for a stitch `cellSize` pixels wide: the core's width beside a
 * thin grid line, rounded up to whole pixels, and half a pixel more, so that wherever the line falls
 * (a lattice point on a pixel's centre or between two) at least that many pixels' centres lie within it.
 */
export const backstitchHalf = (cellSize: number): number => (Math.ceil(backstitchWidthFor(cellSize, THIN_GRID_PX) - 1e-9) + 1) / 2;

/** How many pixels a light line's casing reaches beyond each side of it: the core's share of its width, at least one. */
export const casingReach = (cellSize: number): number => Math.max(1, Math.round(backstitchWidthFor(cellSize, THIN_GRID_PX) * BACKSTITCH_CASING));

export interface MarksRaster {
  /** Cell rows that hold part stitches: their pixel rows cannot repeat the one above. */
  partRows: ReadonlySet<number>;
  /** Draws the part stitches of cell row `cellRow` at pixel row `within` of it into `row`. */
  drawParts(row: Uint8Array, cellRow: number, within: number): void;
  /** Whether pixel row `y` has backstitch or knots. */
  overlaid(y: number): boolean;
  /** Draws the backstitch and knots of pixel row `y` into `row`. */
  drawOver(row: Uint8Array, y: number): void;
}

export interface MarksPlacement {
  cellSize: number;
  /** Pixel of the grid's top-left corner. */
  left: number;
  top: number;
  width: number;
  height: number;
  palette: ChartPalette;
  symbols: boolean;
}

export async function rasterMarks(pattern: Pattern, place: MarksPlacement): Promise<MarksRaster> {
  const { cellSize, left, top, width, height, palette } = place;
  const { parts, backstitches, knots } = pattern.marks;

  // Part stitches by cell row, each with its tile's rows.
  const tiles = new Map<string, Uint16Array>();
  const byRow = new Map<number, { x: number; tile: Uint16Array }[]>();
  for (const part of parts) {
    const key = `${part.kind}:${part.thread}`;
    let tile = tiles.get(key);
    if (!tile) {
      const mask = place.symbols ? await glyphMask(pattern.legend[part.thread]!.symbol, symbolBox(part.kind, cellSize), 'symbol') : undefined;
      tile = partTile(part.kind, part.thread, cellSize, palette, mask);
      tiles.set(key, tile);
    }
    const list = byRow.get(part.y) ?? [];
    list.push({ x: left + part.x * cellSize, tile });
    byRow.set(part.y, list);
  }

  // What is drawn over everything, in drawing order (lines, then knots, each a thread at a time in thread order
  // as the viewer and the PDF draw them: later ones on top), each with the pixel rows it spans and how to draw
  // one of them.
  const over: Overlay[] = [];
  // Lattice point (X, Y) in pixel coordinates, a pixel's centre at its index: grid lines fall on even points.
  const px = (lattice: number): number => left + (lattice * cellSize) / 2;
  const py = (lattice: number): number => top + (lattice * cellSize) / 2;
  // Centred on its lattice points, so a line along the grid sits centred on it.
  const half = backstitchHalf(cellSize);
  const stroke = (line: (typeof backstitches)[number], reach: number, colour: number): void => {
    const [x1, y1, x2, y2] = [px(line.x1), py(line.y1), px(line.x2), py(line.y2)];
    over.push({
      order: over.length,
      minY: Math.floor(Math.min(y1, y2) - reach),
      maxY: Math.ceil(Math.max(y1, y2) + reach),
      draw: (row, y) => {
        segmentRow(x1, y1, x2, y2, reach, y, (x) => {
          plot(row, x, colour);
        });
      },
    });
  };
  for (const [thread, lines] of groupByThread(backstitches)) {
    // A light thread's lines over a dark casing, all of the thread's casings first so none covers its joins.
    if (needsCasing(pattern.legend[thread]!.rgb)) for (const line of lines) stroke(line, half + casingReach(cellSize), palette.casing);
    for (const line of lines) stroke(line, half, palette.stitch(thread, 0));
  }
  // The knot's outer edge, and its ring inside it; at the smallest cells at least a pixel beyond a line's
  // half-width, so a knot on a line still shows as a ringed dot on it.
  const radius = Math.max(2, cellSize * KNOT_REACH, half + 1);
  const ring = Math.max(1, Math.round(cellSize * KNOT_RING));
  for (const knot of [...groupByThread(knots).values()].flat()) {
    const [cx, cy] = [px(knot.x), py(knot.y)];
    // The thread's colour inside a ring of its symbol's ink (black or white), which shows it on any colour.
    const [fill, edge] = [palette.stitch(knot.thread, 0), palette.stitch(knot.thread, 255)];
    over.push({
      order: over.length,
      minY: Math.floor(cy - radius),
      maxY: Math.ceil(cy + radius),
      draw: (row, y) => {
        for (let x = Math.floor(cx - radius); x <= Math.ceil(cx + radius); x++) {
          const distance = Math.hypot(x - cx, y - cy);
          if (distance < radius) plot(row, x, distance < radius - ring ? fill : edge);
        }
      },
    });
  }
  const plot = (row: Uint8Array, x: number, colour: number): void => {
    if (x >= 0 && x < width) row[x] = colour;
  };
  const overlaidRows = new Uint8Array(height);
  for (const { minY, maxY } of over) overlaidRows.fill(1, Math.max(0, minY), Math.min(height, maxY + 1));
  // Rows are drawn top to bottom: what starts at or above a row joins the active set, what ended above it leaves.
  const waiting = [...over].sort((a, b) => a.minY - b.minY);
  let next = 0;
  let active: Overlay[] = [];

  return {
    partRows: new Set(byRow.keys()),
    drawParts(row, cellRow, within) {
      for (const { x, tile } of byRow.get(cellRow) ?? []) {
        for (let i = 0, at = within * cellSize; i < cellSize; i++, at++) if (tile[at]! !== TRANSPARENT) row[x + i] = tile[at]!;
      }
    },
    overlaid: (y) => overlaidRows[y] === 1,
    drawOver(row, y) {
      let joined = false;
      while (next < waiting.length && waiting[next]!.minY <= y) {
        active.push(waiting[next++]!);
        joined = true;
      }
      if (joined) active.sort((a, b) => a.order - b.order);
      active = active.filter((shape) => shape.maxY >= y);
      for (const shape of active) if (shape.minY <= y) shape.draw(row, y);
    },
  };
}

const symbolBox = (kind: PartKind, cellSize: number): number => Math.max(3, Math.round(partSymbolPlace(kind).size * cellSize));

/** A cell's pixels of a part stitch: its shape in the thread's colour, its small symbol in the thread's ink. */
function partTile(kind: PartKind, thread: number, cellSize: number, palette: ChartPalette, mask: GlyphMask | undefined): Uint16Array {
  const tile = new Uint16Array(cellSize * cellSize).fill(TRANSPARENT);
  const shape = partShape(kind);
  // Pixel i of a tile is its cell's left grid line at 0; its centre lies i / cellSize across the cell.
  for (let j = 0; j < cellSize; j++) {
    for (let i = 0; i < cellSize; i++) if (insidePolygon(shape, i / cellSize, j / cellSize)) tile[j * cellSize + i] = palette.stitch(thread, 0);
  }
  if (mask) {
    const place = partSymbolPlace(kind);
    const x0 = Math.round(place.x * cellSize - (mask.width - 1) / 2);
    const y0 = Math.round(place.y * cellSize - (mask.height - 1) / 2);
    for (let gy = 0; gy < mask.height; gy++) {
      for (let gx = 0; gx < mask.width; gx++) {
        const alpha = mask.alpha[gy * mask.width + gx]!;
        const x = x0 + gx;
        const y = y0 + gy;
        if (alpha && x >= 0 && x < cellSize && y >= 0 && y < cellSize) tile[y * cellSize + x] = palette.stitch(thread, alpha);
      }
    }
  }
  return tile;
}

/** A line or knot over the chart: the pixel rows it spans, and how it draws one of them. */
interface Overlay {
  order: number;
  minY: number;
  maxY: number;
  draw(row: Uint8Array, y: number): void;
}

/** Calls `plot` for every pixel of row `y` whose centre is closer than `half` to the segment: a line with round ends. */
function segmentRow(x1: number, y1: number, x2: number, y2: number, half: number, y: number, plot: (x: number) => void): void {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const lengthSquared = dx * dx + dy * dy;
  // Only the pixels near the line through the segment need a look, not its whole bounding box.
  const reach = dy === 0 ? Infinity : (half * Math.sqrt(lengthSquared)) / Math.abs(dy) + 1;
  const minX = Math.floor(Math.min(x1, x2) - half);
  const maxX = Math.ceil(Math.max(x1, x2) + half);
  const across = dy === 0 ? x1 : x1 + ((y - y1) * dx) / dy;
  const halfSquared = half * half;
  for (let x = Math.max(minX, Math.floor(across - reach)); x <= Math.min(maxX, Math.ceil(across + reach)); x++) {
    const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / lengthSquared));
    const [ex, ey] = [x - x1 - t * dx, y - y1 - t * dy];
    if (ex * ex + ey * ey < halfSquared) plot(x);
  }
}
