/**
 * Test support for the saving tests (not used by the app): a project and its chart, the project's
 * editor rendered against the harness's stand-in server, ETags on the chart's answers, and an edit made
 * through the palette whose result the test works out with the core.
 */
import { chartFromPattern, documentOfChart, removeThread, toPatternDocument, type Pattern, type PatternDocument } from '@stitchwise/core';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { vi } from 'vitest';
import type { Project } from '../../api/schemas';
import { installFakeCanvas } from '../../components/chart/fake-canvas';
import { PROJECT as STORED_PROJECT } from '../../test/fixtures';
import { renderScreen, type Answer } from '../../test/harness';
import { ProjectChartEditor } from '../ChartEditor';
import { patternOf } from './editor-test-charts';
import { paletteRow } from './palette-test-host';

// Black 7 stitches, Red 6, Delft Blue Dark 3, no stitch 4.
export const PATTERN = patternOf(['00001', '11100', '11122', '200..', '0....'], ['310', '321', '798']);
export const DOCUMENT = toPatternDocument(PATTERN);

export const PROJECT: Project = {
  ...STORED_PROJECT,
  parameters: { ...STORED_PROJECT.parameters, colors: 3 },
  metadata: { colors_count: 3, total_stitches: 16, canvas_size: { width: 60, height: 60 } },
  outputs: {
    input_image_url: 'http://localhost/files/in.png',
    stitch_plan_url: 'http://localhost/files/plan.png',
    pattern_url: 'http://localhost/files/p1-pattern.json',
  },
};

/** The document of `pattern` after removing one of its threads (its stitches go to the nearest other thread), as the editor saves it. */
export function withoutThread(pattern: Pattern, code: string): PatternDocument {
  const chart = chartFromPattern(pattern);
  return documentOfChart(
    removeThread(
      chart,
      chart.threads.findIndex((thread) => thread.code === code),
    ).chart,
  );
}

/** The same edit in the editor, through the palette. */
export async function removeThreadInEditor(user: UserEvent, code: string): Promise<void> {
  await user.click(paletteRow(code));
  await user.click(screen.getByRole('button', { name: 'Remove thread' }));
}

/**
 * Adds an `ETag` header to the stand-in server's answers to the chart (`…/pattern`), as the real
 * server sends; the harness's answers carry no headers. Installed right after rendering: the screen's
 * first requests leave only after its first render.
 */
export function addEtags(etag: () => string): void {
  const serve = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: Request, init?: RequestInit) => {
    const path = new URL(input.url).pathname;
    const response = await serve(input, init);
    if (!/\/pattern$/.test(path)) return response;
    const headers = new Headers(response.headers);
    headers.set('etag', etag());
    return new Response(response.body, { status: response.status, headers });
  });
}

/**
 * The owner's editor on project p1 with the stand-in server: the project, its chart at `server.version`
 * (the ETag of every `…/pattern` answer) and any other answers.
 */
export function openProjectEditor(answers: Record<string, Answer>, server: { version: number } = { version: 1 }, project: Project = PROJECT) {
  installFakeCanvas({ width: 400, height: 300 });
  const harness = renderScreen(<ProjectChartEditor />, {
    path: '/stitch/projects/:projectId/edit',
    route: `/stitch/projects/${project.id}/edit`,
    auth: { signedIn: true },
    answers: {
      [`GET /api/stitch/projects/${project.id}`]: { status: 200, data: project },
      [`GET /api/stitch/projects/${project.id}/pattern`]: { status: 200, data: DOCUMENT },
      ...answers,
    },
  });
  addEtags(() => `"v${server.version}"`);
  return harness;
}

/** Waits for the editor to show the project's chart. */
export async function editorShown(name = PROJECT.name): Promise<void> {
  await screen.findByRole('heading', { name: `Edit chart: ${name}` });
}
