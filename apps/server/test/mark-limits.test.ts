import { CHART_SYMBOLS, findThread } from '@stitchwise/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportedProject } from '../src/contract/imports.js';
import type { Problem } from '../src/contract/problem.js';
import { multipartBody } from './support/images.js';
import { newUser, OidcBrowser } from './support/oidc-client.js';
import { sqliteUnderTest, startTestServer, type DatabaseUnderTest, type TestServer } from './support/test-server.js';

/**
 * Marks are bounded by the chart's size (the core's `markLimits`): a 100 × 100 chart takes a French knot per
 * corner of its stitches, 101 × 101 = 10,201. An export or a save past that is refused with a sentence naming
 * the limit; an import keeps the first that fit and counts the rest.
 */

/** `count` knots on different points of a 100 × 100 chart's lattice, row by row. */
const knots = (count: number) => Array.from({ length: count }, (_, i) => ({ x: i % 201, y: Math.floor(i / 201), thread: 0 }));

const { hex, name, r, g, b } = findThread('310')!;

/** A 100 × 100 chart of DMC 310 in its first row, with `knotCount` knots. */
const documentWith = (knotCount: number) => ({
  format: 'stitchwise-pattern',
  version: 2,
  width: 100,
  height: 100,
  legend: [{ index: 0, hex, symbol: CHART_SYMBOLS[0], dmc_code: '310', dmc_name: name, stitch_count: 100, rgb: { r, g, b } }],
  cells: Array.from({ length: 100 * 100 }, (_, cell) => (cell < 100 ? 0 : -1)),
  part_stitches: [],
  backstitches: [],
  knots: knots(knotCount),
  stats: { confetti_before: 0, confetti_after: 0, mean_delta_e: 0 },
});

const TOO_MANY = 'knots has 10,202 entries; a 100 × 100 chart may have at most 10,201 French knots';

describe('marks bounded by the chart size', () => {
  let database: DatabaseUnderTest;
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    database = await sqliteUnderTest();
    server = await startTestServer(database.environment);
    token = (await new OidcBrowser(server.baseUrl).signUp(newUser('marks'))).access_token;
  });
  afterAll(async () => {
    await server.stop();
    await database.dispose();
  });

  const api = (path: string, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${token}`);
    return fetch(`${server.baseUrl}/api${path}`, { ...init, headers });
  };
  const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

  async function expectRefused(response: Response, detail: string): Promise<void> {
    const text = await response.text();
    expect(response.status, text).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = JSON.parse(text) as Problem;
    expect(problem).toMatchObject({ code: 'invalid_pattern', detail, errors: [{ field: 'knots', message: TOO_MANY }] });
  }

  it('refuses to export a 100 × 100 chart with a knot past the limit, and exports one at it', async () => {
    await expectRefused(await api('/stitch/patterns/export?format=png', json('POST', documentWith(10_202))), `The pattern cannot be exported: ${TOO_MANY}.`);
    expect((await api('/stitch/patterns/export?format=png', json('POST', documentWith(10_201)))).status).toBe(200);
  });

  it('imports the knots that fit, counting the rest, and refuses to save more', async () => {
    const objects = knots(10_300).map(({ x, y }) => `<object x1="${x / 2}" y1="${y / 2}" palindex="1" objecttype="knot"/>`);
    const oxs =
      '<chart><properties chartwidth="100" chartheight="100"/><palette><palette_item index="1" number="DMC 310" color="000000"/></palette>' +
      `<fullstitches><stitch x="0" y="0" palindex="1"/></fullstitches><ornaments_inc_knots_and_beads>${objects.join('')}</ornaments_inc_knots_and_beads></chart>`;
    const file = { field: 'file', filename: 'knots.oxs', contentType: 'application/octet-stream', bytes: Buffer.from(oxs) };
    const response = await api('/stitch/projects/import', { method: 'POST', body: multipartBody({}, file) });
    expect(response.status, await response.clone().text()).toBe(201);
    const project = (await response.json()) as ImportedProject;
    expect(project.import_report.marks.knots).toBe(10_201);
    expect(project.import_report.not_imported.knots).toBe(99);

    const etag = (await api(`/stitch/projects/${project.id}/pattern`)).headers.get('etag')!;
    await expectRefused(
      await api(`/stitch/projects/${project.id}/pattern`, json('PUT', documentWith(10_202), { 'if-match': etag })),
      `The pattern cannot be saved: ${TOO_MANY}.`,
    );
  }, 60_000);
});
