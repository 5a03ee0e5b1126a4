// @vitest-environment jsdom
import { toPatternDocument } from '@stitchwise/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SavedPattern } from '../../api/pattern-versions';
import type { Answer, SentRequest } from '../../test/harness';
import { patternOf } from './editor-test-charts';
import { paletteCodes } from './palette-test-host';
import { OFFLINE_WAITING } from './ProjectSaving';
import { editorShown, openProjectEditor, PATTERN, PROJECT, removeThreadInEditor, withoutThread } from './saving-test-support';

afterEach(() => vi.restoreAllMocks());

const SAVED_AT = '2026-11-23T14:05:00.000Z';
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const saveStatus = () => screen.getByTestId('save-status');
const leavingIsStopped = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

/** A stand-in for the save endpoint with the server's version rule: If-Match must name the current version. */
function saveEndpoint(server: { version: number }, saves: SentRequest[]): Answer {
  return (request) => {
    saves.push(request);
    if (request.headers.get('if-match') !== `"v${server.version}"`) return { status: 412, data: { status: 412, code: 'version_conflict', detail: 'Changed.' } };
    server.version++;
    const saved: SavedPattern = {
      version: server.version,
      saved_at: SAVED_AT,
      stitches: 16,
      threads: 2,
      stitch_plan_url: `http://localhost/files/plan-v${server.version}.png`,
      pattern_url: `http://localhost/files/pattern-v${server.version}.json`,
    };
    return { status: 200, data: saved };
  };
}

describe('saving a project from the editor', () => {
  it('saves the edit with the ETag it was opened as, says when, and saves the next edit over the new version', async () => {
    const user = userEvent.setup();
    const server = { version: 1 };
    const saves: SentRequest[] = [];
    const harness = openProjectEditor({ 'PUT /api/stitch/projects/p1/pattern': saveEndpoint(server, saves) }, server);
    await editorShown();
    expect(saveButton()).toBeDisabled();

    await removeThreadInEditor(user, '798');
    expect(saveButton()).toBeEnabled();
    expect(leavingIsStopped()).toBe(true);
    await user.click(saveButton());

    const expectedTime = new Date(SAVED_AT).toLocaleTimeString('en', { hour: 'numeric', minute: '2-digit' });
    await waitFor(() => expect(saveStatus()).toHaveTextContent(`Saved at ${expectedTime}`));
    expect(saves).toHaveLength(1);
    expect(saves[0]!.headers.get('if-match')).toBe('"v1"');
    expect(saves[0]!.json).toEqual(withoutThread(PATTERN, '798'));
    expect(saveButton()).toBeDisabled();
    expect(leavingIsStopped()).toBe(false);
    // The project is read again, so its page shows the saved chart.
    await waitFor(() => expect(harness.requests.filter((request) => request === 'GET /api/stitch/projects/p1')).toHaveLength(2));

    // Ctrl+S saves the next edit, over version 2.
    await removeThreadInEditor(user, '321');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]!.headers.get('if-match')).toBe('"v2"');
    expect(await screen.findByText(`Saved at ${expectedTime}`)).toBeInTheDocument();
    expect(paletteCodes().length).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's sentence when it refuses the chart, and keeps the edit to try again", async () => {
    const user = userEvent.setup();
    const detail = 'cells: the chart has 20 cells, not 5 × 5.';
    openProjectEditor({ 'PUT /api/stitch/projects/p1/pattern': { status: 400, data: { status: 400, code: 'invalid_pattern', detail } } });
    await editorShown();
    await removeThreadInEditor(user, '798');
    await user.click(saveButton());
    expect(await screen.findByText(`Not saved: ${detail}`)).toBeInTheDocument();
    expect(saveButton()).toBeEnabled();
    expect(paletteCodes()).not.toContain('798');
    expect(leavingIsStopped()).toBe(true);
  });

  it('says the edit waits on this device when the server cannot be reached, and keeps it (offline-saving.test.tsx has the rest)', async () => {
    const user = userEvent.setup();
    openProjectEditor({
      'PUT /api/stitch/projects/p1/pattern': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await editorShown();
    await removeThreadInEditor(user, '798');
    await user.click(saveButton());
    expect(await screen.findByText(OFFLINE_WAITING)).toBeInTheDocument();
    expect(saveButton()).toBeEnabled();
    expect(paletteCodes()).not.toContain('798');
  });
});

