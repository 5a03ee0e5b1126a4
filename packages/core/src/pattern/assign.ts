import { deltaE2000 } from '../color/ciede2000.js';
import { linearRgbToXyz, srgbChannelToLinear, xyzToLab, type Lab } from '../color/spaces.js';
import type { Thread } from '../threads/catalogue.js';
import type { StitchGrid } from './grid.js';
import { lightnessBound, NearestThreadFinder } from './nearest-thread.js';
import { assignByColour, distinctColours, type DistinctColours } from './assign-by-colour.js';

/**
 * Every stitch's thread (index into the pattern's threads, −1 for no stitch) and its ΔE00 to the
 * stitch's colour where that was worked out on the way (NaN where not: most stitches never need it).
 */
export interface StitchAssignment {
  thread: Int16Array;
  distance: Float32Array;
}

/** A stitch's ΔE00 to its thread, worked out and kept if not known yet. */
export function stitchDistance(grid: StitchGrid, threads: readonly Thread[], assignment: StitchAssignment, cell: number): number {
  let distance = assignment.distance[cell]!;
  if (Number.isNaN(distance)) {
    distance = deltaE2000(cellLab(grid, cell), threads[assignment.thread[cell]!]!.lab);
    assignment.distance[cell] = distance;
  }
  return distance;
}

export function cellLab(grid: StitchGrid, cell: number): Lab {
  return { L: grid.lab[cell * 3]!, a: grid.lab[cell * 3 + 1]!, b: grid.lab[cell * 3 + 2]! };
}

/**
 * How a grid's colours are binned. A thread more than `margin` ΔE00 behind the nearest at a bin's
 * centre practically never wins for any colour of the bin (about twice the bin's radius; tested
 * against a per-stitch search), and the bin's linear model is trusted where it separates the winner by
 * `clearance` ΔE00² (about 0.1–0.2 ΔE00 at typical distances; its error grows with the bin's size).
 */
interface Binning {
  bits: number;
  margin: number;
  clearance: number;
}
/** 64 levels a channel: colours within about 1 ΔE00 of the bin's centre. */
const FINE_BINS: Binning = { bits: 6, margin: 2.5, clearance: 1 };
/**
 * 32 levels a channel, for noisy images whose colours fill more than MAX_FINE_BINS fine bins: those
 * would hold a few stitches each, and searching them would cost about as much as searching per stitch.
 */
const COARSE_BINS: Binning = { bits: 5, margin: 5, clearance: 2 };
const MAX_FINE_BINS = 16_384;
/** Contending threads kept per bin. */
const BIN_CONTENDERS = 6;
/** Cells of a bin decided by exact ΔE00 before the bin's linear model is built (it costs about as much as four cells). */
const MODEL_AFTER = 4;
/** Step of the finite differences for a model's gradient, in CIELAB units. */
const MODEL_STEP = 0.5;
/** Numbers per model: the centre, then per contender after the first its difference and gradient. */
const MODEL_STRIDE = 3 + 4 * (BIN_CONTENDERS - 1);

/**
 * How a grid's stitches find their nearest threads, whatever the threads: one exact search per
 * distinct colour when the grid has at most EXACT_COLOURS of them, otherwise through colour bins,
 * fine or coarse (see Binning). Depends only on the grid, so a caller that keeps the grid may keep
 * this too and pass it back (see prepareGrid).
 */
export type AssignmentPlan = { readonly kind: 'by-colour'; readonly colours: DistinctColours } | { readonly kind: 'by-bin'; readonly coarse: boolean };

/** Grids with at most this many distinct colours get every colour's exact nearest thread. */
const EXACT_COLOURS = 16_384;

/** The grid's assignment plan: a pass over its stitches for their colours, and over their bins when they are many. */
export function planAssignment(grid: StitchGrid): AssignmentPlan {
  const colours = distinctColours(grid, EXACT_COLOURS);
  return colours ? { kind: 'by-colour', colours } : { kind: 'by-bin', coarse: fineBinCount(grid) > MAX_FINE_BINS };
}

