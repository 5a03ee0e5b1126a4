import { deltaE2000 } from '../color/ciede2000.js';
import { rgbToLab } from '../color/spaces.js';
import type { RgbaImage } from '../analysis/color-histogram.js';
import { confettiShare, cleanConfetti } from './confetti.js';
import { adjustGrid, type PhotoAdjustments } from './adjust.js';
import { resampleToGrid, type StitchGrid } from './grid.js';
import { buildLegend, MAX_LEGEND_ENTRIES, type Pattern } from './model.js';
import { NO_MARKS } from './stitches.js';
import { quantizeColors } from './quantize.js';
import { DMC_THREADS, type Thread } from '../threads/catalogue.js';
import { assignNearestThreads, cellLab, type StitchAssignment } from './assign.js';
import { keepEveryColour, mergeCloseThreads, snapToDistinctThreads, fitsBetter, threadsByNearestUse } from './threads.js';
import { prepareGrid, type PreparedGrid } from './prepare.js';
import { diffuseError, ditherThreads, type Dithering } from './dither.js';
import { threadsWithBlends, type Blending } from './blend-selection.js';

export { prepareGrid, type PreparedGrid } from './prepare.js';

/** Adjustments of the photo (see adjust.ts), each neutral when not given. */
export interface PatternOptions extends Partial<PhotoAdjustments> {
  /** Stitches on the long side. */
  maxSide: number;
  /** Threads at most, 2–50 (and no more than `threads` holds). */
  colors: number;
  /** k-means (best) rather than median cut (faster). */
  useKmeans: boolean;
  /** Merge threads closer than MERGE_THRESHOLD ΔE00. */
  mergeThreads: boolean;
  /** Clean up lone stitches (on by default). */
  cleanConfetti?: boolean;
  /** Error diffusion that favours neighbours' threads (see dither.ts); off by default. */
  dithering?: Dithering;
  /**
   * The threads to choose from (a stitcher's own, say); the whole DMC catalogue when not given. Every
   * step then chooses among these only, and the colour count is capped at their number.
   */
  threads?: readonly Thread[];
  /**
   * Blends (one strand each of two chosen threads) where they serve the picture better; off by default.
   * `colors` still counts the threads to buy: blends are made of those, and the legend stays within
   * MAX_LEGEND_ENTRIES.
   */
  blends?: Blending;
}

/**
 * Clean-up passes with blends: a stitch cleaned up next to a blend can leave its neighbour alone, and
 * two more passes catch most of those (bench/blends.ts). Without blends the clean-up stays as it was.
 */
const BLEND_CLEANUP_PASSES = 4;

/** Nearest colours with the neighbour rule of dithering and no error passed on (see diffuseError). */
const BLEND_NEIGHBOURS = { diffused: 0, margin: 2.5 };

/** What charting a grid takes: the grid is charted as it is, its adjustments already made (adjustGrid). */
export type GridPatternOptions = Omit<PatternOptions, 'maxSide' | keyof PhotoAdjustments>;

/**
 * Image → stitch pattern: resample to the grid in linear light, adjust the photo there, reduce to `colors` colours, choose
 * the threads (the palette snapped to distinct threads, or the most used nearest threads, whichever
 * fits the image better), assign every stitch its nearest chosen thread, optionally merge
 * near-identical threads and dither with those left, clean up confetti, and build the legend.
 */
export function generatePattern(image: RgbaImage, options: PatternOptions): Pattern {
  const grid = adjustGrid(resampleToGrid(image, options.maxSide), options);
  return patternFromGrid(grid, options);
}

export function patternFromGrid(grid: StitchGrid, options: GridPatternOptions): Pattern {
  return patternFromPrepared(prepareGrid(grid), options);
}

/**
 * The pattern of a prepared grid (see prepareGrid): the same as patternFromGrid of its grid, without
 * repeating the work that depends on the grid alone. Leaves `prepared` as it was, so it can be kept.
 */
export function patternFromPrepared(prepared: PreparedGrid, options: GridPatternOptions): Pattern {
  const { grid, samples } = prepared;
  const candidates = options.threads ? distinctThreads(options.threads) : DMC_THREADS;
  const colors = Math.min(options.colors, candidates.length);
  const method = options.useKmeans ? 'kmeans' : 'median-cut';
  const blending =
    options.blends === 'on' && colors < MAX_LEGEND_ENTRIES ? threadsWithBlends(samples, colors, candidates, method, MAX_LEGEND_ENTRIES) : undefined;
  const withBlends = blending !== undefined && blending.blends.length > 0;
  const { threads, assignment: nearest } = withBlends
    ? blendedThreads(grid, [...blending.threads, ...blending.blends])
    : plainThreads(prepared, colors, candidates, method, options.threads);
  let assignment = nearest;
  if (options.mergeThreads) {
    assignment = mergeCloseThreads(grid, threads, assignment, prepared.assignment);
    // The merge reassigns by nearest colour alone; with blends the neighbour rule holds among those left.
    if (withBlends) assignment = diffuseError(grid, threads, BLEND_NEIGHBOURS, threadsInUse(threads, assignment));
  }
  // Dithering mixes the same threads differently: those the nearest-thread assignment kept.
  if (options.dithering && options.dithering !== 'off') assignment = ditherThreads(grid, threads, options.dithering, threadsInUse(threads, assignment));
  const confettiBefore = confettiShare(assignment.thread, grid.width, grid.height);
  if (options.cleanConfetti ?? true) assignment = cleanConfetti(grid, threads, assignment, withBlends ? BLEND_CLEANUP_PASSES : undefined);
  const { legend, cells } = buildLegend(threads, assignment.thread);
  return {
    width: grid.width,
    height: grid.height,
    legend,
    cells,
    marks: NO_MARKS,
    stats: {
      confetti_before: confettiBefore,
      confetti_after: confettiShare(cells, grid.width, grid.height),
      mean_delta_e: sampledMeanDeltaE(grid, assignment.thread, threads),
    },
  };
}

