import type { ViewerChart } from './types';

/**
 * The chart at one pixel per stitch, on an offscreen canvas the viewer scales up (image smoothing
 * off) whenever it draws colour blocks. After the first paint only what changed is repainted: the
 * cells are compared with a copy of the last ones (250,000 comparisons take well under a
 * millisecond), and only the rectangle around the changes is copied to the canvas.
 */
export class BlockImage {
  readonly canvas: HTMLCanvasElement;
  private readonly context: CanvasRenderingContext2D;
  private image: ImageData | undefined;
  private pixels = new Uint32Array(0);
  private lastCells = new Int16Array(0);
  private lastPalette = new Uint32Array(0);

  constructor(canvas: HTMLCanvasElement = document.createElement('canvas')) {
    this.canvas = canvas;
    const context = canvas.getContext('2d', { willReadFrequently: false });
    if (!context) throw new Error('This browser cannot draw on a canvas');
    this.context = context;
  }

  /**
   * Brings the image up to date with the chart's cells in `palette` (one packed pixel per thread, then
   * the fabric for empty cells). The cells are compared only when `cellsMayDiffer` (a new chart or
   * revision); a new size or palette repaints everything. Returns how many stitches were repainted.
   */
  update(chart: ViewerChart, palette: Uint32Array, cellsMayDiffer = true): number {
    const { width, height, cells } = chart;
    const fresh = !this.image || this.canvas.width !== width || this.canvas.height !== height || !samePixels(palette, this.lastPalette);
    if (fresh) return this.paintAll(chart, palette);
    if (!cellsMayDiffer) return 0;

    const fabric = palette[palette.length - 1]!;
    const pixels = this.pixels;
    const last = this.lastCells;
    let left = width;
    let top = height;
    let right = -1;
    let bottom = -1;
    let changed = 0;
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i]!;
      if (cell === last[i]) continue;
      pixels[i] = cell >= 0 && cell < palette.length - 1 ? palette[cell]! : fabric;
      const x = i % width;
      const y = (i - x) / width;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
      changed++;
    }
    if (changed > 0) {
      this.context.putImageData(this.image!, 0, 0, left, top, right - left + 1, bottom - top + 1);
      last.set(cells);
    }
    return changed;
  }

  private paintAll(chart: ViewerChart, palette: Uint32Array): number {
    const { width, height, cells } = chart;
    if (this.canvas.width !== width || this.canvas.height !== height || !this.image) {
      this.canvas.width = width;
      this.canvas.height = height;
      this.image = this.context.createImageData(width, height);
      this.pixels = new Uint32Array(this.image.data.buffer);
    }
    const fabric = palette[palette.length - 1]!;
    const threads = palette.length - 1;
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i]!;
      this.pixels[i] = cell >= 0 && cell < threads ? palette[cell]! : fabric;
    }
    this.context.putImageData(this.image, 0, 0);
    this.lastCells = Int16Array.from(cells);
    this.lastPalette = palette.slice();
    return cells.length;
  }
}

function samePixels(a: Uint32Array, b: Uint32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
