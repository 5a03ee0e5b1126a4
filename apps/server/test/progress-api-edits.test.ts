import { encodeProgress } from '@stitchwise/core';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Problem } from '../src/contract/problem.js';
import type { Project } from '../src/contract/projects.js';
import { openDatabase } from '../src/db/database.js';
import { useTestServer } from './support/harness.js';
import { repaintFirstRow } from './support/pattern-fixtures.js';
import { bitsOf, doneCells, getProgress, listed, markableOf, progressOf, putProgress, stored } from './support/progress-bits.js';
import { duplicateProject, generated, importChart, readPattern, saved } from './support/stitch-requests.js';
import { DATABASES } from './support/test-server.js';

/** Stitching progress across chart versions: carried over an edit, merged from an older version, gone with its project. */
describe.each(DATABASES)('stitching progress over chart edits on $name', (database) => {
  const suite = useTestServer({ database, users: ['alice'] });
  const alice = suite.user('alice');

  it('clears bits on cells without a stitch and counts part-stitch cells as stitches', async () => {
    const projectId = (await generated(alice)).project_id!;
    const { etag, document } = await readPattern(alice, projectId);
    const erased = document.width * 2 + 4;
    const emptied = { ...document, cells: document.cells.map((cell, index) => (index === erased || index === erased + 1 ? -1 : cell)) };
    emptied.part_stitches = [{ x: 4, y: 2, kind: 'quarter-tl', thread: 0 }]; // cell `erased` keeps a part stitch, erased + 1 has none
    await saved(alice, projectId, emptied, etag);

    const everything = Array.from({ length: document.width * document.height }, (_, cell) => cell);
    const answer = await stored(alice, projectId, { version: 2, done: bitsOf(document, everything) });
    expect(doneCells(answer)).toEqual(everything.filter((cell) => cell !== erased + 1));
    expect(answer).toMatchObject({ version: 2, done_count: everything.length - 1, total: everything.length - 1 });
    expect((await listed(alice, projectId)).progress).toEqual({ done: everything.length - 1, total: everything.length - 1 });
  });

  it('keeps marks on unchanged stitches when an edit is saved, and drops those on changed ones', async () => {
    const projectId = (await generated(alice)).project_id!;
    const { etag, document } = await readPattern(alice, projectId);
    const erased = document.width * 3 + 5;
    const marked = markableOf(document).filter((cell) => cell % 2 === 0 || cell < document.width || cell === erased);
    await stored(alice, projectId, { version: 1, done: bitsOf(document, marked) });

    await saved(alice, projectId, repaintFirstRow(document, erased), etag);
    const after = await progressOf(alice, projectId);
    // Row 0 was repainted, cell `erased` turned from a full stitch into a half stitch: their marks go.
    const kept = marked.filter((cell) => cell >= document.width && cell !== erased);
    expect(after).toMatchObject({ version: 2, done_count: kept.length, total: document.width * document.height });
    expect(doneCells(after)).toEqual(kept);
    expect(after.updated_at).not.toBeNull();
    expect((await listed(alice, projectId)).progress).toEqual({ done: kept.length, total: document.width * document.height });

    // A save that changes nothing keeps every mark; an empty project's progress row is recorded with it.
    const { etag: etag2, document: document2 } = await readPattern(alice, projectId);
    await saved(alice, projectId, document2, etag2);
    expect(doneCells(await progressOf(alice, projectId))).toEqual(kept);
  });

  it('carries marks made offline on an older version over to the current one and merges them', async () => {
    const projectId = (await generated(alice)).project_id!;
    const { etag, document } = await readPattern(alice, projectId);
    const markable = markableOf(document);
    const online = markable.filter((cell) => cell % 5 === 0);
    await stored(alice, projectId, { version: 1, done: bitsOf(document, online) });
    const erased = document.width * 4 + 2;
    await saved(alice, projectId, repaintFirstRow(document, erased), etag); // in another window

    // The offline window still has version 1, and marked other stitches, some on cells the edit changed.
    const offline = markable.filter((cell) => cell % 5 === 1 || cell < 3 || cell === erased);
    const answer = await stored(alice, projectId, { version: 1, done: bitsOf(document, [...online, ...offline]) });
    const expected = [...new Set([...online, ...offline])].filter((cell) => cell >= document.width && cell !== erased).sort((a, b) => a - b);
    expect(answer.version).toBe(2);
    expect(doneCells(answer)).toEqual(expected);
    expect(answer.done_count).toBe(expected.length);

    // A version that never existed is a conflict, with a sentence.
    const unknown = await putProgress(alice, projectId, { version: 9, done: answer.done });
    expect(unknown.status).toBe(409);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await unknown.json()).toMatchObject({ status: 409, code: 'unknown_version', detail: expect.stringMatching(/no version 9\b.*reload/) as unknown });
    // An older version's bitset (and base) has the older version's size.
    const wrongSize = await putProgress(alice, projectId, { version: 1, done: encodeProgress(new Uint8Array(3)) });
    expect(wrongSize.status).toBe(400);
    await wrongSize.arrayBuffer();
    const wrongBase = await putProgress(alice, projectId, { version: 1, done: bitsOf(document, []), base: encodeProgress(new Uint8Array(3)) });
    expect(wrongBase.status).toBe(400);
    expect(((await wrongBase.json()) as Problem).errors?.map((error) => error.field)).toEqual(['base']);
  });

  it('carries an unmark made offline on an older version over to the current one', async () => {
    const projectId = (await generated(alice)).project_id!;
    const { etag, document } = await readPattern(alice, projectId);
    const erased = document.width * 4 + 2;
    const lower = markableOf(document).filter((cell) => cell >= document.width && cell !== erased);
    const [p, q, r, t] = lower as [number, number, number, number];
    const read = await stored(alice, projectId, { version: 1, done: bitsOf(document, [p, q, erased, 0]) });
    await saved(alice, projectId, repaintFirstRow(document, erased), etag); // in another window; row 0 and `erased` changed
    const carried = await progressOf(alice, projectId);
    expect(doneCells(carried)).toEqual([p, q]);
    // Meanwhile on version 2 another device marks t.
    await stored(alice, projectId, { version: 2, done: bitsOf(document, [p, q, t]), base: carried.done });

    // The offline window, still on version 1, unmarked p and 0 and marked r: the unmark of p comes through.
    const answer = await stored(alice, projectId, { version: 1, done: bitsOf(document, [q, r, erased]), base: read.done });
    expect(answer.version).toBe(2);
    expect(doneCells(answer)).toEqual([q, r, t]);
    // Without a base, an older version's marks are only added: p comes back.
    const added = await stored(alice, projectId, { version: 1, done: bitsOf(document, [p]) });
    expect(doneCells(added)).toEqual([p, q, r, t]);
  });

  it('loses no marks when a save and a write of the same version race', async () => {
    const projectId = (await generated(alice)).project_id!;
    const { etag, document } = await readPattern(alice, projectId);
    const erased = document.width * 5;
    const marked = markableOf(document);
    const [write] = await Promise.all([
      putProgress(alice, projectId, { version: 1, done: bitsOf(document, marked) }),
      saved(alice, projectId, repaintFirstRow(document, erased), etag),
    ]);
    expect(write.status).toBe(200);
    await write.arrayBuffer();
    // Whichever came first, the marks on stitches the edit kept are there.
    const kept = marked.filter((cell) => cell >= document.width && cell !== erased);
    expect(await progressOf(alice, projectId)).toMatchObject({ version: 2, done_count: kept.length });
    expect(doneCells(await progressOf(alice, projectId))).toEqual(kept);
  });

  it('counts an imported chart’s part stitches at once, starts a copy unmarked, and goes with its project', async () => {
    const projectId = (await generated(alice)).project_id!;
    const { document } = await readPattern(alice, projectId);
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
    const response = await importChart(alice, JSON.stringify(upload), 'parts.json');
    expect(response.status, await response.clone().text()).toBe(201);
    const imported = (await response.json()) as Project;
    const total = cells.filter((cell) => cell >= 0).length + 2;
    expect(imported.progress).toEqual({ done: 0, total });
    expect((await listed(alice, imported.id)).progress).toEqual({ done: 0, total });

    await stored(alice, imported.id, { version: 1, done: bitsOf(document, [0, 3, document.width]) });
    expect((await listed(alice, imported.id)).progress).toEqual({ done: 3, total });
    const copy = (await (await duplicateProject(alice, imported.id)).json()) as Project;
    expect(copy.progress).toEqual({ done: 0, total });
    expect((await listed(alice, copy.id)).progress).toEqual({ done: 0, total });
    expect((await progressOf(alice, copy.id)).done_count).toBe(0);

    expect((await alice.api(`/stitch/projects/${imported.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await getProgress(alice, imported.id)).status).toBe(404);
    const db = await openDatabase(suite.server.config.database);
    try {
      const rows = await sql<{ n: number | string }>`select count(*) as n from stitching_progress where project_id = ${imported.id}`.execute(db);
      expect(Number(rows.rows[0]!.n)).toBe(0);
    } finally {
      await db.destroy();
    }
  });
});
