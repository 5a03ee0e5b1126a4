// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { toPatternDocument } from '@stitchwise/core';
import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/client';
import type { SavedPattern } from '../../api/pattern-versions';
import { draftKey, projectScope, readDrafts } from '../../lib/drafts';
import type { Answer, SentRequest } from '../../test/harness';
import { patternOf } from './editor-test-charts';
import { paletteCodes, paletteFollows } from './palette-test-host';
import { OFFLINE_WAITING } from './ProjectSaving';
import { editorShown, openProjectEditor, PATTERN, PROJECT, removeThreadInEditor, withoutThread } from './saving-test-support';
import { DRAFT_DELAY_MS } from './use-draft-keeper';
import { SAVE_RETRY_MS } from './use-project-save';

// The browser's word on the connection, which the tests change (`goOffline`, `goOnline`).
let onLine = true;
beforeEach(() => {
  onLine = true;
  vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => onLine);
  vi.stubGlobal('indexedDB', new IDBFactory()); // each test its own empty browser storage
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  onlineManager.setOnline(true); // TanStack Query's own record of the connection outlives a test
});

const SCOPE = projectScope('p1');
const EDITED = withoutThread(PATTERN, '798');
const SAVED_AT = '2026-11-23T14:05:00.000Z';
const savedLine = `Saved at ${new Date(SAVED_AT).toLocaleTimeString('en', { hour: 'numeric', minute: '2-digit' })}`;
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const saveStatus = () => screen.getByTestId('save-status');

function goOffline(): void {
  onLine = false;
  act(() => void window.dispatchEvent(new Event('offline')));
}
/** The app closed; it starts afresh next time, TanStack Query's record of the connection too. */
function closeApp(harness: { unmount: () => void }): void {
  harness.unmount();
  onlineManager.setOnline(true);
}
function goOnline(): void {
  onLine = true;
  act(() => void window.dispatchEvent(new Event('online')));
}

/** The save endpoint with the server's version rule (If-Match must name the current version), each request recorded; `hold` keeps the answer back until it resolves. */
function saveEndpoint(
  server: { version: number },
  saves: SentRequest[],
  hold?: Promise<void>,
): (request: SentRequest) => Promise<{ status: number; data: unknown }> {
  return async (request) => {
    saves.push(request);
    await hold;
    if (request.headers.get('if-match') !== `"v${server.version}"`) return { status: 412, data: { status: 412, code: 'version_conflict', detail: 'Changed.' } };
    server.version++;
    const saved: SavedPattern = { version: server.version, saved_at: SAVED_AT, stitches: 16, threads: 2, stitch_plan_url: 'x', pattern_url: 'y' };
    return { status: 200, data: saved };
  };
}

/** Waits for this project's drafts to be as expected. */
async function draftsAre(expected: unknown[]): Promise<void> {
  await waitFor(async () => expect(await readDrafts(SCOPE)).toMatchObject(expected));
  expect(await readDrafts(SCOPE)).toHaveLength(expected.length);
}

/** The editor on version 1, an edit, and Save pressed while offline: the edit is left waiting. */
async function savedOffline(answers: Record<string, Answer> = {}, server = { version: 1 }) {
  const user = userEvent.setup();
  const saves: SentRequest[] = [];
  const harness = openProjectEditor({ 'PUT /api/stitch/projects/p1/pattern': saveEndpoint(server, saves), ...answers }, server);
  await editorShown();
  await removeThreadInEditor(user, '798');
  goOffline();
  await user.click(saveButton());
  await draftsAre([{ key: draftKey(SCOPE, '"v1"'), etag: '"v1"', waiting: true, document: EDITED }]);
  return { user, saves, server, harness };
}

