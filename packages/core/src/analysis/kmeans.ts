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

const squaredDistance = (x: Lab, y: Lab): number => {
  const dL = x.L - y.L;
  const da = x.a - y.a;
  const db = x.b - y.b;
  return dL * dL + da * da + db * db;
};

/**
 * Weighted k-means in CIELAB with k-means++ seeding. Deterministic: the random choices are seeded
 * from the samples themselves, so the same image always gives the same clusters. Returns at most
 * `k` clusters (fewer when there are fewer distinct samples), heaviest first.
 */
export function kMeansLab(samples: readonly ColorSample[], k: number, options: KMeansOptions = {}): ColorCluster[] {
  const { maxIterations = 40, tolerance = 0.05 } = options;
  if (samples.length === 0 || k < 1) return [];
  const random = seededRandom(hashNumbers(samples.map((s) => Math.round(s.lab.L * 100 + s.weight))));

  // k-means++: the heaviest sample first, then each next centre with probability ∝ weight × D².
  const centres: Lab[] = [];
  let heaviest = 0;
  for (let i = 1; i < samples.length; i++) if (samples[i]!.weight > samples[heaviest]!.weight) heaviest = i;
  centres.push(samples[heaviest]!.lab);
  const nearest = samples.map((s) => squaredDistance(s.lab, centres[0]!));
  while (centres.length < k) {
    let total = 0;
    for (let i = 0; i < samples.length; i++) total += samples[i]!.weight * nearest[i]!;
    if (total === 0) break; // every sample already sits on a centre
    let target = random() * total;
    let chosen = samples.length - 1;
    for (let i = 0; i < samples.length; i++) {
      target -= samples[i]!.weight * nearest[i]!;
      if (target <= 0 && nearest[i]! > 0) {
        chosen = i;
        break;
      }
    }
    const centre = samples[chosen]!.lab;
    centres.push(centre);
    for (let i = 0; i < samples.length; i++) nearest[i] = Math.min(nearest[i]!, squaredDistance(samples[i]!.lab, centre));
  }

  // Lloyd iterations.
  const assignment = new Int32Array(samples.length);
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    for (let i = 0; i < samples.length; i++) {
      let best = 0;
      let bestDistance = Infinity;
      for (let c = 0; c < centres.length; c++) {
        const distance = squaredDistance(samples[i]!.lab, centres[c]!);
        if (distance < bestDistance) {
          bestDistance = distance;
          best = c;
        }
      }
      assignment[i] = best;
    }
    let moved = 0;
    const sums = centres.map(() => ({ L: 0, a: 0, b: 0, w: 0 }));
    for (let i = 0; i < samples.length; i++) {
      const sum = sums[assignment[i]!]!;
      const { lab, weight } = samples[i]!;
      sum.L += lab.L * weight;
      sum.a += lab.a * weight;
      sum.b += lab.b * weight;
      sum.w += weight;
    }
    for (let c = 0; c < centres.length; c++) {
      const sum = sums[c]!;
      if (sum.w === 0) continue; // an empty cluster keeps its centre
      const next = { L: sum.L / sum.w, a: sum.a / sum.w, b: sum.b / sum.w };
      moved = Math.max(moved, Math.sqrt(squaredDistance(next, centres[c]!)));
      centres[c] = next;
    }
    if (moved < tolerance) break;
  }

  // Each cluster's colour is the weighted mean of its members in sRGB, so a flat colour keeps its exact value.
  const clusters = centres.map(() => ({ r: 0, g: 0, b: 0, weight: 0, members: [] as number[] }));
  for (let i = 0; i < samples.length; i++) {
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
