import { deltaE2000 } from '../color/ciede2000.js';
import type { ColorSample } from '../analysis/color-histogram.js';
import { blendOf, type Blend } from '../threads/blends.js';
import type { Thread } from '../threads/catalogue.js';
import { ExactNearestThread } from './assign-by-colour.js';
import { cannotBeWithin, chromaWeightOf, weightedDistanceSquared } from './nearest-thread.js';
import { quantizeColors } from './quantize.js';
import { snapToDistinctThreads } from './threads.js';

/** Whether a chart may stitch blends of its threads: off (plain threads only, as before blends) or on. */
export const BLENDING_CHOICES = ['off', 'on'] as const;
export type Blending = (typeof BLENDING_CHOICES)[number];

/**
 * Threads farther apart than this (ΔE00) are not blended: the two strands of a cross would read as two
 * colours, not one between them (stitchers blend neighbours on the colour card).
 */
export const MAX_BLEND_SPREAD = 20;

/** Threads closer than this give a blend no different from either. */
const MIN_BLEND_SPREAD = 3;

/**
 * The least a blend must lower the picture's mean ΔE00 (over its colours, weighted by stitches) to earn a
 * legend entry: below it, an extra symbol and colour change cost the stitcher more than the shade gives.
 */
const MIN_BLEND_GAIN = 0.08;

/** Picture colours the gains are judged on: an even spread of the histogram, enough for the figures above. */
const JUDGED_SAMPLES = 1024;

/**
 * The threads to buy (`count`; fewer where the picture's reduced colours snap to fewer) and the blends of them, the
 * legend within `maxEntries`: threads chosen knowing blends will fill the gaps between them. Choosing
 * the threads as without blends and comparing both sets, as tried, picked these nearly always and cost
 * a third more time (bench/blends.ts).
 */
export function threadsWithBlends(
  samples: readonly ColorSample[],
  count: number,
  candidates: readonly Thread[],
  method: 'kmeans' | 'median-cut',
  maxEntries: number,
): { threads: readonly Thread[]; blends: Blend[] } {
  const threads = threadsForBlends(samples, count, candidates, method);
  return { threads, blends: chooseBlends(threads, samples, maxEntries - threads.length) };
}

/**
 * The blends of `threads` worth stitching for these picture colours, best first, at most `room` of
 * them. Greedy: each round takes the blend that lowers the weighted mean ΔE00 of the colours to their
 * nearest chart colour (a thread or a blend taken before) the most, while it lowers it by MIN_BLEND_GAIN.
 */
export function chooseBlends(threads: readonly Thread[], samples: readonly ColorSample[], room: number): Blend[] {
  if (room <= 0) return [];
  const judged = evenSpread(samples, JUDGED_SAMPLES);
  const totalWeight = judged.reduce((sum, sample) => sum + sample.weight, 0);
  if (totalWeight === 0) return [];
  const candidates = blendablePairs(threads).map(({ blend }) => blend);
  // Each colour's ΔE00 to its nearest chart colour so far, and to every candidate — Infinity where the
  // cheap bounds show a candidate cannot come nearer than the threads (most pairs of colour and blend).
  const search = new ExactNearestThread(threads.map((thread) => thread.lab));
  const nearest = Float64Array.from(judged, (sample) => (search.nearest(sample.lab), search.distance));
  const chromaWeights = judged.map((sample) => chromaWeightOf(sample.lab));
  const distances = candidates.map((blend) =>
    Float64Array.from(judged, ({ lab }, s) =>
      cannotBeWithin(lab, blend.lab, weightedDistanceSquared(lab, blend.lab, chromaWeights[s]!), nearest[s]!) ? Infinity : deltaE2000(lab, blend.lab),
    ),
  );
  const chosen: Blend[] = [];
  const taken = new Uint8Array(candidates.length);
  while (chosen.length < room) {
    let best = -1;
    let bestGain = MIN_BLEND_GAIN * totalWeight;
    for (let c = 0; c < candidates.length; c++) {
      if (taken[c]) continue;
      const distance = distances[c]!;
      let gain = 0;
      for (let s = 0; s < judged.length; s++) {
        const saved = nearest[s]! - distance[s]!;
        if (saved > 0) gain += saved * judged[s]!.weight;
      }
      if (gain > bestGain) {
        best = c;
        bestGain = gain;
      }
    }
    if (best < 0) break;
    taken[best] = 1;
    chosen.push(candidates[best]!);
    const distance = distances[best]!;
    for (let s = 0; s < judged.length; s++) if (distance[s]! < nearest[s]!) nearest[s] = distance[s]!;
  }
  return chosen;
}

