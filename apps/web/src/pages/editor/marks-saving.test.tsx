// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { addBackstitch, chartFromPattern, documentOfChart, placeKnot, placePart, type PatternDocument } from '@stitchwise/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { projectScope, readDrafts } from '../../lib/drafts';
import type { SentRequest } from '../../test/harness';
import { chartPointer } from './editor-screen-test-support';
import { paletteFollows, paletteMarks } from './palette-test-host';
import { DOCUMENT, editorShown, openProjectEditor, PATTERN } from './saving-test-support';
import { DRAFT_DELAY_MS } from './use-draft-keeper';

beforeEach(() => vi.stubGlobal('indexedDB', new IDBFactory()));
afterEach(() => vi.restoreAllMocks());

const saveButton = () => screen.getByRole('button', { name: 'Save' });

/** The document of PATTERN with a backstitch, a French knot and a quarter stitch of Black, worked out with the core. */
function withMarks(): PatternDocument {
  let chart = chartFromPattern(PATTERN);
  const black = chart.threads.findIndex((thread) => thread.code === '310');
  chart = addBackstitch(chart, { x: 2, y: 8 }, { x: 6, y: 8 }, black).chart;
  chart = placeKnot(chart, { x: 9, y: 7 }, black).chart;
  chart = placePart(chart, 2, 4, 'quarter-tl', black).chart;
  return documentOfChart(chart);
}

/** The same in the editor (Black is the current thread when it opens): a line along row 4, a knot, a quarter. */
async function drawMarks(): Promise<void> {
  const user = userEvent.setup();
  const { click } = await chartPointer();
  await user.keyboard('b');
  click(1, 4);
  click(3.05, 3.95);
  await user.keyboard('{Escape}');
  await user.keyboard('k');
  click(4.5, 3.5);
  await user.keyboard('q');
  click(2.2, 4.2);
}

describe('a chart with part stitches, backstitch and knots', () => {
  it('is saved with them, and opens again with them', async () => {
    const saves: SentRequest[] = [];
    const first = openProjectEditor({
      'PUT /api/stitch/projects/p1/pattern': (request) => {
        saves.push(request);
        return { status: 200, data: { version: 2, saved_at: new Date().toISOString(), stitches: 16, threads: 3, stitch_plan_url: 'x', pattern_url: 'y' } };
      },
    });
    await editorShown();
    await drawMarks();
    const user = userEvent.setup();
    await user.click(saveButton());
    await waitFor(() => expect(saves).toHaveLength(1));
    const saved = saves[0]!.json as PatternDocument;
    expect(saved).toEqual(withMarks());
    expect(saved).toMatchObject({ version: 3 });
    expect([saved.part_stitches.length, saved.backstitches.length, saved.knots.length]).toEqual([1, 1, 1]);
    first.unmount();

    openProjectEditor({ 'GET /api/stitch/projects/p1/pattern': { status: 200, data: saved } });
    await editorShown();
    await paletteFollows();
    expect(paletteMarks('310')).toBe('+ 1 part, backstitch 2, 1 knot');
    expect(saveButton()).toBeDisabled();
  });

  it('is kept with them in the browser while unsaved', async () => {
    openProjectEditor({});
    await editorShown();
    expect(DOCUMENT.knots).toEqual([]);
    await drawMarks();
    expect(await screen.findByTestId('draft-status', undefined, { timeout: DRAFT_DELAY_MS + 2000 })).toHaveTextContent('Unsaved edit kept in this browser');
    const [draft] = await readDrafts(projectScope('p1'));
    expect(draft!.document).toEqual(withMarks());
  });
});
