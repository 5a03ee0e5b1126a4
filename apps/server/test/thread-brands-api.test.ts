import { describe, expect, it } from 'vitest';
import type { Problem } from '../src/contract/problem.js';
import type { BrandThread, BrandThreadMatch, Conversion, ThreadBrandView } from '../src/contract/thread-brands.js';
import { referenceDeltaE00, referenceLab, referenceScan } from './support/ciede2000-reference.js';
import { useTestServer } from './support/harness.js';
import { SHARED_TABLES, SHARMA_PAIRS, type TableThread } from './support/shared-thread-tables.js';

const { visitor } = useTestServer();

type Brand = keyof typeof SHARED_TABLES;

async function get(path: string): Promise<{ status: number; type: string; body: unknown }> {
  const response = await visitor.api(path);
  return { status: response.status, type: String(response.headers.get('content-type')), body: await response.json() };
}

async function ok<T>(path: string): Promise<T> {
  const { status, body } = await get(path);
  expect(status, path).toBe(200);
  return body as T;
}

async function problem(path: string, status: number, field?: string): Promise<Problem> {
  const answer = await get(path);
  expect(answer.status, path).toBe(status);
  expect(answer.type).toMatch(/^application\/problem\+json/);
  const body = answer.body as Problem;
  expect(body).toMatchObject({ status, code: expect.stringMatching(/^[a-z_]+$/) });
  if (field) expect(body.errors?.map((error) => error.field)).toContain(field);
  return body;
}

const hexOf = ({ r, g, b }: TableThread) => `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, '0').toUpperCase()).join('')}`;

/**
 * The matches are the nearest of the brand's whole shared table by the reference ΔE00: each with the
 * distance the reference gives it (4 decimals), in order, and none nearer left out.
 */
function expectNearest(matches: BrandThreadMatch[], brand: Brand, from: { r: number; g: number; b: number }, count: number): void {
  const scan = referenceScan(referenceLab(from.r, from.g, from.b), SHARED_TABLES[brand]);
  expect(matches).toHaveLength(count);
  for (const [rank, match] of matches.entries()) {
    const table = SHARED_TABLES[brand].find((thread) => thread.code === match.code)!;
    expect(match).toEqual({ brand, ...table, hex: hexOf(table), distance: match.distance });
    const reference = referenceDeltaE00(referenceLab(from.r, from.g, from.b), referenceLab(table.r, table.g, table.b));
    expect(Math.abs(match.distance - reference), `${brand} ${match.code}`).toBeLessThan(6e-5);
    expect(Math.abs(match.distance - scan[rank]!.distance), `rank ${rank}`).toBeLessThan(6e-5);
  }
}

describe('the reference CIEDE2000 these tests use', () => {
  it('reproduces Sharma, Wu & Dalal’s pairs to 4 decimals in both orders', () => {
    expect(SHARMA_PAIRS).toHaveLength(37);
    for (const [L1, a1, b1, L2, a2, b2, expected] of SHARMA_PAIRS as [number, number, number, number, number, number, number][]) {
      expect(referenceDeltaE00({ L: L1, a: a1, b: b1 }, { L: L2, a: a2, b: b2 }).toFixed(4)).toBe(expected.toFixed(4));
      expect(referenceDeltaE00({ L: L2, a: a2, b: b2 }, { L: L1, a: a1, b: b1 }).toFixed(4)).toBe(expected.toFixed(4));
    }
  });
});

describe('GET /api/threads/brands', () => {
  it('lists DMC, Anchor and Madeira with their counts, sources and licences', async () => {
    const { brands } = await ok<{ brands: ThreadBrandView[] }>('/threads/brands');
    expect(brands.map(({ id, name, thread_count, licence }) => [id, name, thread_count, licence])).toEqual([
      ['dmc', 'DMC', 489, 'CC BY 4.0'],
      ['anchor', 'Anchor', 445, 'GPL-2.0-or-later'],
      ['madeira', 'Madeira', 369, 'GPL-2.0-or-later'],
    ]);
    for (const brand of brands.slice(1)) expect(brand.source).toMatch(/KXStitch 2\.2\.0.*Stephen Allewell/);
  });
});