/** Most extra colours the picture is reduced to for threadsForBlends: its search grows with their cube. */
const MAX_EXTRA_COLOURS = 12;

/**
 * `count` threads chosen knowing that blends will fill the gaps between them: the picture reduced to
 * more colours than threads, each snapped to a distinct thread; then, one at a time, the thread whose
 * loss costs least is dropped — its colours reached by the threads left or their blends — until
 * `count` remain. Judged on the reduced colours, by their weight.
 */
export function threadsForBlends(samples: readonly ColorSample[], count: number, candidates: readonly Thread[], method: 'kmeans' | 'median-cut'): Thread[] {
  const palette = quantizeColors(samples, Math.min(candidates.length, count + Math.min(count - 1, MAX_EXTRA_COLOURS)), method);
  const pool = snapToDistinctThreads(palette, candidates);
  if (pool.length <= count) return pool;
  const n = pool.length;
  // Per reduced colour, what can give it a colour — a pooled thread (j = −1) or the blend of a pair that
  // may blend — nearest first: dropping a thread costs each colour the gap to its first provider left.
  const pairs = blendablePairs(pool);
  const providers = palette.map(({ lab }) =>
    [
      ...pool.map((thread, i) => ({ distance: deltaE2000(lab, thread.lab), i, j: -1 })),
      ...pairs.map(({ i, j, blend }) => ({ distance: deltaE2000(lab, blend.lab), i, j })),
    ].sort((x, y) => x.distance - y.distance),
  );
  const kept = new Uint8Array(n).fill(1);
  /** The weighted ΔE00 of the reduced colours with the kept threads, `without` one of them. */
  const cost = (without: number): number => {
    let sum = 0;
    providers.forEach((list, p) => {
      const first = list.find(({ i, j }) => i !== without && j !== without && kept[i] && (j < 0 || kept[j]));
      sum += first!.distance * palette[p]!.weight; // one thread is always left
    });
    return sum;
  };
  for (let left = n; left > count; left--) {
    let drop = -1;
    let lowest = Infinity;
    for (let i = 0; i < n; i++) {
      if (!kept[i]) continue;
      const without = cost(i);
      if (without < lowest) {
        lowest = without;
        drop = i;
      }
    }
    kept[drop] = 0;
  }
  return pool.filter((_, i) => kept[i]);
}

/** Every pair of the threads (by position) whose colours are neither too close nor too far apart to blend, with its blend. */
function blendablePairs(threads: readonly Thread[]): { i: number; j: number; blend: Blend }[] {
  const pairs: { i: number; j: number; blend: Blend }[] = [];
  for (let i = 0; i < threads.length; i++) {
    for (let j = i + 1; j < threads.length; j++) {
      const spread = deltaE2000(threads[i]!.lab, threads[j]!.lab);
      if (spread >= MIN_BLEND_SPREAD && spread <= MAX_BLEND_SPREAD) pairs.push({ i, j, blend: blendOf(threads[i]!, threads[j]!) });
    }
  }
  return pairs;
}

/** At most `count` samples, evenly spread through the list, each standing for the weight of those it skips. */
function evenSpread(samples: readonly ColorSample[], count: number): readonly ColorSample[] {
  if (samples.length <= count) return samples;
  const stride = samples.length / count;
  return Array.from({ length: count }, (_, i) => {
    const from = Math.floor(i * stride);
    const to = Math.floor((i + 1) * stride);
    let weight = 0;
    for (let s = from; s < to; s++) weight += samples[s]!.weight;
    return { ...samples[from]!, weight };
  });
}
