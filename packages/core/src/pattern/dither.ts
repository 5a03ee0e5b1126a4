import { deltaE2000 } from '../color/ciede2000.js';
import { linearRgbToXyz, srgbByteToLinear, xyzToLab, type Rgb } from '../color/spaces.js';
import type { Thread } from '../threads/catalogue.js';
import type { StitchAssignment } from './assign.js';
import type { StitchGrid } from './grid.js';
import { NearestThreadFinder } from './nearest-thread.js';

/** How much of each stitch's colour error its neighbours make up for: none (nearest thread), some, or most. */
export const DITHERING_LEVELS = ['off', 'soft', 'strong'] as const;
export type Dithering = (typeof DITHERING_LEVELS)[number];

/**
 * How error diffusion runs: the share of a stitch's error (in CIELAB) passed on to the stitches not
 * yet decided, and how much farther (ΔE00) than the best thread a neighbour's thread may be and still
 * win. A margin of 0 and a share of 1 is Floyd–Steinberg without the neighbour rule.
 */
export interface Diffusion {
  diffused: number;
  margin: number;
}

/**
 * Soft passes on half of the error: gradients get smoother while a stitch stays near its own colour.
 * Strong passes on most of it, for the finest shading. The margin keeps the neighbour's thread where
 * the error-adjusted colour hardly prefers another, which turns scattered single stitches into runs.
 * Measured by bench/dithering.ts (3 photos, 10–40 threads): soft lowers the ΔE00 of 3 × 3 blocks by
 * 2–18 % against no dithering and adds at most a fifth of the lone stitches plain Floyd–Steinberg
 * adds. A margin of 3 made fewer lone stitches still, but lost soft's gain on the smooth sky photo.
 */
export const DIFFUSION: Readonly<Record<Exclude<Dithering, 'off'>, Diffusion>> = {
  soft: { diffused: 0.5, margin: 2 },
  strong: { diffused: 0.85, margin: 2 },
};

/**
 * The most error a stitch takes from its neighbours, per CIELAB unit: where no thread comes near the
 * picture (a colour outside the threads' range), error would otherwise pile up row after row and
 * spill far into the next area.
 */
const MAX_CARRIED = 12;

/** Floyd–Steinberg's shares of a stitch's error: ahead in its row, then behind, below and ahead in the next. */
const AHEAD = 7 / 16;
const BEHIND_BELOW = 3 / 16;
const BELOW = 5 / 16;
const AHEAD_BELOW = 1 / 16;

/** Contending threads looked at per stitch for the neighbour rule: the nearest and the few within the margin. */
const CONTENDERS = 8;

const clamp = (value: number): number => (value > MAX_CARRIED ? MAX_CARRIED : value < -MAX_CARRIED ? -MAX_CARRIED : value);

/**
 * Every stitch's thread by error diffusion in CIELAB: rows in alternating directions (serpentine, so
 * the error does not drift one way), each stitch's colour plus the error its neighbours passed on
 * matched to the nearest thread (decided per small cube of colours, see ContenderCache), except that
 * the thread of the stitch just before it in the row or the one above it wins when within `margin`
 * ΔE00 of the nearest. A share `diffused` of the difference from the thread it got goes on to the
 * stitches not yet decided. Empty cells take and pass on no error. Threads not `alive` are left out.
 * Distances are left NaN: they are ΔE00 to each stitch's own colour, worked out when needed (see
 * stitchDistance).
 */
export function diffuseError(grid: StitchGrid, threads: readonly Thread[], { diffused, margin }: Diffusion, alive?: readonly boolean[]): StitchAssignment {
  const { width, height, lab: colours, stitched } = grid;
  const thread = new Int16Array(width * height).fill(-1);
  const distance = new Float32Array(width * height).fill(Number.NaN);
  const labs = threads.map((t) => t.lab);
  const choices = new ContenderCache(new NearestThreadFinder(labs, alive), margin);
  // Error carried into this row and the next, 3 numbers a column.
  let row = new Float32Array(width * 3);
  let below = new Float32Array(width * 3);
  for (let y = 0; y < height; y++) {
    const step = y % 2 === 0 ? 1 : -1;
    for (let i = 0, x = step > 0 ? 0 : width - 1; i < width; i++, x += step) {
      const cell = y * width + x;
      if (!stitched[cell]) continue;
      const e = x * 3;
      const L = colours[cell * 3]! + clamp(row[e]!);
      const a = colours[cell * 3 + 1]! + clamp(row[e + 1]!);
      const b = colours[cell * 3 + 2]! + clamp(row[e + 2]!);
      const at = choices.of(L, a, b);
      const found = choices.pool[at]!;
      if (found === 0) continue;
      const before = x - step >= 0 && x - step < width ? thread[cell - step]! : -1;
      const above = y > 0 ? thread[cell - width]! : -1;
      let chosen = choices.pool[at + 1]!;
      for (let c = 1; c <= found; c++) {
        const candidate = choices.pool[at + c]!;
        if (candidate === before || candidate === above) {
          chosen = candidate; // contenders come nearest first: the nearer neighbour's thread
          break;
        }
      }
      thread[cell] = chosen;
      const t = labs[chosen]!;
      const errorL = (L - t.L) * diffused;
      const errorA = (a - t.a) * diffused;
      const errorB = (b - t.b) * diffused;
      const ahead = x + step;
      const behind = x - step;
      if (ahead >= 0 && ahead < width) {
        spread(row, ahead * 3, errorL, errorA, errorB, AHEAD);
        spread(below, ahead * 3, errorL, errorA, errorB, AHEAD_BELOW);
      }
      if (behind >= 0 && behind < width) spread(below, behind * 3, errorL, errorA, errorB, BEHIND_BELOW);
      spread(below, e, errorL, errorA, errorB, BELOW);
    }
    [row, below] = [below, row];
    below.fill(0);
  }
  return { thread, distance };
}

