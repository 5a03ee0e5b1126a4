import { deltaE2000 } from '../color/ciede2000.js';
import type { ColorSample } from '../analysis/color-histogram.js';
import type { ColorCluster } from '../analysis/kmeans.js';
import { DMC_THREADS, nearestThreads, type Thread } from '../threads/catalogue.js';
import type { StitchGrid } from './grid.js';
import { assignNearestThreads, type AssignmentPlan, type StitchAssignment } from './assign.js';
import { NearestThreadFinder } from './nearest-thread.js';
import { ExactNearestThread } from './assign-by-colour.js';

/**
 * One thread of `candidates` (distinct threads: the whole catalogue unless given) per palette colour,
 * all different: candidate (colour, thread) pairs are taken in order of ΔE00, heaviest colour first on
 * ties, skipping threads already taken. Two palette colours that share a nearest thread therefore get
 * the two best distinct threads, and K colours stay K threads; there must be at least K candidates.
 */
export function snapToDistinctThreads(palette: readonly ColorCluster[], candidates: readonly Thread[] = DMC_THREADS): Thread[] {
  if (palette.length > candidates.length) throw new RangeError(`${palette.length} colours cannot get distinct threads of ${candidates.length}`);
  const chosen = new Map<number, Thread>();
  const taken = new Set<string>();
  let depth = Math.min(candidates.length, palette.length + 4);
  while (chosen.size < palette.length) {
    const pairs = palette.flatMap((colour, index) =>
      chosen.has(index) ? [] : nearestThreads(colour.lab, depth, candidates).map((match) => ({ index, weight: colour.weight, ...match })),
    );
    pairs.sort((x, y) => x.distance - y.distance || y.weight - x.weight || x.index - y.index);
    for (const { index, thread } of pairs) {
      if (chosen.has(index) || taken.has(thread.code)) continue;
      chosen.set(index, thread);
      taken.add(thread.code);
    }
    depth = Math.min(candidates.length, depth * 2); // colours crowded out: look further
  }
  return palette.map((_, index) => chosen.get(index)!);
}

/**
 * The `count` threads that are the nearest thread of the most image colour (weighted samples): the
 * natural choice when the image has about as many thread-distinct colours as the budget allows.
 */
export function mostUsedNearestThreads(samples: readonly ColorSample[], count: number): Thread[] {
  return threadsByNearestUse(samples).slice(0, count);
}

/**
 * Every thread of `candidates` (the catalogue unless given) that is the nearest thread of some sample,
 * ranked by the weight of those samples (ties by code): the ranking mostUsedNearestThreads takes its
 * first `count` from. It does not depend on the count, so a prepared grid keeps the catalogue's (one
 * nearest-thread search per sample).
 */
export function threadsByNearestUse(samples: readonly ColorSample[], candidates: readonly Thread[] = DMC_THREADS): Thread[] {
  const labs = candidates.map((thread) => thread.lab);
  // The finder's quick bound holds among the catalogue's close-packed colours; a sparse set (a
  // stitcher's own threads) leaves colours far from every thread, where it can miss the nearest.
  const search = candidates === DMC_THREADS ? new NearestThreadFinder(labs) : new ExactNearestThread(labs);
  const usage = new Float64Array(candidates.length);
  for (const { lab, weight } of samples) {
    const nearest = search.nearest(lab);
    if (nearest >= 0) usage[nearest]! += weight;
  }
  return candidates
    .map((thread, index) => ({ thread, votes: usage[index]! }))
    .filter(({ votes }) => votes > 0)
    .sort((x, y) => y.votes - x.votes || x.thread.code.localeCompare(y.thread.code))
    .map(({ thread }) => thread);
}

/** Weighted mean ΔE00 of samples to their nearest thread of a set. */
export function threadSetError(samples: readonly ColorSample[], threads: readonly Thread[]): number {
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

/** Samples for the quick first comparison of two thread sets. */
const QUICK_SAMPLES = 2048;
/** A relative difference of errors the quick comparison settles on its own. */
const QUICK_MARGIN = 0.03;

/**
 * Whether `candidate` fits the samples better (lower threadSetError) than `incumbent`. Judged first on
 * an even spread of QUICK_SAMPLES samples, which settles clear cases at a fraction of the cost; close
 * ones are judged on all samples.
 */
export function fitsBetter(samples: readonly ColorSample[], candidate: readonly Thread[], incumbent: readonly Thread[]): boolean {
  if (samples.length > 2 * QUICK_SAMPLES) {
    const stride = Math.floor(samples.length / QUICK_SAMPLES);
    const spread = samples.filter((_, index) => index % stride === 0);
    const [candidateError, incumbentError] = [threadSetError(spread, candidate), threadSetError(spread, incumbent)];
    if (Math.abs(candidateError - incumbentError) > QUICK_MARGIN * Math.min(candidateError, incumbentError)) return candidateError < incumbentError;
  }
  return threadSetError(samples, candidate) < threadSetError(samples, incumbent);
}

/**
 * Stitches go to their nearest chosen thread, which can leave a thread without any: two close
 * colours of the image whose threads are both nearest to one of them. Such a colour is not silently
 * lost: the stitches of its colour cluster (nearest palette colour) go back to its own thread.
 */
export function keepEveryColour(
  grid: StitchGrid,
  palette: readonly ColorCluster[],
  threads: readonly Thread[],
  assignment: StitchAssignment,
): StitchAssignment {
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
 * their index but have no stitches. `plan` is the grid's own assignment plan, when kept.
 */
export function mergeCloseThreads(grid: StitchGrid, threads: readonly Thread[], assignment: StitchAssignment, plan?: AssignmentPlan): StitchAssignment {
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
  return merged ? assignNearestThreads(grid, threads, alive, plan) : assignment;
}
