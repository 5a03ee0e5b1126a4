import {
  CHART_SYMBOLS,
  countDone,
  decodeProgress,
  DMC_THREADS,
  encodeProgress,
  isDone,
  markableCells,
  parsePatternDocument,
  progressBytes,
  setDone,
  type PatternDocument,
} from '@stitchwise/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StitchPlan } from '../src/contract/patterns.js';
import type { StitchingProgress } from '../src/contract/progress.js';
import type { Project, ProjectList } from '../src/contract/projects.js';
import { openDatabase } from '../src/db/database.js';
import { encodePng, multipartBody } from './support/images.js';
import { newUser, OidcBrowser } from './support/oidc-client.js';
import { DATABASES, startTestServer, type DatabaseUnderTest, type TestServer } from './support/test-server.js';

const JSON_TYPE = { 'content-type': 'application/json' };
const MISSING_PROJECT = '00000000-0000-4000-8000-000000000000';

interface Problem {
  status: number;
  code: string;
  detail: string;
  errors?: { field: string; message: string }[];
}

/** The cells of a document that can be marked: a full stitch or a part stitch. */
const markableOf = (document: PatternDocument): number[] => cellsOf(markableCells(parsePatternDocument(JSON.stringify(document))), document);
const cellsOf = (bits: Uint8Array, { width, height }: { width: number; height: number }): number[] =>
  Array.from({ length: width * height }, (_, cell) => cell).filter((cell) => isDone(bits, cell));

function bitsOf({ width, height }: { width: number; height: number }, cells: Iterable<number>): string {
  const bits = new Uint8Array(progressBytes(width, height));
  for (const cell of cells) setDone(bits, cell, true);
  return encodeProgress(bits);
}
const doneCells = (progress: StitchingProgress): number[] => cellsOf(decodeProgress(progress.done)!, progress);

/** A catalogue thread that `document` does not use. */
const freeCode = (document: PatternDocument): string => DMC_THREADS.find((t) => !document.legend.some((e) => e.dmc_code === t.code))!.code;

/**
 * An edit: the first row repainted with a new thread, cell `erased` emptied and given a half stitch of the
 * first thread, and the legend's counts as a client would leave them (the server counts again).
 */
function edit(original: PatternDocument, erased: number): PatternDocument {
  const added = original.legend.length;
  const { hex, name, r, g, b } = DMC_THREADS.find((t) => t.code === freeCode(original))!;
  const symbol = CHART_SYMBOLS.find((candidate) => !original.legend.some((entry) => entry.symbol === candidate))!;
  const legend = [...original.legend, { index: added, hex, symbol, dmc_code: freeCode(original), dmc_name: name, stitch_count: 0, rgb: { r, g, b } }];
  const cells = original.cells.map((cell, index) => (index < original.width ? added : index === erased ? -1 : cell));
  const x = erased % original.width;
  const y = (erased - x) / original.width;
  return { ...original, legend, cells, part_stitches: [{ x, y, kind: 'half-slash', thread: 0 }] };
}

