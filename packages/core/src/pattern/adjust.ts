import { writeLabOfBytes } from '../color/spaces.js';
import type { StitchGrid } from './grid.js';

/**
 * Photo adjustments before charting, applied to the stitch grid (after resampleToGrid, before the
 * pattern) rather than to the decoded photo: the server and the browser already hand the core the very
 * same pixels (reading.ts), so adjusting in the core keeps the preview and the chart identical; a grid
 * is at most 500 × 500 cells, so a slider costs milliseconds even for a 12-megapixel photo; and
 * sharpening at stitch scale is what changes a chart (photo-pixel sharpening is averaged away by the
 * area resampling).
 *
 * Computed in floats from the cell's bytes, rounded once at the end and clamped to 0–255, in this order
 * (each step skipped at its neutral value); only stitched cells are adjusted, and only they count:
 * 1. auto levels: the three channel values of every stitched cell pooled and sorted; LEVELS_CLIP of them
 *    (rounded down) ignored at each end, the lowest value left is `low`, the highest `high`; if
 *    high > low, v → (v − low) · 255 / (high − low), clipped to 0–255;
 * 2. gamma g: v → 255 · (v / 255)^(1/g) (g > 1 brightens, as in GIMP's Levels);
 * 3. brightness b: v → v + 1.28 · b (±100 shifts by half the range);
 * 4. contrast c: v → (v − 127.5) · f + 127.5 with f = ((c + 100) / 100)²;
 * 5. saturation s: each channel v → Y + (v − Y) · (1 + s / 100), Y = 0.2126 R + 0.7152 G + 0.0722 B
 *    (−100 gives R = G = B, a neutral grey);
 * 6. sharpen a: an unsharp mask at stitch scale, v → v + (a / 100) · 1.5 · (v − m), m the mean of the
 *    cell's 3 × 3 neighbourhood (itself included, stitched cells only).
 */
export interface PhotoAdjustments {
  /** −100…100; 0 leaves the photo as it is. */
  brightness: number;
  /** −100…100. */
  contrast: number;
  /** −100…100; −100 is greys only. */
  saturation: number;
  /** 0.5…2.0; 1 leaves it, above 1 brightens the mid-tones. */
  gamma: number;
  /** 0…100. */
  sharpen: number;
  /** Stretch the photo's tonal range, ignoring the extreme 0.5 % at each end. */
  autoLevels: boolean;
}

export const NEUTRAL_ADJUSTMENTS: Readonly<PhotoAdjustments> = { brightness: 0, contrast: 0, saturation: 0, gamma: 1, sharpen: 0, autoLevels: false };

/** The range of each numeric adjustment, and the step a slider takes: the API, the sliders and the tests read them here. */
export const ADJUSTMENT_RANGES = {
  brightness: { min: -100, max: 100, step: 1 },
  contrast: { min: -100, max: 100, step: 1 },
  saturation: { min: -100, max: 100, step: 1 },
  gamma: { min: 0.5, max: 2, step: 0.05 },
  sharpen: { min: 0, max: 100, step: 1 },
} as const satisfies Record<Exclude<keyof PhotoAdjustments, 'autoLevels'>, { min: number; max: number; step: number }>;

export type NumericAdjustment = keyof typeof ADJUSTMENT_RANGES;

/** The share of channel values auto levels ignores at each end. */
export const LEVELS_CLIP = 0.005;
const BRIGHTNESS_SCALE = 1.28;
const SHARPEN_SCALE = 1.5;

const ADJUSTMENT_KEYS = Object.keys(NEUTRAL_ADJUSTMENTS) as (keyof PhotoAdjustments)[];

/** Just the adjustments of `options` (any object that carries them, such as pattern options), neutral where not given. */
export function adjustmentsOf(options: Partial<PhotoAdjustments>): PhotoAdjustments {
  return Object.fromEntries(ADJUSTMENT_KEYS.map((key) => [key, options[key] ?? NEUTRAL_ADJUSTMENTS[key]])) as unknown as PhotoAdjustments;
}

/** Whether the adjustments leave the photo as it is (missing ones count as neutral). */
export function isNeutral(adjustments: Partial<PhotoAdjustments>): boolean {
  const all = adjustmentsOf(adjustments);
  return ADJUSTMENT_KEYS.every((key) => all[key] === NEUTRAL_ADJUSTMENTS[key]);
}

/**
 * The grid with the photo adjusted (see the module's comment): `grid` itself when the adjustments are
 * neutral, so a chart without them is bit for bit today's; otherwise a new grid with new sRGB bytes and
 * CIELAB of them, as resampleToGrid computes it. Empty cells stay as they were. An invalid adjustment is a
 * RangeError (requireAdjustments), so the preview and the server refuse alike rather than chart garbage.
 */
