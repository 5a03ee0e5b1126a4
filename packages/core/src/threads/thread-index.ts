import { deltaE2000, lightnessWeight } from '../color/ciede2000.js';
import type { Lab } from '../color/spaces.js';
import type { Thread } from './catalogue.js';

export interface ThreadMatch {
  readonly thread: Thread;
  /** CIEDE2000 distance from the query colour. */
  readonly distance: number;
}

interface Candidate {
  readonly thread: Thread;
  /** Position in the caller's list, to break ties the way a plain scan would. */
  readonly order: number;
}

/**
 * Exact nearest-thread search that skips most of the catalogue by lightness.
 *
 * ΔE00² = (ΔL'/SL)² + a chroma–hue term that is never negative (|RT| < 2 keeps that quadratic form
 * positive), so |ΔL'| / SL is a lower bound of ΔE00. Candidates are kept sorted by L* and visited
 * outward from the query's lightness; that bound grows monotonically on each side, so once it
 * exceeds the worst distance kept, nothing further on that side can enter the result.
 */
export class ThreadIndex {
  private readonly candidates: readonly Candidate[];
  private readonly lightness: Float64Array;

  constructor(threads: readonly Thread[]) {
    this.candidates = threads.map((thread, order) => ({ thread, order })).sort((x, y) => x.thread.lab.L - y.thread.lab.L || x.order - y.order);
    this.lightness = Float64Array.from(this.candidates, (c) => c.thread.lab.L);
  }

  get size(): number {
    return this.candidates.length;
  }

  nearest(color: Lab, count: number): ThreadMatch[] {
    const size = Math.min(Math.max(1, Math.floor(count)), this.candidates.length);
    const best: (ThreadMatch & { order: number })[] = [];
    const consider = (candidate: Candidate): void => {
      const distance = deltaE2000(color, candidate.thread.lab);
      const worst = best[size - 1];
      if (worst && (distance > worst.distance || (distance === worst.distance && candidate.order > worst.order))) return;
      let at = best.length === size ? size - 1 : best.length;
      while (at > 0) {
        const previous = best[at - 1]!;
        if (previous.distance < distance || (previous.distance === distance && previous.order < candidate.order)) break;
        best[at] = previous;
        at--;
      }
      best[at] = { thread: candidate.thread, distance, order: candidate.order };
    };
    const bound = (L: number): number => Math.abs(L - color.L) / lightnessWeight((L + color.L) / 2);
    const worstKept = (): number => (best.length === size ? best[size - 1]!.distance : Infinity);

    let above = lowerBound(this.lightness, color.L);
    let below = above - 1;
    while (below >= 0 || above < this.lightness.length) {
      const belowBound = below >= 0 ? bound(this.lightness[below]!) : Infinity;
      const aboveBound = above < this.lightness.length ? bound(this.lightness[above]!) : Infinity;
      if (Math.min(belowBound, aboveBound) > worstKept()) break;
      if (belowBound <= aboveBound) consider(this.candidates[below--]!);
      else consider(this.candidates[above++]!);
    }
    return best.map(({ thread, distance }) => ({ thread, distance }));
  }
}

/** First index whose value is ≥ target in an ascending array. */
function lowerBound(values: Float64Array, target: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

const indexes = new WeakMap<readonly Thread[], ThreadIndex>();

/** The index of a thread list, built once per list (the whole catalogue, or a pattern's own palette). */
export function threadIndexFor(threads: readonly Thread[]): ThreadIndex {
  let index = indexes.get(threads);
  if (!index) {
    index = new ThreadIndex(threads);
    indexes.set(threads, index);
  }
  return index;
}
