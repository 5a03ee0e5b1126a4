import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deltaE2000, deltaE2000ByAngles } from './ciede2000.js';
import { seededRandom } from '../random.js';

// Sharma, Wu & Dalal (2005) supplementary test data: 34 pairs, plus 3 sanity pairs.
const rows = readFileSync(new URL('../../test-fixtures/ciede2000-sharma.tsv', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split('\t').map(Number));

describe('deltaE2000', () => {
  it('has the whole published table to check against', () => {
    expect(rows).toHaveLength(37);
  });

  it.each(rows.map((row, i) => [i + 1, row] as const))('reproduces pair %i to 4 decimals in both orders', (_, row) => {
    const [L1, a1, b1, L2, a2, b2, expected] = row as [number, number, number, number, number, number, number];
    const first = { L: L1, a: a1, b: b1 };
    const second = { L: L2, a: a2, b: b2 };
    expect(deltaE2000(first, second).toFixed(4)).toBe(expected.toFixed(4));
    expect(deltaE2000(second, first).toFixed(4)).toBe(expected.toFixed(4));
  });

  it('is zero for identical colours and positive otherwise', () => {
    const lab = { L: 41.2, a: -12.5, b: 30.1 };
    expect(deltaE2000(lab, lab)).toBe(0);
    expect(deltaE2000(lab, { ...lab, L: 41.3 })).toBeGreaterThan(0);
  });

  it('computes the same as the angle-based formula, also for neutral and (nearly) opposite hues', () => {
    const random = seededRandom(2000);
    const lab = (): { L: number; a: number; b: number } => ({ L: random() * 100, a: random() * 200 - 100, b: random() * 200 - 100 });
    // Relative agreement to 10 digits: the fast path leaves out the rotation term where it is below 3·10⁻⁹°.
    for (let i = 0; i < 20000; i++) {
      const first = lab();
      const second = lab();
      const reference = deltaE2000ByAngles(first, second);
      expect(Math.abs(deltaE2000(first, second) - reference)).toBeLessThan(1e-10 * Math.max(1, reference));
    }
    // Where the hue vectors give little or no direction the two paths may differ in rounding only:
    // the published table's precision is the measure.
    for (let i = 0; i < 2000; i++) {
      const first = lab();
      const scale = random() * 2;
      const opposite = { L: random() * 100, a: -first.a * scale, b: -first.b * scale * (1 + (random() - 0.5) * 1e-6) };
      const nearlyNeutral = { L: first.L, a: random() * 1e-3, b: 0 };
      for (const second of [opposite, nearlyNeutral, { L: 50, a: 0, b: 0 }]) {
        expect(deltaE2000(first, second)).toBeCloseTo(deltaE2000ByAngles(first, second), 4);
      }
    }
  });
});