/** `GET`/`PUT /api/stitch/projects/:id/progress`: one bit a stitch, per chart version, carried over edits. */
describe.each(DATABASES)('stitching progress on $name', ({ create }) => {
  let database: DatabaseUnderTest;
  let server: TestServer;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    database = await create();
    server = await startTestServer(database.environment);
    const signUp = async (name: string) => (await new OidcBrowser(server.baseUrl).signUp(newUser(name))).access_token;
    [alice, bob] = await Promise.all([signUp('alice'), signUp('bob')]);
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

  async function generate(token = alice): Promise<string> {
    const response = await api('/stitch/generate', token, {
      method: 'POST',
      body: multipartBody(
        { colors: '5', max_side: '30', project_name: 'Harbour' },
        { field: 'image_file', filename: 'h.png', contentType: 'image/png', bytes: image },
      ),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as StitchPlan).project_id!;
  }
  async function readPattern(projectId: string): Promise<{ etag: string; document: PatternDocument }> {
    const response = await api(`/stitch/projects/${projectId}/pattern`, alice);
    expect(response.status).toBe(200);
    return { etag: response.headers.get('etag')!, document: (await response.json()) as PatternDocument };
  }
  async function savePattern(projectId: string, document: PatternDocument, etag: string): Promise<void> {
    const response = await api(`/stitch/projects/${projectId}/pattern`, alice, {
      method: 'PUT',
      headers: { ...JSON_TYPE, 'if-match': etag },
      body: JSON.stringify(document),
    });
    expect(response.status, await response.clone().text()).toBe(200);
  }
  /** `token` '' sends none. */
  const getProgress = (projectId: string, token = alice): Promise<Response> => api(`/stitch/projects/${projectId}/progress`, token);
  const putProgress = (projectId: string, body: unknown, token = alice): Promise<Response> =>
    api(`/stitch/projects/${projectId}/progress`, token, { method: 'PUT', headers: JSON_TYPE, body: typeof body === 'string' ? body : JSON.stringify(body) });
  async function progressOf(projectId: string): Promise<StitchingProgress> {
    const response = await getProgress(projectId);
    expect(response.status).toBe(200);
    return (await response.json()) as StitchingProgress;
  }
  async function stored(projectId: string, body: { version: number; done: string; base?: string }): Promise<StitchingProgress> {
    const response = await putProgress(projectId, body);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as StitchingProgress;
  }
  const listed = async (projectId: string): Promise<Project> =>
    ((await (await api('/stitch/projects?limit=100', alice)).json()) as ProjectList).projects.find((project) => project.id === projectId)!;

  it('starts with nothing marked, stores what is sent, and reads it back; the list and detail count it', async () => {
    const projectId = await generate();
    const { document } = await readPattern(projectId);
    const markable = markableOf(document);
    expect((await listed(projectId)).progress).toEqual({ done: 0, total: markable.length });

    const start = await progressOf(projectId);
    expect(start).toEqual({
      version: 1,
      width: document.width,
      height: document.height,
      done: bitsOf(document, []),
      done_count: 0,
      total: markable.length,
      updated_at: null,
    });
    expect(decodeProgress(start.done)).toHaveLength(progressBytes(document.width, document.height));

    const marked = markable.filter((cell) => cell % 3 === 0);
    const answer = await stored(projectId, { version: 1, done: bitsOf(document, marked) });
    expect(answer).toMatchObject({ version: 1, done_count: marked.length, total: markable.length });
    expect(doneCells(answer)).toEqual(marked);
    expect(Date.parse(answer.updated_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect(await progressOf(projectId)).toEqual(answer);
    expect((await listed(projectId)).progress).toEqual({ done: marked.length, total: markable.length });
    expect(((await (await api(`/stitch/projects/${projectId}`, alice)).json()) as Project).progress).toEqual({ done: marked.length, total: markable.length });

    // Without a base, the whole bitset each time: what is left out is no longer done.
    expect(doneCells(await stored(projectId, { version: 1, done: bitsOf(document, marked.slice(1)) }))).toEqual(marked.slice(1));
  });

  it('keeps both devices’ marks when each sends its changes against the bits it last had', async () => {
    const projectId = await generate();
    const { document } = await readPattern(projectId);
    const [a, b, c, d, x] = markableOf(document).slice(3, 8) as [number, number, number, number, number];
    const start = await stored(projectId, { version: 1, done: bitsOf(document, [a, x]) });

    // The phone and the tablet both read {a, x}. The phone marks b and unmarks a; the tablet marks c and d.
    const phone = await stored(projectId, { version: 1, done: bitsOf(document, [b, x]), base: start.done });
    expect(doneCells(phone)).toEqual([b, x]);
    const tablet = await stored(projectId, { version: 1, done: bitsOf(document, [a, c, d, x]), base: start.done });
    // The tablet's copy still had a, but it did not touch it: the phone's unmark stays, and b survives.
    expect(doneCells(tablet)).toEqual([b, c, d, x]);
    expect(tablet.done_count).toBe(4);

    // The phone's next send is over its last answer (which had no c, d): it unmarks x, and keeps the tablet's marks.
    const again = await stored(projectId, { version: 1, done: bitsOf(document, [b]), base: phone.done });
    expect(doneCells(again)).toEqual([b, c, d]);
    expect(await progressOf(projectId)).toEqual(again);

    // Without a base the old behaviour holds: the bits sent replace what is stored.
    expect(doneCells(await stored(projectId, { version: 1, done: bitsOf(document, [x]) }))).toEqual([x]);
  });

  it('is only the owner’s: another user gets what a missing project gets, a visitor 401', async () => {
    const projectId = await generate();
    await stored(projectId, { version: 1, done: bitsOf(await progressOf(projectId), [0]) });
    const missing = await getProgress(MISSING_PROJECT);
    expect(missing.status).toBe(404);
    const missingBody = await missing.json();
    for (const response of [await getProgress(projectId, bob), await putProgress(projectId, { version: 1, done: '' }, bob)]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual(missingBody);
    }
    for (const response of [await getProgress(projectId, ''), await putProgress(projectId, { version: 1, done: '' }, '')]) {
      expect(response.status).toBe(401);
      await response.arrayBuffer();
    }
    expect((await progressOf(projectId)).done_count).toBe(1); // bob changed nothing
  });

  it('refuses a bitset that is not base64 or not the chart’s size, naming done', async () => {
    const projectId = await generate();
    const { width, height } = await progressOf(projectId);
    const bytes = progressBytes(width, height);
    for (const done of [
      'not base64!',
      'AAA',
      'AA AA',
      encodeProgress(new Uint8Array(bytes - 1)),
      encodeProgress(new Uint8Array(bytes + 1)),
      'A'.repeat(41_672),
    ]) {
      const response = await putProgress(projectId, { version: 1, done });
      expect(response.status, done.slice(0, 20)).toBe(400);
      const problem = (await response.json()) as Problem;
      expect(problem.errors?.map((error) => error.field)).toEqual(['done']);
    }
    for (const body of [{ done: bitsOf({ width, height }, []) }, { version: 0, done: '' }, { version: 1.5, done: '' }, { version: 1 }]) {
      const response = await putProgress(projectId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      await response.arrayBuffer();
    }
    expect((await progressOf(projectId)).updated_at).toBeNull();
  });

  it('clears bits on cells without a stitch and counts part-stitch cells as stitches', async () => {
    const projectId = await generate();
    const { etag, document } = await readPattern(projectId);
    const erased = document.width * 2 + 4;
    const emptied = { ...document, cells: document.cells.map((cell, index) => (index === erased || index === erased + 1 ? -1 : cell)) };
    emptied.part_stitches = [{ x: 4, y: 2, kind: 'quarter-tl', thread: 0 }]; // cell `erased` keeps a part stitch, erased + 1 has none
    await savePattern(projectId, emptied, etag);

    const everything = Array.from({ length: document.width * document.height }, (_, cell) => cell);
    const answer = await stored(projectId, { version: 2, done: bitsOf(document, everything) });
    expect(doneCells(answer)).toEqual(everything.filter((cell) => cell !== erased + 1));
    expect(answer).toMatchObject({ version: 2, done_count: everything.length - 1, total: everything.length - 1 });
    expect((await listed(projectId)).progress).toEqual({ done: everything.length - 1, total: everything.length - 1 });
  });

  it('keeps marks on unchanged stitches when an edit is saved, and drops those on changed ones', async () => {
    const projectId = await generate();
    const { etag, document } = await readPattern(projectId);
    const erased = document.width * 3 + 5;
    const marked = markableOf(document).filter((cell) => cell % 2 === 0 || cell < document.width || cell === erased);
    await stored(projectId, { version: 1, done: bitsOf(document, marked) });

    await savePattern(projectId, edit(document, erased), etag);
    const after = await progressOf(projectId);
    // Row 0 was repainted, cell `erased` turned from a full stitch into a half stitch: their marks go.
    const kept = marked.filter((cell) => cell >= document.width && cell !== erased);
    expect(after).toMatchObject({ version: 2, done_count: kept.length, total: document.width * document.height });
    expect(doneCells(after)).toEqual(kept);
    expect(after.updated_at).not.toBeNull();
    expect((await listed(projectId)).progress).toEqual({ done: kept.length, total: document.width * document.height });

    // A save that changes nothing keeps every mark; an empty project's progress row is recorded with it.
    const { etag: etag2, document: document2 } = await readPattern(projectId);
    await savePattern(projectId, document2, etag2);
    expect(doneCells(await progressOf(projectId))).toEqual(kept);
  });

  it('carries marks made offline on an older version over to the current one and merges them', async () => {
    const projectId = await generate();
    const { etag, document } = await readPattern(projectId);
    const markable = markableOf(document);
    const online = markable.filter((cell) => cell % 5 === 0);
    await stored(projectId, { version: 1, done: bitsOf(document, online) });
    const erased = document.width * 4 + 2;
    await savePattern(projectId, edit(document, erased), etag); // in another window

    // The offline window still has version 1, and marked other stitches, some on cells the edit changed.
    const offline = markable.filter((cell) => cell % 5 === 1 || cell < 3 || cell === erased);
    const answer = await stored(projectId, { version: 1, done: bitsOf(document, [...online, ...offline]) });
    const expected = [...new Set([...online, ...offline])].filter((cell) => cell >= document.width && cell !== erased).sort((a, b) => a - b);
    expect(answer.version).toBe(2);
    expect(doneCells(answer)).toEqual(expected);
    expect(answer.done_count).toBe(expected.length);

    // A version that never existed is a conflict, with a sentence.
    const unknown = await putProgress(projectId, { version: 9, done: answer.done });
    expect(unknown.status).toBe(409);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await unknown.json()).toMatchObject({ status: 409, code: 'unknown_version', detail: expect.stringMatching(/no version 9\b.*reload/) as unknown });
    // An older version's bitset (and base) has the older version's size.
    const wrongSize = await putProgress(projectId, { version: 1, done: encodeProgress(new Uint8Array(3)) });
    expect(wrongSize.status).toBe(400);
    await wrongSize.arrayBuffer();
    const wrongBase = await putProgress(projectId, { version: 1, done: bitsOf(document, []), base: encodeProgress(new Uint8Array(3)) });
    expect(wrongBase.status).toBe(400);
    expect(((await wrongBase.json()) as Problem).errors?.map((error) => error.field)).toEqual(['base']);
  });

  it('carries an unmark made offline on an older version over to the current one', async () => {
    const projectId = await generate();
    const { etag, document } = await readPattern(projectId);
    const erased = document.width * 4 + 2;
    const lower = markableOf(document).filter((cell) => cell >= document.width && cell !== erased);
    const [p, q, r, t] = lower as [number, number, number, number];
    const read = await stored(projectId, { version: 1, done: bitsOf(document, [p, q, erased, 0]) });
    await savePattern(projectId, edit(document, erased), etag); // in another window; row 0 and `erased` changed
    const carried = await progressOf(projectId);
    expect(doneCells(carried)).toEqual([p, q]);
    // Meanwhile on version 2 another device marks t.
    await stored(projectId, { version: 2, done: bitsOf(document, [p, q, t]), base: carried.done });

    // The offline window, still on version 1, unmarked p and 0 and marked r: the unmark of p comes through.
    const answer = await stored(projectId, { version: 1, done: bitsOf(document, [q, r, erased]), base: read.done });
    expect(answer.version).toBe(2);
    expect(doneCells(answer)).toEqual([q, r, t]);
    // Without a base, an older version's marks are only added: p comes back.
    const added = await stored(projectId, { version: 1, done: bitsOf(document, [p]) });
    expect(doneCells(added)).toEqual([p, q, r, t]);
  });

  it('takes done and base of the largest chart in one body', async () => {
    const projectId = await generate();
    // The longest text each field takes (a 500 × 500 chart's bitset): within the body limit, so refused for this chart's size only.
    const longest = 'A'.repeat(41_668);
    const response = await putProgress(projectId, { version: 1, done: longest, base: longest });
    expect(response.status).toBe(400);
    expect(((await response.json()) as Problem).errors?.map((error) => error.field)).toEqual(['done', 'base']);
    const tooLarge = await putProgress(projectId, { version: 1, done: longest, base: longest, padding: 'x'.repeat(50_000) });
    expect(tooLarge.status).toBe(413);
    await tooLarge.arrayBuffer();
  });

  it('loses no marks when a save and a write of the same version race', async () => {
    const projectId = await generate();
    const { etag, document } = await readPattern(projectId);
    const erased = document.width * 5;
    const marked = markableOf(document);
    const [write] = await Promise.all([
      putProgress(projectId, { version: 1, done: bitsOf(document, marked) }),
      savePattern(projectId, edit(document, erased), etag),
    ]);
    expect(write.status).toBe(200);
    await write.arrayBuffer();
    // Whichever came first, the marks on stitches the edit kept are there.
    const kept = marked.filter((cell) => cell >= document.width && cell !== erased);
    expect(await progressOf(projectId)).toMatchObject({ version: 2, done_count: kept.length });
    expect(doneCells(await progressOf(projectId))).toEqual(kept);
  });

  it('counts an imported chart’s part stitches at once, starts a copy unmarked, and goes with its project', async () => {
    const projectId = await generate();
    const { document } = await readPattern(projectId);
    // A chart with an empty row but for part stitches, imported as a Stitchwise document.
    const cells = document.cells.map((cell, index) => (index < document.width ? -1 : cell));
    const upload = {
      ...document,
      cells,
      part_stitches: [
        { x: 0, y: 0, kind: 'half-slash', thread: 0 },
        { x: 3, y: 0, kind: 'quarter-tl', thread: 0 },
        { x: 3, y: 0, kind: 'quarter-br', thread: 1 },
      ],
    };
    const response = await api('/stitch/projects/import', alice, {
      method: 'POST',
      body: multipartBody({}, { field: 'file', filename: 'parts.json', contentType: 'application/json', bytes: Buffer.from(JSON.stringify(upload)) }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const imported = (await response.json()) as Project;
    const total = cells.filter((cell) => cell >= 0).length + 2;
    expect(imported.progress).toEqual({ done: 0, total });
    expect((await listed(imported.id)).progress).toEqual({ done: 0, total });

    await stored(imported.id, { version: 1, done: bitsOf(document, [0, 3, document.width]) });
    expect((await listed(imported.id)).progress).toEqual({ done: 3, total });
    const copy = (await (await api(`/stitch/projects/${imported.id}/duplicate`, alice, { method: 'POST' })).json()) as Project;
    expect(copy.progress).toEqual({ done: 0, total });
    expect((await listed(copy.id)).progress).toEqual({ done: 0, total });
    expect((await progressOf(copy.id)).done_count).toBe(0);

    expect((await api(`/stitch/projects/${imported.id}`, alice, { method: 'DELETE' })).status).toBe(204);
    expect((await getProgress(imported.id)).status).toBe(404);
    const db = await openDatabase(server.config.database);
    try {
      const rows = await sql<{ n: number | string }>`select count(*) as n from stitching_progress where project_id = ${imported.id}`.execute(db);
      expect(Number(rows.rows[0]!.n)).toBe(0);
    } finally {
      await db.destroy();
    }
  });

  it('answers 404 for a project without a chart', async () => {
    const created = await api('/stitch/projects', alice, {
      method: 'POST',
      body: multipartBody({ name: 'Just a photo' }, { field: 'image', filename: 'h.png', contentType: 'image/png', bytes: image }),
    });
    expect(created.status).toBe(201);
    const project = (await created.json()) as Project;
    expect(project.progress).toEqual({ done: 0, total: 0 });
    const response = await getProgress(project.id);
    expect(response.status).toBe(404);
    await response.arrayBuffer();
    expect(countDone(new Uint8Array(0))).toBe(0);
  });
});
