// @vitest-environment jsdom
import { NO_MARKS, toPatternDocument, type Pattern } from '@stitchwise/core';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Project } from '../api/schemas';
import { installFakeCanvas } from '../components/chart/fake-canvas';
import { renderScreen, type Answer, type SentRequest } from '../test/harness';
import { ProjectDetail } from './ProjectDetail';
import { ProjectsList } from './ProjectsList';

const project: Project = {
  id: 'p1',
  user_id: 'u1',
  name: 'Roses',
  description: null,
  status: 'active',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
  parameters: { colors: 20, cell_size: 12, max_side: 100, original_size: { width: 800, height: 600 }, use_kmeans: true, remove_background: false },
  metadata: { colors_count: 18, total_stitches: 7500, canvas_size: { width: 1212, height: 912 } },
  outputs: { input_image_url: 'http://localhost/files/in.png', stitch_plan_url: null, pattern_url: null },
  color_legend: [],
  progress: { done: 0, total: 0 },
};
const list = (answer: Answer) => ({ 'GET /api/stitch/projects': answer });

describe('Stitch Projects list', () => {
  it('asks visitors to sign in', () => {
    renderScreen(<ProjectsList />);
    expect(screen.getByText('Please sign in to see history of your stitch projects')).toBeInTheDocument();
  });

  it('shows how much of the storage is used, with a bar, and says what to do when it is nearly full', async () => {
    const MB = 1024 * 1024;
    const storage = (used: number) => ({
      ...list({ status: 200, data: { projects: [], total: 0 } }),
      'GET /api/stitch/storage': { status: 200, data: { used, limit: 1024 * MB } },
    });
    renderScreen(<ProjectsList />, { auth: { signedIn: true }, answers: storage(312 * MB) });
    expect(await screen.findByText('Storage: 312 MB of 1 GB used')).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Storage used' })).toHaveAttribute('aria-valuetext', '312 MB of 1 GB');
    expect(screen.getByTestId('storage-meter')).not.toHaveTextContent('delete projects');
    cleanup();

    renderScreen(<ProjectsList />, { auth: { signedIn: true }, answers: storage(1.02 * 1024 * MB) });
    expect(await screen.findByTestId('storage-meter')).toHaveTextContent(
      'Storage: 1.02 GB of 1 GB used — full: delete projects or copies you no longer need to make room.',
    );
  });

  it('shows loading, then the empty state with its link', async () => {
    renderScreen(<ProjectsList />, { auth: { signedIn: true }, answers: list({ status: 200, data: { projects: [], total: 0 } }) });
    expect(screen.getByText('Loading projects...')).toBeInTheDocument();
    expect(await screen.findByText('No projects yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create First Project' })).toHaveAttribute('href', '/stitch/wizard');
    expect(screen.getByRole('link', { name: '+ New Project' })).toHaveAttribute('href', '/stitch/wizard');
  });

  it('shows cards with fallbacks, and View Plan only when there is a plan', async () => {
    renderScreen(<ProjectsList />, {
      auth: { signedIn: true },
      answers: list({
        status: 200,
        data: {
          projects: [
            project,
            { ...project, id: 'p2', name: 'Tulips', status: 'archived', outputs: { ...project.outputs, stitch_plan_url: 'http://localhost/files/plan.png' } },
          ],
          total: 2,
        },
      }),
    });
    const cards = await screen.findAllByTestId('project-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('No description');
    expect(cards[0]).toHaveTextContent('7,500');
    expect(cards[0]).toHaveTextContent('1212 × 912 px');
    expect(screen.getAllByRole('link', { name: 'View Plan' })).toHaveLength(1);
    expect(screen.getAllByRole('link', { name: 'View Details' })[0]).toHaveAttribute('href', '/stitch/projects/p1');
    expect(screen.getByText('archived')).toHaveClass('bg-slate-200');
    expect(screen.getAllByText('active')[0]).toHaveClass('bg-green-100');
  });

  it('shows the chart of a project without a photo (an imported chart), and says so when it has neither', async () => {
    const noPhoto = { input_image_url: null, pattern_url: null };
    renderScreen(<ProjectsList />, {
      auth: { signedIn: true },
      answers: list({
        status: 200,
        data: {
          projects: [
            { ...project, id: 'p3', name: 'Imported', outputs: { ...noPhoto, stitch_plan_url: 'http://localhost/files/chart.png' } },
            { ...project, id: 'p4', name: 'Bare', outputs: { ...noPhoto, stitch_plan_url: null } },
          ],
          total: 2,
        },
      }),
    });
    expect(await screen.findByRole('img', { name: 'Imported chart' })).toHaveAttribute('src', 'http://localhost/files/chart.png');
    const cards = screen.getAllByTestId('project-card');
    expect(cards[1]).toHaveTextContent('No image');
  });

  it('explains a 401 and another failure, and tries again', async () => {
    const user = userEvent.setup();
    let answer: Answer = { status: 401 };
    renderScreen(<ProjectsList />, { auth: { signedIn: true }, answers: list(() => (typeof answer === 'function' ? { status: 500 } : answer)) });
    expect(await screen.findByText('Error loading projects')).toBeInTheDocument();
    expect(screen.getByText('Authentication required. Please log in.')).toBeInTheDocument();
    answer = { status: 200, data: { projects: [], total: 0 } };
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No projects yet')).toBeInTheDocument();
  });

  it("shows the server's message for other errors", async () => {
    renderScreen(<ProjectsList />, { auth: { signedIn: true }, answers: list({ status: 503, data: { status: 503, detail: 'The server is busy.' } }) });
    expect(await screen.findByText('The server is busy.')).toBeInTheDocument();
  });
});

