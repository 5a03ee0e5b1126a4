// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keeping, PROJECT } from '../test/fixtures';
import { type SentRequest } from '../test/harness';
import { CHARTED, showProject } from '../test/project-page';

describe('Project detail', () => {
  afterEach(() => vi.restoreAllMocks());

  it('renames the project in place: the field takes the focus, an empty name is refused, Save sends it, the focus returns', async () => {
    const user = userEvent.setup();
    const sent: SentRequest[] = [];
    const harness = showProject({ 'PATCH /api/stitch/projects/p1': keeping(sent, { status: 200, data: { ...PROJECT, name: 'Wild roses' } }) });
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
    showProject({ 'PATCH /api/stitch/projects/p1': keeping(sent, { status: 200, data: { ...PROJECT, description: 'For the kitchen' } }) });
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
    const copy = { ...CHARTED, id: 'p2', name: 'Roses (copy)' };
    const harness = showProject(
      {
        'POST /api/stitch/projects/p1/duplicate': { status: 201, data: copy },
        'GET /api/stitch/projects/p2': { status: 200, data: copy },
      },
      CHARTED,
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
});
