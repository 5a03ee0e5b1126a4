import { beforeAll, describe, expect, it } from 'vitest';
import type { DominantColors, Pick } from '../src/contract/colors.js';
import type { Problem } from '../src/contract/problem.js';
import type { BrandThreadMatch } from '../src/contract/thread-brands.js';
import { referenceLab, referenceScan } from './support/ciede2000-reference.js';
import { useTestServer } from './support/harness.js';
import { fromRaw, multipartBody } from './support/images.js';
import { SHARED_TABLES } from './support/shared-thread-tables.js';

const { visitor } = useTestServer();

// Three flat bands: terracotta, teal and pale yellow.
const BANDS: [number, number, number][] = [
  [196, 98, 62],
  [32, 128, 128],
  [250, 236, 160],
];
let png: Buffer;
beforeAll(async () => {
  png = await fromRaw(90, 30, (x) => BANDS[Math.floor(x / 30)]!)
    .png()
    .toBuffer();
});

function post(path: string, fields: Record<string, string>): Promise<Response> {
  return visitor.api(path, {
    method: 'POST',
    body: multipartBody(fields, { field: 'image_file', filename: 'bands.png', contentType: 'image/png', bytes: png }),
  });
}

async function answer<T>(path: string, fields: Record<string, string>): Promise<T> {
  const response = await post(path, fields);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** Threads of `brand` only: the nearest of its whole shared table to `rgb` by the reference ΔE00, nearest first. */
function expectNearestOfBrand(matches: BrandThreadMatch[] | undefined, brand: 'anchor' | 'madeira', rgb: [number, number, number], count: number): void {
  const scan = referenceScan(referenceLab(...rgb), SHARED_TABLES[brand]);
  expect(matches).toHaveLength(count);
  for (const [rank, match] of matches!.entries()) {
    expect(match.brand).toBe(brand);
    expect(SHARED_TABLES[brand].some((thread) => thread.code === match.code)).toBe(true);
    expect(Math.abs(match.distance - scan[rank]!.distance)).toBeLessThan(6e-5);
  }
}

describe('POST /api/colors/dominant with a brand', () => {
  it('adds each colour’s 3 nearest threads of that brand, leaving the DMC ones as they are', async () => {
    const plain = await answer<DominantColors>('/colors/dominant', { n_colors: '3' });
    for (const brand of ['anchor', 'madeira'] as const) {
      const branded = await answer<DominantColors>('/colors/dominant', { n_colors: '3', brand });
      expect(branded.colors.map(({ closest_threads: _, ...rest }) => rest)).toEqual(plain.colors);
      for (const color of branded.colors) expectNearestOfBrand(color.closest_threads, brand, color.rgb, 3);
    }
  });

  it('answers exactly as before without a brand', async () => {
    const plain = await answer<DominantColors>('/colors/dominant', { n_colors: '3' });
    expect(plain.colors.map((color) => Object.keys(color).sort())).toEqual(BANDS.map(() => ['closest_dmc', 'hex', 'rgb', 'share']));
  });
});

describe('POST /api/colors/pick with a brand', () => {
  it('adds the 5 nearest threads of that brand beside the 5 DMC ones', async () => {
    const plain = await answer<Pick>('/colors/pick', { x: '45', y: '10' });
    expect(Object.keys(plain).sort()).toEqual(['closest_dmc_threads', 'picked_color']);
    const branded = await answer<Pick>('/colors/pick', { x: '45', y: '10', brand: 'madeira' });
    expect(branded.picked_color).toEqual(plain.picked_color);
    expect(branded.closest_dmc_threads).toEqual(plain.closest_dmc_threads);
    expectNearestOfBrand(branded.closest_threads, 'madeira', BANDS[1]!, 5);
  });
});

describe('a bad brand', () => {
  it.each(['/colors/dominant', '/colors/pick'])('%s refuses it with a 400 naming brand', async (path) => {
    for (const brand of ['coats', 'anchor madeira', '']) {
      const response = await post(path, path === '/colors/pick' ? { x: '1', y: '1', brand } : { brand });
      expect(response.status, brand).toBe(400);
      const problem = (await response.json()) as Problem;
      expect(problem.errors?.map((error) => error.field)).toContain('brand');
      expect(problem.detail).toContain('brand must be one of dmc, anchor, madeira');
    }
  });
});
