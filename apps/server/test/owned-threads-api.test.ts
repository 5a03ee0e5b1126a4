import { DMC_THREADS, findBrandThread, THREAD_BRANDS, threadKey, threadsOfBrands, type ThreadBrand } from '@stitchwise/core';
import { describe, expect, it } from 'vitest';
import type { OwnedThread } from '../src/contract/owned-threads.js';
import type { Problem } from '../src/contract/problem.js';
import { apiClient, useTestServer, type ApiClient } from './support/harness.js';
import { DATABASES } from './support/test-server.js';

/** A thread as the API answers it: its brand, code, the catalogue's name and skeins. */
const owned = (brand: ThreadBrand, code: string, skeins: number) => ({ brand, code, name: findBrandThread(brand, code)!.name, skeins });
const dmc = (code: string, skeins: number) => owned('dmc', code, skeins);

/** `GET`/`PUT /api/threads/owned`: each user's own list of threads of any brand, replaced whole, strictly checked. */
describe.each(DATABASES)('threads a user owns, on $name', (database) => {
  const suite = useTestServer({ database, users: ['alice', 'bob'] });
  const alice = suite.user('alice');
  const bob = suite.user('bob');

  /** `PUT` of `body` as JSON (a string is sent as it is). */
  const put = (client: ApiClient, body: unknown): Promise<Response> =>
    typeof body === 'string'
      ? client.api('/threads/owned', { method: 'PUT', headers: { 'content-type': 'application/json' }, body })
      : client.api('/threads/owned', { method: 'PUT', json: body });
  async function listOf(client: ApiClient): Promise<OwnedThread[]> {
    const { data, response } = await client.typed.GET('/api/threads/owned');
    expect(response.status).toBe(200);
    return data!;
  }

  it('starts empty, stores DMC codes sent the earlier way (dmc_code) as the catalogue spells them, in number order, and is replaced whole', async () => {
    expect(await listOf(alice)).toEqual([]);
    const sent = [
      { dmc_code: 'blanc', skeins: 0 },
      { dmc_code: ' 310 ', skeins: 3 },
      { dmc_code: '1', skeins: 2 },
      { dmc_code: 'b5200', skeins: 1 },
      { dmc_code: '3865', skeins: 999 },
    ];
    const stored = [dmc('01', 2), dmc('310', 3), dmc('3865', 999), dmc('B5200', 1), dmc('Blanc', 0)];
    const response = await put(alice, sent);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(stored);
    expect(await listOf(alice)).toEqual(stored);

    // The whole list, not a merge: what is left out is gone.
    expect((await put(alice, [{ dmc_code: '321', skeins: 4 }])).status).toBe(200);
    expect(await listOf(alice)).toEqual([dmc('321', 4)]);
    // What GET gives can be sent back as it is (its names are the catalogue's, and ignored).
    expect((await put(alice, await listOf(alice))).status).toBe(200);
    expect((await put(alice, [])).status).toBe(200);
    expect(await listOf(alice)).toEqual([]);
  });

  it('keeps threads of every brand, by brand and then in number order, a code only ever within its brand', async () => {
    const sent = [
      { brand: 'madeira', code: 'black', skeins: 1 },
      { brand: 'Anchor', code: '0403', skeins: 2 },
      { brand: 'anchor', code: '9046', skeins: 0 },
      { brand: 'anchor', code: '310', skeins: 5 }, // Anchor 310, a brown: not DMC 310
      { dmc_code: '310', skeins: 3 }, // the earlier form, in the same list
      { brand: 'dmc', code: 'blanc', skeins: 4, name: 'whatever a client calls it' },
      { brand: 'madeira', code: '814', skeins: 2 },
    ];
    const stored = [
      dmc('310', 3),
      dmc('Blanc', 4),
      owned('anchor', '310', 5),
      owned('anchor', '403', 2),
      owned('anchor', '9046', 0),
      owned('madeira', '814', 2),
      owned('madeira', 'Black', 1),
    ];
    const response = await put(alice, sent);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual(stored);
    expect(await listOf(alice)).toEqual(stored);
    expect(stored.find((thread) => thread.brand === 'anchor' && thread.code === '403')!.name).toBe('Black');
    expect(stored.find((thread) => thread.brand === 'anchor' && thread.code === '310')!.name).not.toBe('Black');
    expect((await put(alice, await listOf(alice))).status).toBe(200);
    expect(await listOf(alice)).toEqual(stored);
  });

  it('holds every thread of every brand', async () => {
    const all = threadsOfBrands(THREAD_BRANDS);
    const everything = all.map((thread, index) => ({ brand: thread.brand, code: thread.code, skeins: index % 1000 }));
    expect((await put(bob, everything)).status).toBe(200);
    const stored = await listOf(bob);
    expect(stored).toHaveLength(all.length);
    expect(new Map(stored.map((t) => [threadKey(t), t.skeins]))).toEqual(new Map(everything.map((t) => [threadKey(t), t.skeins])));
    // Sent back with every name, it still fits the body limit.
    expect((await put(bob, stored)).status).toBe(200);
    expect((await put(bob, [])).status).toBe(200);
  });

  it("keeps each user's list their own", async () => {
    await put(alice, [{ dmc_code: '310', skeins: 2 }]);
    await put(bob, [
      { dmc_code: '666', skeins: 1 },
      { brand: 'anchor', code: '403', skeins: 1 },
    ]);
    expect(await listOf(alice)).toEqual([dmc('310', 2)]);
    expect(await listOf(bob)).toEqual([dmc('666', 1), owned('anchor', '403', 1)]);
    await put(bob, []);
    expect(await listOf(alice)).toEqual([dmc('310', 2)]);
  });

  it.each([
    ['an unknown code', [{ dmc_code: '9999', skeins: 1 }], '0.dmc_code', /"9999" is not a DMC thread/],
    ['an empty code', [{ dmc_code: ' ', skeins: 1 }], '0.dmc_code', /is not a DMC thread/],
    [
      'a code twice, however written',
      [
        { dmc_code: '01', skeins: 1 },
        { dmc_code: '310', skeins: 1 },
        { dmc_code: '1', skeins: 2 },
      ],
      '2.dmc_code',
      /01 is listed twice/,
    ],
    [
      'BLANC after Blanc',
      [
        { dmc_code: 'Blanc', skeins: 1 },
        { dmc_code: 'BLANC', skeins: 1 },
      ],
      '1.dmc_code',
      /listed twice/,
    ],
    ['an unknown Anchor code', [{ brand: 'anchor', code: '3865', skeins: 1 }], '0.code', /code "3865" is not an Anchor thread/],
    [
      'an unknown code among good ones',
      [
        { brand: 'madeira', code: 'Black', skeins: 1 },
        { brand: 'dmc', code: '310', skeins: 1 },
        { brand: 'anchor', code: '403', skeins: 1 },
        { brand: 'madeira', code: '99999', skeins: 1 },
      ],
      '3.code',
      /code "99999" is not a Madeira thread/,
    ],
    ['an unknown brand', [{ brand: 'coats', code: '403', skeins: 1 }], '0.brand', /brand must be one of dmc, anchor, madeira/],
    ['a code without its brand', [{ code: '403', skeins: 1 }], '0.brand', /brand is required/],
    ['a brand without a code', [{ brand: 'anchor', skeins: 1 }], '0.code', /code is required/],
    ['dmc_code and code at once', [{ dmc_code: '310', code: '310', skeins: 1 }], '0.code', /not both/],
    ['dmc_code of another brand', [{ brand: 'anchor', dmc_code: '310', skeins: 1 }], '0.brand', /dmc_code names a DMC thread/],
    [
      'an Anchor thread twice, however written',
      [
        { brand: 'anchor', code: '403', skeins: 1 },
        { brand: 'ANCHOR', code: '0403', skeins: 2 },
      ],
      '1.code',
      /Anchor 403 is listed twice \(also at 0\)/,
    ],
    [
      'a DMC thread in both forms',
      [
        { dmc_code: '310', skeins: 1 },
        { brand: 'dmc', code: '310', skeins: 2 },
      ],
      '1.code',
      /DMC 310 is listed twice/,
    ],
    ['negative skeins', [{ dmc_code: '310', skeins: -1 }], '0.skeins', /whole number from 0 to 999/],
    ['1000 skeins', [{ dmc_code: '310', skeins: 1000 }], '0.skeins', /whole number from 0 to 999/],
    ['half a skein', [{ dmc_code: '310', skeins: 1.5 }], '0.skeins', /whole number from 0 to 999/],
    ['skeins as text', [{ dmc_code: '310', skeins: '2' }], '0.skeins', /whole number from 0 to 999/],
    ['no skeins', [{ dmc_code: '310' }], '0.skeins', /whole number/],
    ['a field the list does not have', [{ dmc_code: '310', skeins: 1, colour: 'black' }], '0', /colour/],
    ['an object instead of the list', { threads: [] }, 'request', /array of \{ brand, code, skeins \}/],
    [
      'more threads than every brand has',
      Array.from({ length: threadsOfBrands(THREAD_BRANDS).length + 1 }, () => ({ dmc_code: '310', skeins: 1 })),
      'request',
      /at most 1303 threads/,
    ],
  ])('refuses %s (400 naming the entry) and keeps the stored list', async (_name, body, field, message) => {
    await put(alice, [{ dmc_code: '310', skeins: 2 }]);
    const response = await put(alice, body);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = (await response.json()) as Problem;
    expect(problem.code).toBe('invalid_request');
    expect(problem.errors?.map((error) => error.field)).toContain(field);
    expect(problem.detail).toMatch(message);
    expect(await listOf(alice)).toEqual([dmc('310', 2)]);
  });

  it('refuses what is not a JSON list: bad JSON, another content type, a body over 256 KB', async () => {
    expect((await put(alice, '[{"dmc_code": "310",')).status).toBe(400);
    const text = await alice.api('/threads/owned', { method: 'PUT', body: '310,2', headers: { 'content-type': 'text/csv' } });
    expect(text.status).toBe(415);
    const huge = await put(alice, JSON.stringify([{ dmc_code: '310', skeins: 1, padding: 'x'.repeat(260 * 1024) }]));
    expect(huge.status).toBe(413);
    expect(await listOf(alice)).toEqual([dmc('310', 2)]);
  });

  it('answers 401 without a valid token, and stores nothing', async () => {
    for (const client of [suite.visitor, apiClient(suite.baseUrl, 'not-a-token')]) {
      expect((await client.api('/threads/owned')).status).toBe(401);
      const response = await put(client, [{ dmc_code: '321', skeins: 1 }]);
      expect(response.status).toBe(401);
      expect(((await response.json()) as Problem).code).toBe('unauthorized');
    }
    expect(await listOf(alice)).toEqual([dmc('310', 2)]);
  });

  it('ends parallel replacements as one of them, never a mix', async () => {
    // Ten lists that overlap (all hold 310) and differ (each its own other threads).
    const lists = Array.from({ length: 10 }, (_, n) => [
      { dmc_code: '310', skeins: n },
      ...DMC_THREADS.slice(n * 20, n * 20 + 15).map((thread) => ({ dmc_code: thread.code, skeins: n })),
    ]);
    const answers = await Promise.all(lists.map((list) => put(alice, list)));
    expect(answers.map((response) => response.status)).toEqual(lists.map(() => 200));
    const stored = await listOf(alice);
    const winner = stored.find((thread) => thread.code === '310')!.skeins;
    expect(new Set(stored.map((thread) => thread.skeins))).toEqual(new Set([winner]));
    expect(stored).toHaveLength(16);
  });
});
