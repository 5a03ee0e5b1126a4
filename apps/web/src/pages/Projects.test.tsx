// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Project } from '../api/schemas';
import { renderScreen, type Answer } from '../test/harness';
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
};
const list = (answer: Answer) => ({ 'GET /api/stitch/projects': answer });

describe('Stitch Projects list', () => {
  it('asks visitors to sign in', () => {
    renderScreen(<ProjectsList />);
    expect(screen.getByText('Please sign in to see history of your stitch projects')).toBeInTheDocument();
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
  const route = { path: '/stitch/projects/:projectId', route: '/stitch/projects/p1' };

  it('shows every panel', async () => {
    renderScreen(<ProjectDetail />, { ...route, auth: { signedIn: true }, answers: { 'GET /api/stitch/projects/p1': { status: 200, data: project } } });
    expect(await screen.findByRole('heading', { name: 'Roses' })).toBeInTheDocument();
    expect(screen.getByText('No description available')).toBeInTheDocument();
    for (const panel of ['Project Information', 'Generation Parameters', 'Project Statistics', 'Original Image', 'Stitch Plan'])
      expect(screen.getByRole('region', { name: panel })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'View Full Size' })).toHaveLength(1);
    expect(screen.getByText('800 × 600 px')).toBeInTheDocument();
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