describe('GET /api/threads/{brand}', () => {
  it.each(['anchor', 'madeira'] as const)('%s: every thread of the shared table, with its name and colour, in order', async (brand) => {
    const table = SHARED_TABLES[brand];
    const { threads, total } = await ok<{ threads: BrandThread[]; total: number }>(`/threads/${brand}?limit=500`);
    expect(total).toBe(table.length);
    expect(threads).toEqual(table.map((thread) => ({ brand, ...thread, hex: hexOf(thread) })));
  });

  it('lists DMC as the specification’s route does, each thread naming its brand', async () => {
    const dmc = await ok<{ threads: BrandThread[]; total: number }>('/threads/dmc?limit=500');
    const specification = await ok<{ threads: Omit<BrandThread, 'brand'>[]; total: number }>('/dmc/threads?limit=500');
    expect(dmc.total).toBe(489);
    expect(dmc.threads).toEqual(specification.threads.map((thread) => ({ brand: 'dmc', ...thread })));
  });

  it('pages and searches by code or name', async () => {
    const all = await ok<{ threads: BrandThread[] }>('/threads/anchor?limit=500');
    const page = await ok<{ threads: BrandThread[]; total: number }>('/threads/anchor?limit=10&offset=20');
    expect(page).toEqual({ threads: all.threads.slice(20, 30), total: 445 });
    expect((await ok<{ threads: BrandThread[] }>('/threads/anchor')).threads).toHaveLength(100);
    const byCode = await ok<{ threads: BrandThread[] }>('/threads/anchor?q=403');
    expect(byCode.threads[0]).toMatchObject({ brand: 'anchor', code: '403', name: 'Black' });
    const byName = await ok<{ threads: BrandThread[]; total: number }>('/threads/madeira?q=salmon');
    expect(byName.total).toBeGreaterThan(2);
    expect(byName.threads.every((thread) => thread.brand === 'madeira' && /salmon/i.test(thread.name))).toBe(true);
  });

  it.each(['limit=0', 'limit=501', 'offset=-1'])('refuses %s naming the field', async (query) => {
    await problem(`/threads/anchor?${query}`, 400, query.split('=')[0]);
  });
});

describe('GET /api/threads/{brand}/{code}', () => {
  it('finds a code as the brand prints it, case and leading zeros aside', async () => {
    expect(await ok<BrandThread>('/threads/anchor/403')).toEqual({ brand: 'anchor', code: '403', name: 'Black', r: 0, g: 0, b: 0, hex: '#000000' });
    expect((await ok<BrandThread>('/threads/anchor/0403')).code).toBe('403');
    expect((await ok<BrandThread>('/threads/Anchor/403')).code).toBe('403');
    expect(await ok<BrandThread>('/threads/madeira/black')).toMatchObject({ brand: 'madeira', code: 'Black' });
    expect(await ok<BrandThread>('/threads/dmc/blanc')).toMatchObject({ brand: 'dmc', code: 'Blanc' });
  });

  it('answers an unknown code or brand with a 404 naming it', async () => {
    expect((await problem('/threads/anchor/9999', 404)).detail).toBe('There is no Anchor thread with the code "9999".');
    expect((await problem('/threads/madeira/310x', 404)).detail).toBe('There is no Madeira thread with the code "310x".');
    const brandless = 'There is no thread brand "coats". Brands: dmc, anchor, madeira.';
    for (const path of ['/threads/coats', '/threads/coats/403', '/threads/coats/closest/ff8800']) expect((await problem(path, 404)).detail).toBe(brandless);
  });
});

