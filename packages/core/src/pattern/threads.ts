import { deltaE2000, lightnessWeight } from '../color/ciede2000.js';
import { rgbToLab, type Lab } from '../color/spaces.js';
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
  // The vote runs on 16 × 16 × 16 RGB groups of the samples: a full search of the catalogue per
  // group instead of per sample, at a granularity far finer than the threads' own spacing.
  const groups = new Map<number, { r: number; g: number; b: number; weight: number }>();
  for (const { rgb, weight } of samples) {
    const key = ((rgb.r >> 4) << 8) | ((rgb.g >> 4) << 4) | (rgb.b >> 4);
    const group = groups.get(key) ?? { r: 0, g: 0, b: 0, weight: 0 };
    group.r += rgb.r * weight;
    group.g += rgb.g * weight;
    group.b += rgb.b * weight;
    group.weight += weight;
    groups.set(key, group);
  }
  const usage = new Map<DmcThread, number>();
  for (const { r, g, b, weight } of groups.values()) {
    const thread = nearestThreads(rgbToLab({ r: r / weight, g: g / weight, b: b / weight }), 1)[0]!.thread;
    usage.set(thread, (usage.get(thread) ?? 0) + weight);
  }
  return [...usage].sort((x, y) => y[1] - x[1] || x[0].code.localeCompare(y[0].code)).slice(0, count).map(([thread]) => thread);
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

/** How many candidates, nearest by plain Lab distance, get the exact ΔE00 comparison. */
const SHORTLIST = 4;

/** Every stitch's thread (index into the pattern's threads, −1 for no stitch) and its ΔE00 to the stitch's colour. */
export interface StitchAssignment {
  thread: Int16Array;
  distance: Float32Array;
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
  /** ΔE00 of the last answer. */
  distance = 0;
  /** The runner-up of the last answer (−1 when there was none) and how much farther it is. */
  second = -1;
  margin = Infinity;

  constructor(private readonly labs: readonly Lab[]) {}

  nearest(lab: Lab, alive?: readonly boolean[]): number {
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
    let best = -1;
    let bestDistance = Infinity;
    let second = -1;
    let secondDistance = Infinity;
    for (let i = 0; i < size; i++) {
      const index = this.shortIndex[i]!;
      const other = this.labs[index]!;
      // |ΔL| / SL is a lower bound of ΔE00: skip the full formula when it cannot even be runner-up.
      if (Math.abs(lab.L - other.L) / lightnessWeight((lab.L + other.L) / 2) >= secondDistance) continue;
      const d = deltaE2000(lab, other);
      if (d < bestDistance) {
        second = best;
        secondDistance = bestDistance;
        bestDistance = d;
        best = index;
      } else if (d < secondDistance) {
        second = index;
        secondDistance = d;
      }
    }
    this.second = second;
    this.margin = secondDistance - bestDistance;
    this.distance = bestDistance;
    return best;
  }
}

/**
 * Every stitched cell's nearest thread by ΔE00, and that distance. The search runs once per 6-bit
 * colour bin and keeps the two best threads; each cell then takes the better of those two for its
 * own exact colour, so neighbouring colours on either side of a boundary are told apart.
 */
export function assignNearestThreads(grid: StitchGrid, threads: readonly DmcThread[], alive?: readonly boolean[]): StitchAssignment {
  const cells = grid.width * grid.height;
  const thread = new Int16Array(cells).fill(-1);
  const distance = new Float32Array(cells);
  const finder = new NearestThreadFinder(threads.map((t) => t.lab));
  // Candidates are cached per colour at 6 bits a channel (262,144 slots, indexed directly): a
  // 500 × 500 photo then needs tens of thousands of searches instead of a quarter of a million.
  const known = new Uint8Array(1 << 18);
  const cacheBest = new Int16Array(1 << 18);
  const cacheSecond = new Int16Array(1 << 18);
  const labs = threads.map((t) => t.lab);
  const lab = { L: 0, a: 0, b: 0 };
  for (let cell = 0; cell < cells; cell++) {
    if (!grid.stitched[cell]) continue;
    lab.L = grid.lab[cell * 3]!;
    lab.a = grid.lab[cell * 3 + 1]!;
    lab.b = grid.lab[cell * 3 + 2]!;
    const slot = ((grid.rgb[cell * 3]! >> 2) << 12) | ((grid.rgb[cell * 3 + 1]! >> 2) << 6) | (grid.rgb[cell * 3 + 2]! >> 2);
    if (!known[slot]) {
      cacheBest[slot] = finder.nearest(lab, alive);
      // Colours in one 6-bit bin differ by at most ~2 ΔE00: with a wider margin the runner-up cannot win.
      cacheSecond[slot] = finder.margin > 4 ? -1 : finder.second;
      known[slot] = 1;
    }
    const best = cacheBest[slot]!;
    const second = cacheSecond[slot]!;
    const bestDistance = deltaE2000(lab, labs[best]!);
    const secondDistance = second >= 0 ? deltaE2000(lab, labs[second]!) : Infinity;
    thread[cell] = secondDistance < bestDistance ? second : best;
    distance[cell] = Math.min(bestDistance, secondDistance);
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
