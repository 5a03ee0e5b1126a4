import { describe, expect, it } from 'vitest';
import { deltaE2000 } from '../color/ciede2000.js';
import { rgbToLab } from '../color/spaces.js';
import { compareThreadCodes, DMC_THREADS, findThread, nearestThreads, searchThreads } from './catalogue.js';

describe('DMC catalogue', () => {
  it('holds the 489 threads with unique codes', () => {
    expect(DMC_THREADS).toHaveLength(489);
    expect(new Set(DMC_THREADS.map((t) => t.code.toLowerCase())).size).toBe(489);
  });

  it('carries precomputed CIELAB that matches its RGB', () => {
    for (const thread of DMC_THREADS) {
      const lab = rgbToLab(thread);
      expect(thread.lab.L).toBeCloseTo(lab.L, 8);
      expect(thread.lab.a).toBeCloseTo(lab.a, 8);
      expect(thread.lab.b).toBeCloseTo(lab.b, 8);
    }
  });

  it('finds threads by code whatever the case', () => {
    expect(findThread('310')).toMatchObject({ code: '310', name: 'Black', hex: '#000000' });
    expect(findThread('blanc')).toMatchObject({ code: 'Blanc', hex: '#FCFBF8' });
    expect(findThread('BLANC')?.code).toBe('Blanc');
    expect(findThread('b5200')).toMatchObject({ code: 'B5200', name: 'Snow White' });
    expect(findThread('ecru')).toMatchObject({ code: 'Ecru', r: 240, g: 234, b: 218 });
    expect(findThread('01')?.code).toBe('01');
    expect(findThread('1')?.code).toBe('01');
    expect(findThread(' 3713 ')?.name).toBe('Salmon Very Light');
    expect(findThread('9999')).toBeUndefined();
    expect(findThread('')).toBeUndefined();
  });

  it('sorts codes in number order, lettered codes after', () => {
    expect(['Ecru', '3865', 'B5200', '310', '01', 'Blanc', '35', '150'].sort(compareThreadCodes)).toEqual([
      '01',
      '35',
      '150',
      '310',
      '3865',
      'B5200',
      'Blanc',
      'Ecru',
    ]);
  });

  it('searches codes and names, exact code first', () => {
    const results = searchThreads('310');
    expect(results[0]?.code).toBe('310');
    expect(results.every((t) => t.code.includes('310') || t.name.includes('310'))).toBe(true);
    const salmon = searchThreads('SALMON');
    expect(salmon.length).toBeGreaterThan(3);
    expect(salmon.every((t) => t.name.toLowerCase().includes('salmon'))).toBe(true);
    expect(searchThreads('')).toHaveLength(489);
    expect(searchThreads('no such thread')).toEqual([]);
  });
});

describe('nearestThreads', () => {
  it('finds the thread itself at distance 0 for every catalogue colour', () => {
    for (const thread of DMC_THREADS) {
      const [first] = nearestThreads(rgbToLab(thread), 1);
      expect(first?.distance).toBeCloseTo(0, 9);
      // Two catalogue entries can share a colour (B5200 and pure white, for instance); either is exact.
      expect(first?.thread.hex).toBe(thread.hex);
    }
  });

  it('agrees with a brute-force scan over thousands of random colours', () => {
    let seed = 12345;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let i = 0; i < 3000; i++) {
      const lab = rgbToLab({ r: Math.floor(random() * 256), g: Math.floor(random() * 256), b: Math.floor(random() * 256) });
      const count = 1 + (i % 12);
      const expected = DMC_THREADS.map((thread) => ({ thread, distance: deltaE2000(lab, thread.lab) }))
        .sort((x, y) => x.distance - y.distance)
        .slice(0, count);
      const actual = nearestThreads(lab, count);
      expect(actual.map((m) => m.distance)).toEqual(expected.map((m) => m.distance));
      expect(actual.map((m) => m.thread.code)).toEqual(expected.map((m) => m.thread.code));
    }
  });

  it('returns the requested count nearest first, and never more than the candidates', () => {
    const matches = nearestThreads(rgbToLab({ r: 255, g: 136, b: 0 }), 5);
    expect(matches).toHaveLength(5);
    for (let i = 1; i < matches.length; i++) {
      expect(matches[i]!.distance).toBeGreaterThanOrEqual(matches[i - 1]!.distance);
    }
    expect(nearestThreads(rgbToLab({ r: 0, g: 0, b: 0 }), 3, DMC_THREADS.slice(0, 2))).toHaveLength(2);
  });

  it('searches a subset exactly and breaks ties by the subset order, as a scan would', () => {
    const subset = DMC_THREADS.filter((_, i) => i % 7 === 0);
    const twin = { ...subset[3]!, code: 'TWIN' }; // same colour, later in the list
    const candidates = [...subset, twin];
    const lab = subset[3]!.lab;
    const [first, second] = nearestThreads(lab, 2, candidates);
    expect(first?.thread.code).toBe(subset[3]!.code);
    expect(second).toMatchObject({ thread: { code: 'TWIN' }, distance: 0 });
    for (let i = 0; i < 200; i++) {
      const query = DMC_THREADS[(i * 37) % DMC_THREADS.length]!.lab;
      const expected = candidates
        .map((thread) => deltaE2000(query, thread.lab))
        .sort((x, y) => x - y)
        .slice(0, 4);
      expect(nearestThreads(query, 4, candidates).map((m) => m.distance)).toEqual(expected);
    }
  });

  it('matches pure black to DMC 310', () => {
    expect(nearestThreads(rgbToLab({ r: 0, g: 0, b: 0 }), 1)[0]?.thread.code).toBe('310');
  });
});
