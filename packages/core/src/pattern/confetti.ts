import { deltaE2000 } from '../color/ciede2000.js';
import type { Thread } from '../threads/catalogue.js';
import type { StitchGrid } from './grid.js';
import { stitchDistance, type StitchAssignment } from './assign.js';
import { cannotBeWithin, chromaWeightOf, weightedDistanceSquared } from './nearest-thread.js';

/**
 * A confetti stitch is a lone stitch: none of its four neighbours has its thread. Stitchers dread
 * them (a thread change for one cross), so they are counted and cleaned up.
 */
export function isConfetti(assignment: Int16Array, width: number, height: number, cell: number): boolean {
  const thread = assignment[cell]!;
  if (thread < 0) return false;
  const x = cell % width;
  const y = (cell - x) / width;
  return !(
    (x > 0 && assignment[cell - 1] === thread) ||
    (x < width - 1 && assignment[cell + 1] === thread) ||
    (y > 0 && assignment[cell - width] === thread) ||
    (y < height - 1 && assignment[cell + width] === thread)
  );
}

/** Share of stitches that are confetti, 0–1. */
export function confettiShare(assignment: Int16Array, width: number, height: number): number {
  let stitches = 0;
  let lone = 0;
  for (let cell = 0; cell < assignment.length; cell++) {
    if (assignment[cell]! < 0) continue;
    stitches++;
    if (isConfetti(assignment, width, height, cell)) lone++;
  }
  return stitches === 0 ? 0 : lone / stitches;
}

/** How much worse (ΔE00) a stitch's colour may get when it joins a neighbour's thread. */
export const CLEANUP_MAX_COST = 6;

/**
 * Replaces lone stitches by the neighbouring thread (of the 8 around) closest to the stitch's own
 * colour, unless that costs more than CLEANUP_MAX_COST of colour accuracy: a real highlight, such as
 * the glint in an eye, stays. Each pass decides from the grid as it was, so the order of cells does
 * not matter; a few passes catch stitches left lonely by the previous one.
 */
export function cleanConfetti(grid: StitchGrid, threads: readonly Thread[], assignment: StitchAssignment, passes = 2): StitchAssignment {
  const { width, height } = grid;
  let current = assignment.thread;
  const distance = assignment.distance.slice();
  const asItWas: StitchAssignment = { thread: current, distance }; // this pass's starting point
  const candidates = new Int16Array(8);
  const votes = new Int8Array(8);
  const cheap = new Float64Array(8);
  const lab = { L: 0, a: 0, b: 0 };
  for (let pass = 0; pass < passes; pass++) {
    const next = current.slice();
    let changed = 0;
    for (let cell = 0; cell < current.length; cell++) {
      if (!isConfetti(current, width, height, cell)) continue;
      const x = cell % width;
      const y = (cell - x) / width;
      const own = current[cell]!;
      let found = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if ((dx === 0 && dy === 0) || nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const neighbour = current[ny * width + nx]!;
          if (neighbour < 0 || neighbour === own) continue;
          let seen = 0;
          while (seen < found && candidates[seen] !== neighbour) seen++;
          if (seen < found) votes[seen]!++;
          else {
            candidates[found] = neighbour;
            votes[found++] = 1;
          }
        }
      }
      if (found === 0) continue;
      lab.L = grid.lab[cell * 3]!;
      lab.a = grid.lab[cell * 3 + 1]!;
      lab.b = grid.lab[cell * 3 + 2]!;
      // The candidate nearest by the cheap distance first: its ΔE00 then rules most others out unseen.
      const chromaWeight = chromaWeightOf(lab);
      let first = 0;
      for (let i = 0; i < found; i++) {
        cheap[i] = weightedDistanceSquared(lab, threads[candidates[i]!]!.lab, chromaWeight);
        if (cheap[i]! < cheap[first]!) first = i;
      }
      let best = candidates[first]!;
      let bestCost = deltaE2000(lab, threads[best]!.lab);
      let bestVotes = votes[first]!;
      for (let i = 0; i < found; i++) {
        const other = threads[candidates[i]!]!.lab;
        if (i === first || cannotBeWithin(lab, other, cheap[i]!, bestCost)) continue;
        const cost = deltaE2000(lab, other);
        if (cost < bestCost || (cost === bestCost && votes[i]! > bestVotes)) {
          best = candidates[i]!;
          bestCost = cost;
          bestVotes = votes[i]!;
        }
      }
      // Within CLEANUP_MAX_COST of the stitch's colour the change is fine whatever its own thread's
      // distance, which is then not needed at all.
      if (bestCost > CLEANUP_MAX_COST) {
        asItWas.thread = current;
        if (bestCost - stitchDistance(grid, threads, asItWas, cell) > CLEANUP_MAX_COST) continue;
      }
      next[cell] = best;
      distance[cell] = bestCost;
      changed++;
    }
    current = next;
    if (changed === 0) break;
  }
  return { thread: current, distance };
}
