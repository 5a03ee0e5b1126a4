import { deltaE2000 } from '../color/ciede2000.js';
import type { ColorSample } from '../analysis/color-histogram.js';
import { blendOf, type Blend } from '../threads/blends.js';
import type { Thread } from '../threads/catalogue.js';

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
const JUDGED_SAMPLES = 2048;

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
  const candidates = candidateBlends(threads);
  // Each colour's ΔE00 to its nearest chart colour so far, and to every candidate.
  const nearest = Float64Array.from(judged, (sample) => Math.min(...threads.map((thread) => deltaE2000(sample.lab, thread.lab))));
  const distances = candidates.map((blend) => Float64Array.from(judged, (sample) => deltaE2000(sample.lab, blend.lab)));
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

/** Every blend of two of the threads whose colours are neither too close nor too far apart to blend. */
function candidateBlends(threads: readonly Thread[]): Blend[] {
  const blends: Blend[] = [];
  for (let i = 0; i < threads.length; i++) {
    for (let j = i + 1; j < threads.length; j++) {
      const spread = deltaE2000(threads[i]!.lab, threads[j]!.lab);
      if (spread >= MIN_BLEND_SPREAD && spread <= MAX_BLEND_SPREAD) blends.push(blendOf(threads[i]!, threads[j]!));
    }
  }
  return blends;
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
