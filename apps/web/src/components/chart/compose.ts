import type { CellRange } from './viewport';

/** A frame's pixels: packed 0xAABBGGRR, row by row. */
export interface PixelFrame {
  pixels: Uint32Array;
  width: number;
  height: number;
}

/** Pre-drawn cells: tile t's row y starts at `y * stride + t * size` (see CellTiles). */
export interface TileSheet {
  pixels: Uint32Array;
  size: number;
  stride: number;
}

/**
 * Where each stitch boundary of a range lands in a frame, in whole device pixels: boundary i of the
 * range (stitch `from + i`'s leading edge) at `round(origin + (from + i) * scale)`. The grid lines use
 * the same rounding, so lines and cells agree to the pixel.
 */
export function boundaries(from: number, to: number, origin: number, scale: number): Int32Array {
  const edges = new Int32Array(to - from + 1);
  for (let i = 0; i <= to - from; i++) edges[i] = Math.round(origin + (from + i) * scale);
  return edges;
}

/**
 * Copies the visible cells into the frame from their threads' tiles (empty cells and unknown threads
 * get the last tile, the fabric); pixels of the frame outside the chart get `backdrop`. `originX` and
 * `originY` are the chart's top-left corner in frame pixels, `scale` frame pixels per stitch; the tiles
 * must be at least `ceil(scale)` wide.
 */
export function composeCells(
  frame: PixelFrame,
  tiles: TileSheet,
  cells: Int16Array,
  chartWidth: number,
  range: CellRange,
  originX: number,
  originY: number,
  scale: number,
  backdrop: number,
): void {
  const { pixels, width, height } = frame;
  const columns = boundaries(range.x0, range.x1, originX, scale);
  const rows = boundaries(range.y0, range.y1, originY, scale);
  const fabricTile = tiles.stride / tiles.size - 1;
  const clampX = (x: number) => Math.min(width, Math.max(0, x));
  const left = clampX(columns[0]!);
  const right = clampX(columns[columns.length - 1]!);
  const top = Math.min(height, Math.max(0, rows[0]!));
  const bottom = Math.min(height, Math.max(0, rows[rows.length - 1]!));
  if (left > 0 || top > 0 || right < width || bottom < height || range.x0 === range.x1 || range.y0 === range.y1) pixels.fill(backdrop);

  // Per column: where its tile columns start in the frame, and where it starts and ends once clipped.
  const count = range.x1 - range.x0;
  const starts = new Int32Array(count);
  const ends = new Int32Array(count);
  for (let c = 0; c < count; c++) {
    starts[c] = clampX(columns[c]!);
    ends[c] = clampX(columns[c + 1]!);
  }
  const tileOf = new Int32Array(count);
  const tilePixels = tiles.pixels;
  for (let r = range.y0; r < range.y1; r++) {
    const rowTop = rows[r - range.y0]!;
    const y0 = Math.max(top, rowTop);
    const y1 = Math.min(bottom, rows[r - range.y0 + 1]!);
    if (y0 >= y1) continue;
    const base = r * chartWidth + range.x0;
    for (let c = 0; c < count; c++) {
      const thread = cells[base + c]!;
      tileOf[c] = (thread >= 0 && thread < fabricTile ? thread : fabricTile) * tiles.size - columns[c]!;
    }
    for (let y = y0; y < y1; y++) {
      const tileRow = (y - rowTop) * tiles.stride;
      const frameRow = y * width;
      for (let c = 0; c < count; c++) {
        const source = tileRow + tileOf[c]!;
        for (let x = starts[c]!, end = ends[c]!; x < end; x++) pixels[frameRow + x] = tilePixels[source + x]!;
      }
    }
  }
}