describe('saving while offline', () => {
  it('keeps the edit on this device, says so, and sends nothing until the connection is back', async () => {
    const { saves } = await savedOffline();
    expect(saveStatus()).toHaveTextContent(OFFLINE_WAITING);
    expect(saves).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull(); // no error toast
    expect(screen.queryByTestId('draft-status')).toBeNull(); // the status line says it
    expect(paletteCodes()).not.toContain('798');
    // Pressed again, still offline: still waiting, still nothing sent.
    await userEvent.setup().click(saveButton());
    expect(saveStatus()).toHaveTextContent(OFFLINE_WAITING);
    expect(saves).toEqual([]);
  });

  it('says offline without a Save pressed, and the edit then waits for Save as before', async () => {
    const user = userEvent.setup();
    const saves: SentRequest[] = [];
    openProjectEditor({ 'PUT /api/stitch/projects/p1/pattern': saveEndpoint({ version: 1 }, saves) });
    await editorShown();
    goOffline();
    expect(saveStatus()).toHaveTextContent(/^Offline$/);
    await removeThreadInEditor(user, '798');
    expect(saveStatus()).toHaveTextContent(/^Offline — changes kept on this device$/);
    goOnline();
    expect(saveStatus()).toHaveTextContent(/^$/);
    expect(saves).toEqual([]); // only a Save sends
  });

  it('saves it by itself on the online event, over the version the edit was made on, and forgets the draft', async () => {
    let answer: () => void = () => undefined;
    const hold = new Promise<void>((resolve) => (answer = resolve));
    const server = { version: 1 };
    const saves: SentRequest[] = [];
    await savedOffline({ 'PUT /api/stitch/projects/p1/pattern': saveEndpoint(server, saves, hold) }, server);

    goOnline();
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saveStatus()).toHaveTextContent('Syncing…');
    expect(saveButton()).toBeDisabled();
    answer();
    await waitFor(() => expect(saveStatus()).toHaveTextContent(savedLine));
    expect(saves[0]!.headers.get('if-match')).toBe('"v1"');
    expect(saves[0]!.json).toEqual(EDITED);
    expect(saveButton()).toBeDisabled();
    await draftsAre([]);
  });

  it.each([
    ['no connection (fetch rejects)', () => new TypeError('Failed to fetch')],
    ['no answer in time', () => new DOMException('The server took too long to answer.', 'TimeoutError')],
  ])('keeps a save that got %s waiting, and sends it on the online event', async (_, failure) => {
    const user = userEvent.setup();
    const server = { version: 1 };
    const saves: SentRequest[] = [];
    const serve = saveEndpoint(server, saves);
    let attempts = 0;
    openProjectEditor(
      {
        'PUT /api/stitch/projects/p1/pattern': (request) => {
          if (attempts++ === 0) throw failure();
          return serve(request);
        },
      },
      server,
    );
    await editorShown();
    await removeThreadInEditor(user, '798');
    await user.click(saveButton());
    await waitFor(() => expect(saveStatus()).toHaveTextContent(OFFLINE_WAITING));
    expect(screen.queryByRole('alert')).toBeNull();
    await draftsAre([{ etag: '"v1"', waiting: true, document: EDITED }]);

    goOnline();
    await waitFor(() => expect(saveStatus()).toHaveTextContent(savedLine));
    expect(saves.map((save) => save.headers.get('if-match'))).toEqual(['"v1"']);
    await draftsAre([]);
  });

  it('tries a waiting save again every while when the browser says it is online (no online event will come)', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.isFakeTimers() && vi.advanceTimersByTime(ms) });
    const server = { version: 1 };
    const saves: SentRequest[] = [];
    const serve = saveEndpoint(server, saves);
    let attempts = 0;
    openProjectEditor(
      {
        'PUT /api/stitch/projects/p1/pattern': (request) => {
          if (attempts++ === 0) throw new TypeError('Failed to fetch');
          return serve(request);
        },
      },
      server,
    );
    await editorShown();
    await removeThreadInEditor(user, '798');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    await user.click(saveButton());
    await waitFor(() => expect(saveStatus()).toHaveTextContent(OFFLINE_WAITING));
    act(() => void vi.advanceTimersByTime(SAVE_RETRY_MS - 1000));
    expect(attempts).toBe(1);
    act(() => void vi.advanceTimersByTime(1000));
    await waitFor(() => expect(saveStatus()).toHaveTextContent(savedLine));
    expect(attempts).toBe(2);
  });

  it('keeps a waiting edit waiting through a 401 when the connection is back (the token being renewed), and saves it on the retry timer', async () => {
    const server = { version: 1 };
    const saves: SentRequest[] = [];
    const serve = saveEndpoint(server, saves);
    await savedOffline(
      {
        'PUT /api/stitch/projects/p1/pattern': (request) => {
          if (saves.length > 0) return serve(request);
          saves.push(request);
          return { status: 401, data: { status: 401, code: 'unauthorized', detail: 'Authentication required.' } };
        },
      },
      server,
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });

    goOnline();
    await waitFor(() => expect(saves).toHaveLength(1));
    await waitFor(() => expect(saveStatus()).toHaveTextContent(OFFLINE_WAITING));
    expect(saveStatus()).not.toHaveTextContent('Not saved');
    await draftsAre([{ etag: '"v1"', waiting: true, document: EDITED }]);

    setAccessToken('renewed-token'); // the sign-in renewed meanwhile
    act(() => void vi.advanceTimersByTime(SAVE_RETRY_MS));
    await waitFor(() => expect(saveStatus()).toHaveTextContent(savedLine));
    expect(saves.map((save) => save.headers.get('if-match'))).toEqual(['"v1"', '"v1"']);
    expect(saves[1]!.headers.get('authorization')).toBe('Bearer renewed-token');
    await draftsAre([]);
  });

  it('keeps a save pressed online that got a 401 waiting rather than refused, and tries it again', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.isFakeTimers() && vi.advanceTimersByTime(ms) });
    const server = { version: 1 };
    const saves: SentRequest[] = [];
    const serve = saveEndpoint(server, saves);
    openProjectEditor(
      {
        'PUT /api/stitch/projects/p1/pattern': (request) => {
          if (saves.length > 0) return serve(request);
          saves.push(request);
          return { status: 401, data: { status: 401, code: 'unauthorized', detail: 'Authentication required.' } };
        },
      },
      server,
    );
    await editorShown();
    await removeThreadInEditor(user, '798');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    await user.click(saveButton());
    await waitFor(() => expect(saveStatus()).toHaveTextContent(OFFLINE_WAITING));
    expect(saveStatus()).not.toHaveTextContent('Not saved');
    await draftsAre([{ etag: '"v1"', waiting: true, document: EDITED }]);
    act(() => void vi.advanceTimersByTime(SAVE_RETRY_MS));
    await waitFor(() => expect(saveStatus()).toHaveTextContent(savedLine));
    expect(saves).toHaveLength(2);
    await draftsAre([]);
  });

  it('opens the conflict choice when the chart was saved elsewhere meanwhile, and saving as a new project keeps both', async () => {
    const imports: SentRequest[] = [];
    const copy = { ...PROJECT, id: 'p2', name: 'Roses (copy)' };
    const { saves, server, user } = await savedOffline({
      'POST /api/stitch/projects/import': (request) => {
        imports.push(request);
        const report = { format: 'json', title: null, width: 5, height: 5, threads: 2, stitches: 16, thread_mappings: [], not_imported: {} };
        return { status: 201, data: { ...copy, import_report: report } };
      },
      'GET /api/stitch/projects/p2': { status: 200, data: copy },
      'GET /api/stitch/projects/p2/pattern': { status: 200, data: EDITED },
    });
    server.version = 2; // another device saved meanwhile

    goOnline();
    const dialog = await screen.findByRole('dialog', { name: 'This chart was changed elsewhere' });
    expect(saves.map((save) => save.headers.get('if-match'))).toEqual(['"v1"']);
    expect(server.version).toBe(2); // not saved over
    expect(saveStatus()).not.toHaveTextContent('Offline');
    // Kept, but no longer waiting: the choice is the stitcher's, and the next visit offers the edit rather than sending it again.
    await waitFor(async () => expect((await readDrafts(SCOPE)).map((draft) => [draft.etag, draft.waiting])).toEqual([['"v1"', undefined]]));
    await user.click(within(dialog).getByRole('button', { name: 'Save my edit as a new project' }));

    await editorShown('Roses (copy)');
    expect(JSON.parse(await (imports[0]!.form?.file as File).text())).toEqual(EDITED);
    expect(server.version).toBe(2); // the other device's save stays as it was
    expect(saves).toHaveLength(1);
  });
});

