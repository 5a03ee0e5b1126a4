import { deltaE2000, lightnessWeight } from '../color/ciede2000.js';
import type { Lab } from '../color/spaces.js';
import type { Thread } from '../threads/catalogue.js';
import type { StitchAssignment } from './assign.js';
import type { StitchGrid } from './grid.js';

/**
 * A grid's distinct stitch colours: what the exact per-colour assignment searches for, whatever the
 * threads, so a caller that keeps the grid can keep this too.
 */
export interface DistinctColours {
  /** Per cell, its colour's number (0 … count − 1), −1 where there is no stitch. */
  readonly colourOf: Int32Array;
  /** CIELAB of each colour as the grid holds it, 3 numbers per colour, in order of first appearance. */
  readonly labs: Float32Array;
  readonly count: number;
}

/** The grid's distinct stitch colours, or undefined when it has more than `limit`. */
export function distinctColours(grid: StitchGrid, limit: number): DistinctColours | undefined {
  const cells = grid.width * grid.height;
  const colourOf = new Int32Array(cells).fill(-1);
  const numberOf = new Map<number, number>(); // 24-bit colour → its number
  const firstCells: number[] = [];
  for (let cell = 0; cell < cells; cell++) {
    if (!grid.stitched[cell]) continue;
    const key = (grid.rgb[cell * 3]! << 16) | (grid.rgb[cell * 3 + 1]! << 8) | grid.rgb[cell * 3 + 2]!;
    let colour = numberOf.get(key);
    if (colour === undefined) {
      if (firstCells.length === limit) return undefined;
      colour = firstCells.length;
      numberOf.set(key, colour);
      firstCells.push(cell);
    }
    colourOf[cell] = colour;
  }
  const labs = new Float32Array(firstCells.length * 3);
  for (let colour = 0; colour < firstCells.length; colour++) labs.set(grid.lab.subarray(firstCells[colour]! * 3, firstCells[colour]! * 3 + 3), colour * 3);
  return { colourOf, labs, count: firstCells.length };
}

/**
 * One exact search per distinct colour (every thread that the lightness bound does not rule out),
 * for grids with few colours: small charts and flat artwork. Threads not `alive` are left out.
 */
export function assignByColour(colours: DistinctColours, threads: readonly Thread[], alive?: readonly boolean[]): StitchAssignment {
  const candidates = threads.flatMap((_, index) => (!alive || alive[index] ? [index] : []));
  const search = new ExactNearestThread(candidates.map((index) => threads[index]!.lab));
  const threadOf = new Int16Array(colours.count).fill(-1);
  const distanceOf = new Float64Array(colours.count).fill(Number.NaN);
  const lab = { L: 0, a: 0, b: 0 };
  for (let colour = 0; colour < colours.count; colour++) {
    lab.L = colours.labs[colour * 3]!;
    lab.a = colours.labs[colour * 3 + 1]!;
    lab.b = colours.labs[colour * 3 + 2]!;
    const found = search.nearest(lab);
    if (found < 0) continue;
    threadOf[colour] = candidates[found]!;
    distanceOf[colour] = search.distance;
  }
  const cells = colours.colourOf.length;
  const thread = new Int16Array(cells).fill(-1);
  const distance = new Float32Array(cells).fill(Number.NaN);
  for (let cell = 0; cell < cells; cell++) {
    const colour = colours.colourOf[cell]!;
    if (colour < 0) continue;
    thread[cell] = threadOf[colour]!;
    distance[cell] = distanceOf[colour]!;
  }
  return { thread, distance };
}

/**
 * The exact nearest of a few thread colours by ΔE00, ties to the earlier one: the answers of
 * `ThreadIndex.nearest(colour, 1)`, found the same way (candidates in order of lightness, visited
 * outward by the lower bound |ΔL| / SL until it exceeds the best distance), without its per-query
 * objects and closures, which cost more than the ΔE00 themselves when it runs once per colour of a
 * noisy picture.
 */
export class ExactNearestThread {
  /** Candidates' positions, colours and lightness, in order of lightness (ties by position). */
  private readonly order: Int32Array;
  private readonly sorted: readonly Lab[];
  private readonly lightness: Float64Array;
  /** ΔE00 of the last answer. */
  distance = Number.NaN;

  constructor(labs: readonly Lab[]) {
    const positions = labs.map((_, index) => index).sort((x, y) => labs[x]!.L - labs[y]!.L || x - y);
    this.order = Int32Array.from(positions);
    this.sorted = positions.map((index) => labs[index]!);
    this.lightness = Float64Array.from(this.sorted, (lab) => lab.L);
  }

  /** The nearest candidate's position (−1 when there are none); its ΔE00 is left in `distance`. */
  nearest(lab: Lab): number {
    const { lightness, sorted, order } = this;
    const count = lightness.length;
    let above = 0; // first candidate at least as light as the colour
    for (let high = count; above < high;) {
      const middle = (above + high) >>> 1;
      if (lightness[middle]! < lab.L) above = middle + 1;
      else high = middle;
    }
    let below = above - 1;
    let belowBound = below >= 0 ? lightnessGap(lightness[below]!, lab.L) : Infinity;
    let aboveBound = above < count ? lightnessGap(lightness[above]!, lab.L) : Infinity;
    let best = -1;
    let bestDistance = Infinity;
    while (below >= 0 || above < count) {
      if (Math.min(belowBound, aboveBound) > bestDistance) break;
      let at: number;
      if (belowBound <= aboveBound) {
        at = below--;
        belowBound = below >= 0 ? lightnessGap(lightness[below]!, lab.L) : Infinity;
      } else {
        at = above++;
        aboveBound = above < count ? lightnessGap(lightness[above]!, lab.L) : Infinity;
      }
      const distance = deltaE2000(lab, sorted[at]!);
      if (best < 0 || distance < bestDistance || (distance === bestDistance && order[at]! < order[best]!)) {
        best = at;
        bestDistance = distance;
      }
    }
    this.distance = bestDistance;
    return best < 0 ? -1 : order[best]!;
  }
}

/** |ΔL| / SL between a candidate's lightness and the colour's: a lower bound of their ΔE00. */
function lightnessGap(L: number, colourL: number): number {
  return Math.abs(L - colourL) / lightnessWeight((L + colourL) / 2);
}
