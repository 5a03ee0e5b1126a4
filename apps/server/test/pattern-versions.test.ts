import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { CHART_SYMBOLS, DMC_THREADS, findThread, parseOxs, type LegendEntry, type PatternDocument } from '@stitchwise/core';
import { pdfPageTexts } from './support/pdf-text.js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatternVersionList, SavedPattern } from '../src/contract/pattern-versions.js';
import type { StitchPlan } from '../src/contract/patterns.js';
import type { Project, ProjectList } from '../src/contract/projects.js';
import { openDatabase } from '../src/db/database.js';
import { chartLayout } from '../src/render/chart.js';
import { FileReferences } from '../src/repositories/file-references.js';
import { storedProjectOf } from '../src/repositories/stored-project.js';
import { PatternVersionsRepository, VersionConflict } from '../src/repositories/pattern-versions.js';
import { LocalFileStore } from '../src/storage/file-store.js';
import { LeftoverSweep } from '../src/storage/leftover-sweep.js';
import { encodePng, multipartBody, pixelAt } from './support/images.js';
import { newUser, OidcBrowser } from './support/oidc-client.js';
import { DATABASES, startTestServer, statusOf, type DatabaseUnderTest, type TestServer } from './support/test-server.js';

const JSON_TYPE = { 'content-type': 'application/json' };
const MISSING_PROJECT = '00000000-0000-4000-8000-000000000000';

/** Colours, names and counts as a careless or hostile client might send them. */
const LIES = { hex: '#00ff00', dmc_name: 'Lime (trust me)', stitch_count: 1, rgb: { r: 0, g: 255, b: 0 } };

/**
 * A stitcher's edit: the top-left `size` × `size` stitches painted with `code` (a thread the chart did not
 * have, given the first free symbol), and every legend entry's colour, name and count lied about.
 */
function paint(original: PatternDocument, code: string, size = 3): PatternDocument {
  const symbol = CHART_SYMBOLS.find((candidate) => !original.legend.some((entry) => entry.symbol === candidate))!;
  const added = original.legend.length;
  const legend: LegendEntry[] = [...original.legend.map((entry) => ({ ...entry, ...LIES })), { index: added, symbol, dmc_code: code, ...LIES }];
  const cells = original.cells.map((cell, position) => (position % original.width < size && position < original.width * size ? added : cell));
  return { ...original, legend, cells };
}

/** A catalogue thread that `document` does not use, different for each `nth`. */
const freeThread = (document: PatternDocument, nth = 0): string => DMC_THREADS.filter((t) => !document.legend.some((e) => e.dmc_code === t.code))[nth]!.code;

/** The legend must be the catalogue's, counted from the cells, whatever was sent. */
function expectCatalogueLegend(document: PatternDocument): void {
  document.legend.forEach((entry, index) => {
    const thread = findThread(entry.dmc_code)!;
    expect(entry).toMatchObject({ index, hex: thread.hex, dmc_name: thread.name, rgb: { r: thread.r, g: thread.g, b: thread.b } });
    expect(entry.stitch_count).toBe(document.cells.filter((cell) => cell === index).length);
  });
}

/** Cells as the threads they name, so that documents with differently numbered legends compare. */
const stitchedCodes = (document: Pick<PatternDocument, 'legend'> & { cells: ArrayLike<number> }): (string | null)[] =>
  Array.from(document.cells, (cell) => (cell < 0 ? null : document.legend[cell]!.dmc_code));

const pdfText = async (pdf: ArrayBuffer): Promise<string> => (await pdfPageTexts(pdf)).join('\n');

