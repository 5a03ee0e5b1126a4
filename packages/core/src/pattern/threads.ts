import { deltaE2000, lightnessWeight } from '../color/ciede2000.js';
import type { Lab } from '../color/spaces.js';
import type { ColorSample } from '../analysis/color-histogram.js';
import type { ColorCluster } from '../analysis/kmeans.js';
import { DMC_THREADS, nearestThreads, type DmcThread } from '../threads/catalogue.js';
import type { StitchGrid } from './grid.js';

/**
 * One DMC thread per palette colour, all different: candidate (colour, thread) pairs are taken in
 * order of ΔE00, heaviest colour first on ties, skipping threads already taken. Two palette colours
 * that share a nearest thread therefore get the two best distinct threads, and K colours stay K threads.
 */
export function snapToDistinctThreads(palette: readonly ColorCluster[]): DmcThread[] {
  const chosen = new Map<number, DmcThread>();
  const taken = new Set<string>();
  let depth = Math.min(DMC_THREADS.length, palette.length + 4);
  while (chosen.size < palette.length) {
    const pairs = palette.flatMap((colour, index) =>
      chosen.has(index) ? [] : nearestThreads(colour.lab, depth).map((match) => ({ index, weight: colour.weight, ...match })),
    );
    pairs.sort((x, y) => x.distance - y.distance || y.weight - x.weight || x.index - y.index);
    for (const { index, thread } of pairs) {
      if (chosen.has(index) || taken.has(thread.code)) continue;
      chosen.set(index, thread);
      taken.add(thread.code);
    }
    depth = Math.min(DMC_THREADS.length, depth * 2); // colours crowded out: look further
  }
  return palette.map((_, index) => chosen.get(index)!);
}

/**
 * The `count` threads that are the nearest thread of the most image colour (weighted samples): the
 * natural choice when the image has about as many thread-distinct colours as the budget allows.
 */
export function mostUsedNearestThreads(samples: readonly ColorSample[], count: number): DmcThread[] {
  const finder = new NearestThreadFinder(DMC_THREADS.map((thread) => thread.lab));
  const usage = new Float64Array(DMC_THREADS.length);
  for (const { lab, weight } of samples) usage[finder.nearest(lab)]! += weight;
  return DMC_THREADS.map((thread, index) => ({ thread, votes: usage[index]! }))
    .filter(({ votes }) => votes > 0)
    .sort((x, y) => y.votes - x.votes || x.thread.code.localeCompare(y.thread.code))
    .slice(0, count)
    .map(({ thread }) => thread);
}

/** Weighted mean ΔE00 of samples to their nearest thread of a set. */
export function threadSetError(samples: readonly ColorSample[], threads: readonly DmcThread[]): number {
  const finder = new NearestThreadFinder(threads.map((thread) => thread.lab));
  let sum = 0;
  let weight = 0;
  for (const sample of samples) {
    finder.nearest(sample.lab);
    sum += finder.distance * sample.weight;
    weight += sample.weight;
  }
  return weight === 0 ? 0 : sum / weight;
}

/** |ΔL| / SL, a lower bound of ΔE00: the full formula can be skipped when this already loses. */
export function lightnessBound(lab: Lab, other: Lab): number {
  return Math.abs(lab.L - other.L) / lightnessWeight((lab.L + other.L) / 2);
}

/** How many candidates, nearest by plain Lab distance, get the exact ΔE00 comparison. */
const SHORTLIST = 10;

/**
 * Every stitch's thread (index into the pattern's threads, −1 for no stitch) and its ΔE00 to the
 * stitch's colour where that was worked out on the way (NaN where not: most stitches never need it).
 */
export interface StitchAssignment {
  thread: Int16Array;
  distance: Float32Array;
}

