import { countDone, decodeProgress, encodeProgress, progressBytes } from '@stitchwise/core';
import { describe, expect, it } from 'vitest';
import type { Problem } from '../src/contract/problem.js';
import type { Project } from '../src/contract/projects.js';
import { useTestServer } from './support/harness.js';
import { bitsOf, doneCells, getProgress, listed, markableOf, progressOf, putProgress, stored } from './support/progress-bits.js';
import { createPhotoProject, generated, MISSING_PROJECT, projectOf, readPattern } from './support/stitch-requests.js';
import { DATABASES } from './support/test-server.js';

/** `GET`/`PUT /api/stitch/projects/:id/progress`: one bit a stitch, per chart version, carried over edits. */
describe.each(DATABASES)('stitching progress on $name', (database) => {
  const suite = useTestServer({ database, users: ['alice', 'bob'] });
  const alice = suite.user('alice');
  const bob = suite.user('bob');

  it('starts with nothing marked, stores what is sent, and reads it back; the list and detail count it', async () => {
    const projectId = (await generated(alice)).project_id!;
    const { document } = await readPattern(alice, projectId);
    const markable = markableOf(document);
    expect((await listed(alice, projectId)).progress).toEqual({ done: 0, total: markable.length });

    const start = await progressOf(alice, projectId);
    expect(start).toEqual({
      version: 1,
      width: document.width,
      height: document.height,
      done: bitsOf(document, []),
      done_count: 0,
      total: markable.length,
      updated_at: null,
      daily: {},
    });
    expect(decodeProgress(start.done)).toHaveLength(progressBytes(document.width, document.height));

    const marked = markable.filter((cell) => cell % 3 === 0);
    const answer = await stored(alice, projectId, { version: 1, done: bitsOf(document, marked) });
    expect(answer).toMatchObject({ version: 1, done_count: marked.length, total: markable.length });
    expect(doneCells(answer)).toEqual(marked);
    expect(Date.parse(answer.updated_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect(await progressOf(alice, projectId)).toEqual(answer);
    expect((await listed(alice, projectId)).progress).toEqual({ done: marked.length, total: markable.length });
    expect((await projectOf(alice, projectId)).progress).toEqual({ done: marked.length, total: markable.length });

    // Without a base, the whole bitset each time: what is left out is no longer done.
    expect(doneCells(await stored(alice, projectId, { version: 1, done: bitsOf(document, marked.slice(1)) }))).toEqual(marked.slice(1));
  });

  it('keeps both devices’ marks when each sends its changes against the bits it last had', async () => {
    const projectId = (await generated(alice)).project_id!;
    const { document } = await readPattern(alice, projectId);
    const [a, b, c, d, x] = markableOf(document).slice(3, 8) as [number, number, number, number, number];
    const start = await stored(alice, projectId, { version: 1, done: bitsOf(document, [a, x]) });

    // The phone and the tablet both read {a, x}. The phone marks b and unmarks a; the tablet marks c and d.
    const phone = await stored(alice, projectId, { version: 1, done: bitsOf(document, [b, x]), base: start.done });
    expect(doneCells(phone)).toEqual([b, x]);
    const tablet = await stored(alice, projectId, { version: 1, done: bitsOf(document, [a, c, d, x]), base: start.done });
    // The tablet's copy still had a, but it did not touch it: the phone's unmark stays, and b survives.
    expect(doneCells(tablet)).toEqual([b, c, d, x]);
    expect(tablet.done_count).toBe(4);

    // The phone's next send is over its last answer (which had no c, d): it unmarks x, and keeps the tablet's marks.
    const again = await stored(alice, projectId, { version: 1, done: bitsOf(document, [b]), base: phone.done });
    expect(doneCells(again)).toEqual([b, c, d]);
    expect(await progressOf(alice, projectId)).toEqual(again);

    // Without a base the old behaviour holds: the bits sent replace what is stored.
    expect(doneCells(await stored(alice, projectId, { version: 1, done: bitsOf(document, [x]) }))).toEqual([x]);
  });

  it('is only the owner’s: another user gets what a missing project gets, a visitor 401', async () => {
    const projectId = (await generated(alice)).project_id!;
    await stored(alice, projectId, { version: 1, done: bitsOf(await progressOf(alice, projectId), [0]) });
    const missing = await getProgress(alice, MISSING_PROJECT);
    expect(missing.status).toBe(404);
    const missingBody = await missing.json();
    for (const response of [await getProgress(bob, projectId), await putProgress(bob, projectId, { version: 1, done: '' })]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual(missingBody);
    }
    for (const response of [await getProgress(suite.visitor, projectId), await putProgress(suite.visitor, projectId, { version: 1, done: '' })]) {
      expect(response.status).toBe(401);
      await response.arrayBuffer();
    }
    expect((await progressOf(alice, projectId)).done_count).toBe(1); // bob changed nothing
  });

  it('refuses a bitset that is not base64 or not the chart’s size, naming done', async () => {
    const projectId = (await generated(alice)).project_id!;
    const { width, height } = await progressOf(alice, projectId);
    const bytes = progressBytes(width, height);
    for (const done of [
      'not base64!',
      'AAA',
      'AA AA',
      encodeProgress(new Uint8Array(bytes - 1)),
      encodeProgress(new Uint8Array(bytes + 1)),
      'A'.repeat(41_672),
    ]) {
      const response = await putProgress(alice, projectId, { version: 1, done });
      expect(response.status, done.slice(0, 20)).toBe(400);
      const problem = (await response.json()) as Problem;
      expect(problem.errors?.map((error) => error.field)).toEqual(['done']);
    }
    for (const body of [{ done: bitsOf({ width, height }, []) }, { version: 0, done: '' }, { version: 1.5, done: '' }, { version: 1 }]) {
      const response = await putProgress(alice, projectId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      await response.arrayBuffer();
    }
    expect((await progressOf(alice, projectId)).updated_at).toBeNull();
  });

  it('takes done and base of the largest chart in one body', async () => {
    const projectId = (await generated(alice)).project_id!;
    // The longest text each field takes (a 500 × 500 chart's bitset): within the body limit, so refused for this chart's size only.
    const longest = 'A'.repeat(41_668);
    const response = await putProgress(alice, projectId, { version: 1, done: longest, base: longest });
    expect(response.status).toBe(400);
    expect(((await response.json()) as Problem).errors?.map((error) => error.field)).toEqual(['done', 'base']);
    const tooLarge = await putProgress(alice, projectId, { version: 1, done: longest, base: longest, padding: 'x'.repeat(50_000) });
    expect(tooLarge.status).toBe(413);
    await tooLarge.arrayBuffer();
  });

  it('answers 404 for a project without a chart', async () => {
    const created = await createPhotoProject(alice, 'Just a photo');
    expect(created.status).toBe(201);
    const project = (await created.json()) as Project;
    expect(project.progress).toEqual({ done: 0, total: 0 });
    const response = await getProgress(alice, project.id);
    expect(response.status).toBe(404);
    await response.arrayBuffer();
    expect(countDone(new Uint8Array(0))).toBe(0);
  });
});
