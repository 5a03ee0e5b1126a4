import { CHART_SYMBOLS, findBrandThread, findThread, legendEntryOf, namedThread, type PatternDocument } from '@stitchwise/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportedProject } from '../src/contract/imports.js';
import type { ShoppingList } from '../src/contract/shopping-list.js';
import { useTestServer } from './support/harness.js';
import { encodePng } from './support/images.js';
import { legendEntry, patternDocument } from './support/pattern-fixtures.js';
import { createPhotoProject, importChart, MISSING_PROJECT, ownThreads, readPattern, saved } from './support/stitch-requests.js';
import { DATABASES } from './support/test-server.js';

/**
 * A 60 × 50 chart: 2,800 stitches of 310 (3 skeins on 11-count, 2 on 14, 1 on 18: about 20 mm of single
 * strand a stitch on 14-count, 48 m a skein), 200 of 321 (1 skein), and 3865 in backstitch only (1 skein).
 */
function chart(cells = Array.from({ length: 3000 }, (_, i) => (i < 2800 ? 0 : 1))): PatternDocument {
  const legend = ['310', '321', '3865'].map((code, index) => legendEntry(code, index, cells.filter((c) => c === index).length));
  return patternDocument({ width: 60, height: 50, legend, cells, backstitches: [{ x1: 0, y1: 0, x2: 40, y2: 0, thread: 2 }] });
}

