// @vitest-environment jsdom
import { toPatternDocument } from '@stitchwise/core';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Project } from '../api/schemas';
import { installFakeCanvas } from '../components/chart/fake-canvas';
import { renderScreen, type Answer } from '../test/harness';
import { ProjectChartEditor, VisitorChartEditor } from './ChartEditor';
import { patternOf } from './editor/editor-test-charts';
import { paletteCodes } from './editor/palette-test-host';
import { addEtags, PROJECT } from './editor/saving-test-support';

afterEach(() => vi.restoreAllMocks());

const DOCUMENT = toPatternDocument(patternOf(['0001', '0112'], ['310', '321', '798']));
const EXPIRED = 'This chart does not exist or has expired (results without an account are kept 24 hours).';

// The saving tests' project, with this chart's size and stitches.
const project: Project = { ...PROJECT, metadata: { colors_count: 3, total_stitches: 8, canvas_size: { width: 48, height: 24 } } };

/**
 * A browser's Request takes a URL relative to the page, as the visitor's editor asks for `/files/…`;
 * Node's, which the tests run with, does not (jsdom has none of its own), so relative URLs are
 * resolved against the page here.
 */
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
  }
}

function visit(patternId: string, answers: Record<string, Answer>, signedIn = false) {
  installFakeCanvas({ width: 400, height: 300 });
  vi.stubGlobal('Request', PageRequest); // undone by the harness after each test
  return renderScreen(<VisitorChartEditor />, { path: '/stitch/edit/:patternId', route: `/stitch/edit/${patternId}`, answers, auth: { signedIn } });
}

function openProject(answers: Record<string, Answer>, signedIn = true) {
  installFakeCanvas({ width: 400, height: 300 });
  const harness = renderScreen(<ProjectChartEditor />, {
    path: '/stitch/projects/:projectId/edit',
    route: '/stitch/projects/p1/edit',
    answers,
    auth: { signedIn },
  });
  addEtags(() => '"v1"');
  return harness;
}

describe("a visitor's chart editor", () => {
  it('opens the pattern document of the result, and explains that saving needs an account', async () => {
    const harness = visit('r42.json', { 'GET /files/r42.json': { status: 200, data: DOCUMENT } });
    expect(screen.getByText('Loading chart...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Edit chart: My chart' })).toBeInTheDocument();
    expect(harness.requests).toEqual(['GET /files/r42.json']);
    expect(paletteCodes()).toEqual(['310', '321', '798']);

    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription('Saving needs an account. Sign in to keep charts in your projects. You can download the edited chart below.');
    expect(screen.getByRole('link', { name: '← Wizard' })).toHaveAttribute('href', '/stitch/new');
    expect(screen.getByRole('button', { name: 'Download PDF chart' })).toBeEnabled();
  });

  it('tells a signed-in user with an anonymous result how to keep a chart', async () => {
    visit('r42.json', { 'GET /files/r42.json': { status: 200, data: DOCUMENT } }, true);
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription(/^Saving needs an account\. Generate the chart while signed in to keep it in your projects\./);
  });

  it('says an expired result does not exist any more', async () => {
    visit('gone.json', { 'GET /files/gone.json': { status: 404, data: { status: 404, detail: 'Not found' } } });
    expect(await screen.findByRole('heading', { name: 'Chart not available' })).toBeInTheDocument();
    expect(screen.getByText(EXPIRED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to projects' })).toHaveAttribute('href', '/stitch/projects');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('says a link that names no stored chart does not exist, instead of loading for ever', async () => {
    const harness = visit('r42', {});
    expect(await screen.findByText(EXPIRED, undefined, { timeout: 2000 })).toBeInTheDocument();
    expect(harness.requests).toEqual([]);
  });
});

describe("a project's chart editor", () => {
  it("loads the signed-in user's project and its current chart through the API", async () => {
    const harness = openProject({
      'GET /api/stitch/projects/p1': { status: 200, data: project },
      'GET /api/stitch/projects/p1/pattern': { status: 200, data: DOCUMENT },
    });
    expect(await screen.findByRole('heading', { name: 'Edit chart: Roses' })).toBeInTheDocument();
    expect([...harness.requests].sort()).toEqual(['GET /api/stitch/projects/p1', 'GET /api/stitch/projects/p1/pattern']);
    expect(paletteCodes()).toEqual(['310', '321', '798']);
    expect(screen.getByRole('link', { name: '← Project' })).toHaveAttribute('href', '/stitch/projects/p1');
    expect(screen.getByRole('application', { name: /Chart of Roses, 4 × 2 stitches, for editing/ })).toBeInTheDocument();
    // Nothing to save until something is edited; the versions are asked for only when shown.
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Versions' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('asks a visitor to sign in, and asks the server nothing', () => {
    const harness = openProject({}, false);
    expect(screen.getByText('Authentication required. Please log in.')).toBeInTheDocument();
    expect(harness.requests).toEqual([]);
  });

  it.each([
    ['a missing project', { 'GET /api/stitch/projects/p1': { status: 404 }, 'GET /api/stitch/projects/p1/pattern': { status: 404 } }, 'Project not found'],
    [
      'a project without a chart',
      {
        'GET /api/stitch/projects/p1': { status: 200, data: { ...project, outputs: { ...project.outputs, pattern_url: null } } },
        'GET /api/stitch/projects/p1/pattern': { status: 404 },
      },
      'This project has no chart to edit yet.',
    ],
    [
      'a chart whose file is missing',
      { 'GET /api/stitch/projects/p1': { status: 200, data: project }, 'GET /api/stitch/projects/p1/pattern': { status: 404 } },
      "This project's chart file is missing.",
    ],
    [
      'a pattern document that cannot be read',
      {
        'GET /api/stitch/projects/p1': { status: 200, data: project },
        'GET /api/stitch/projects/p1/pattern': { status: 200, data: { format: 'something else' } },
      },
      'The chart could not be loaded. Please try again.',
    ],
  ] satisfies [string, Record<string, Answer>, string][])('explains %s', async (_case, answers, message) => {
    openProject(answers);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Chart not available' })).toBeInTheDocument();
  });
});
