// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Project } from '../api/schemas';
import { PROJECT as project } from '../test/fixtures';
import { renderScreen, type Answer } from '../test/harness';
import { ProjectsList } from './ProjectsList';

const list = (answer: Answer) => ({ 'GET /api/stitch/projects': answer });
/** The list, signed in, of these projects. */
const showList = (projects: Project[]) =>
  renderScreen(<ProjectsList />, { auth: { signedIn: true }, answers: list({ status: 200, data: { projects, total: projects.length } }) });

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
    showList([]);
    expect(screen.getByText('Loading projects...')).toBeInTheDocument();
    expect(await screen.findByText('No projects yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create First Project' })).toHaveAttribute('href', '/stitch/wizard');
    expect(screen.getByRole('link', { name: '+ New Project' })).toHaveAttribute('href', '/stitch/wizard');
  });

  it('shows cards with fallbacks, and View Plan only when there is a plan', async () => {
    showList([
      project,
      { ...project, id: 'p2', name: 'Tulips', status: 'archived', outputs: { ...project.outputs, stitch_plan_url: 'http://localhost/files/plan.png' } },
    ]);
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
    showList([
      { ...project, id: 'p3', name: 'Imported', outputs: { ...noPhoto, stitch_plan_url: 'http://localhost/files/chart.png' } },
      { ...project, id: 'p4', name: 'Bare', outputs: { ...noPhoto, stitch_plan_url: null } },
    ]);
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
