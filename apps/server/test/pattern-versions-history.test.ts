import { join } from 'node:path';
import type { PatternDocument } from '@stitchwise/core';
import { describe, expect, it } from 'vitest';
import type { SavedPattern } from '../src/contract/pattern-versions.js';
import { openDatabase } from '../src/db/database.js';
import { FileReferences } from '../src/repositories/file-references.js';
import { LocalFileStore } from '../src/storage/file-store.js';
import { LeftoverSweep } from '../src/storage/leftover-sweep.js';
import { useTestServer } from './support/harness.js';
import { freeThread, paint, stitchedCodes, versionsOf } from './support/pattern-fixtures.js';
import { generated, readPattern, saved } from './support/stitch-requests.js';
import { DATABASES, statusOf } from './support/test-server.js';

/** `GET …/pattern/versions` and `…/versions/:version`: the versions a chart keeps, restored, pruned and deleted. */
describe.each(DATABASES)('the saved versions of a chart on $name', (database) => {
  const suite = useTestServer({ database, users: ['alice'] });
  const alice = suite.user('alice');

  it('lists versions newest first, gives each one, and restores one as a new version', async () => {
    const plan = await generated(alice);
    const projectId = plan.project_id!;
    const first = await readPattern(alice, projectId);
    const second = await saved(alice, projectId, paint(first.document, freeThread(first.document)), first.etag);
    const third = await saved(alice, projectId, paint(first.document, freeThread(first.document, 1), 6), second.etag);

    const list = await versionsOf(alice, projectId);
    expect(list.current_version).toBe(3);
    expect(list.versions.map(({ version, is_original, is_current }) => ({ version, is_original, is_current }))).toEqual([
      { version: 3, is_original: false, is_current: true },
      { version: 2, is_original: false, is_current: false },
      { version: 1, is_original: true, is_current: false },
    ]);
    expect(list.versions[1]).toMatchObject({ stitches: second.stitches, threads: second.threads, created_at: second.saved_at });
    expect(list.versions[2]).toMatchObject({ stitches: plan.metadata.total_stitches, threads: plan.metadata.colors_used });

    const versionTwo = await alice.api(`/stitch/projects/${projectId}/pattern/versions/2`);
    expect(versionTwo.headers.get('etag')).toBeNull();
    expect((await versionTwo.json()) as PatternDocument).toEqual(await (await fetch(second.pattern_url)).json());
    const original = (await (await alice.api(`/stitch/projects/${projectId}/pattern/versions/1`)).json()) as PatternDocument;
    expect(original).toEqual(first.document);
    expect((await alice.api(`/stitch/projects/${projectId}/pattern/versions/4`)).status).toBe(404);
    expect((await alice.api(`/stitch/projects/${projectId}/pattern/versions/0`)).status).toBe(400);

    const restored = await saved(alice, projectId, original, third.etag);
    expect(restored.version).toBe(4);
    const current = await readPattern(alice, projectId);
    expect(stitchedCodes(current.document)).toEqual(stitchedCodes(first.document));
    expect(current.document.legend).toEqual(first.document.legend);
    expect((await versionsOf(alice, projectId)).versions.map((v) => v.version)).toEqual([4, 3, 2, 1]);
  });

  it('keeps the original and the last 20 versions, deleting the files of older ones', async () => {
    const projectId = (await generated(alice, { max_side: '12' })).project_id!;
    const original = await readPattern(alice, projectId);
    const saves: (SavedPattern & { etag: string })[] = [];
    let etag = original.etag;
    for (let n = 0; n < 22; n++) {
      const next = await saved(alice, projectId, paint(original.document, freeThread(original.document, n), 1 + (n % 5)), etag);
      saves.push(next);
      etag = next.etag;
    }
    // Versions 2..23 were saved; 23 - 20 = 3, so 2 and 3 went.
    const list = await versionsOf(alice, projectId);
    expect(list.versions.map((v) => v.version)).toEqual([...Array.from({ length: 20 }, (_, i) => 23 - i), 1]);
    for (const gone of saves.slice(0, 2)) {
      expect(await statusOf(gone.pattern_url)).toBe(404);
      expect(await statusOf(gone.stitch_plan_url)).toBe(404);
    }
    for (const kept of saves.slice(2)) expect(await statusOf(kept.stitch_plan_url)).toBe(200);
    expect((await alice.api(`/stitch/projects/${projectId}/pattern/versions/2`)).status).toBe(404);
    const versionOne = await alice.api(`/stitch/projects/${projectId}/pattern/versions/1`);
    expect((await versionOne.json()) as PatternDocument).toEqual(original.document);
  });

  it('deletes every version’s files with the project, and the leftover sweep never takes them before', async () => {
    const plan = await generated(alice);
    const projectId = plan.project_id!;
    const first = await readPattern(alice, projectId);
    const second = await saved(alice, projectId, paint(first.document, freeThread(first.document)), first.etag);
    const third = await saved(alice, projectId, paint(first.document, freeThread(first.document, 1)), second.etag);
    const versionFiles = [plan.pattern_url, plan.stitch_plan_url, second.pattern_url, second.stitch_plan_url, third.pattern_url, third.stitch_plan_url];

    // Version 2's files are named by no project's outputs any more, only by its version.
    const { config } = suite.server;
    const db = await openDatabase(config.database);
    try {
      const sweep = new LeftoverSweep(new LocalFileStore(join(config.dataDir, 'files')), () => new FileReferences(db).all(), { graceMs: 0 });
      await sweep.sweep();
    } finally {
      await db.destroy();
    }
    for (const url of versionFiles) expect(await statusOf(url), url).toBe(200);

    expect((await alice.api(`/stitch/projects/${projectId}`, { method: 'DELETE' })).status).toBe(204);
    for (const url of versionFiles) expect(await statusOf(url), url).toBe(404);
    expect((await alice.api(`/stitch/projects/${projectId}/pattern/versions`)).status).toBe(404);
  });
});