describe.each(DATABASES)('saved chart versions on $name', ({ name, create }) => {
  let database: DatabaseUnderTest;
  let server: TestServer;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    database = await create();
    server = await startTestServer(database.environment);
    alice = (await new OidcBrowser(server.baseUrl).signUp(newUser('alice'))).access_token;
    bob = (await new OidcBrowser(server.baseUrl).signUp(newUser('bob'))).access_token;
  });
  afterAll(async () => {
    await server.stop();
    await database.dispose();
  });

  const api = (path: string, token: string | undefined, init: RequestInit = {}): Promise<Response> =>
    fetch(`${server.baseUrl}/api${path}`, {
      ...init,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers as Record<string, string> | undefined) },
    });

  const image = encodePng(60, 40, (x, y) => [x < 30 ? 210 : 40, y < 20 ? 70 : 180, (x * 7 + y * 3) % 255]);

  /** A generated project of `token`'s user (no version rows yet, as every project made before versions existed). */
  async function generate(token: string, maxSide = 30, settings: Record<string, string> = {}): Promise<StitchPlan> {
    const response = await api('/stitch/generate', token, {
      method: 'POST',
      body: multipartBody(
        { colors: '5', max_side: String(maxSide), project_name: 'Harbour', ...settings },
        { field: 'image_file', filename: 'h.png', contentType: 'image/png', bytes: image },
      ),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as StitchPlan;
  }

  async function readPattern(projectId: string, token = alice): Promise<{ etag: string; document: PatternDocument }> {
    const response = await api(`/stitch/projects/${projectId}/pattern`, token);
    expect(response.status).toBe(200);
    return { etag: response.headers.get('etag')!, document: (await response.json()) as PatternDocument };
  }

  const save = (projectId: string, document: unknown, ifMatch?: string, token = alice): Promise<Response> =>
    api(`/stitch/projects/${projectId}/pattern`, token, {
      method: 'PUT',
      headers: { ...JSON_TYPE, ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
      body: typeof document === 'string' ? document : JSON.stringify(document),
    });

  async function saved(projectId: string, document: PatternDocument, ifMatch: string): Promise<SavedPattern & { etag: string }> {
    const response = await save(projectId, document, ifMatch);
    expect(response.status, await response.clone().text()).toBe(200);
    return { ...((await response.json()) as SavedPattern), etag: response.headers.get('etag')! };
  }

  const versionsOf = async (projectId: string): Promise<PatternVersionList> =>
    (await (await api(`/stitch/projects/${projectId}/pattern/versions`, alice)).json()) as PatternVersionList;

  /** Stored files, as the file store holds them on disk. */
  const storedFiles = async (): Promise<string[]> =>
    (await readdir(join(server.config.dataDir, 'files'), { recursive: true })).filter((name) => /\.(png|json|jpg)$/.test(name));

  it('saves an edit over the version read; the pattern, detail, list, chart and exports show it, in catalogue colours', async () => {
    const plan = await generate(alice);
    const projectId = plan.project_id!;
    const before = (await (await api(`/stitch/projects/${projectId}`, alice)).json()) as Project;
    const { etag, document: original } = await readPattern(projectId);
    expect(etag).toBe('"v1"');
    expect(original).toEqual(await (await fetch(plan.pattern_url)).json());

    const code = freeThread(original);
    const response = await saved(projectId, paint(original, code), etag);
    expect(response).toMatchObject({ version: 2, etag: '"v2"', threads: original.legend.length + 1, stitches: original.cells.filter((c) => c >= 0).length });

    const current = await readPattern(projectId);
    expect(current.etag).toBe('"v2"');
    expectCatalogueLegend(current.document);
    expect(stitchedCodes(current.document)).toEqual(stitchedCodes(paint(original, code)));
    expect(current.document.legend.at(-1)).toMatchObject({ dmc_code: code, stitch_count: 9 });

    const detail = (await (await api(`/stitch/projects/${projectId}`, alice)).json()) as Project;
    expect(detail.color_legend).toEqual(current.document.legend);
    expect(detail.metadata).toMatchObject({
      total_stitches: response.stitches,
      colors_count: response.threads,
      grid_size: { width: original.width, height: original.height },
      canvas_size: before.metadata.canvas_size, // same grid, same stitch size
    });
    expect(detail.outputs).toMatchObject({
      stitch_plan_url: response.stitch_plan_url,
      pattern_url: response.pattern_url,
      input_image_url: before.outputs.input_image_url,
    });
    expect(detail.updated_at > before.updated_at).toBe(true);
    const listed = ((await (await api('/stitch/projects', alice)).json()) as ProjectList).projects.find((p) => p.id === projectId)!;
    expect(listed.color_legend).toEqual(current.document.legend);

    // The chart is drawn again: its first stitch has the new thread's colour.
    const chart = Buffer.from(await (await fetch(response.stitch_plan_url)).arrayBuffer());
    expect(await sharp(chart).metadata()).toMatchObject(before.metadata.canvas_size!);
    const { left, top } = chartLayout(original, 12);
    const thread = findThread(code)!;
    expect(await pixelAt(chart, left + 6, top + 6)).toEqual([thread.r, thread.g, thread.b]);

    const oxs = await api(`/stitch/projects/${projectId}/export?format=oxs`, alice);
    expect(stitchedCodes(parseOxs(await oxs.text()))).toEqual(stitchedCodes(current.document));
    const pdf = await api(`/stitch/projects/${projectId}/export?format=pdf`, alice);
    expect(await pdfText(await pdf.arrayBuffer())).toContain(thread.name);

    const unchanged = await api(`/stitch/projects/${projectId}/pattern`, alice, { headers: { 'if-none-match': '"v2"' } });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
  });

  it("draws the saved chart at the project's own stitch size", async () => {
    const plan = await generate(alice, 30, { cell_size: '8' });
    const { etag, document } = await readPattern(plan.project_id!);
    const response = await saved(plan.project_id!, paint(document, freeThread(document)), etag);
    const chart = await sharp(Buffer.from(await (await fetch(response.stitch_plan_url)).arrayBuffer())).metadata();
    const { width, height } = chartLayout(document, 8);
    expect({ width: chart.width, height: chart.height }).toEqual({ width, height });
    expect(plan.metadata.canvas_size).toEqual({ width, height });
  });

  it('refuses a save without If-Match (428) and over a stale version (412, with the ETag to reload)', async () => {
    const projectId = (await generate(alice)).project_id!;
    const { etag, document } = await readPattern(projectId);
    for (const ifMatch of [undefined, '*', ' ']) {
      const response = await save(projectId, paint(document, freeThread(document)), ifMatch);
      expect(response.status, String(ifMatch)).toBe(428);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(await response.json()).toMatchObject({ status: 428, code: 'precondition_required' });
    }

    const second = await saved(projectId, paint(document, freeThread(document, 1)), etag);
    for (const stale of [etag, 'W/"v2"', '"v99"', '"something else"']) {
      const response = await save(projectId, paint(document, freeThread(document, 2)), stale);
      expect(response.status, stale).toBe(412);
      expect(response.headers.get('etag')).toBe(second.etag);
      const problem = (await response.json()) as { code: string; detail: string };
      expect(problem.code).toBe('version_conflict');
      expect(problem.detail).toMatch(/changed elsewhere/);
    }
    // A list of tags may name the current one.
    expect((await save(projectId, document, `"v1", ${second.etag}`)).status).toBe(200);
    expect((await versionsOf(projectId)).current_version).toBe(3);
  });

  it('lets exactly one of two racing saves of the same version through; the other leaves no file behind', async () => {
    const projectId = (await generate(alice)).project_id!;
    const { etag, document } = await readPattern(projectId);
    const filesBefore = (await storedFiles()).length;

    const responses = await Promise.all([0, 1].map((nth) => save(projectId, paint(document, freeThread(document, nth)), etag)));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 412]);
    const winner = responses.find((r) => r.status === 200)!;
    const loser = responses.find((r) => r.status === 412)!;
    expect(winner.headers.get('etag')).toBe('"v2"');
    expect(loser.headers.get('etag')).toBe('"v2"');
    const won = (await winner.json()) as SavedPattern;
    await loser.arrayBuffer();

    expect((await storedFiles()).length).toBe(filesBefore + 2); // the winner's chart and document only
    const versions = await versionsOf(projectId);
    expect(versions.versions.map((v) => v.version)).toEqual([2, 1]);
    const current = await readPattern(projectId);
    expect(current.document.legend.at(-1)!.dmc_code).toBe(findThread(freeThread(document, responses.indexOf(winner)))!.code);
    expect(((await (await api(`/stitch/projects/${projectId}`, alice)).json()) as Project).outputs.pattern_url).toBe(won.pattern_url);
  });

  it('lets the database decide between saves racing on separate connections: one is stored, the others conflict', async () => {
    const projectId = (await generate(alice)).project_id!;
    await readPattern(projectId); // version 1 recorded
    const { id: userId } = (await (await api('/auth/me', alice)).json()) as { id: string };
    // better-sqlite3 is synchronous: two connections in one thread would wait on each other's lock, so
    // SQLite gets one (it runs one write transaction at a time anyway; processes wait by busy_timeout).
    const connections = await Promise.all((name === 'PostgreSQL' ? [0, 1] : [0]).map(() => openDatabase(server.config.database)));
    try {
      const row = storedProjectOf(await connections[0]!.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirstOrThrow());
      const attempt = (n: number): Promise<{ version: number }> =>
        new PatternVersionsRepository(connections[n % connections.length]!).save({
          projectId,
          userId,
          replaces: 1,
          saved: { pattern_file: `race-${n}.json`, chart_file: null, stitches: n, threads: 1, created_at: new Date().toISOString() },
          files: [{ id: `race-${n}.json`, size: 0 }],
          project: { outputs: row.outputs, metadata: row.metadata, color_legend: row.color_legend, updated_at: new Date().toISOString() },
        });
      const results = await Promise.allSettled([0, 1, 2, 3].map(attempt));
      const stored = results.filter((result) => result.status === 'fulfilled');
      expect(stored.map((result) => result.value.version)).toEqual([2]);
      for (const result of results.filter((r) => r.status === 'rejected')) expect(result.reason).toBeInstanceOf(VersionConflict);
    } finally {
      await Promise.all(connections.map((db) => db.destroy()));
    }
    expect((await versionsOf(projectId)).versions.map((v) => v.version)).toEqual([2, 1]);
  });

  it('answers another user’s project like a missing one on every pattern route, and refuses visitors', async () => {
    const projectId = (await generate(alice)).project_id!;
    const { etag, document } = await readPattern(projectId);
    const attempts: [string, RequestInit][] = [
      ['/pattern', {}],
      ['/pattern', { method: 'PUT', headers: { ...JSON_TYPE, 'if-match': etag }, body: JSON.stringify(document) }],
      ['/pattern/versions', {}],
      ['/pattern/versions/1', {}],
    ];
    for (const [path, init] of attempts) {
      const theirs = await api(`/stitch/projects/${projectId}${path}`, bob, init);
      const nobodys = await api(`/stitch/projects/${MISSING_PROJECT}${path}`, bob, init);
      expect(theirs.status, path).toBe(404);
      expect(nobodys.status, path).toBe(404);
      expect(await theirs.text()).toBe(await nobodys.text());
      const visitor = await api(`/stitch/projects/${projectId}${path}`, undefined, init);
      expect(visitor.status, path).toBe(401);
      await visitor.arrayBuffer();
    }
    expect((await readPattern(projectId)).etag).toBe('"v1"'); // nothing saved

    const imageOnly = await api('/stitch/projects', alice, {
      method: 'POST',
      body: multipartBody({ name: 'Not charted' }, { field: 'image', filename: 'h.png', contentType: 'image/png', bytes: image }),
    });
    const noChart = await api(`/stitch/projects/${((await imageOnly.json()) as Project).id}/pattern`, alice);
    expect(noChart.status).toBe(404);
    expect(((await noChart.json()) as { detail: string }).detail).toMatch(/no pattern yet/);
  });

  it('lists versions newest first, gives each one, and restores one as a new version', async () => {
    const plan = await generate(alice);
    const projectId = plan.project_id!;
    const first = await readPattern(projectId);
    const second = await saved(projectId, paint(first.document, freeThread(first.document)), first.etag);
    const third = await saved(projectId, paint(first.document, freeThread(first.document, 1), 6), second.etag);

    const list = await versionsOf(projectId);
    expect(list.current_version).toBe(3);
    expect(list.versions.map(({ version, is_original, is_current }) => ({ version, is_original, is_current }))).toEqual([
      { version: 3, is_original: false, is_current: true },
      { version: 2, is_original: false, is_current: false },
      { version: 1, is_original: true, is_current: false },
    ]);
    expect(list.versions[1]).toMatchObject({ stitches: second.stitches, threads: second.threads, created_at: second.saved_at });
    expect(list.versions[2]).toMatchObject({ stitches: plan.metadata.total_stitches, threads: plan.metadata.colors_used });

    const versionTwo = await api(`/stitch/projects/${projectId}/pattern/versions/2`, alice);
    expect(versionTwo.headers.get('etag')).toBeNull();
    expect((await versionTwo.json()) as PatternDocument).toEqual(await (await fetch(second.pattern_url)).json());
    const original = (await (await api(`/stitch/projects/${projectId}/pattern/versions/1`, alice)).json()) as PatternDocument;
    expect(original).toEqual(first.document);
    expect((await api(`/stitch/projects/${projectId}/pattern/versions/4`, alice)).status).toBe(404);
    expect((await api(`/stitch/projects/${projectId}/pattern/versions/0`, alice)).status).toBe(400);

    const restored = await saved(projectId, original, third.etag);
    expect(restored.version).toBe(4);
    const current = await readPattern(projectId);
    expect(stitchedCodes(current.document)).toEqual(stitchedCodes(first.document));
    expect(current.document.legend).toEqual(first.document.legend);
    expect((await versionsOf(projectId)).versions.map((v) => v.version)).toEqual([4, 3, 2, 1]);
  });

  it('saves a project from before versions existed: its chart becomes version 1 in the same transaction', async () => {
    const plan = await generate(alice);
    const projectId = plan.project_id!;
    const generated = (await (await fetch(plan.pattern_url)).json()) as PatternDocument;
    // Saved straight away, as an editor opened before this change would: no read has recorded a version yet.
    const response = await saved(projectId, paint(generated, freeThread(generated)), '"v1"');
    expect(response.version).toBe(2);
    const list = await versionsOf(projectId);
    expect(list.versions.map(({ version, is_original, is_current }) => ({ version, is_original, is_current }))).toEqual([
      { version: 2, is_original: false, is_current: true },
      { version: 1, is_original: true, is_current: false },
    ]);
    expect(list.versions[1]).toMatchObject({ stitches: plan.metadata.total_stitches, threads: plan.metadata.colors_used });
    expect(await (await api(`/stitch/projects/${projectId}/pattern/versions/1`, alice)).json()).toEqual(generated);
    expect(await statusOf(plan.stitch_plan_url)).toBe(200); // the original chart is kept with its version
  });

  it('keeps the original and the last 20 versions, deleting the files of older ones', async () => {
    const projectId = (await generate(alice, 12)).project_id!;
    const original = await readPattern(projectId);
    const saves: (SavedPattern & { etag: string })[] = [];
    let etag = original.etag;
    for (let n = 0; n < 22; n++) {
      const next = await saved(projectId, paint(original.document, freeThread(original.document, n), 1 + (n % 5)), etag);
      saves.push(next);
      etag = next.etag;
    }
    // Versions 2..23 were saved; 23 - 20 = 3, so 2 and 3 went.
    const list = await versionsOf(projectId);
    expect(list.versions.map((v) => v.version)).toEqual([...Array.from({ length: 20 }, (_, i) => 23 - i), 1]);
    for (const gone of saves.slice(0, 2)) {
      expect(await statusOf(gone.pattern_url)).toBe(404);
      expect(await statusOf(gone.stitch_plan_url)).toBe(404);
    }
    for (const kept of saves.slice(2)) expect(await statusOf(kept.stitch_plan_url)).toBe(200);
    expect((await api(`/stitch/projects/${projectId}/pattern/versions/2`, alice)).status).toBe(404);
    const versionOne = await api(`/stitch/projects/${projectId}/pattern/versions/1`, alice);
    expect((await versionOne.json()) as PatternDocument).toEqual(original.document);
  });

  it('refuses documents that do not hold together with 400 naming each field, and saves nothing', async () => {
    const projectId = (await generate(alice)).project_id!;
    const { etag, document } = await readPattern(projectId);
    const unknownThread = { ...document, legend: document.legend.map((entry, i) => (i === 0 ? { ...entry, dmc_code: 'NOT-A-THREAD' } : entry)) };
    const badCell = { ...document, cells: document.cells.map((cell, i) => (i === 7 ? 40 : cell)) };
    const cases: [unknown, string, string][] = [
      [unknownThread, 'invalid_pattern', 'legend.0.dmc_code'],
      [badCell, 'invalid_pattern', 'cells.7'],
      [{ ...document, cells: document.cells.slice(1) }, 'invalid_pattern', 'cells'],
      [{ ...document, width: undefined }, 'invalid_request', 'width'],
    ];
    for (const [body, code, field] of cases) {
      const response = await save(projectId, body, etag);
      expect(response.status, field).toBe(400);
      const problem = (await response.json()) as { code: string; errors: { field: string }[] };
      expect(problem.code, field).toBe(code);
      expect(problem.errors.map((e) => e.field)).toContain(field);
    }
    const notJson = await api(`/stitch/projects/${projectId}/pattern`, alice, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain', 'if-match': etag },
      body: 'x',
    });
    expect(notJson.status).toBe(415);
    const huge = await save(projectId, JSON.stringify({ ...document, padding: 'x'.repeat(4 * 1024 * 1024) }), etag);
    expect(huge.status).toBe(413);
    expect((await readPattern(projectId)).etag).toBe(etag);
    expect((await versionsOf(projectId)).versions).toHaveLength(1);
  });

  it('deletes every version’s files with the project, and the leftover sweep never takes them before', async () => {
    const plan = await generate(alice);
    const projectId = plan.project_id!;
    const first = await readPattern(projectId);
    const second = await saved(projectId, paint(first.document, freeThread(first.document)), first.etag);
    const third = await saved(projectId, paint(first.document, freeThread(first.document, 1)), second.etag);
    const versionFiles = [plan.pattern_url, plan.stitch_plan_url, second.pattern_url, second.stitch_plan_url, third.pattern_url, third.stitch_plan_url];

    // Version 2's files are named by no project's outputs any more, only by its version.
    const db = await openDatabase(server.config.database);
    try {
      const sweep = new LeftoverSweep(new LocalFileStore(join(server.config.dataDir, 'files')), () => new FileReferences(db).all(), { graceMs: 0 });
      await sweep.sweep();
    } finally {
      await db.destroy();
    }
    for (const url of versionFiles) expect(await statusOf(url), url).toBe(200);

    expect((await api(`/stitch/projects/${projectId}`, alice, { method: 'DELETE' })).status).toBe(204);
    for (const url of versionFiles) expect(await statusOf(url), url).toBe(404);
    expect((await api(`/stitch/projects/${projectId}/pattern/versions`, alice)).status).toBe(404);
  });
});
