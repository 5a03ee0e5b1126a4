import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { deltaE2000 } from '../color/ciede2000.js';
import { rgbToLab } from '../color/spaces.js';
import { compareBrandThreads, findBrandThread, readWrittenThread, threadOfKey, threadsOf, threadsOfBrands, threadsOfKeys } from './brands.js';
import { BRANDS, brandNamed, isThreadBrand, threadKey, threadLabel } from './brand-names.js';
import { ANCHOR_THREADS, DMC_THREADS, MADEIRA_THREADS, nearestThreads, searchThreads } from './catalogue.js';
import { THREAD_BRANDS } from './brand-names.js';

const shared = fileURLToPath(new URL('../../../../../shared/data/threads/', import.meta.url));

/** The shared KXStitch table read independently of the generator: code → [name, r, g, b]. */
function sharedTable(file: string): Map<string, [string, number, number, number]> {
  const text = readFileSync(`${shared}${file}`, 'utf8');
  const table = new Map<string, [string, number, number, number]>();
  for (const block of text.split('<floss>').slice(1)) {
    const field = (tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(block)![1]!;
    table.set(field('name'), [field('description'), Number(field('red')), Number(field('green')), Number(field('blue'))]);
  }
  return table;
}

describe('thread brands', () => {
  it.each([
    ['anchor', 'anchor.xml', 445],
    ['madeira', 'madeira.xml', 369],
  ] as const)('%s: every thread of the shared table, with its name and colour, and CIELAB matching the colour', (brand, file, count) => {
    const table = sharedTable(file);
    const threads = threadsOf(brand);
    expect(table.size).toBe(count);
    expect(threads).toHaveLength(count);
    for (const thread of threads) {
      expect(thread.brand).toBe(brand);
      const [name, r, g, b] = table.get(thread.code)!;
      expect({ name: thread.name, r: thread.r, g: thread.g, b: thread.b }).toEqual({ name, r, g, b });
      const lab = rgbToLab(thread);
      expect(thread.lab.L).toBeCloseTo(lab.L, 8);
      expect(thread.lab.a).toBeCloseTo(lab.a, 8);
      expect(thread.lab.b).toBeCloseTo(lab.b, 8);
    }
  });

  it('keeps DMC as it was: 489 threads, each marked as DMC', () => {
    expect(threadsOf('dmc')).toBe(DMC_THREADS);
    expect(new Set(DMC_THREADS.map((thread): string => thread.brand))).toEqual(new Set(['dmc']));
    expect(Object.values(BRANDS).map((brand) => [brand.id, brand.name, threadsOf(brand.id).length])).toEqual([
      ['dmc', 'DMC', 489],
      ['anchor', 'Anchor', 445],
      ['madeira', 'Madeira', 369],
    ]);
  });

  it('finds a thread by brand and code: case, spaces and leading zeros aside, and never across brands', () => {
    expect(findBrandThread('anchor', '403')).toMatchObject({ brand: 'anchor', code: '403' });
    expect(findBrandThread('anchor', ' 0403 ')?.code).toBe('403');
    expect(findBrandThread('madeira', 'black')).toMatchObject({ brand: 'madeira', code: 'Black', hex: '#000000' });
    expect(findBrandThread('madeira', '0814')?.code).toBe('814');
    expect(findBrandThread('dmc', '1')).toMatchObject({ brand: 'dmc', code: '01' });
    // DMC 3865 exists; Anchor has no such code: an equal number is not the same thread.
    expect(findBrandThread('dmc', '3865')).toBeDefined();
    expect(findBrandThread('anchor', '3865')).toBeUndefined();
    expect(findBrandThread('anchor', 'blanc')).toBeUndefined();
    for (const thread of [...ANCHOR_THREADS, ...MADEIRA_THREADS]) expect(findBrandThread(thread.brand, thread.code)).toBe(thread);
  });

  it('names threads as stitchers write them, and keys them apart across brands', () => {
    expect(threadLabel({ brand: 'anchor', code: '403' })).toBe('Anchor 403');
    expect(threadLabel({ brand: 'madeira', code: '814' })).toBe('Madeira 814');
    expect(threadLabel({ brand: 'dmc', code: '310' })).toBe('DMC 310');
    expect(threadKey({ brand: 'anchor', code: '1' })).not.toBe(threadKey({ brand: 'madeira', code: '1' }));
    expect(isThreadBrand('anchor')).toBe(true);
    expect(isThreadBrand('coats')).toBe(false);
    expect(isThreadBrand(undefined)).toBe(false);
  });

  it('reads a thread back from its key, and threads as stitchers write them', () => {
    for (const thread of [DMC_THREADS[10]!, ANCHOR_THREADS[20]!, MADEIRA_THREADS[30]!]) expect(threadOfKey(threadKey(thread))).toBe(thread);
    expect(threadsOfKeys(['anchor:403', 'dmc:310', 'madeira:black', 'anchor:3865', 'coats:1', '310', ':310'])).toEqual([
      findBrandThread('anchor', '403'),
      findBrandThread('dmc', '310'),
      findBrandThread('madeira', 'Black'),
    ]);
    expect(['Anchor', 'anchor', ' DMC ', 'madeira'].map(brandNamed)).toEqual(['anchor', 'anchor', 'dmc', 'madeira']);
    expect(brandNamed('Coats')).toBeUndefined();

    expect(readWrittenThread('Anchor 403')).toMatchObject({ brand: 'anchor', code: '403', branded: true, thread: { brand: 'anchor', code: '403' } });
    expect(readWrittenThread('anchor:0403', 'dmc')).toMatchObject({ brand: 'anchor', code: '403', branded: true });
    expect(readWrittenThread('madeira black')).toMatchObject({ brand: 'madeira', code: 'Black' });
    expect(readWrittenThread('DMC 1', 'anchor')).toMatchObject({ brand: 'dmc', code: '01', branded: true });
    expect(readWrittenThread('#403', 'anchor')).toMatchObject({ brand: 'anchor', code: '403', branded: false });
    expect(readWrittenThread('blanc')).toMatchObject({ brand: 'dmc', code: 'Blanc', branded: false });
    const unknown = readWrittenThread('Anchor 99999');
    expect(unknown).toEqual({ brand: 'anchor', code: '99999', branded: true });
    expect(readWrittenThread('Coats 403')).toEqual({ brand: 'dmc', code: 'Coats 403', branded: false });
  });

  it('sorts a stash by brand, then by number', () => {
    const threads = [
      { brand: 'madeira', code: '814' },
      { brand: 'anchor', code: '1001' },
      { brand: 'dmc', code: 'Blanc' },
      { brand: 'anchor', code: '403' },
      { brand: 'dmc', code: '310' },
    ] as const;
    expect([...threads].sort(compareBrandThreads).map(threadLabel)).toEqual(['DMC 310', 'DMC Blanc', 'Anchor 403', 'Anchor 1001', 'Madeira 814']);
  });

  it('searches a brand by code or name', () => {
    expect(searchThreads('403', ANCHOR_THREADS)[0]).toMatchObject({ brand: 'anchor', code: '403' });
    const salmon = searchThreads('salmon', ANCHOR_THREADS);
    expect(salmon.length).toBeGreaterThan(3);
    expect(salmon.every((thread) => thread.brand === 'anchor' && /salmon/i.test(thread.name))).toBe(true);
  });

  it('finds the nearest threads within any brand or set of brands, as a scan of every thread by ΔE00 would', () => {
    const colours = [
      { r: 200, g: 30, b: 60 },
      { r: 12, g: 90, b: 200 },
      { r: 240, g: 235, b: 220 },
      { r: 60, g: 60, b: 60 },
    ];
    for (const brands of [['anchor'], ['madeira'], ['anchor', 'madeira'], [...THREAD_BRANDS]] as const) {
      const threads = threadsOfBrands(brands);
      expect(threadsOfBrands(brands)).toBe(threads); // built once
      expect(new Set(threads.map((thread) => thread.brand))).toEqual(new Set(brands));
      for (const colour of colours) {
        const lab = rgbToLab(colour);
        const scan = threads
          .map((thread) => ({ thread, distance: deltaE2000(lab, thread.lab) }))
          .sort((x, y) => x.distance - y.distance)
          .slice(0, 5);
        const found = nearestThreads(lab, 5, threads);
        expect(found.map((match) => threadKey(match.thread))).toEqual(scan.map((match) => threadKey(match.thread)));
        expect(found.map((match) => match.distance)).toEqual(scan.map((match) => match.distance));
      }
    }
  });
});
