import { CASING_RGB, needsCasing, parseHex, srgbByteToLinear, type Rgb } from '@stitchwise/core';
import type { ChartMode, ViewerThread } from './types';

/**
 * The colours cells are painted with, per mode and highlight. Pixels are packed for an ImageData's
 * Uint32Array view as 0xAABBGGRR: every browser the app supports is little-endian.
 */

export const FABRIC: Rgb = { r: 255, g: 255, b: 255 };
/** Around the chart, where the area is larger than it. */
export const BACKDROP: Rgb = { r: 241, g: 245, b: 249 };
export const DARK_INK: Rgb = { r: 20, g: 20, b: 20 };
const LIGHT_INK: Rgb = { r: 255, g: 255, b: 255 };
/** How far a dimmed thread is blended towards white. */
export const DIM_TOWARDS_WHITE = 0.75;
/** Above this WCAG luminance a symbol is dark, below it light (the chart PNG's rule). */
const DARK_INK_ABOVE = 0.35;

/** What one thread looks like in a mode: the cell's colour and its symbol's colour. */
export interface CellPaint {
  fill: Rgb;
  ink: Rgb;
}

export function packRgb({ r, g, b }: Rgb): number {
  return ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

export function cssOf({ r, g, b }: Rgb): string {
  return `rgb(${r} ${g} ${b})`;
}

/** WCAG relative luminance, 0–1. */
export function relativeLuminance({ r, g, b }: Rgb): number {
  return 0.2126 * srgbByteToLinear(r) + 0.7152 * srgbByteToLinear(g) + 0.0722 * srgbByteToLinear(b);
}

/** A symbol colour that reads on the thread's colour: dark on light threads, white on dark ones. */
export function inkOn(fill: Rgb): Rgb {
  return relativeLuminance(fill) > DARK_INK_ABOVE ? DARK_INK : LIGHT_INK;
}

export function towardsWhite({ r, g, b }: Rgb, share: number): Rgb {
  const mix = (value: number) => Math.round(value + (255 - value) * share);
  return { r: mix(r), g: mix(g), b: mix(b) };
}

/** The light grey standing for a thread in print mode when symbols are too small to draw: darker threads darker. */
export function printTone(fill: Rgb): Rgb {
  const grey = Math.round(255 - (1 - Math.sqrt(relativeLuminance(fill))) * 110);
  return { r: grey, g: grey, b: grey };
}

export function threadRgb(thread: ViewerThread): Rgb {
  return parseHex(thread.hex) ?? { r: 128, g: 128, b: 128 };
}

/**
 * Each thread's paint in a mode, then the fabric's (the last entry, for empty cells). With a
 * highlighted thread every other thread is dimmed.
 */
export function cellPaints(threads: readonly ViewerThread[], mode: ChartMode, highlight: number | undefined): CellPaint[] {
  const paints = threads.map((thread, index): CellPaint => {
    const colour = threadRgb(thread);
    const dim = highlight !== undefined && highlight !== index;
    if (mode === 'print') return { fill: FABRIC, ink: dim ? towardsWhite(DARK_INK, DIM_TOWARDS_WHITE) : DARK_INK };
    const fill = dim ? towardsWhite(colour, DIM_TOWARDS_WHITE) : colour;
    return { fill, ink: dim ? towardsWhite(inkOn(colour), DIM_TOWARDS_WHITE) : inkOn(colour) };
  });
  paints.push({ fill: FABRIC, ink: FABRIC });
  return paints;
}

/**
 * One packed pixel per thread (then the fabric) for the one-pixel-per-stitch image: the cell colour,
 * or in print mode a grey tone, so the picture stays recognisable until symbols can be drawn.
 */
export function blockPixels(threads: readonly ViewerThread[], mode: ChartMode, highlight: number | undefined): Uint32Array {
  const pixels = new Uint32Array(threads.length + 1);
  threads.forEach((thread, index) => {
    const colour = mode === 'print' ? printTone(threadRgb(thread)) : threadRgb(thread);
    pixels[index] = packRgb(highlight !== undefined && highlight !== index ? towardsWhite(colour, DIM_TOWARDS_WHITE) : colour);
  });
  pixels[threads.length] = packRgb(FABRIC);
  return pixels;
}

/** What a thread's part stitches, backstitch and French knots are drawn in. */
export interface MarkPaint {
  /** A part stitch's area. */
  fill: Rgb;
  /** The symbol on a part stitch, and its outline as printed. */
  ink: Rgb;
  /** A backstitch line and a knot's dot. */
  line: Rgb;
  /** The ring around a knot's dot, so it stands out on a stitch of its own colour. */
  ring: Rgb;
  /** The dark casing under a light thread's backstitch (the core's), so it shows on light stitches; none for other threads and as printed. */
  casing?: Rgb;
}

/**
 * Each thread's mark paint in a mode: its colour (a light thread's backstitch on a dark casing), or as printed
 * black lines and dots with part stitches white (under symbols) or in the thread's grey tone (too small for
 * symbols), like full stitches.
 * With a highlighted thread every other thread is dimmed.
 */
export function markPaints(threads: readonly ViewerThread[], mode: ChartMode, highlight: number | undefined, withSymbols: boolean): MarkPaint[] {
  return threads.map((thread, index): MarkPaint => {
    const colour = threadRgb(thread);
    const paint =
      mode === 'print'
        ? { fill: withSymbols ? FABRIC : printTone(colour), ink: DARK_INK, line: DARK_INK, ring: FABRIC }
        : { fill: colour, ink: inkOn(colour), line: colour, ring: inkOn(colour), ...(needsCasing(colour) ? { casing: CASING_RGB } : {}) };
    if (highlight === undefined || highlight === index) return paint;
    return {
      fill: towardsWhite(paint.fill, DIM_TOWARDS_WHITE),
      ink: towardsWhite(paint.ink, DIM_TOWARDS_WHITE),
      line: towardsWhite(paint.line, DIM_TOWARDS_WHITE),
      ring: towardsWhite(paint.ring, DIM_TOWARDS_WHITE),
      ...(paint.casing ? { casing: towardsWhite(paint.casing, DIM_TOWARDS_WHITE) } : {}),
    };
  });
}