/** `GET /api/stitch/projects/:id/shopping-list`: what a project's chart takes, against the threads the user owns. */
describe.each(DATABASES)('shopping list on $name', (database) => {
  const suite = useTestServer({ database, users: ['alice', 'bob'] });
  const alice = suite.user('alice');
  const bob = suite.user('bob');
  let projectId: string;

  const own = (threads: Parameters<typeof ownThreads>[1]): Promise<void> => ownThreads(alice, threads);
  async function listOf(query = ''): Promise<ShoppingList> {
    const response = await alice.api(`/stitch/projects/${projectId}/shopping-list${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as ShoppingList;
  }
  const rows = (list: ShoppingList) => list.threads.map(({ dmc_code, skeins_needed, owned, to_buy }) => [dmc_code, skeins_needed, owned, to_buy]);

  beforeAll(async () => {
    const imported = await importChart(alice, JSON.stringify(chart()), 'harbour.json', { name: 'Harbour, at dusk' });
    expect(imported.status, await imported.clone().text()).toBe(201);
    projectId = ((await imported.json()) as ImportedProject).id;
  });

  it("counts each thread's skeins on the fabric against those owned, in the legend's order", async () => {
    await own([
      { dmc_code: '310', skeins: 1 },
      { dmc_code: '321', skeins: 5 },
      { dmc_code: 'B5200', skeins: 3 }, // owned, not in the chart: not listed
    ]);
    const list = await listOf();
    expect(list).toMatchObject({ project_id: projectId, project_name: 'Harbour, at dusk', fabric: { count: 14, label: '14-count Aida', strands: 2 } });
    expect(rows(list)).toEqual([
      ['310', 2, 1, 1],
      ['321', 1, 5, 0],
      ['3865', 1, 0, 1],
    ]);
    expect(list.threads[0]).toMatchObject({ brand: 'dmc', code: '310', name: 'Black', dmc_name: 'Black', hex: '#000000', symbol: CHART_SYMBOLS[0] });
    expect(list.totals).toEqual({ skeins_needed: 4, owned: 6, to_buy: 2, threads_to_buy: 2 });

    // Finer fabric, thinner stitches: less thread; coarser, three strands: more.
    expect(rows(await listOf('?fabric=18'))[0]).toEqual(['310', 1, 1, 0]);
    expect(rows(await listOf('?fabric=11'))[0]).toEqual(['310', 3, 1, 2]);

    // Owning more changes what to buy at once.
    await own([{ dmc_code: '310', skeins: 4 }]);
    expect(rows(await listOf())).toEqual([
      ['310', 2, 4, 0],
      ['321', 1, 0, 1],
      ['3865', 1, 0, 1],
    ]);
  });

  it('downloads as CSV named after the project', async () => {
    await own([{ dmc_code: '310', skeins: 1 }]);
    const response = await alice.api(`/stitch/projects/${projectId}/shopping-list?format=csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="harbour-at-dusk-shopping-list.csv"');
    expect(await response.text()).toBe(
      `Brand,Code,Name,Skeins needed,Owned,To buy\r\nDMC,310,Black,2,1,1\r\nDMC,321,${findThread('321')!.name},1,0,1\r\nDMC,3865,${findThread('3865')!.name},1,0,1\r\n`,
    );
  });

  it("names each thread's brand, counts owned skeins of the same brand and code only, and Madeira's skeins at 10 m", async () => {
    // 2,800 stitches of Madeira 814 (56 m of strand: 2 DMC skeins of 48 m, 1 Madeira skein of 60 m), 200 of
    // Anchor 403, and DMC 310 in backstitch only.
    const cells = Array.from({ length: 3000 }, (_, i) => (i < 2800 ? 0 : 1));
    const threads = [findBrandThread('madeira', '814')!, findBrandThread('anchor', '403')!, findBrandThread('dmc', '310')!];
    const legend = threads.map((thread, index) => legendEntryOf(namedThread(thread), index, CHART_SYMBOLS[index]!, cells.filter((c) => c === index).length));
    const document = patternDocument({ width: 60, height: 50, legend, cells, backstitches: [{ x1: 0, y1: 0, x2: 40, y2: 0, thread: 2 }] });
    const imported = await importChart(alice, JSON.stringify(document), 'three-brands.json', { name: 'Three brands' });
    expect(imported.status, await imported.clone().text()).toBe(201);
    const id = ((await imported.json()) as ImportedProject).id;
    await own([
      { brand: 'anchor', code: '403', skeins: 3 },
      { brand: 'anchor', code: '310', skeins: 5 }, // another thread than DMC 310
      { brand: 'dmc', code: '814', skeins: 2 }, // another thread than Madeira 814
    ]);

    const response = await alice.api(`/stitch/projects/${id}/shopping-list`);
    expect(response.status).toBe(200);
    const list = (await response.json()) as ShoppingList;
    expect(
      list.threads.map(({ brand, code, name, dmc_code, skeins_needed, owned, to_buy }) => [brand, code, name, dmc_code, skeins_needed, owned, to_buy]),
    ).toEqual([
      ['madeira', '814', threads[0]!.name, '', 1, 0, 1],
      ['anchor', '403', 'Black', '', 1, 3, 0],
      ['dmc', '310', 'Black', '310', 1, 0, 1],
    ]);
    expect(list.totals).toEqual({ skeins_needed: 3, owned: 3, to_buy: 2, threads_to_buy: 2 });

    const csv = await alice.api(`/stitch/projects/${id}/shopping-list?format=csv`);
    expect(await csv.text()).toBe(
      `Brand,Code,Name,Skeins needed,Owned,To buy\r\nMadeira,814,${threads[0]!.name},1,0,1\r\nAnchor,403,Black,1,3,0\r\nDMC,310,Black,1,0,1\r\n`,
    );
  });

  it("follows the project's current chart after an edit is saved", async () => {
    const { etag } = await readPattern(alice, projectId);
    const all310 = chart(Array.from({ length: 3000 }, () => 0));
    all310.legend = all310.legend.filter((entry) => entry.dmc_code !== '321').map((entry, index) => ({ ...entry, index }));
    all310.backstitches = [{ x1: 0, y1: 0, x2: 40, y2: 0, thread: 1 }];
    await saved(alice, projectId, all310, etag);
    expect((await listOf()).threads.map((entry) => entry.dmc_code)).toEqual(['310', '3865']);
  });

  it("answers another user's project exactly like a missing one (404), in both formats, and 401 to visitors", async () => {
    for (const format of ['json', 'csv']) {
      const theirs = await bob.api(`/stitch/projects/${projectId}/shopping-list?format=${format}`);
      const missing = await bob.api(`/stitch/projects/${MISSING_PROJECT}/shopping-list?format=${format}`);
      expect(theirs.status).toBe(404);
      expect(theirs.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(await theirs.json()).toEqual(await missing.json());
      expect((await suite.visitor.api(`/stitch/projects/${projectId}/shopping-list?format=${format}`)).status).toBe(401);
    }
  });

  it('answers 404 for a project without a chart yet, and 400 naming a bad fabric or format', async () => {
    const image = encodePng(20, 20, (x) => [x * 10, 80, 120]);
    const created = await createPhotoProject(alice, 'Later', image);
    expect(created.status).toBe(201);
    const uncharted = await alice.api(`/stitch/projects/${((await created.json()) as { id: string }).id}/shopping-list`);
    expect(uncharted.status).toBe(404);
    expect(((await uncharted.json()) as { detail: string }).detail).toMatch(/no pattern yet/);

    for (const [query, field] of [
      ['?fabric=15', 'fabric'],
      ['?format=pdf', 'format'],
    ]) {
      const response = await alice.api(`/stitch/projects/${projectId}/shopping-list${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { errors: { field: string }[] }).errors.map((error) => error.field)).toEqual([field]);
    }
  });
});
