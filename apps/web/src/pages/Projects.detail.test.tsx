// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keeping } from '../test/fixtures';
import { renderScreen, type SentRequest } from '../test/harness';
import { CHARTED, PROJECT_ROUTE, showProject } from '../test/project-page';
import { ProjectDetail } from './ProjectDetail';

describe('Project detail', () => {
  afterEach(() => vi.restoreAllMocks());

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
    showProject({}, CHARTED);
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
    showProject({}, CHARTED);
    const actions = await screen.findByRole('group', { name: 'Project actions' });
    expect(within(actions).getByRole('link', { name: 'Edit chart' })).toHaveAttribute('href', '/stitch/projects/p1/edit');
    expect(within(actions).getByRole('link', { name: 'Regenerate with new settings' })).toHaveAttribute('href', '/stitch/new?from=p1');
    expect(within(actions).getByRole('button', { name: 'Duplicate' })).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('offers no regeneration for an imported chart, which has no photo, and no editing without a chart', async () => {
    const imported = { ...CHARTED, outputs: { ...CHARTED.outputs, input_image_url: null } };
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

  it("offers 'Download PDF chart' beside 'View Full Size' in the chart's header, printing as the options below say", async () => {
    const sent: SentRequest[] = [];
    showProject({ 'GET /api/stitch/projects/p1/export': keeping(sent, { status: 200, data: new Blob(['%PDF-'], { type: 'application/pdf' }) }) }, CHARTED);
    await screen.findByRole('application', { name: /Stitch chart, 150 by 113 stitches/ });
    const plan = screen.getByRole('region', { name: 'Stitch Plan' });
    const pdf = within(plan).getByRole('button', { name: 'Download PDF chart' });
    expect(pdf.nextElementSibling).toBe(within(plan).getByRole('link', { name: 'View Full Size' }));
    expect(screen.getAllByRole('button', { name: 'Download PDF chart' })).toHaveLength(1);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Chart'), 'bw');
    await user.click(pdf);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.query).toMatchObject({ format: 'pdf', variant: 'bw', paper: 'a4', pages: 'all' });
    expect(sent[0]!.query).not.toHaveProperty('name'); // a project's PDF is titled by the project
  });

  it('has no PDF to offer for a project without a chart document', async () => {
    showProject();
    await screen.findByRole('region', { name: 'Stitch Plan' });
    expect(screen.queryByRole('button', { name: /Download PDF/ })).toBeNull();
  });

  it.each([
    [404, 'Project not found'],
    [401, 'Authentication required. Please log in.'],
    [500, 'Failed to load project'],
  ])('answers %i with %s', async (status, message) => {
    renderScreen(<ProjectDetail />, { ...PROJECT_ROUTE, auth: { signedIn: true }, answers: { 'GET /api/stitch/projects/p1': { status } } });
    // A server failure is retried twice (1 s, 2 s) before it is shown.
    expect(await screen.findByRole('heading', { name: 'Project Not Found' }, { timeout: 6000 })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to projects' })).toHaveAttribute('href', '/stitch/projects');
  });
});