describe('Project detail', () => {
  afterEach(() => vi.restoreAllMocks());
  const route = { path: '/stitch/projects/:projectId', route: '/stitch/projects/p1' };
  const legend = [
    { index: 0, hex: '#000000', symbol: '■', dmc_code: '310', dmc_name: 'Black', stitch_count: 7500, rgb: { r: 0, g: 0, b: 0 } },
    { index: 1, hex: '#ffffff', symbol: '▲', dmc_code: 'B5200', dmc_name: 'Snow White', stitch_count: 1, rgb: { r: 255, g: 255, b: 255 } },
  ];
  // 7,500 black stitches, one white one, the rest of the 150 × 113 grid left empty.
  const cells = new Int16Array(150 * 113).fill(-1).fill(0, 0, 7500);
  cells[7500] = 1;
  const pattern: Pattern = { width: 150, height: 113, legend, cells, marks: NO_MARKS, stats: { confetti_before: 0, confetti_after: 0, mean_delta_e: 1 } };
  /** A generated project: its chart, pattern document, grid size and legend. */
  const charted: Project = {
    ...project,
    outputs: {
      input_image_url: 'http://localhost/files/in.png',
      stitch_plan_url: 'http://localhost/files/plan.png',
      pattern_url: 'http://localhost/files/pattern.json',
    },
    metadata: { colors_count: 2, total_stitches: 7501, canvas_size: { width: 1800, height: 1356 }, grid_size: { width: 150, height: 113 } },
    color_legend: legend,
  };

  /** The page of `shown` (the plain project unless given), with the server's other answers. */
  function showProject(answers: Record<string, Answer> = {}, shown: Project = project) {
    installFakeCanvas({ width: 600, height: 420 });
    return renderScreen(<ProjectDetail />, {
      ...route,
      auth: { signedIn: true },
      answers: {
        'GET /api/stitch/projects/p1': { status: 200, data: shown },
        'GET /files/pattern.json': { status: 200, data: toPatternDocument(pattern) },
        ...answers,
      },
    });
  }

  it('shows every panel', async () => {
    showProject();
    expect(await screen.findByRole('heading', { name: 'Roses' })).toBeInTheDocument();
    expect(screen.getByText('No description available')).toBeInTheDocument();
    for (const panel of ['Project Information', 'Generation Parameters', 'Project Statistics', 'Original Image', 'Stitch Plan'])
      expect(screen.getByRole('region', { name: panel })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Color Legend' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'View Full Size' })).toHaveLength(1);
    expect(screen.getByText('800 × 600 px')).toBeInTheDocument();
  });

  it('leads with the chart in the viewer and its legend with skeins, the size in stitches first, and the other panels below', async () => {
    showProject({}, charted);
    const viewer = await screen.findByRole('application', { name: /Stitch chart, 150 by 113 stitches/ });
    expect(screen.getByTestId('project-size')).toHaveTextContent('150 × 113 stitches (1800 × 1356 px)');
    const plan = screen.getByRole('region', { name: 'Stitch Plan' });
    expect(plan).toContainElement(viewer);
    expect(within(plan).getByRole('link', { name: 'View Full Size' })).toHaveAttribute('href', 'http://localhost/files/plan.png');
    // The chart comes before every information panel, and right after the name and the actions.
    const follows = (first: HTMLElement, second: HTMLElement) => (first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    expect(follows(screen.getByRole('group', { name: 'Project actions' }), plan)).toBe(true);
    for (const panel of ['Project Information', 'Generation Parameters', 'Project Statistics', 'Original Image'])
      expect(follows(plan, screen.getByRole('region', { name: panel }))).toBe(true);

    expect(screen.getByRole('columnheader', { name: 'Skeins' })).toBeInTheDocument();
    expect(screen.getAllByTestId('legend-skeins').map((cell) => cell.textContent)).toEqual(['4', '1']);
    expect(screen.getByTestId('skein-footnote')).toHaveTextContent(
      'estimated on 14-count Aida: a full cross stitch takes 4.83 stitch widths of thread in each of 2 strands',
    );
    expect(within(screen.getByRole('region', { name: 'Project Statistics' })).getByText('150 × 113 stitches (1800 × 1356 px)')).toBeInTheDocument();
  });

  it('has the actions at hand: Edit chart, Regenerate with new settings (to the wizard), Duplicate and Delete', async () => {
    showProject({}, charted);
    const actions = await screen.findByRole('group', { name: 'Project actions' });
    expect(within(actions).getByRole('link', { name: 'Edit chart' })).toHaveAttribute('href', '/stitch/projects/p1/edit');
    expect(within(actions).getByRole('link', { name: 'Regenerate with new settings' })).toHaveAttribute('href', '/stitch/new?from=p1');
    expect(within(actions).getByRole('button', { name: 'Duplicate' })).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('offers no regeneration for an imported chart, which has no photo, and no editing without a chart', async () => {
    const imported = { ...charted, outputs: { ...charted.outputs, input_image_url: null } };
    const { unmount } = showProject({}, imported);
    await screen.findByRole('group', { name: 'Project actions' });
    expect(screen.queryByRole('link', { name: 'Regenerate with new settings' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit chart' })).toBeInTheDocument();
    unmount();

    showProject();
    await screen.findByRole('group', { name: 'Project actions' });
    expect(screen.queryByRole('link', { name: 'Edit chart' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Regenerate with new settings' })).toHaveAttribute('href', '/stitch/new?from=p1');
  });

  it('renames the project in place: the field takes the focus, an empty name is refused, Save sends it, the focus returns', async () => {
    const user = userEvent.setup();
    const sent: SentRequest[] = [];
    const harness = showProject({
      'PATCH /api/stitch/projects/p1': (request) => {
        sent.push(request);
        return { status: 200, data: { ...project, name: 'Wild roses' } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Rename project' }));
    const field = screen.getByRole('textbox', { name: 'Project name' });
    expect(field).toHaveFocus();
    expect(field).toHaveValue('Roses');

    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a project name.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);

    await user.type(field, '  Wild roses {Enter}');
    expect(await screen.findByRole('heading', { name: 'Wild roses' })).toBeInTheDocument();
    expect(sent.map((request) => request.json)).toEqual([{ name: 'Wild roses' }]);
    expect(screen.getByRole('button', { name: 'Rename project' })).toHaveFocus();
    expect(harness.requests.filter((request) => request === 'GET /api/stitch/projects/p1')).toHaveLength(1);
  });

  it('closes the rename without a call on Escape, and stays open with the server’s reason when it refuses', async () => {
    const user = userEvent.setup();
    const harness = showProject({
      'PATCH /api/stitch/projects/p1': { status: 400, data: { status: 400, detail: 'name must be at most 100 characters' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Rename project' }));
    await user.type(screen.getByRole('textbox', { name: 'Project name' }), ' again{Escape}');
    expect(screen.getByRole('heading', { name: 'Roses' })).toBeInTheDocument();
    expect(harness.requests).not.toContain('PATCH /api/stitch/projects/p1');

    await user.click(screen.getByRole('button', { name: 'Rename project' }));
    await user.type(screen.getByRole('textbox', { name: 'Project name' }), ' again{Enter}');
    expect(await screen.findByText('name must be at most 100 characters')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Project name' })).toHaveValue('Roses again');
  });

  it('edits the description in place', async () => {
    const user = userEvent.setup();
    const sent: SentRequest[] = [];
    showProject({
      'PATCH /api/stitch/projects/p1': (request) => {
        sent.push(request);
        return { status: 200, data: { ...project, description: 'For the kitchen' } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit description' }));
    const field = screen.getByRole('textbox', { name: 'Description' });
    expect(field).toHaveFocus();
    await user.type(field, 'For the kitchen');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('For the kitchen')).toBeInTheDocument();
    expect(screen.queryByText('No description available')).toBeNull();
    expect(sent.map((request) => request.json)).toEqual([{ description: 'For the kitchen' }]);
  });

  it('duplicates the project and opens the copy', async () => {
    const user = userEvent.setup();
    const copy = { ...charted, id: 'p2', name: 'Roses (copy)' };
    const harness = showProject(
      {
        'POST /api/stitch/projects/p1/duplicate': { status: 201, data: copy },
        'GET /api/stitch/projects/p2': { status: 200, data: copy },
      },
      charted,
    );
    await user.click(await screen.findByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByRole('heading', { name: 'Roses (copy)' })).toBeInTheDocument();
    expect(await screen.findByText('Duplicated as “Roses (copy)”.')).toBeInTheDocument();
    expect(harness.requests).toContain('POST /api/stitch/projects/p1/duplicate');
    expect(screen.getByRole('link', { name: 'Regenerate with new settings' })).toHaveAttribute('href', '/stitch/new?from=p2');
  });

  it('says so when the copy cannot be made', async () => {
    const user = userEvent.setup();
    showProject({ 'POST /api/stitch/projects/p1/duplicate': { status: 500 } });
    await user.click(await screen.findByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByText('The project could not be duplicated. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Roses' })).toBeInTheDocument();
  });

  it('deletes the project only after asking, then returns to the list', async () => {
    const user = userEvent.setup();
    const harness = showProject({ 'DELETE /api/stitch/projects/p1': { status: 204 } });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this project?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(harness.requests).not.toContain('DELETE /api/stitch/projects/p1');

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Delete project' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(harness.requests).toContain('DELETE /api/stitch/projects/p1');
    expect(await screen.findByText('“Roses” was deleted.')).toBeInTheDocument();
  });

  it.each([
    [404, 'Project not found'],
    [401, 'Authentication required. Please log in.'],
    [500, 'Failed to load project'],
  ])('answers %i with %s', async (status, message) => {
    renderScreen(<ProjectDetail />, { ...route, auth: { signedIn: true }, answers: { 'GET /api/stitch/projects/p1': { status } } });
    // A server failure is retried twice (1 s, 2 s) before it is shown.
    expect(await screen.findByRole('heading', { name: 'Project Not Found' }, { timeout: 6000 })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to projects' })).toHaveAttribute('href', '/stitch/projects');
  });
});
