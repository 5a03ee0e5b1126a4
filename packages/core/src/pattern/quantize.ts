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

const component = (lab: Lab, axis: 0 | 1 | 2): number => (axis === 0 ? lab.L : axis === 1 ? lab.a : lab.b);

function describeBox(samples: readonly ColorSample[], members: number[]): Box {
  let weight = 0;
  const sum = [0, 0, 0];
  const squares = [0, 0, 0];
  for (const i of members) {
    const { lab, weight: w } = samples[i]!;
    weight += w;
    for (const axis of [0, 1, 2] as const) {
      const v = component(lab, axis);
      sum[axis]! += v * w;
      squares[axis]! += v * v * w;
    }
  }
  const mean = sum.map((s) => s / weight) as [number, number, number];
  const variance = squares.map((s, axis) => s / weight - mean[axis]! ** 2);
  const axis = variance.indexOf(Math.max(...variance)) as 0 | 1 | 2;
  return { members, mean, axis, error: members.length > 1 ? variance.reduce((x, y) => x + y, 0) * weight : 0 };
}

function medianCutCentres(samples: readonly ColorSample[], count: number): Lab[] {
  if (samples.length === 0) return [];
  const boxes: Box[] = [
    describeBox(
      samples,
      samples.map((_, i) => i),
    ),
  ];
  while (boxes.length < count) {
    let worst = 0;
    for (let i = 1; i < boxes.length; i++) if (boxes[i]!.error > boxes[worst]!.error) worst = i;
    const box = boxes[worst]!;
    if (box.error <= 0) break; // every box is a single colour
    const split = box.mean[box.axis];
    const low = box.members.filter((i) => component(samples[i]!.lab, box.axis) < split);
    const high = box.members.filter((i) => component(samples[i]!.lab, box.axis) >= split);
    if (low.length === 0 || high.length === 0) {
      box.error = 0; // cannot split along this axis; leave it
      continue;
    }
    boxes.splice(worst, 1, describeBox(samples, low), describeBox(samples, high));
  }
  return boxes.map((box) => ({ L: box.mean[0], a: box.mean[1], b: box.mean[2] }));
}
