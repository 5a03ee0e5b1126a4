import { linearToSrgbByte, srgbByteToLinear, writeLabOfBytes } from '../color/spaces.js';
import type { RgbaImage } from '../analysis/color-histogram.js';

/**
 * The image resampled to the stitch grid: one colour per cell, or no stitch where the image is
 * (mostly) transparent.
 */
export interface StitchGrid {
  readonly width: number;
  readonly height: number;
  /** sRGB bytes, 3 per cell. */
  readonly rgb: Uint8Array;
  /** CIELAB, 3 per cell. */
  readonly lab: Float32Array;
  /** 1 where a stitch goes, 0 for an empty (transparent) cell. */
  readonly stitched: Uint8Array;
}

/** A cell is stitched when at least half of its area is opaque. */
const MIN_COVERAGE = 0.5;

// Linear light to the nearest sRGB byte through a 16-bit table instead of a power function per value;
// the table's step is far below the gap between neighbouring bytes, so the result is the same.
const LINEAR_STEPS = 65535;
const LINEAR_TO_BYTE = Uint8Array.from({ length: LINEAR_STEPS + 1 }, (_, i) => linearToSrgbByte(i / LINEAR_STEPS));
const toByteIndex = (value: number): number => Math.round(Math.min(1, Math.max(0, value)) * LINEAR_STEPS);

/** Grid size for `maxSide` stitches on the long side, aspect kept. */
export function gridSize(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = maxSide / Math.max(width, height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * For each output position, the source positions it covers and by how much, as flat arrays:
 * output `o` reads `count[o]` taps starting at `first[o]`; its weights sum to 1.
 */
function areaTaps(source: number, target: number): { first: Int32Array; count: Int32Array; index: Int32Array; weight: Float32Array } {
  const scale = source / target;
  const first = new Int32Array(target);
  const count = new Int32Array(target);
  const index: number[] = [];
  const weight: number[] = [];
  for (let out = 0; out < target; out++) {
    const start = out * scale;
    const end = Math.min(source, (out + 1) * scale);
    first[out] = index.length;
    for (let i = Math.floor(start); i < Math.ceil(end); i++) {
      const overlap = Math.min(end, i + 1) - Math.max(start, i);
      if (overlap <= 1e-9) continue;
      index.push(i);
      weight.push(overlap / (end - start));
    }
    count[out] = index.length - first[out]!;
  }
  return { first, count, index: Int32Array.from(index), weight: Float32Array.from(weight) };
}

/**
 * Resamples an image to `maxSide` stitches on its long side by area averaging in linear light,
 * weighting by opacity, so a cell gets the colour the eye sees from a distance and a half-transparent
 * edge does not darken. Separable: rows first, then columns.
 */
export function resampleToGrid(image: RgbaImage, maxSide: number): StitchGrid {
  const { width: sourceWidth, height: sourceHeight, data } = image;
  const { width, height } = gridSize(sourceWidth, sourceHeight, maxSide);
  const columns = areaTaps(sourceWidth, width);
  const rows = areaTaps(sourceHeight, height);
  const toLinear = new Float32Array(256);
  for (let v = 0; v < 256; v++) toLinear[v] = srgbByteToLinear(v);

  // Horizontal pass: every source row to `width` premultiplied linear RGBA values.
  const horizontal = new Float32Array(sourceHeight * width * 4);
  for (let y = 0; y < sourceHeight; y++) {
    const rowStart = y * sourceWidth * 4;
    const outRow = y * width * 4;
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      const end = columns.first[x]! + columns.count[x]!;
      for (let t = columns.first[x]!; t < end; t++) {
        const i = rowStart + columns.index[t]! * 4;
        const w = columns.weight[t]! * (data[i + 3]! / 255);
        r += toLinear[data[i]!]! * w;
        g += toLinear[data[i + 1]!]! * w;
        b += toLinear[data[i + 2]!]! * w;
        a += w;
      }
      const o = outRow + x * 4;
      horizontal[o] = r;
      horizontal[o + 1] = g;
      horizontal[o + 2] = b;
      horizontal[o + 3] = a;
    }
  }

  // Vertical pass, then back to sRGB and CIELAB per cell.
  const cells = width * height;
  const rgb = new Uint8Array(cells * 3);
  const lab = new Float32Array(cells * 3);
  const stitched = new Uint8Array(cells);
  for (let y = 0; y < height; y++) {
    const end = rows.first[y]! + rows.count[y]!;
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let t = rows.first[y]!; t < end; t++) {
        const o = (rows.index[t]! * width + x) * 4;
        const w = rows.weight[t]!;
        r += horizontal[o]! * w;
        g += horizontal[o + 1]! * w;
        b += horizontal[o + 2]! * w;
        a += horizontal[o + 3]! * w;
      }
      if (a < MIN_COVERAGE) continue;
      const cell = y * width + x;
      const lr = toByteIndex(r / a);
      const lg = toByteIndex(g / a);
      const lb = toByteIndex(b / a);
      rgb[cell * 3] = LINEAR_TO_BYTE[lr]!;
      rgb[cell * 3 + 1] = LINEAR_TO_BYTE[lg]!;
      rgb[cell * 3 + 2] = LINEAR_TO_BYTE[lb]!;
      // CIELAB of the cell's displayed (byte) colour, so every later step sees one colour per cell.
      writeLabOfBytes(rgb[cell * 3]!, rgb[cell * 3 + 1]!, rgb[cell * 3 + 2]!, lab, cell * 3);
      stitched[cell] = 1;
    }
  }
  return { width, height, rgb, lab, stitched };
}

/** The grid as an RGBA image (empty cells transparent), for the colour histogram. */
export function gridAsImage(grid: StitchGrid): RgbaImage {
  const data = new Uint8Array(grid.width * grid.height * 4);
  for (let cell = 0; cell < grid.width * grid.height; cell++) {
    if (!grid.stitched[cell]) continue;
    data[cell * 4] = grid.rgb[cell * 3]!;
    data[cell * 4 + 1] = grid.rgb[cell * 3 + 1]!;
    data[cell * 4 + 2] = grid.rgb[cell * 3 + 2]!;
    data[cell * 4 + 3] = 255;
  }
  return { width: grid.width, height: grid.height, data };
}