/**
 * Width of the cubes of colours that share one choice of contending threads, in CIELAB units (a and b
 * compressed as below). Cubes of 1 unit cost a search for nearly every stitch of a furry photo and
 * were about 4 × as slow; 3 units lowered soft's gain on a smooth photo by a third. 2 loses little of either.
 */
const CUBE = 2;
/**
 * CIEDE2000 weighs chroma and hue differences down by 1 + 0.045 C (and hue more): cubes stretched by
 * as much in a and b are about as wide in ΔE00 for vivid colours as for greys, and far fewer.
 */
const CHROMA_WEIGHT = 0.045;
/** Compressed chroma stays below 1 / CHROMA_WEIGHT; a cube's centre is kept inside that to be expanded back. */
const MAX_COMPRESSED = 0.95 / CHROMA_WEIGHT;

/**
 * The contending threads of error-adjusted colours, searched once per cube from its centre: the
 * colours stitches get after diffusion are all different, but fall in far fewer cubes, and a colour's
 * choice is decided about a ΔE00 or two from it, inside what dithering moves it anyway (the error
 * passed on is its own, so the next stitches make up for that too). In `pool` from the position `of`
 * returns: the count, then the threads, nearest first.
 */
class ContenderCache {
  pool = new Int16Array(1 << 14);
  private used = 0;
  private readonly positions = new Map<number, number>();
  private readonly found = new Int16Array(CONTENDERS);
  private readonly centre = { L: 0, a: 0, b: 0 };

  constructor(
    private readonly finder: NearestThreadFinder,
    private readonly margin: number,
  ) {}

  of(L: number, a: number, b: number): number {
    const compress = 1 / (CUBE * (1 + CHROMA_WEIGHT * Math.sqrt(a * a + b * b)));
    const l = Math.round(L / CUBE);
    const u = Math.round(a * compress);
    const v = Math.round(b * compress);
    const key = ((l + 512) * 1024 + (u + 512)) * 1024 + (v + 512);
    let at = this.positions.get(key);
    if (at === undefined) {
      const compressed = Math.min(MAX_COMPRESSED, CUBE * Math.sqrt(u * u + v * v));
      const expand = CUBE / (1 - CHROMA_WEIGHT * compressed);
      this.centre.L = l * CUBE;
      this.centre.a = u * expand;
      this.centre.b = v * expand;
      const count = this.finder.contenders(this.centre, this.margin, this.found);
      if (this.used + count + 1 > this.pool.length) {
        const grown = new Int16Array(this.pool.length * 2);
        grown.set(this.pool);
        this.pool = grown;
      }
      at = this.used;
      this.pool[at] = count;
      this.pool.set(this.found.subarray(0, count), at + 1);
      this.used += count + 1;
      this.positions.set(key, at);
    }
    return at;
  }
}

function spread(errors: Float32Array, at: number, L: number, a: number, b: number, share: number): void {
  errors[at] = errors[at]! + L * share;
  errors[at + 1] = errors[at + 1]! + a * share;
  errors[at + 2] = errors[at + 2]! + b * share;
}

/** The threads of a dithered pattern (`dithering` not off): diffuseError with that level's settings. */
export function ditherThreads(
  grid: StitchGrid,
  threads: readonly Thread[],
  dithering: Exclude<Dithering, 'off'>,
  alive?: readonly boolean[],
): StitchAssignment {
  return diffuseError(grid, threads, DIFFUSION[dithering], alive);
}

/**
 * Mean ΔE00 between the picture and the chart as seen from a little way off: both averaged over
 * blocks of `block` × `block` stitches in linear light (empty cells left out), block by block. This is
 * the error dithering lowers: each of its stitches is farther from its own colour than the nearest
 * thread (the per-stitch mean ΔE00 can only rise), but neighbouring stitches mix to a nearer colour.
 * `cells` index `colours`, −1 for no stitch.
 */
export function meanBlockDeltaE(grid: StitchGrid, cells: Int16Array, colours: readonly Rgb[], block = 3): number {
  const linear = colours.map(({ r, g, b }) => [srgbByteToLinear(r), srgbByteToLinear(g), srgbByteToLinear(b)] as const);
  const { width, height, rgb } = grid;
  let sum = 0;
  let blocks = 0;
  for (let top = 0; top < height; top += block) {
    for (let left = 0; left < width; left += block) {
      const picture = [0, 0, 0];
      const chart = [0, 0, 0];
      let n = 0;
      for (let y = top; y < Math.min(height, top + block); y++) {
        for (let x = left; x < Math.min(width, left + block); x++) {
          const cell = y * width + x;
          const index = cells[cell]!;
          if (index < 0) continue;
          for (let channel = 0; channel < 3; channel++) {
            picture[channel]! += srgbByteToLinear(rgb[cell * 3 + channel]!);
            chart[channel]! += linear[index]![channel]!;
          }
          n++;
        }
      }
      if (n === 0) continue;
      const labOf = ([r, g, b]: number[]) => xyzToLab(linearRgbToXyz(r! / n, g! / n, b! / n));
      sum += deltaE2000(labOf(picture), labOf(chart));
      blocks++;
    }
  }
  return blocks === 0 ? 0 : sum / blocks;
}