/** A stitch's ΔE00 to its thread, worked out and kept if not known yet. */
export function stitchDistance(grid: StitchGrid, threads: readonly DmcThread[], assignment: StitchAssignment, cell: number): number {
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
 * Finds, among thread colours, the nearest to a colour by ΔE00. Candidates are first shortlisted
 * by plain Lab distance, which is cheap and practically always contains the ΔE00 winner.
 */
class NearestThreadFinder {
  private readonly shortIndex = new Int32Array(SHORTLIST);
  private readonly shortDistance = new Float64Array(SHORTLIST);
  private readonly contenderDistance = new Float64Array(SHORTLIST);
  /** ΔE00 of the last answer. */
  distance = 0;

  constructor(private readonly labs: readonly Lab[]) {}

  nearest(lab: Lab, alive?: readonly boolean[]): number {
    const size = this.shortlist(lab, alive);
    let best = -1;
    let bestDistance = Infinity;
    for (let i = 0; i < size; i++) {
      const other = this.labs[this.shortIndex[i]!]!;
      if (lightnessBound(lab, other) >= bestDistance) continue;
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
  contenders(lab: Lab, margin: number, out: Int16Array, alive?: readonly boolean[]): number {
    const size = this.shortlist(lab, alive);
    const distances = this.contenderDistance;
    let bestDistance = Infinity;
    let count = 0;
    for (let i = 0; i < size; i++) {
      const index = this.shortIndex[i]!;
      const other = this.labs[index]!;
      if (lightnessBound(lab, other) > bestDistance + margin) continue;
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

  /** The SHORTLIST nearest by plain Lab distance, into shortIndex; returns how many. */
  private shortlist(lab: Lab, alive?: readonly boolean[]): number {
    let size = 0;
    for (let index = 0; index < this.labs.length; index++) {
      if (alive && !alive[index]) continue;
      const other = this.labs[index]!;
      const dL = lab.L - other.L;
      const da = lab.a - other.a;
      const db = lab.b - other.b;
      const d = dL * dL + da * da + db * db;
      if (size === SHORTLIST && d >= this.shortDistance[SHORTLIST - 1]!) continue;
      let at = size < SHORTLIST ? size++ : SHORTLIST - 1;
      while (at > 0 && this.shortDistance[at - 1]! > d) {
        this.shortDistance[at] = this.shortDistance[at - 1]!;
        this.shortIndex[at] = this.shortIndex[at - 1]!;
        at--;
      }
      this.shortDistance[at] = d;
      this.shortIndex[at] = index;
    }
    return size;
  }
}

/** Colours in one 6-bit bin lie within about 2 ΔE00 of each other: a thread this far behind the nearest practically never wins for any of them (tested against a per-stitch search). */
const BIN_MARGIN = 3;
/** Contending threads kept per bin. */
const BIN_CONTENDERS = 4;

/**
 * Every stitched cell's nearest thread by ΔE00. The search runs once per 6-bit colour bin and keeps
 * the threads that can win anywhere in the bin; each cell then picks among those for its own exact
 * colour, so neighbouring colours on either side of a boundary are told apart. Where a bin has a
 * single contender no ΔE00 is computed at all (distance NaN).
 */
export function assignNearestThreads(grid: StitchGrid, threads: readonly DmcThread[], alive?: readonly boolean[]): StitchAssignment {
  const cells = grid.width * grid.height;
  const thread = new Int16Array(cells).fill(-1);
  const distance = new Float32Array(cells).fill(Number.NaN);
  const finder = new NearestThreadFinder(threads.map((t) => t.lab));
  // Contenders are cached per colour at 6 bits a channel (262,144 slots, indexed directly): a
  // 500 × 500 photo then needs tens of thousands of searches instead of a quarter of a million.
  const contenderCount = new Uint8Array(1 << 18); // 0: not searched yet
  const contenders = new Int16Array((1 << 18) * BIN_CONTENDERS);
  const found = new Int16Array(BIN_CONTENDERS);
  const labs = threads.map((t) => t.lab);
  const lab = { L: 0, a: 0, b: 0 };
  for (let cell = 0; cell < cells; cell++) {
    if (!grid.stitched[cell]) continue;
    lab.L = grid.lab[cell * 3]!;
    lab.a = grid.lab[cell * 3 + 1]!;
    lab.b = grid.lab[cell * 3 + 2]!;
    const slot = ((grid.rgb[cell * 3]! >> 2) << 12) | ((grid.rgb[cell * 3 + 1]! >> 2) << 6) | (grid.rgb[cell * 3 + 2]! >> 2);
    if (contenderCount[slot] === 0) {
      contenderCount[slot] = finder.contenders(lab, BIN_MARGIN, found, alive);
      contenders.set(found, slot * BIN_CONTENDERS);
    }
    const count = contenderCount[slot]!;
    const first = slot * BIN_CONTENDERS;
    let best = contenders[first]!;
    thread[cell] = best;
    if (count === 1) continue; // the bin's answer holds for every colour in it
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
 * Stitches go to their nearest chosen thread, which can leave a thread without any: two close
 * colours of the image whose threads are both nearest to one of them. Such a colour is not silently
 * lost: the stitches of its colour cluster (nearest palette colour) go back to its own thread.
 */
export function keepEveryColour(grid: StitchGrid, palette: readonly ColorCluster[], threads: readonly DmcThread[], assignment: StitchAssignment): StitchAssignment {
  const counts = new Int32Array(threads.length);
  for (const index of assignment.thread) if (index >= 0) counts[index]!++;
  const vanished = new Set(threads.map((_, i) => i).filter((i) => counts[i] === 0));
  if (vanished.size === 0) return assignment;
  const thread = assignment.thread.slice();
  const distance = assignment.distance.slice();
  const lab = { L: 0, a: 0, b: 0 };
  for (let cell = 0; cell < thread.length; cell++) {
    if (thread[cell]! < 0) continue;
    lab.L = grid.lab[cell * 3]!;
    lab.a = grid.lab[cell * 3 + 1]!;
    lab.b = grid.lab[cell * 3 + 2]!;
    let nearest = 0;
    let best = Infinity;
    for (let c = 0; c < palette.length; c++) {
      const p = palette[c]!.lab;
      const d = (lab.L - p.L) ** 2 + (lab.a - p.a) ** 2 + (lab.b - p.b) ** 2;
      if (d < best) {
        best = d;
        nearest = c;
      }
    }
    if (vanished.has(nearest)) {
      thread[cell] = nearest;
      distance[cell] = deltaE2000(lab, threads[nearest]!.lab);
    }
  }
  return { thread, distance };
}

/** ΔE00 below which two threads of a pattern count as the same colour when merging is asked for. */
export const MERGE_THRESHOLD = 4;

/**
 * Merges threads closer than MERGE_THRESHOLD: the pair closest together first, the thread with
 * fewer stitches giving way; its stitches go to the nearest remaining thread. Removed threads keep
 * their index but have no stitches.
 */
export function mergeCloseThreads(grid: StitchGrid, threads: readonly DmcThread[], assignment: StitchAssignment): StitchAssignment {
  const counts = new Int32Array(threads.length);
  for (const index of assignment.thread) if (index >= 0) counts[index]!++;
  const alive = threads.map((_, i) => counts[i]! > 0);
  let merged = false;
  for (;;) {
    let pair: [number, number] | undefined;
    let closest = MERGE_THRESHOLD;
    for (let i = 0; i < threads.length; i++) {
      for (let j = i + 1; j < threads.length; j++) {
        if (!alive[i] || !alive[j]) continue;
        const distance = deltaE2000(threads[i]!.lab, threads[j]!.lab);
        if (distance < closest) {
          closest = distance;
          pair = [i, j];
        }
      }
    }
    if (!pair) break;
    const [i, j] = pair;
    const loser = counts[i]! < counts[j]! ? i : j;
    alive[loser] = false;
    counts[loser] = 0;
    merged = true;
  }
  return merged ? assignNearestThreads(grid, threads, alive) : assignment;
}
