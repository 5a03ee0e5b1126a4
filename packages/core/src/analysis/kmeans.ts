import { rgbToLab, type Lab, type Rgb } from '../color/spaces.js';
import { hashNumbers, seededRandom } from '../random.js';
import type { ColorSample } from './color-histogram.js';

export interface ColorCluster {
  /** Weighted mean colour of the members (sRGB, fractional). */
  readonly rgb: Rgb;
  readonly lab: Lab;
  readonly weight: number;
  /** Indices of the samples assigned to this cluster. */
  readonly members: number[];
}

export interface KMeansOptions {
  maxIterations?: number;
  /** Stop when no centre moves further than this (ΔE76, in CIELAB units). */
  tolerance?: number;
}

/**
 * Weighted k-means in CIELAB with k-means++ seeding. Deterministic: the random choices are seeded
 * from the samples themselves, so the same image always gives the same clusters. Returns at most
 * `k` clusters (fewer when there are fewer distinct samples), heaviest first.
 */
export function kMeansLab(samples: readonly ColorSample[], k: number, options: KMeansOptions = {}): ColorCluster[] {
  const { maxIterations = 24, tolerance = 0.1 } = options;
  if (samples.length === 0 || k < 1) return [];
  const random = seededRandom(hashNumbers(samples.map((s) => Math.round(s.lab.L * 100 + s.weight))));

  // k-means++: the heaviest sample first, then each next centre with probability ∝ weight × D².
  // Flat arrays and a running total: this loop runs samples × k times.
  const n = samples.length;
  const points = new Float64Array(n * 3);
  const weights = new Float64Array(n);
  let heaviest = 0;
  for (let i = 0; i < n; i++) {
    const { lab, weight } = samples[i]!;
    points.set([lab.L, lab.a, lab.b], i * 3);
    weights[i] = weight;
    if (weight > weights[heaviest]!) heaviest = i;
  }
  const centres: Lab[] = [];
  const nearest = new Float64Array(n).fill(Infinity);
  let total = 0; // Σ weight × nearest
  const addCentre = (chosen: number): void => {
    const centre = samples[chosen]!.lab;
    centres.push(centre);
    total = 0;
    for (let i = 0; i < n; i++) {
      const dL = points[i * 3]! - centre.L;
      const da = points[i * 3 + 1]! - centre.a;
      const db = points[i * 3 + 2]! - centre.b;
      nearest[i] = Math.min(nearest[i]!, dL * dL + da * da + db * db);
      total += weights[i]! * nearest[i]!;
    }
  };
  addCentre(heaviest);
  while (centres.length < k && total > 0) {
    // total = 0: every sample already sits on a centre
    let target = random() * total;
    let chosen = n - 1;
    for (let i = 0; i < n; i++) {
      target -= weights[i]! * nearest[i]!;
      if (target <= 0 && nearest[i]! > 0) {
        chosen = i;
        break;
      }
    }
    addCentre(chosen);
  }

  return lloydLab(samples, centres, maxIterations, tolerance);
}

/**
 * Lloyd iterations from the given centres: assign every sample to its nearest centre, move each centre
 * to the weighted mean of its samples, until no centre moves more than `tolerance`. Returns the
 * non-empty clusters, heaviest first.
 */