export function adjustGrid(grid: StitchGrid, adjustments: Partial<PhotoAdjustments>): StitchGrid {
  const all = requireAdjustments(adjustments);
  if (isNeutral(all)) return grid;
  const { brightness, contrast, saturation, gamma, sharpen, autoLevels } = all;
  const { width, height, stitched } = grid;
  const cells = width * height;

  // Steps 1–4 act on each channel value alone, so they make one table from byte to value.
  const steps: ((v: number) => number)[] = [];
  if (autoLevels) {
    const { low, high } = levelsRange(grid.rgb, stitched);
    if (high > low) steps.push((v) => Math.min(255, Math.max(0, ((v - low) * 255) / (high - low))));
  }
  if (gamma !== 1) steps.push((v) => 255 * Math.pow(v / 255, 1 / gamma));
  if (brightness !== 0) steps.push((v) => v + BRIGHTNESS_SCALE * brightness);
  if (contrast !== 0) {
    const factor = ((contrast + 100) / 100) ** 2;
    steps.push((v) => (v - 127.5) * factor + 127.5);
  }
  const tones = Float64Array.from({ length: 256 }, (_, byte) => steps.reduce((v, step) => step(v), byte));
  const values = new Float64Array(cells * 3);
  for (let i = 0; i < values.length; i++) values[i] = tones[grid.rgb[i]!]!;
  if (saturation !== 0) saturate(values, stitched, 1 + saturation / 100);
  const sharpened = sharpen !== 0 ? unsharpMask(values, grid, (sharpen / 100) * SHARPEN_SCALE) : values;

  const rgb = new Uint8Array(grid.rgb);
  const lab = new Float32Array(grid.lab);
  for (let cell = 0; cell < cells; cell++) {
    if (!stitched[cell]) continue;
    for (let c = cell * 3; c < cell * 3 + 3; c++) rgb[c] = Math.min(255, Math.max(0, Math.round(sharpened[c]!)));
    writeLabOfBytes(rgb[cell * 3]!, rgb[cell * 3 + 1]!, rgb[cell * 3 + 2]!, lab, cell * 3);
  }
  return { width, height, rgb, lab, stitched };
}

/**
 * The adjustments, neutral where not given, each checked: a number within its range (ADJUSTMENT_RANGES) and
 * autoLevels true or false. Anything else is a RangeError naming it, rather than a chart from NaN (all black)
 * or from a string (`'10' + 100` is '10100', and `'false'` is truthy).
 */
export function requireAdjustments(adjustments: Partial<PhotoAdjustments>): PhotoAdjustments {
  const all = adjustmentsOf(adjustments);
  for (const [name, { min, max }] of Object.entries(ADJUSTMENT_RANGES)) {
    const value = all[name as NumericAdjustment];
    if (typeof value !== 'number' || !(value >= min && value <= max)) throw new RangeError(`${name} must be a number from ${min} to ${max}`);
  }
  if (typeof all.autoLevels !== 'boolean') throw new RangeError('autoLevels must be true or false');
  return all;
}

/** The low and high ends of auto levels among the stitched cells' channel values. */
function levelsRange(values: Uint8Array, stitched: Uint8Array): { low: number; high: number } {
  const counts = new Uint32Array(256);
  let total = 0;
  for (let cell = 0; cell < stitched.length; cell++) {
    if (!stitched[cell]) continue;
    for (let c = cell * 3; c < cell * 3 + 3; c++) counts[values[c]!]!++;
    total += 3;
  }
  const ignored = Math.floor(total * LEVELS_CLIP);
  // The value at sorted position `rank` (from 0), read from the histogram.
  const at = (rank: number): number => {
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += counts[v]!;
      if (seen > rank) return v;
    }
    return 255;
  };
  return total === 0 ? { low: 0, high: 0 } : { low: at(ignored), high: at(total - 1 - ignored) };
}

function saturate(values: Float64Array, stitched: Uint8Array, factor: number): void {
  for (let cell = 0; cell < stitched.length; cell++) {
    if (!stitched[cell]) continue;
    const i = cell * 3;
    const luma = 0.2126 * values[i]! + 0.7152 * values[i + 1]! + 0.0722 * values[i + 2]!;
    for (let c = i; c < i + 3; c++) values[c] = luma + (values[c]! - luma) * factor;
  }
}

/** v + amount · (v − mean of the stitched 3 × 3 neighbourhood), into a new array (the means read the unsharpened values). */
function unsharpMask(values: Float64Array, { width, height, stitched }: StitchGrid, amount: number): Float64Array {
  const out = new Float64Array(values);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cell = y * width + x;
      if (!stitched[cell]) continue;
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let ny = Math.max(0, y - 1); ny <= Math.min(height - 1, y + 1); ny++) {
        for (let nx = Math.max(0, x - 1); nx <= Math.min(width - 1, x + 1); nx++) {
          const neighbour = ny * width + nx;
          if (!stitched[neighbour]) continue;
          r += values[neighbour * 3]!;
          g += values[neighbour * 3 + 1]!;
          b += values[neighbour * 3 + 2]!;
          n++;
        }
      }
      const i = cell * 3;
      out[i] = values[i]! + amount * (values[i]! - r / n);
      out[i + 1] = values[i + 1]! + amount * (values[i + 1]! - g / n);
      out[i + 2] = values[i + 2]! + amount * (values[i + 2]! - b / n);
    }
  }
  return out;
}