/**
 * Every stitched cell's nearest thread by ΔE00.
 *
 * A grid of few colours gets one exact search per colour. Otherwise the threads are searched once per
 * colour bin, from the bin's centre, keeping the few that can win anywhere in the bin (contenders);
 * where there is one, every cell of the bin gets it without any ΔE00. Otherwise each cell picks among
 * the contenders for its own exact colour: the first cells of a bin by exact ΔE00, later ones by the
 * bin's linear model (below), falling back to exact ΔE00 where the model's verdict is close.
 * Distances are kept where they were computed, NaN elsewhere. `plan` is the grid's own, when kept.
 */
export function assignNearestThreads(
  grid: StitchGrid,
  threads: readonly Thread[],
  alive?: readonly boolean[],
  plan: AssignmentPlan = planAssignment(grid),
): StitchAssignment {
  return plan.kind === 'by-colour' ? assignByColour(plan.colours, threads, alive) : assignByBin(grid, threads, plan.coarse ? COARSE_BINS : FINE_BINS, alive);
}

/** Nearest threads through colour bins and their models, for grids with many colours (photos). */
function assignByBin(grid: StitchGrid, threads: readonly Thread[], binning: Binning, alive?: readonly boolean[]): StitchAssignment {
  const cells = grid.width * grid.height;
  const thread = new Int16Array(cells).fill(-1);
  const distance = new Float32Array(cells).fill(Number.NaN);
  const labs = threads.map((t) => t.lab);
  const finder = new NearestThreadFinder(labs, alive);
  const { bits, margin } = binning;
  const shift = 8 - bits;
  const bins = 1 << (3 * bits);
  const centreLinear = Float64Array.from({ length: 1 << bits }, (_, level) => srgbChannelToLinear(((level << shift) + ((1 << shift) - 1) / 2) / 255));
  // Per bin, indexed directly by its bits: contenders (count 0 = not searched yet), cells seen and
  // the bin's model (−1 = none yet).
  const contenderCount = new Uint8Array(bins);
  const contenders = new Int16Array(bins * BIN_CONTENDERS);
  const seen = new Uint8Array(bins);
  const modelOf = new Int32Array(bins).fill(-1);
  const models = new BinModels(labs, binning.clearance);
  const found = new Int16Array(BIN_CONTENDERS);
  const lab = { L: 0, a: 0, b: 0 };
  const centreLab = (slot: number): Lab =>
    xyzToLab(linearRgbToXyz(centreLinear[slot >> (2 * bits)]!, centreLinear[(slot >> bits) & ((1 << bits) - 1)]!, centreLinear[slot & ((1 << bits) - 1)]!));
  for (let cell = 0; cell < cells; cell++) {
    if (!grid.stitched[cell]) continue;
    const slot = ((grid.rgb[cell * 3]! >> shift) << (2 * bits)) | ((grid.rgb[cell * 3 + 1]! >> shift) << bits) | (grid.rgb[cell * 3 + 2]! >> shift);
    const first = slot * BIN_CONTENDERS;
    if (contenderCount[slot] === 0) {
      contenderCount[slot] = finder.contenders(centreLab(slot), margin, found);
      contenders.set(found, first);
    }
    const count = contenderCount[slot]!;
    if (count === 1) {
      thread[cell] = contenders[first]!; // the bin's answer holds for every colour in it
      continue;
    }
    lab.L = grid.lab[cell * 3]!;
    lab.a = grid.lab[cell * 3 + 1]!;
    lab.b = grid.lab[cell * 3 + 2]!;
    if (modelOf[slot]! < 0 && ++seen[slot]! > MODEL_AFTER) modelOf[slot] = models.build(centreLab(slot), contenders.subarray(first, first + count));
    const verdict = modelOf[slot]! >= 0 ? models.decide(modelOf[slot]!, lab) : -1;
    if (verdict >= 0) {
      thread[cell] = contenders[first + verdict]!;
      continue;
    }
    let best = contenders[first]!;
    let bestDistance = deltaE2000(lab, labs[best]!);
    for (let i = 1; i < count; i++) {
      const other = contenders[first + i]!;
      if (lightnessBound(lab, labs[other]!) >= bestDistance) continue;
      const d = deltaE2000(lab, labs[other]!);
      if (d < bestDistance) {
        best = other;
        bestDistance = d;
      }
    }
    thread[cell] = best;
    distance[cell] = bestDistance;
  }
  return { thread, distance };
}