describe('an edit left waiting when the editor was closed', () => {
  it('is put back and saved by itself when the editor opens online, without asking', async () => {
    const { harness } = await savedOffline();
    closeApp(harness); // closed while offline
    goOnline();

    const server = { version: 1 };
    const saves: SentRequest[] = [];
    openProjectEditor({ 'PUT /api/stitch/projects/p1/pattern': saveEndpoint(server, saves) }, server);
    await waitFor(() => expect(saveStatus()).toHaveTextContent(savedLine));
    expect(screen.queryByRole('dialog')).toBeNull(); // not offered: Save was asked for
    expect(saves).toHaveLength(1);
    expect(saves[0]!.headers.get('if-match')).toBe('"v1"');
    expect(saves[0]!.json).toEqual(EDITED);
    await paletteFollows();
    expect(paletteCodes()).not.toContain('798');
    expect(saveButton()).toBeDisabled();
    await draftsAre([]);
  });

  it('is put back and kept waiting when the editor opens offline, and saved once online', async () => {
    const { harness } = await savedOffline();
    closeApp(harness); // and opened again, still offline

    const server = { version: 1 };
    const saves: SentRequest[] = [];
    openProjectEditor({ 'PUT /api/stitch/projects/p1/pattern': saveEndpoint(server, saves) }, server);
    await waitFor(() => expect(saveStatus()).toHaveTextContent(OFFLINE_WAITING));
    await paletteFollows();
    expect(paletteCodes()).not.toContain('798');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(saves).toEqual([]);

    goOnline();
    await waitFor(() => expect(saveStatus()).toHaveTextContent(savedLine));
    expect(saves.map((save) => save.headers.get('if-match'))).toEqual(['"v1"']);
    await draftsAre([]);
  });

  it('is not saved over a newer version: the conflict choice opens, and loading the newer chart gives up the edit', async () => {
    const { harness } = await savedOffline();
    closeApp(harness);
    goOnline();

    // Saved meanwhile on another device as version 2: the editor opens on that.
    const newer = toPatternDocument(patternOf(['22222', '22222', '11111', '.....', '.....'], ['310', '321', '798']));
    const server = { version: 2 };
    const saves: SentRequest[] = [];
    const reopened = openProjectEditor(
      { 'PUT /api/stitch/projects/p1/pattern': saveEndpoint(server, saves), 'GET /api/stitch/projects/p1/pattern': { status: 200, data: newer } },
      server,
    );
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'This chart was changed elsewhere' });
    expect(saves.map((save) => save.headers.get('if-match'))).toEqual(['"v1"']);
    expect(server.version).toBe(2);
    await paletteFollows();
    expect(paletteCodes()).not.toContain('798'); // the edit is in the editor, to be kept or given up

    await user.click(within(dialog).getByRole('button', { name: 'Load the newer chart' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Load the newer chart?' })).getByRole('button', { name: 'Load it and lose my edit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(paletteCodes()).toEqual(['798', '321']));
    expect(reopened.requests.filter((request) => request === 'GET /api/stitch/projects/p1/pattern')).toHaveLength(2);
    expect(saveButton()).toBeDisabled();
    await draftsAre([]);
    expect(saves).toHaveLength(1);
  });
});

describe('a save the server refuses', () => {
  it.each([
    [400, 'cells: the chart has 20 cells, not 5 × 5.'],
    [413, 'The chart is larger than the server takes.'],
  ])('(%i) is not taken for being offline: the sentence is shown, and it is not sent again by itself', async (status, detail) => {
    const user = userEvent.setup();
    const saves: SentRequest[] = [];
    openProjectEditor({
      'PUT /api/stitch/projects/p1/pattern': (request) => {
        saves.push(request);
        return { status, data: { status, code: 'refused', detail } };
      },
    });
    await editorShown();
    await removeThreadInEditor(user, '798');
    await user.click(saveButton());
    await waitFor(() => expect(saveStatus()).toHaveTextContent(`Not saved: ${detail}`));
    expect(saveStatus()).not.toHaveTextContent('Offline');
    await waitFor(async () => expect(await readDrafts(SCOPE)).toHaveLength(1), { timeout: DRAFT_DELAY_MS + 2000 });
    expect((await readDrafts(SCOPE))[0]!.waiting).toBeUndefined();

    goOffline();
    goOnline();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(saves).toHaveLength(1);
    expect(saveButton()).toBeEnabled();
  });
});
