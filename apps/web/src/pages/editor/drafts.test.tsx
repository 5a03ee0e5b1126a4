// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { toPatternDocument } from '@stitchwise/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeCanvas } from '../../components/chart/fake-canvas';
import { draftKey, projectScope, readDrafts, writeDraft } from '../../lib/drafts';
import { renderScreen, type SentRequest } from '../../test/harness';
import { VisitorChartEditor } from '../ChartEditor';
import { paletteCodes, paletteFollows } from './palette-test-host';
import { DOCUMENT, editorShown, openProjectEditor, PATTERN, removeThreadInEditor, withoutThread } from './saving-test-support';
import { DRAFT_DELAY_MS } from './use-draft-keeper';
import { dateTime } from './when';

// Each test its own empty browser storage (the harness puts the global back after each test).
beforeEach(() => vi.stubGlobal('indexedDB', new IDBFactory()));
afterEach(() => vi.restoreAllMocks());

const PROJECT_SCOPE = projectScope('p1');
const EDITED = withoutThread(PATTERN, '798');
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const draftOffer = () => screen.findByRole('dialog', { name: 'Unsaved edit found' });
const hidePage = () => window.dispatchEvent(new Event('pagehide'));

describe("a project's unsaved edit kept in the browser", () => {
  it('is kept a second after the edit, offered when the editor opens again, restored as an unsaved edit, and gone once saved', async () => {
    const user = userEvent.setup();
    const first = openProjectEditor({});
    await editorShown();
    await removeThreadInEditor(user, '798');
    const editedAt = Date.now();
    expect(await screen.findByTestId('draft-status', undefined, { timeout: DRAFT_DELAY_MS + 2000 })).toHaveTextContent('Unsaved edit kept in this browser');
    const [draft] = await readDrafts(PROJECT_SCOPE);
    expect(draft).toMatchObject({ key: draftKey(PROJECT_SCOPE, '"v1"'), version: 1, document: EDITED });
    expect(draft!.savedAt - editedAt).toBeGreaterThanOrEqual(DRAFT_DELAY_MS - 50);
    first.unmount(); // the tab closed without saving

    const saves: SentRequest[] = [];
    openProjectEditor({
      'PUT /api/stitch/projects/p1/pattern': (request) => {
        saves.push(request);
        return { status: 200, data: { version: 2, saved_at: new Date().toISOString(), stitches: 16, threads: 2, stitch_plan_url: 'x', pattern_url: 'y' } };
      },
    });
    const offer = await draftOffer();
    expect(offer).toHaveAccessibleDescription(`Restore your unsaved edit from ${dateTime(draft!.savedAt)}?`);
    expect(offer).toContainElement(document.activeElement as HTMLElement);
    expect(paletteCodes()).toContain('798'); // the saved chart until the answer
    await user.click(within(offer).getByRole('button', { name: 'Restore' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    await paletteFollows();
    expect(paletteCodes()).not.toContain('798');
    expect(saveButton()).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveAttribute('title', 'Undo Restore unsaved edit (Ctrl+Z)');
    await user.click(saveButton());
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.json).toEqual(EDITED);
    await waitFor(async () => expect(await readDrafts(PROJECT_SCOPE)).toEqual([]));
  });

  it('is written at once when the page is hidden, and Discard deletes it and keeps the saved chart', async () => {
    const user = userEvent.setup();
    const first = openProjectEditor({});
    await editorShown();
    await removeThreadInEditor(user, '798');
    hidePage();
    // Well before the debounce would have written it.
    await waitFor(async () => expect(await readDrafts(PROJECT_SCOPE)).toHaveLength(1), { timeout: DRAFT_DELAY_MS / 2 });
    first.unmount();

    openProjectEditor({});
    await user.click(within(await draftOffer()).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(paletteCodes()).toContain('798');
    expect(saveButton()).toBeDisabled();
    await waitFor(async () => expect(await readDrafts(PROJECT_SCOPE)).toEqual([]));
  });

  it('offers a draft of an older version with a note that the chart changed since, and keeps it under the current version once restored', async () => {
    const user = userEvent.setup();
    const savedAt = Date.parse('2026-11-22T09:30:00.000Z');
    await writeDraft({ key: draftKey(PROJECT_SCOPE, '"v1"'), scope: PROJECT_SCOPE, version: 1, document: EDITED, savedAt });
    openProjectEditor({}, { version: 3 });
    const offer = await draftOffer();
    expect(offer).toHaveTextContent(`Restore your unsaved edit from ${dateTime(savedAt)}?`);
    expect(offer).toHaveTextContent('The chart has changed since');
    await user.click(within(offer).getByRole('button', { name: 'Restore' }));
    await paletteFollows();
    expect(paletteCodes()).not.toContain('798');
    await waitFor(async () => {
      const drafts = await readDrafts(PROJECT_SCOPE);
      expect(drafts.map(({ key, version }) => ({ key, version }))).toEqual([{ key: draftKey(PROJECT_SCOPE, '"v3"'), version: 3 }]);
    });
  });

  it('does not offer a draft that is the chart as saved, and deletes it', async () => {
    await writeDraft({ key: draftKey(PROJECT_SCOPE, '"v1"'), scope: PROJECT_SCOPE, version: 1, document: DOCUMENT, savedAt: Date.now() });
    openProjectEditor({});
    await editorShown();
    await waitFor(async () => expect(await readDrafts(PROJECT_SCOPE)).toEqual([]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is deleted when the edit is undone back to the saved chart', async () => {
    const user = userEvent.setup();
    openProjectEditor({});
    await editorShown();
    await removeThreadInEditor(user, '798');
    hidePage();
    await waitFor(async () => expect(await readDrafts(PROJECT_SCOPE)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    hidePage();
    await waitFor(async () => expect(await readDrafts(PROJECT_SCOPE)).toEqual([]));
    expect(screen.queryByTestId('draft-status')).toBeNull();
  });
});

describe("a visitor's unsaved edit", () => {
  it('is kept by the pattern file id and offered again', async () => {
    const user = userEvent.setup();
    const open = () => {
      installFakeCanvas({ width: 400, height: 300 });
      // The visitor's editor reads `/files/…` relative to the page; Node's Request needs it whole.
      vi.stubGlobal(
        'Request',
        class extends Request {
          constructor(input: RequestInfo | URL, init?: RequestInit) {
            super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
          }
        },
      );
      return renderScreen(<VisitorChartEditor />, {
        path: '/stitch/edit/:patternId',
        route: '/stitch/edit/r42.json',
        answers: { 'GET /files/r42.json': { status: 200, data: toPatternDocument(PATTERN) } },
      });
    };
    const first = open();
    await editorShown('My chart');
    await removeThreadInEditor(user, '798');
    hidePage();
    await waitFor(async () => expect(await readDrafts('pattern:r42.json')).toMatchObject([{ key: 'pattern:r42.json', document: EDITED }]));
    first.unmount();

    open();
    await user.click(within(await draftOffer()).getByRole('button', { name: 'Restore' }));
    await paletteFollows();
    expect(paletteCodes()).not.toContain('798');
  });
});
