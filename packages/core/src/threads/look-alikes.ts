import { deltaE2000 } from '../color/ciede2000.js';
import type { ThreadBrand } from './brand-names.js';
import { findBrandThread } from './brands.js';
import type { Thread } from './catalogue.js';

/** Threads closer than this (ΔE00) look the same on fabric: a stitcher owning both wants to use one. */
export const SAME_ON_FABRIC_DELTA_E = 3;

export interface LookAlikePair {
  first: Thread;
  second: Thread;
  deltaE: number;
}

/**
 * The pairs of `codes` (codes of `brand`'s catalogue; others are skipped) closer than `below` ΔE00, closest
 * first. Within one brand: a stitcher chooses between two threads of the brand the chart is stitched in.
 */
export function lookAlikePairs(codes: readonly string[], brand: ThreadBrand = 'dmc', below = SAME_ON_FABRIC_DELTA_E): LookAlikePair[] {
  const threads = [...new Set(codes.map((code) => findBrandThread(brand, code)).filter((thread) => thread !== undefined))];
  const pairs: LookAlikePair[] = [];
  threads.forEach((first, i) => {
    for (const second of threads.slice(i + 1)) {
      const deltaE = deltaE2000(first.lab, second.lab);
      if (deltaE < below) pairs.push({ first, second, deltaE });
    }
  });
  return pairs.sort((a, b) => a.deltaE - b.deltaE);
}