describe('GET /api/threads/{brand}/closest/{color}', () => {
  it.each(['anchor', 'madeira', 'dmc'] as const)('%s: the nearest threads of the whole table by ΔE00, nearest first', async (brand) => {
    for (const [color, count] of [
      ['ff8800', 5],
      ['3a5f8c', 12],
      ['f0ece0', 1],
    ] as const) {
      const answer = await ok<{ color: unknown; threads: BrandThreadMatch[] }>(`/threads/${brand}/closest/${color}?count=${count}`);
      expect(answer.color).toEqual({
        r: parseInt(color.slice(0, 2), 16),
        g: parseInt(color.slice(2, 4), 16),
        b: parseInt(color.slice(4), 16),
        hex: `#${color.toUpperCase()}`,
      });
      expectNearest(answer.threads, brand, answer.color as TableThread, count);
    }
  });

  it('reads the colour as the DMC route does, gives 5 by default and its DMC answer is the DMC route’s', async () => {
    const plain = await ok<{ threads: BrandThreadMatch[] }>('/threads/anchor/closest/ff8800');
    expect(plain.threads).toHaveLength(5);
    expect(await ok('/threads/anchor/closest/%23ff8800')).toEqual(plain);
    expect(await ok('/threads/anchor/closest/255,136,0')).toEqual(plain);
    const dmc = await ok<{ threads: BrandThreadMatch[] }>('/threads/dmc/closest/ff8800');
    const specification = await ok<{ threads: Omit<BrandThreadMatch, 'brand'>[] }>('/dmc/threads/closest/ff8800');
    expect(dmc.threads).toEqual(specification.threads.map((thread) => ({ brand: 'dmc', ...thread })));
  });

  it.each(['0', '51', 'abc'])('refuses count=%s naming count', async (count) => {
    await problem(`/threads/madeira/closest/ff8800?count=${count}`, 400, 'count');
  });

  it('refuses a colour it cannot read, naming color', async () => {
    await problem('/threads/madeira/closest/red', 400, 'color');
  });
});

describe('GET /api/threads/convert', () => {
  it('gives the nearest threads of the other brand, labelled as nearest colours, not equivalents', async () => {
    const answer = await ok<Conversion>('/threads/convert?from=anchor&code=403&to=dmc&count=3');
    expect(answer).toMatchObject({
      from: { brand: 'anchor', code: '403', name: 'Black', hex: '#000000' },
      to: 'dmc',
      note: 'Nearest colours by ΔE00 between screen colours, not official equivalents.',
    });
    expectNearest(answer.matches, 'dmc', answer.from, 3);
    expect(answer.matches[0]).toMatchObject({ code: '310', distance: 0 });
  });

  it('converts every way between the brands, checked against a scan of the whole table', async () => {
    const samples: Record<Brand, string[]> = {
      dmc: ['321', 'B5200', '3865', '931'],
      anchor: ['9046', '1', '0403', '131'],
      madeira: ['0210', 'Black', '2402', '1013'],
    };
    for (const from of Object.keys(samples) as Brand[]) {
      for (const to of (Object.keys(samples) as Brand[]).filter((brand) => brand !== from)) {
        for (const code of samples[from]) {
          const answer = await ok<Conversion>(`/threads/convert?from=${from}&code=${code}&to=${to}&count=4`);
          const source = SHARED_TABLES[from].find((thread) => thread.code === answer.from.code)!;
          expect(answer.from).toEqual({ brand: from, ...source, hex: hexOf(source) });
          expect(answer.to).toBe(to);
          expectNearest(answer.matches, to, source, 4);
        }
      }
    }
  });

  it('gives 3 by default and up to 20', async () => {
    expect((await ok<Conversion>('/threads/convert?from=madeira&code=2402&to=anchor')).matches).toHaveLength(3);
    expect((await ok<Conversion>('/threads/convert?from=madeira&code=2402&to=anchor&count=20')).matches).toHaveLength(20);
  });

  it('answers an unknown brand or code with a 404 naming it', async () => {
    expect((await problem('/threads/convert?from=anchor&code=9999&to=dmc', 404)).detail).toBe('There is no Anchor thread with the code "9999".');
    expect((await problem('/threads/convert?from=coats&code=403&to=dmc', 404)).detail).toBe('There is no thread brand "coats". Brands: dmc, anchor, madeira.');
    expect((await problem('/threads/convert?from=anchor&code=403&to=coats', 404)).detail).toContain('"coats"');
  });

  it.each([
    ['from=anchor&code=403&to=dmc&count=0', 'count'],
    ['from=anchor&code=403&to=dmc&count=21', 'count'],
    ['from=anchor&code=403&to=dmc&count=two', 'count'],
    ['from=anchor&to=dmc', 'code'],
    ['code=403&to=dmc', 'from'],
    ['from=anchor&code=403', 'to'],
    ['from=anchor&code=403&to=anchor', 'to'],
  ])('refuses %s naming %s', async (query, field) => {
    await problem(`/threads/convert?${query}`, 400, field);
  });
});