export function lloydLab(samples: readonly ColorSample[], initial: readonly Lab[], maxIterations = 24, tolerance = 0.1): ColorCluster[] {
  const n = samples.length;
  const k = initial.length;
  // Flat arrays: this loop runs samples × centres × iterations times.
  const points = new Float64Array(n * 3);
  const weights = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const { lab, weight } = samples[i]!;
    points[i * 3] = lab.L;
    points[i * 3 + 1] = lab.a;
    points[i * 3 + 2] = lab.b;
    weights[i] = weight;
  }
  const centres = new Float64Array(k * 3);
  for (const [j, c] of initial.entries()) centres.set([c.L, c.a, c.b], j * 3);
  const assignment = new Int32Array(n);
  const sums = new Float64Array(k * 4);
  // Hamerly's bounds: the distance to the own centre at most `upper`, to any other at least `lower`.
  // While upper is below lower, or below half the gap from the own centre to the nearest other, the
  // sample cannot change cluster, so most samples skip the k distances.
  const upper = new Float64Array(n).fill(Infinity);
  const lower = new Float64Array(n);
  const shift = new Float64Array(k);
  const halfGap = new Float64Array(k); // half the distance from each centre to its nearest other centre
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    for (let c = 0; c < k; c++) {
      let gap = Infinity;
      for (let other = 0; other < k; other++) {
        if (other === c) continue;
        const dL = centres[c * 3]! - centres[other * 3]!;
        const da = centres[c * 3 + 1]! - centres[other * 3 + 1]!;
        const db = centres[c * 3 + 2]! - centres[other * 3 + 2]!;
        gap = Math.min(gap, dL * dL + da * da + db * db);
      }
      halfGap[c] = Math.sqrt(gap) / 2;
    }
    for (let i = 0; i < n; i++) {
      const bound = Math.max(lower[i]!, halfGap[assignment[i]!]!);
      if (upper[i]! <= bound) continue;
      const L = points[i * 3]!;
      const a = points[i * 3 + 1]!;
      const b = points[i * 3 + 2]!;
      if (iteration > 0) {
        // Tighten the upper bound to the exact distance before scanning every centre.
        const own = assignment[i]!;
        const dL = L - centres[own * 3]!;
        const da = a - centres[own * 3 + 1]!;
        const db = b - centres[own * 3 + 2]!;
        upper[i] = Math.sqrt(dL * dL + da * da + db * db);
        if (upper[i]! <= bound) continue;
      }
      let best = 0;
      let bestDistance = Infinity;
      let second = Infinity;
      for (let c = 0; c < k; c++) {
        const dL = L - centres[c * 3]!;
        const da = a - centres[c * 3 + 1]!;
        const db = b - centres[c * 3 + 2]!;
        const distance = dL * dL + da * da + db * db;
        if (distance < bestDistance) {
          second = bestDistance;
          bestDistance = distance;
          best = c;
        } else if (distance < second) second = distance;
      }
      assignment[i] = best;
      upper[i] = Math.sqrt(bestDistance);
      lower[i] = Math.sqrt(second);
    }
    sums.fill(0);
    for (let i = 0; i < n; i++) {
      const c = assignment[i]!;
      const w = weights[i]!;
      sums[c * 4]! += points[i * 3]! * w;
      sums[c * 4 + 1]! += points[i * 3 + 1]! * w;
      sums[c * 4 + 2]! += points[i * 3 + 2]! * w;
      sums[c * 4 + 3]! += w;
    }
    let moved = 0;
    for (let c = 0; c < k; c++) {
      const w = sums[c * 4 + 3]!;
      shift[c] = 0;
      if (w === 0) continue; // an empty cluster keeps its centre
      const L = sums[c * 4]! / w;
      const a = sums[c * 4 + 1]! / w;
      const b = sums[c * 4 + 2]! / w;
      shift[c] = Math.hypot(L - centres[c * 3]!, a - centres[c * 3 + 1]!, b - centres[c * 3 + 2]!);
      moved = Math.max(moved, shift[c]!);
      centres[c * 3] = L;
      centres[c * 3 + 1] = a;
      centres[c * 3 + 2] = b;
    }
    if (moved < tolerance) break;
    for (let i = 0; i < n; i++) {
      upper[i]! += shift[assignment[i]!]!;
      lower[i]! -= moved;
    }
  }

  // Each cluster's colour is the weighted mean of its members in sRGB, so a flat colour keeps its exact value.
  const clusters = Array.from({ length: k }, () => ({ r: 0, g: 0, b: 0, weight: 0, members: [] as number[] }));
  for (let i = 0; i < n; i++) {
    const cluster = clusters[assignment[i]!]!;
    const { rgb, weight } = samples[i]!;
    cluster.r += rgb.r * weight;
    cluster.g += rgb.g * weight;
    cluster.b += rgb.b * weight;
    cluster.weight += weight;
    cluster.members.push(i);
  }
  return clusters
    .filter((cluster) => cluster.weight > 0)
    .map(({ r, g, b, weight, members }) => {
      const rgb = { r: r / weight, g: g / weight, b: b / weight };
      return { rgb, lab: rgbToLab(rgb), weight, members };
    })
    .sort((x, y) => y.weight - x.weight);
}
