import { deltaE2000, lightnessWeight } from '../color/ciede2000.js';
import type { Lab } from '../color/spaces.js';

/** |ΔL| / SL, a lower bound of ΔE00: the full formula can be skipped when this already loses. */
export function lightnessBound(lab: Lab, other: Lab): number {
  return Math.abs(lab.L - other.L) / lightnessWeight((lab.L + other.L) / 2);
}

/** ΔE00 over the weighted Lab distance was never below 0.57 on 200,000 colour pairs around DMC threads. */
const WEIGHTED_TO_DELTA_E = 0.55;
const WEIGHTED_TO_DELTA_E_SQUARED = WEIGHTED_TO_DELTA_E * WEIGHTED_TO_DELTA_E;

/**
 * The weight of chroma differences in the cheap distance: 1 / SC² at the colour's own chroma, as
 * CIEDE2000 weighs them. Plain Lab distance overrates chroma differences of vivid colours and would
 * point a search to the wrong threads there.
 */
export function chromaWeightOf(lab: Lab): number {
  const SC = 1 + 0.045 * Math.sqrt(lab.a * lab.a + lab.b * lab.b);
  return 1 / (SC * SC);
}

/** The cheap stand-in for ΔE00, squared: ΔL² + (Δa² + Δb²) × the colour's chroma weight. */
export function weightedDistanceSquared(lab: Lab, other: Lab, chromaWeight: number): number {
  const dL = lab.L - other.L;
  const da = lab.a - other.a;
  const db = lab.b - other.b;
  return dL * dL + (da * da + db * db) * chromaWeight;
}

/**
 * Whether `other` is surely (by the lightness bound) or practically (by its weighted distance,
 * squared, never below WEIGHTED_TO_DELTA_E of ΔE00) farther than `limit` ΔE00 from `lab`: the exact
 * ΔE00 can then be skipped.
 */
export function cannotBeWithin(lab: Lab, other: Lab, weightedSquared: number, limit: number): boolean {
  return weightedSquared * WEIGHTED_TO_DELTA_E_SQUARED > limit * limit || lightnessBound(lab, other) > limit; // the cheaper test first
}

/**
 * Finds, among thread colours, the nearest to a colour by ΔE00, computing the exact formula for few
 * of them. Threads are kept in order of lightness; a search walks outward from the colour's own
 * lightness, first for the thread nearest by the weighted distance (its ΔE00 sets a limit), then
 * for every thread that the bounds of `cannotBeWithin` do not rule out within that limit, which
 * tightens as nearer threads turn up. Each walk stops where the lightness gap alone exceeds its
 * bound, so a search touches a fraction of a large catalogue. Threads not `alive` are left out;
 * answers are indices into `labs`.
 */
export class NearestThreadFinder {
  /** Thread indices, their colours and lightness, in order of lightness. */
  private readonly order: Int32Array;
  private readonly sorted: readonly Lab[];
  private readonly lightness: Float64Array;
  private readonly single = new Int16Array(1);
  private contenderDistance = new Float64Array(4);
  /** ΔE00 of the last answer. */
  distance = 0;

  constructor(labs: readonly Lab[], alive?: readonly boolean[]) {
    const indices = labs.map((_, index) => index).filter((index) => !alive || alive[index]);
    indices.sort((x, y) => labs[x]!.L - labs[y]!.L);
    this.order = Int32Array.from(indices);
    this.sorted = indices.map((index) => labs[index]!);
    this.lightness = Float64Array.from(this.sorted, (thread) => thread.L);
  }

  /** The nearest thread (−1 when there is none); its ΔE00 is left in `distance`. */
  nearest(lab: Lab): number {
    return this.contenders(lab, 0, this.single) === 0 ? -1 : this.single[0]!;
  }

  /**
   * Writes to `out` the threads within `margin` ΔE00 of the nearest (the nearest first, at most
   * out.length) and returns how many: the threads that can win for colours close to this one.
   */
  contenders(lab: Lab, margin: number, out: Int16Array): number {
    const { lightness, sorted } = this;
    const count = lightness.length;
    let start = 0; // first thread at least as light as the colour
    for (let high = count; start < high;) {
      const middle = (start + high) >> 1;
      if (lightness[middle]! < lab.L) start = middle + 1;
      else high = middle;
    }
    const chromaWeight = chromaWeightOf(lab);

    // The thread nearest by the weighted distance.
    let first = -1;
    let firstWeighted = Infinity;
    for (let at = start; at < count && squared(lightness[at]! - lab.L) < firstWeighted; at++) {
      const d = weightedDistanceSquared(lab, sorted[at]!, chromaWeight);
      if (d < firstWeighted) {
        first = at;
        firstWeighted = d;
      }
    }
    for (let at = start - 1; at >= 0 && squared(lab.L - lightness[at]!) < firstWeighted; at--) {
      const d = weightedDistanceSquared(lab, sorted[at]!, chromaWeight);
      if (d < firstWeighted) {
        first = at;
        firstWeighted = d;
      }
    }
    if (first < 0) return 0;

    // Every thread that can be within the limit, which tightens as nearer ones turn up.
    if (this.contenderDistance.length < out.length) this.contenderDistance = new Float64Array(out.length);
    const distances = this.contenderDistance;
    let best = deltaE2000(lab, sorted[first]!);
    distances[0] = best;
    out[0] = this.order[first]!;
    let found = 1;
    for (let step = 1; step >= -1; step -= 2) {
      for (let at = step > 0 ? start : start - 1; at >= 0 && at < count; at += step) {
        if (WEIGHTED_TO_DELTA_E * Math.abs(lightness[at]! - lab.L) > best + margin) break;
        if (at === first) continue;
        const other = sorted[at]!;
        if (cannotBeWithin(lab, other, weightedDistanceSquared(lab, other, chromaWeight), best + margin)) continue;
        const d = deltaE2000(lab, other);
        if (d > best + margin) continue;
        best = Math.min(best, d);
        found = insertByDistance(out, distances, found, this.order[at]!, d);
      }
    }
    while (found > 1 && distances[found - 1]! > best + margin) found--;
    this.distance = distances[0]!;
    return found;
  }
}

const squared = (x: number): number => x * x;

/** Inserts a thread into the first `found` entries of `out`, kept in order of distance and at most out.length long; returns the new length. */
function insertByDistance(out: Int16Array, distances: Float64Array, found: number, index: number, distance: number): number {
  let at: number;
  if (found < out.length) at = found++;
  else if (distance < distances[found - 1]!) at = found - 1;
  else return found;
  while (at > 0 && distances[at - 1]! > distance) {
    distances[at] = distances[at - 1]!;
    out[at] = out[at - 1]!;
    at--;
  }
  distances[at] = distance;
  out[at] = index;
  return found;
}
