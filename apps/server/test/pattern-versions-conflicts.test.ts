import { findThread } from '@stitchwise/core';
import { describe, expect, it } from 'vitest';
import type { SavedPattern } from '../src/contract/pattern-versions.js';
import type { Project } from '../src/contract/projects.js';
import { openDatabase } from '../src/db/database.js';
import { storedProjectOf } from '../src/repositories/stored-project.js';
import { PatternVersionsRepository, VersionConflict } from '../src/repositories/pattern-versions.js';
import { useTestServer } from './support/harness.js';
import { freeThread, paint, versionsOf } from './support/pattern-fixtures.js';
import { createPhotoProject, generated, MISSING_PROJECT, projectOf, readPattern, savePattern, saved, storedFiles } from './support/stitch-requests.js';
import { DATABASES } from './support/test-server.js';

/** Saves of a chart over a version that is not the current one, at once, or by someone else: one wins, the rest are told. */
describe.each(DATABASES)('conflicting saves of a chart on $name', (database) => {
  const suite = useTestServer({ database, users: ['alice', 'bob'] });
  const alice = suite.user('alice');
  const bob = suite.user('bob');

  it('refuses a save without If-Match (428) and over a stale version (412, with the ETag to reload)', async () => {
    const projectId = (await generated(alice)).project_id!;
    const { etag, document } = await readPattern(alice, projectId);
    for (const ifMatch of [undefined, '*', ' ']) {
      const response = await savePattern(alice, projectId, paint(document, freeThread(document)), ifMatch);
      expect(response.status, String(ifMatch)).toBe(428);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(await response.json()).toMatchObject({ status: 428, code: 'precondition_required' });
    }

    const second = await saved(alice, projectId, paint(document, freeThread(document, 1)), etag);
    for (const stale of [etag, 'W/"v2"', '"v99"', '"something else"']) {
      const response = await savePattern(alice, projectId, paint(document, freeThread(document, 2)), stale);
      expect(response.status, stale).toBe(412);
      expect(response.headers.get('etag')).toBe(second.etag);
      const problem = (await response.json()) as { code: string; detail: string };
      expect(problem.code).toBe('version_conflict');
      expect(problem.detail).toMatch(/changed elsewhere/);
    }
    // A list of tags may name the current one.
    expect((await savePattern(alice, projectId, document, `"v1", ${second.etag}`)).status).toBe(200);
    expect((await versionsOf(alice, projectId)).current_version).toBe(3);
  });

  it('lets exactly one of two racing saves of the same version through; the other leaves no file behind', async () => {
    /** Stored charts, pictures and documents. */
    const storedCharts = async (): Promise<string[]> => (await storedFiles(suite.server)).filter((name) => /\.(png|json|jpg)$/.test(name));
    const projectId = (await generated(alice)).project_id!;
    const { etag, document } = await readPattern(alice, projectId);
    const filesBefore = (await storedCharts()).length;

    const responses = await Promise.all([0, 1].map((nth) => savePattern(alice, projectId, paint(document, freeThread(document, nth)), etag)));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 412]);
    const winner = responses.find((r) => r.status === 200)!;
    const loser = responses.find((r) => r.status === 412)!;
    expect(winner.headers.get('etag')).toBe('"v2"');
    expect(loser.headers.get('etag')).toBe('"v2"');
    const won = (await winner.json()) as SavedPattern;
    await loser.arrayBuffer();

    expect((await storedCharts()).length).toBe(filesBefore + 1); // the winner's document only: its chart image is drawn when first asked for
    const versions = await versionsOf(alice, projectId);
    expect(versions.versions.map((v) => v.version)).toEqual([2, 1]);
    const current = await readPattern(alice, projectId);
    expect(current.document.legend.at(-1)!.dmc_code).toBe(findThread(freeThread(document, responses.indexOf(winner)))!.code);
    expect((await projectOf(alice, projectId)).outputs.pattern_url).toBe(won.pattern_url);
  });

  it('lets the database decide between saves racing on separate connections: one is stored, the others conflict', async () => {
    const projectId = (await generated(alice)).project_id!;
    await readPattern(alice, projectId); // version 1 recorded
    const { id: userId } = (await (await alice.api('/auth/me')).json()) as { id: string };
    // better-sqlite3 is synchronous: two connections in one thread would wait on each other's lock, so
    // SQLite gets one (it runs one write transaction at a time anyway; processes wait by busy_timeout).
    const connections = await Promise.all((database.name === 'PostgreSQL' ? [0, 1] : [0]).map(() => openDatabase(suite.server.config.database)));
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
    expect((await versionsOf(alice, projectId)).versions.map((v) => v.version)).toEqual([2, 1]);
  });

  it('answers another user’s project like a missing one on every pattern route, and refuses visitors', async () => {
    const projectId = (await generated(alice)).project_id!;
    const { etag, document } = await readPattern(alice, projectId);
    const attempts: [string, RequestInit & { json?: unknown }][] = [
      ['/pattern', {}],
      ['/pattern', { method: 'PUT', headers: { 'if-match': etag }, json: document }],
      ['/pattern/versions', {}],
      ['/pattern/versions/1', {}],
    ];
    for (const [path, init] of attempts) {
      const theirs = await bob.api(`/stitch/projects/${projectId}${path}`, init);
      const nobodys = await bob.api(`/stitch/projects/${MISSING_PROJECT}${path}`, init);
      expect(theirs.status, path).toBe(404);
      expect(nobodys.status, path).toBe(404);
      expect(await theirs.text()).toBe(await nobodys.text());
      const visitor = await suite.visitor.api(`/stitch/projects/${projectId}${path}`, init);
      expect(visitor.status, path).toBe(401);
      await visitor.arrayBuffer();
    }
    expect((await readPattern(alice, projectId)).etag).toBe('"v1"'); // nothing saved

    const imageOnly = await createPhotoProject(alice, 'Not charted');
    const noChart = await alice.api(`/stitch/projects/${((await imageOnly.json()) as Project).id}/pattern`);
    expect(noChart.status).toBe(404);
    expect(((await noChart.json()) as { detail: string }).detail).toMatch(/no pattern yet/);
  });
});