describe('a save refused because the chart was saved elsewhere (412)', () => {
  /** The editor opened at version 1, saved meanwhile elsewhere as version 2; an edit and a Save that is refused. */
  async function refusedSave(answers: Record<string, Answer> = {}) {
    const user = userEvent.setup();
    const server = { version: 1 };
    const saves: SentRequest[] = [];
    const harness = openProjectEditor({ 'PUT /api/stitch/projects/p1/pattern': saveEndpoint(server, saves), ...answers }, server);
    await editorShown();
    server.version = 2;
    await removeThreadInEditor(user, '798');
    await user.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'This chart was changed elsewhere' });
    return { user, server, saves, harness, dialog };
  }

  it('explains it in a dialog that takes the focus, and Cancel or Escape go back to the edit', async () => {
    const { user, dialog, saves } = await refusedSave();
    expect(saves[0]!.headers.get('if-match')).toBe('"v1"');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/changed in another window or on another device since you opened it/);
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(within(dialog).getByRole('button', { name: 'Load the newer chart' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save my edit as a new project' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(saveButton());
    expect(paletteCodes()).not.toContain('798');
    expect(saveButton()).toBeEnabled();

    await user.click(saveButton());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(saves).toHaveLength(2);
  });

  it('loads the newer chart after a confirmation, which replaces the edit', async () => {
    const newer = patternOf(['22222', '22222', '11111', '.....', '.....'], ['310', '321', '798']);
    let reads = 0;
    const { user, dialog, harness } = await refusedSave({
      'GET /api/stitch/projects/p1/pattern': () => ({ status: 200, data: toPatternDocument(reads++ === 0 ? PATTERN : newer) }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Load the newer chart' }));
    const confirm = await screen.findByRole('dialog', { name: 'Load the newer chart?' });
    expect(confirm).toHaveAccessibleDescription('Your edit will be lost: the chart will be as it was last saved elsewhere.');
    // The harmless choice has the focus: Enter does not throw the edit away.
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Back' }));
    await user.click(within(confirm).getByRole('button', { name: 'Load it and lose my edit' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(harness.requests.filter((request) => request === 'GET /api/stitch/projects/p1/pattern')).toHaveLength(2);
    // The newer chart: Delft Blue Dark has the most stitches now, and Black none.
    await waitFor(() => expect(paletteCodes()).toEqual(['798', '321']));
    expect(saveButton()).toBeDisabled();
  });

  it('saves the edit as a new project named "<name> (copy)" and opens it', async () => {
    const imports: SentRequest[] = [];
    const copy = { ...PROJECT, id: 'p2', name: 'Roses (copy)' };
    const edited = withoutThread(PATTERN, '798');
    const { user, dialog } = await refusedSave({
      'POST /api/stitch/projects/import': (request) => {
        imports.push(request);
        return {
          status: 201,
          data: {
            ...copy,
            import_report: { format: 'json', title: null, width: 5, height: 5, threads: 2, stitches: 16, thread_mappings: [], not_imported: {} },
          },
        };
      },
      'GET /api/stitch/projects/p2': { status: 200, data: copy },
      'GET /api/stitch/projects/p2/pattern': { status: 200, data: edited },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save my edit as a new project' }));

    await editorShown('Roses (copy)');
    expect(imports).toHaveLength(1);
    expect(imports[0]!.form?.name).toBe('Roses (copy)');
    const file = imports[0]!.form?.file as File;
    expect(JSON.parse(await file.text())).toEqual(edited);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(paletteCodes()).toEqual(edited.legend.map((entry) => entry.dmc_code));
    expect(paletteCodes()).not.toContain('798');
  });
});
