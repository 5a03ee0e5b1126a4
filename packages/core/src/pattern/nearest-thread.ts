import { deltaE2000, lightnessWeight } from '../color/ciede2000.js';
import type { Lab } from '../color/spaces.js';

/** |ΔL| / SL, a lower bound of ΔE00: the full formula can be skipped when this already loses. */
export function lightnessBound(lab: Lab, other: Lab): number {
  return Math.abs(lab.L - other.L) / lightnessWeight((lab.L + other.L) / 2);
}

/** How many candidates, nearest by a cheap Lab distance, may get the exact ΔE00 comparison. */
const SHORTLIST = 12;
/** ΔE00 over the weighted Lab distance was never below 0.57 on 200,000 colour pairs around DMC threads. */
const WEIGHTED_TO_DELTA_E = 0.55;
const WEIGHTED_TO_DELTA_E_SQUARED = WEIGHTED_TO_DELTA_E * WEIGHTED_TO_DELTA_E;

/**
 * The weight of chroma differences in the cheap distance: 1 / SC² at the colour's own chroma, as
 * CIEDE2000 weighs them. Plain Lab distance overrates chroma differences of vivid colours and would
 * shortlist the wrong threads there.
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
  return lightnessBound(lab, other) > limit || weightedSquared * WEIGHTED_TO_DELTA_E_SQUARED > limit * limit;
}

/**
 * Finds, among thread colours, the nearest to a colour by ΔE00. Candidates are first shortlisted
 * by a Lab distance with chroma weighted as CIEDE2000 weighs it, which is cheap and practically
 * always contains the ΔE00 winner; the
 * shortlist visits threads in order of lightness outward from the colour's own and stops once the
 * lightness gap alone rules out the rest, so a search touches a fraction of a large catalogue.
 * Threads not `alive` are left out. Answers are indices into `labs`.
 */
export class NearestThreadFinder {
  /** Thread indices and colours in order of lightness. */
  private readonly order: Int32Array;
  private readonly sorted: Float64Array;
  private readonly shortIndex = new Int32Array(SHORTLIST);
  private readonly shortDistance = new Float64Array(SHORTLIST);
  private readonly contenderDistance = new Float64Array(SHORTLIST);
  /** ΔE00 of the last answer. */
  distance = 0;

  constructor(
    private readonly labs: readonly Lab[],
    alive?: readonly boolean[],
  ) {
    const indices = labs.map((_, index) => index).filter((index) => !alive || alive[index]);
    indices.sort((x, y) => labs[x]!.L - labs[y]!.L);
    this.order = Int32Array.from(indices);
    this.sorted = Float64Array.from(indices.flatMap((index) => [labs[index]!.L, labs[index]!.a, labs[index]!.b]));
  }

  nearest(lab: Lab): number {
    const size = this.shortlist(lab);
    let best = -1;
    let bestDistance = Infinity;
    for (let i = 0; i < size; i++) {
      const other = this.labs[this.shortIndex[i]!]!;
      if (cannotBeWithin(lab, other, this.shortDistance[i]!, bestDistance)) continue;
      const d = deltaE2000(lab, other);
      if (d < bestDistance) {
        bestDistance = d;
        best = this.shortIndex[i]!;
      }
    }
    this.distance = bestDistance;
    return best;
  }

  /**
   * Writes to `out` every shortlisted thread within `margin` ΔE00 of the nearest (the nearest
   * first) and returns how many: the threads that can win for colours close to this one.
   */
  contenders(lab: Lab, margin: number, out: Int16Array): number {
    const size = this.shortlist(lab);
    const distances = this.contenderDistance;
    let bestDistance = Infinity;
    let count = 0;
    for (let i = 0; i < size; i++) {
      const index = this.shortIndex[i]!;
      const other = this.labs[index]!;
      if (cannotBeWithin(lab, other, this.shortDistance[i]!, bestDistance + margin)) continue;
      const d = deltaE2000(lab, other);
      if (d > bestDistance + margin) continue;
      bestDistance = Math.min(bestDistance, d);
      // Insert in order of distance, keeping at most out.length.
      let at: number;
      if (count < out.length) at = count++;
      else if (d < distances[count - 1]!) at = count - 1;
      else continue;
      while (at > 0 && distances[at - 1]! > d) {
        distances[at] = distances[at - 1]!;
        out[at] = out[at - 1]!;
        at--;
      }
      distances[at] = d;
      out[at] = index;
    }
    while (count > 1 && distances[count - 1]! > bestDistance + margin) count--;
    return count;
  }

  /** The SHORTLIST nearest by the weighted Lab distance, into shortIndex; returns how many. */
  private shortlist(lab: Lab): number {
    const { sorted } = this;
    const count = this.order.length;
    // First thread at least as light as the colour; the search walks outward from there, each way
    // until the lightness gap alone (a lower bound) exceeds the farthest shortlisted distance.
    let low = 0;
    let high = count;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (sorted[middle * 3]! < lab.L) low = middle + 1;
      else high = middle;
    }
    const chromaWeight = chromaWeightOf(lab);
    let size = 0;
    let worst = Infinity; // the last shortlisted distance once the list is full
    for (let step = 1; step >= -1; step -= 2) {
      for (let at = step > 0 ? low : low - 1; at >= 0 && at < count; at += step) {
        const gap = sorted[at * 3]! - lab.L;
        if (gap * gap >= worst) break;
        const da = lab.a - sorted[at * 3 + 1]!;
        const db = lab.b - sorted[at * 3 + 2]!;
        const d = gap * gap + (da * da + db * db) * chromaWeight;
        if (d >= worst) continue;
        size = this.insert(size, d, this.order[at]!);
        if (size === SHORTLIST) worst = this.shortDistance[SHORTLIST - 1]!;
      }
    }
    return size;
  }

  /** Inserts a thread into the shortlist of `size` by distance, dropping the farthest when full; returns the new size. */
  private insert(size: number, distance: number, index: number): number {
    const { shortDistance, shortIndex } = this;
    let slot = size < SHORTLIST ? size++ : SHORTLIST - 1;
    while (slot > 0 && shortDistance[slot - 1]! > distance) {
      shortDistance[slot] = shortDistance[slot - 1]!;
      shortIndex[slot] = shortIndex[slot - 1]!;
      slot--;
    }
    shortDistance[slot] = distance;
    shortIndex[slot] = index;
    return size;
  }
}