/**
 * Threads and their blends (after the threads they are made of), and every stitch's colour. Shades sit
 * closer together with blends, and photo grain would flip stitches between a thread and its blends: a
 * stitch keeps its neighbour's colour when that is nearly as near (bench/blends.ts). A thread whose
 * stitches all went to its blends is not lost: it is stitched in them.
 */
function blendedThreads(grid: StitchGrid, threads: readonly Thread[]): { threads: readonly Thread[]; assignment: StitchAssignment } {
  return { threads, assignment: diffuseError(grid, threads, BLEND_NEIGHBOURS) };
}

/**
 * Threads without blends, and every stitch's nearest: of two candidate sets — the palette snapped to
 * distinct threads, and the threads most often nearest to the image's colours (better when the budget
 * nearly covers the image) — the one with the lower colour error on the image's own colours. Later steps
 * only use these threads.
 */
function plainThreads(
  prepared: PreparedGrid,
  colors: number,
  candidates: readonly Thread[],
  method: 'kmeans' | 'median-cut',
  own: readonly Thread[] | undefined,
): { threads: readonly Thread[]; assignment: StitchAssignment } {
  const { grid, samples } = prepared;
  const palette = quantizeColors(samples, colors, method);
  const snapped = snapToDistinctThreads(palette, candidates);
  const ranking = own ? rankingAmong(prepared, own, candidates) : prepared.threadsByUse;
  const popular = ranking.slice(0, colors);
  const usePopular = popular.length >= snapped.length && fitsBetter(samples, popular, snapped);
  const threads = usePopular ? popular : snapped;
  const assignment = assignNearestThreads(grid, threads, undefined, prepared.assignment);
  return { threads, assignment: usePopular ? assignment : keepEveryColour(grid, palette, threads, assignment) };
}

/** The threads to choose from, each once (by code), in their order; at least one. */
function distinctThreads(threads: readonly Thread[]): Thread[] {
  const codes = new Set<string>();
  const distinct = threads.filter((thread) => !codes.has(thread.code) && codes.add(thread.code));
  if (distinct.length === 0) throw new RangeError('A pattern needs at least one thread to choose from');
  return distinct;
}

/**
 * The last ranking by nearest use among given threads, per prepared grid: the wizard's preview asks
 * again with the same threads (the same list) whenever another setting changes, and a large stash
 * costs a search per sample. Kept beside the grid, which stays as it was.
 */
const rankings = new WeakMap<PreparedGrid, { threads: readonly Thread[]; ranking: readonly Thread[] }>();

function rankingAmong(prepared: PreparedGrid, threads: readonly Thread[], candidates: readonly Thread[]): readonly Thread[] {
  const kept = rankings.get(prepared);
  if (kept?.threads === threads) return kept.ranking;
  const ranking = threadsByNearestUse(prepared.samples, candidates);
  rankings.set(prepared, { threads, ranking });
  return ranking;
}

/** Which threads have stitches. */
function threadsInUse(threads: readonly Thread[], assignment: StitchAssignment): boolean[] {
  const used = threads.map(() => false);
  for (const index of assignment.thread) if (index >= 0) used[index] = true;
  return used;
}

/** Stitches sampled for the pattern's mean ΔE00: enough for two decimals, and quick on any size. */
const ERROR_SAMPLE = 1 << 15;

/** Mean ΔE00 between stitches' resampled colours and their threads, over an even spread of up to ERROR_SAMPLE stitches. */
function sampledMeanDeltaE(grid: StitchGrid, cells: Int16Array, threads: readonly Thread[]): number {
  const stride = Math.max(1, Math.floor(cells.length / ERROR_SAMPLE));
  let sum = 0;
  let n = 0;
  for (let cell = 0; cell < cells.length; cell += stride) {
    const index = cells[cell]!;
    if (index < 0) continue;
    sum += deltaE2000(cellLab(grid, cell), threads[index]!.lab);
    n++;
  }
  return n === 0 ? 0 : sum / n;
}

/** Mean ΔE00 between each stitch's resampled colour and the colour it is given, for any method (benchmarks). */
export function meanDeltaE(grid: StitchGrid, cells: Int16Array, colours: readonly { r: number; g: number; b: number }[]): number {
  const labs = colours.map((rgb) => rgbToLab(rgb));
  let sum = 0;
  let n = 0;
  for (let cell = 0; cell < cells.length; cell++) {
    const index = cells[cell]!;
    if (index < 0) continue;
    sum += deltaE2000(cellLab(grid, cell), labs[index]!);
    n++;
  }
  return n === 0 ? 0 : sum / n;
}
