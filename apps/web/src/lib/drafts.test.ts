// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { toPatternDocument } from '@stitchwise/core';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { patternOf } from '../pages/editor/editor-test-charts';
import { deleteDraft, draftKey, patternScope, projectScope, readDrafts, writeDraft, type Draft } from './drafts';

beforeEach(() => vi.stubGlobal('indexedDB', new IDBFactory()));
afterEach(() => vi.unstubAllGlobals());

const DOCUMENT = toPatternDocument(patternOf(['01', '1.'], ['310', '321']));
const draft = (scope: string, etag: string | undefined, savedAt: number): Draft => ({
  key: draftKey(scope, etag),
  scope,
  version: etag ? Number(etag.slice(2, -1)) : undefined,
  document: DOCUMENT,
  savedAt,
});

describe('drafts in IndexedDB', () => {
  it('keeps one draft per chart and version, and lists a chart’s drafts newest first', async () => {
    const p1 = projectScope('p1');
    await writeDraft(draft(p1, '"v1"', 100));
    await writeDraft(draft(p1, '"v2"', 300));
    await writeDraft(draft(projectScope('p2'), '"v1"', 200));
    await writeDraft(draft(patternScope('r42.json'), undefined, 400));
    await writeDraft({ ...draft(p1, '"v1"', 500), document: { ...DOCUMENT, cells: [0, 0, 0, -1] } }); // replaces v1's

    const drafts = await readDrafts(p1);
    expect(drafts.map((kept) => [kept.key, kept.version, kept.savedAt])).toEqual([
      ['project:p1 "v1"', 1, 500],
      ['project:p1 "v2"', 2, 300],
    ]);
    expect(drafts[0]!.document.cells).toEqual([0, 0, 0, -1]);
    expect(await readDrafts(patternScope('r42.json'))).toEqual([draft(patternScope('r42.json'), undefined, 400)]);
  });

  it('runs operations in the order they were asked for: a delete after a write wins', async () => {
    const key = draftKey(projectScope('p1'), '"v1"');
    const writing = writeDraft(draft(projectScope('p1'), '"v1"', 1));
    const deleting = deleteDraft(key);
    await Promise.all([writing, deleting]);
    expect(await readDrafts(projectScope('p1'))).toEqual([]);
  });

  it('fails, without throwing synchronously, where the browser has no IndexedDB', async () => {
    vi.stubGlobal('indexedDB', undefined);
    await expect(readDrafts(projectScope('p1'))).rejects.toThrow('This browser keeps no drafts');
  });
});
