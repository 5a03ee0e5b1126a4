// @vitest-environment jsdom
import { canonicalDocument, toPatternDocument } from '@stitchwise/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PatternVersionList } from '../../api/pattern-versions';
import type { SentRequest } from '../../test/harness';
import { patternOf } from './editor-test-charts';
import { paletteCodes, paletteCount, paletteFollows } from './palette-test-host';
import { editorShown, openProjectEditor } from './saving-test-support';
import { dateTime } from './when';

afterEach(() => vi.restoreAllMocks());

// The original had a fourth thread (DMC 600) that later saves removed; the current chart is saving-test-support's.
const ORIGINAL = patternOf(['33331', '11100', '11122', '200..', '0....'], ['310', '321', '798', '600']);
const VERSIONS: PatternVersionList = {
  current_version: 3,
  versions: [
    { version: 3, created_at: '2026-11-23T10:00:00.000Z', stitches: 16, threads: 3, is_original: false, is_current: true },
    { version: 2, created_at: '2026-11-22T10:00:00.000Z', stitches: 15, threads: 3, is_original: false, is_current: false },
    { version: 1, created_at: '2026-11-20T10:00:00.000Z', stitches: 16, threads: 4, is_original: true, is_current: false },
  ],
};

describe('the Versions panel', () => {
  it('lists the kept versions, and opens one as an unsaved edit that Save makes the newest version', async () => {
    const user = userEvent.setup();
    const saves: SentRequest[] = [];
    const harness = openProjectEditor(
      {
        'GET /api/stitch/projects/p1/pattern/versions': { status: 200, data: VERSIONS },
        'GET /api/stitch/projects/p1/pattern/versions/1': { status: 200, data: toPatternDocument(ORIGINAL) },
        'PUT /api/stitch/projects/p1/pattern': (request) => {
          saves.push(request);
          return { status: 200, data: { version: 4, saved_at: '2026-11-23T11:00:00.000Z', stitches: 16, threads: 4, stitch_plan_url: 'x', pattern_url: 'y' } };
        },
      },
      { version: 3 },
    );
    await editorShown();
    expect(harness.requests).not.toContain('GET /api/stitch/projects/p1/pattern/versions'); // only once asked for

    const toggle = screen.getByRole('button', { name: 'Versions' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Versions' });
    const rows = await within(panel).findAllByTestId('pattern-version');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual(['Version 3current', 'Version 2', 'Version 1original']);
    expect(rows[2]).toHaveTextContent(`${dateTime('2026-11-20T10:00:00.000Z')} · 16 stitches · 4 threads`);

    expect(paletteCodes()).not.toContain('600');
    await user.click(within(panel).getByRole('button', { name: 'Open version 1' }));
    await waitFor(() => expect(paletteCount('600')).toBe(4));
    expect(screen.queryByRole('region', { name: 'Versions' })).toBeNull();
    expect(await screen.findByText('Version 1 is open as an unsaved edit: save to make it the current chart.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveAttribute('title', 'Undo Open version 1 (Ctrl+Z)');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.headers.get('if-match')).toBe('"v3"');
    expect(saves[0]!.json).toEqual(canonicalDocument(ORIGINAL));
  });

  it('goes back to the current chart when the opened version is undone', async () => {
    const user = userEvent.setup();
    openProjectEditor({
      'GET /api/stitch/projects/p1/pattern/versions': { status: 200, data: VERSIONS },
      'GET /api/stitch/projects/p1/pattern/versions/1': { status: 200, data: toPatternDocument(ORIGINAL) },
    });
    await editorShown();
    const before = paletteCodes().map((code) => [code, paletteCount(code)]);
    await user.click(screen.getByRole('button', { name: 'Versions' }));
    await user.click(await screen.findByRole('button', { name: 'Open version 1' }));
    await waitFor(() => expect(paletteCodes()).toContain('600'));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await paletteFollows();
    // The thread added for the version stays listed without stitches, as a removed one would.
    expect(paletteCodes().flatMap((code) => (paletteCount(code) > 0 ? [[code, paletteCount(code)]] : []))).toEqual(before);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("says why the versions could not be listed, with the server's sentence", async () => {
    const user = userEvent.setup();
    openProjectEditor({ 'GET /api/stitch/projects/p1/pattern/versions': { status: 404, data: { status: 404, detail: 'Project not found.' } } });
    await editorShown();
    await user.click(screen.getByRole('button', { name: 'Versions' }));
    expect(await within(screen.getByRole('region', { name: 'Versions' })).findByText('Project not found.')).toBeInTheDocument();
  });
});
