import type { Lab } from '../color/spaces.js';
import type { ColorSample } from '../analysis/color-histogram.js';
import { kMeansLab, lloydLab, type ColorCluster } from '../analysis/kmeans.js';

/**
 * Reduces weighted colour samples to at most `count` colours. `kmeans`: k-means++ and Lloyd to
 * convergence (best quality). Otherwise a variance-based median cut in CIELAB (split the box with the
 * largest weighted error along its widest axis, at the weighted mean), refined by two Lloyd passes:
 * a fraction of the time, close in quality.
 */
export function quantizeColors(samples: readonly ColorSample[], count: number, method: 'kmeans' | 'median-cut'): ColorCluster[] {
  if (method === 'kmeans') return kMeansLab(samples, count);
  return lloydLab(samples, medianCutCentres(samples, count), 2);
}

interface Box {
  members: number[];
  error: number;
  axis: 0 | 1 | 2;
  mean: [number, number, number];
}

/** The samples' L, a, b and weight, 4 numbers a sample: read many times over while boxes split. */
function flatSamples(samples: readonly ColorSample[]): Float64Array {
  const flat = new Float64Array(samples.length * 4);
  for (let i = 0; i < samples.length; i++) {
    const { lab, weight } = samples[i]!;
    flat[i * 4] = lab.L;
    flat[i * 4 + 1] = lab.a;
    flat[i * 4 + 2] = lab.b;
    flat[i * 4 + 3] = weight;
  }
  return flat;
}

function describeBox(flat: Float64Array, members: number[]): Box {
  // One accumulator per sum, added in member order: the arithmetic of a per-axis loop, without its arrays.
  let weight = 0;
  let sumL = 0;
  let sumA = 0;
  let sumB = 0;
  let squaresL = 0;
  let squaresA = 0;
  let squaresB = 0;
  for (const i of members) {
    const L = flat[i * 4]!;
    const a = flat[i * 4 + 1]!;
    const b = flat[i * 4 + 2]!;
    const w = flat[i * 4 + 3]!;
    weight += w;
    sumL += L * w;
    squaresL += L * L * w;
    sumA += a * w;
    squaresA += a * a * w;
    sumB += b * w;
    squaresB += b * b * w;
  }
  const mean: [number, number, number] = [sumL / weight, sumA / weight, sumB / weight];
  const variance = [squaresL / weight - mean[0] ** 2, squaresA / weight - mean[1] ** 2, squaresB / weight - mean[2] ** 2];
  const axis = variance.indexOf(Math.max(...variance)) as 0 | 1 | 2;
  return { members, mean, axis, error: members.length > 1 ? variance.reduce((x, y) => x + y, 0) * weight : 0 };
}

function medianCutCentres(samples: readonly ColorSample[], count: number): Lab[] {
  if (samples.length === 0) return [];
  const flat = flatSamples(samples);
  const boxes: Box[] = [
    describeBox(
      flat,
      samples.map((_, i) => i),
    ),
  ];
  while (boxes.length < count) {
    let worst = 0;
    for (let i = 1; i < boxes.length; i++) if (boxes[i]!.error > boxes[worst]!.error) worst = i;
    const box = boxes[worst]!;
    if (box.error <= 0) break; // every box is a single colour
    const split = box.mean[box.axis];
    const low: number[] = [];
    const high: number[] = [];
    for (const i of box.members) (flat[i * 4 + box.axis]! < split ? low : high).push(i);
    if (low.length === 0 || high.length === 0) {
      box.error = 0; // cannot split along this axis; leave it
      continue;
    }
    boxes.splice(worst, 1, describeBox(flat, low), describeBox(flat, high));
  }
  return boxes.map((box) => ({ L: box.mean[0], a: box.mean[1], b: box.mean[2] }));
}
