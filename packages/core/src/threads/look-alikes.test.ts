import { describe, expect, it } from 'vitest';
import { deltaE2000 } from '../color/ciede2000.js';
import { ANCHOR_THREADS, findThread } from './catalogue.js';
import { lookAlikePairs, SAME_ON_FABRIC_DELTA_E } from './look-alikes.js';

describe('threads that look the same on fabric', () => {
  it('pairs 3865 with Blanc, closest first, and leaves distinct threads out', () => {
    const pairs = lookAlikePairs(['310', '3865', 'Blanc', '321', 'B5200', 'nonsense']);
    const named = pairs.map(({ first, second }) => [first.code, second.code].sort().join('+'));
    expect(named).toContain(['3865', 'Blanc'].sort().join('+'));
    expect(named.some((pair) => pair.includes('310') || pair.includes('321'))).toBe(false);
    for (const { first, second, deltaE } of pairs) {
      expect(deltaE).toBeLessThan(SAME_ON_FABRIC_DELTA_E);
      expect(deltaE).toBeCloseTo(deltaE2000(findThread(first.code)!.lab, findThread(second.code)!.lab), 9);
    }
    expect(pairs.map((pair) => pair.deltaE)).toEqual([...pairs.map((pair) => pair.deltaE)].sort((a, b) => a - b));
  });

  it('pairs threads within the brand asked for only', () => {
    const anchor = ANCHOR_THREADS.map((thread) => thread.code);
    const pairs = lookAlikePairs(anchor, 'anchor');
    expect(pairs.length).toBeGreaterThan(0);
    for (const { first, second, deltaE } of pairs) {
      expect([first.brand, second.brand]).toEqual(['anchor', 'anchor']);
      expect(deltaE).toBeCloseTo(deltaE2000(first.lab, second.lab), 9);
    }
    // The same codes read as DMC codes are other threads, or none.
    const asDmc = lookAlikePairs(anchor);
    expect(asDmc.every(({ first, second }) => first.brand === 'dmc' && second.brand === 'dmc')).toBe(true);
  });

  it('finds none among threads far apart, or a thread named twice', () => {
    expect(lookAlikePairs(['310', '321', '798', 'Blanc', 'blanc'])).toEqual([]);
  });
});
