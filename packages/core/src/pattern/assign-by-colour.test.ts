import { describe, expect, it } from 'vitest';
import type { Lab } from '../color/spaces.js';
import { seededRandom } from '../random.js';
import { DMC_THREADS, nearestThreads } from '../threads/catalogue.js';
import { assignNearestThreads, cellLab, planAssignment } from './assign.js';
import { ExactNearestThread } from './assign-by-colour.js';
import { resampleToGrid } from './grid.js';

const random = seededRandom(2024);

/** `count` different catalogue threads, picked at random: a pattern's palette. */
function somePalette(count: number) {
  const picked = new Set<number>();
  while (picked.size < count) picked.add(Math.floor(random() * DMC_THREADS.length));
  return [...picked].map((index) => DMC_THREADS[index]!);
}

describe('ExactNearestThread', () => {
  it('finds the nearest thread and its ΔE00 exactly as the catalogue index does, for any colour and palette', () => {
    for (const size of [1, 2, 5, 20, 50, DMC_THREADS.length]) {
      const palette = size === DMC_THREADS.length ? DMC_THREADS : somePalette(size);
      const search = new ExactNearestThread(palette.map((thread) => thread.lab));
      for (let i = 0; i < 400; i++) {
        const colour: Lab = { L: random() * 100, a: (random() - 0.5) * 200, b: (random() - 0.5) * 200 };
        const [expected] = nearestThreads(colour, 1, palette);
        const found = search.nearest(colour);
        expect(palette[found]).toBe(expected!.thread);
        expect(search.distance).toBe(expected!.distance);
      }
    }
  });

  it('has no answer without threads', () => {
    expect(new ExactNearestThread([]).nearest({ L: 50, a: 0, b: 0 })).toBe(-1);
  });
});

describe('assignNearestThreads on a grid of few colours', () => {
  // A 90 × 60 noisy photo: nearly every stitch a colour of its own, as a small chart of a camera photo.
  const width = 90;
  const height = 60;
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    data.set([random() * 256, 90 + random() * 60, random() * 256, i % 97 === 0 ? 0 : 255], i * 4);
  }
  const grid = resampleToGrid({ width, height, data }, width);
  const palette = somePalette(20);
  // Every third thread merged away, as mergeCloseThreads leaves them.
  const alive = palette.map((_, index) => index % 3 !== 0);

  it('gives every stitch its exact nearest living thread and that ΔE00, and no thread to empty cells', () => {
    const plan = planAssignment(grid);
    expect(plan.kind).toBe('by-colour');
    const living = palette.filter((_, index) => alive[index]);
    const { thread, distance } = assignNearestThreads(grid, palette, alive, plan);
    for (let cell = 0; cell < width * height; cell++) {
      if (!grid.stitched[cell]) {
        expect(thread[cell]).toBe(-1);
        continue;
      }
      const [expected] = nearestThreads(cellLab(grid, cell), 1, living);
      expect(palette[thread[cell]!]).toBe(expected!.thread);
      expect(distance[cell]).toBe(Math.fround(expected!.distance));
    }
  });

  it('gives the same assignment from a kept plan as from the grid alone', () => {
    const plan = planAssignment(grid);
    const kept = assignNearestThreads(grid, palette, undefined, plan);
    const again = assignNearestThreads(grid, palette, undefined, plan);
    const fresh = assignNearestThreads(grid, palette);
    expect(Array.from(kept.thread)).toEqual(Array.from(fresh.thread));
    expect(Array.from(again.thread)).toEqual(Array.from(fresh.thread));
  });
});