/**
 * Linear models of which contender wins inside a bin. Between the first contender t₀ and another tⱼ,
 * the difference of squared distances ΔE00(x, tⱼ)² − ΔE00(x, t₀)² is nearly linear in x across a
 * bin (exactly linear for a Euclidean distance; CIEDE2000's weights barely change over one bin), so
 * its value and gradient at the centre (by finite differences) tell the winner for any colour of the
 * bin with a few multiplications instead of ΔE00 per contender.
 */
class BinModels {
  /** Per model: centre (3), then per other contender its difference at the centre and gradient (4 each). */
  private data = new Float64Array(1024 * MODEL_STRIDE);
  private count = 0;
  private readonly contenderCount: number[] = [];
  /** Squared ΔE00 of each contender at the centre and one step along L, a and b. */
  private readonly squared = new Float64Array(BIN_CONTENDERS * 4);
  private readonly probe = { L: 0, a: 0, b: 0 };

  constructor(
    private readonly labs: readonly Lab[],
    private readonly clearance: number,
  ) {}

  /** Builds the model of a bin with these contenders (the nearest at the centre first); returns its id. */
  build(centre: Lab, contenders: Int16Array): number {
    if ((this.count + 1) * MODEL_STRIDE > this.data.length) {
      const grown = new Float64Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    const { data, squared, probe } = this;
    const at = this.count * MODEL_STRIDE;
    data[at] = centre.L;
    data[at + 1] = centre.a;
    data[at + 2] = centre.b;
    for (let axis = 0; axis <= 3; axis++) {
      probe.L = centre.L + (axis === 1 ? MODEL_STEP : 0);
      probe.a = centre.a + (axis === 2 ? MODEL_STEP : 0);
      probe.b = centre.b + (axis === 3 ? MODEL_STEP : 0);
      for (let j = 0; j < contenders.length; j++) {
        const distance = deltaE2000(probe, this.labs[contenders[j]!]!);
        squared[j * 4 + axis] = distance * distance;
      }
    }
    for (let j = 1; j < contenders.length; j++) {
      const o = at + 3 + (j - 1) * 4;
      const atCentre = squared[j * 4]! - squared[0]!;
      data[o] = atCentre;
      for (let axis = 1; axis <= 3; axis++) data[o + axis] = (squared[j * 4 + axis]! - squared[axis]! - atCentre) / MODEL_STEP;
    }
    this.contenderCount.push(contenders.length);
    return this.count++;
  }

  /** The winning contender's position for a colour, or −1 when the model cannot tell clearly. */
  decide(model: number, lab: Lab): number {
    const { data } = this;
    const at = model * MODEL_STRIDE;
    const dL = lab.L - data[at]!;
    const da = lab.a - data[at + 1]!;
    const db = lab.b - data[at + 2]!;
    let best = 0;
    let bestValue = 0; // t₀ against itself
    let runnerUp = Infinity;
    for (let j = 1; j < this.contenderCount[model]!; j++) {
      const o = at + 3 + (j - 1) * 4;
      const value = data[o]! + data[o + 1]! * dL + data[o + 2]! * da + data[o + 3]! * db;
      if (value < bestValue) {
        runnerUp = bestValue;
        bestValue = value;
        best = j;
      } else if (value < runnerUp) runnerUp = value;
    }
    return runnerUp - bestValue >= this.clearance ? best : -1;
  }
}

/** How many 6-bit colour bins a grid's stitches fill, counted up to just past MAX_FINE_BINS. */
function fineBinCount(grid: StitchGrid): number {
  const used = new Uint8Array(1 << 18);
  let count = 0;
  for (let cell = 0; cell < grid.width * grid.height && count <= MAX_FINE_BINS; cell++) {
    if (!grid.stitched[cell]) continue;
    const bin = ((grid.rgb[cell * 3]! >> 2) << 12) | ((grid.rgb[cell * 3 + 1]! >> 2) << 6) | (grid.rgb[cell * 3 + 2]! >> 2);
    if (used[bin] === 0) {
      used[bin] = 1;
      count++;
    }
  }
  return count;
}
