import { cssOf, type CellPaint } from './thread-colors';

/**
 * Fonts for chart symbols on the canvas. The app ships no font, so these are system fonts that carry
 * the chart's geometric shapes and dingbats (DejaVu Sans on Linux, Segoe UI Symbol on Windows, Apple
 * Symbols on macOS, Noto on Android); the chart PNG and PDF embed DejaVu Sans Bold.
 */
export const SYMBOL_FONT_FAMILY =
  '"DejaVu Sans", "Segoe UI Symbol", "Apple Symbols", "Noto Sans Symbols 2", "Noto Sans Symbols", "Arial Unicode MS", sans-serif';
/** Asks for the text form of symbols that also exist as emoji (♥ ☀ ★…), so none turns into a colour picture. */
export const TEXT_PRESENTATION = '\uFE0E';

/**
 * Every thread's cell drawn once at a size — its colour and its symbol — as packed pixels, so the
 * viewer can copy cells into the frame instead of drawing text per stitch (a pre-rendered glyph atlas).
 * Tiles sit side by side: thread t's row y starts at `y * stride + t * size`; the last tile is the fabric.
 */
export class CellTiles {
  size = 0;
  stride = 0;
  pixels = new Uint32Array(0);
  private key = '';
  private readonly canvas: HTMLCanvasElement;

  constructor(canvas: HTMLCanvasElement = document.createElement('canvas')) {
    this.canvas = canvas;
  }

  /** Draws the tiles again when the size, the paints or the symbols differ from the last call. */
  prepare(paints: readonly CellPaint[], symbols: readonly string[], size: number): void {
    const key = `${size}|${symbols.join('')}|${paints.map((paint) => `${cssOf(paint.fill)}/${cssOf(paint.ink)}`).join(',')}`;
    if (key === this.key) return;
    this.key = key;
    const count = paints.length;
    this.size = size;
    this.stride = size * count;
    this.canvas.width = this.stride;
    this.canvas.height = size;
    const context = this.canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('This browser cannot draw on a canvas');
    context.font = `bold ${Math.max(6, Math.round(size * 0.72))}px ${SYMBOL_FONT_FAMILY}`;
    context.textAlign = 'center';
    context.textBaseline = 'alphabetic';
    paints.forEach((paint, index) => {
      context.fillStyle = cssOf(paint.fill);
      context.fillRect(index * size, 0, size, size);
      const symbol = symbols[index];
      if (!symbol) return;
      const text = symbol + TEXT_PRESENTATION;
      const box = context.measureText(text);
      // Centred on the glyph's own ink box, not the font's line box, so shapes sit in the middle.
      const ascent = box.actualBoundingBoxAscent || size * 0.36;
      const descent = box.actualBoundingBoxDescent || 0;
      const shift = ((box.actualBoundingBoxLeft || 0) - (box.actualBoundingBoxRight || 0)) / 2;
      context.fillStyle = cssOf(paint.ink);
      context.fillText(text, index * size + size / 2 + shift, size / 2 + (ascent - descent) / 2);
    });
    const image = context.getImageData(0, 0, this.stride, size);
    this.pixels = new Uint32Array(image.data.buffer, image.data.byteOffset, image.data.length / 4);
  }
}
