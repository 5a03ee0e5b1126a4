// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { toPatternDocument } from '@stitchwise/core';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../api/client';
import { draftKey, projectScope, readDrafts, writeDraft, type Draft } from '../lib/drafts';
import { markLive } from '../lib/progress-live';
import { patternOf } from '../pages/editor/editor-test-charts';
import { editorLiveKey, sendWaitingEdits } from './send-waiting-edits';

/**
 * Chart edits saved offline, saved from any screen once online (offline/send-waiting-edits.ts): with If-Match on
 * the version each was made on; gone once saved; kept for the editor to offer when the chart changed elsewhere;
 * left to an open editor.
 */
const DOCUMENT = toPatternDocument(patternOf(['01', '1.'], ['310', '321']));
const waiting = (projectId: string, etag: string, savedAt = 1): Draft => ({
  key: draftKey(projectScope(projectId), etag),
  scope: projectScope(projectId),
  version: Number(etag.slice(2, -1)),
  etag,
  waiting: true,
  document: DOCUMENT,
  savedAt,
});

/** The server: each PUT's project, If-Match and body, answered with `status`. */
function server(status: (projectId: string) => number | 'network') {
  const puts: { projectId: string; ifMatch: string | null; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    const projectId = /\/api\/stitch\/projects\/([^/]+)\/pattern$/.exec(new URL(input.url).pathname)![1]!;
    puts.push({ projectId, ifMatch: input.headers.get('if-match'), body: await input.json() });
    const answer = status(projectId);
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return answer === 200
      ? Response.json({ version: 2, saved_at: '2026-12-05T10:00:00Z' }, { headers: { ETag: '"v2"' } })
      : Response.json(
          { status: answer, code: 'version_conflict', detail: 'Changed elsewhere' },
          { status: answer, headers: { 'Content-Type': 'application/problem+json' } },
        );
  });
  return puts;
}

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  setAccessToken('token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('sendWaitingEdits', () => {
  it('saves each waiting edit over the version it was made on, and forgets it once saved', async () => {
    await writeDraft(waiting('p1', '"v1"'));
    await writeDraft({ ...waiting('p2', '"v4"'), waiting: false }); // only kept, not asked to be saved
    const puts = server(() => 200);
    await sendWaitingEdits();
    expect(puts).toEqual([{ projectId: 'p1', ifMatch: '"v1"', body: DOCUMENT }]);
    expect(await readDrafts(projectScope('p1'))).toEqual([]);
    expect(await readDrafts(projectScope('p2'))).toHaveLength(1);
  });

  it('keeps an edit whose chart was saved elsewhere meanwhile, no longer waiting, for the editor to offer', async () => {
    await writeDraft(waiting('p1', '"v1"'));
    server(() => 412);
    await sendWaitingEdits();
    const [kept] = await readDrafts(projectScope('p1'));
    expect(kept).toMatchObject({ etag: '"v1"', waiting: false, document: DOCUMENT });
  });

  it('keeps an edit waiting when the server cannot be reached, and sends it on the next try', async () => {
    await writeDraft(waiting('p1', '"v1"'));
    let answer: number | 'network' = 'network';
    const puts = server(() => answer);
    await sendWaitingEdits();
    expect(await readDrafts(projectScope('p1'))).toMatchObject([{ waiting: true }]);
    answer = 200;
    await sendWaitingEdits();
    expect(puts).toHaveLength(2);
    expect(await readDrafts(projectScope('p1'))).toEqual([]);
  });

  it('leaves the edit of a project whose editor is open (in any tab) to that editor', async () => {
    await writeDraft(waiting('p1', '"v1"'));
    const puts = server(() => 200);
    const stop = markLive(editorLiveKey('p1'));
    await sendWaitingEdits();
    expect(puts).toEqual([]);
    stop();
    await sendWaitingEdits();
    expect(puts).toHaveLength(1);
  });
});
