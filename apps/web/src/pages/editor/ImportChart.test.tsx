// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ImportedProject } from '../../api/imports';
import { renderScreen, type Answer, type SentRequest } from '../../test/harness';
import { ProjectsList } from '../ProjectsList';
import { PROJECT } from './saving-test-support';

const OXS = '<?xml version="1.0" encoding="UTF-8"?><chart><format comments01="hand written"/></chart>';

const IMPORTED: ImportedProject = {
  ...PROJECT,
  id: 'p9',
  name: 'Autumn leaves',
  import_report: {
    format: 'oxs',
    title: 'Autumn leaves',
    width: 40,
    height: 30,
    threads: 2,
    stitches: 1100,
    marks: { part_stitches: 4, backstitches: 2, knots: 1 },
    thread_mappings: [
      { source: 'DMC 310', brand: 'dmc', code: '310', name: 'Black', delta_e: 0, matched_by: 'code' },
      { source: 'Anchor 403', brand: 'dmc', code: '310', name: 'Black', delta_e: 1.234, matched_by: 'colour' },
      { source: 'Madeira 0210', brand: 'dmc', code: '798', name: 'Delft Blue Dark', delta_e: 4.56, matched_by: 'colour' },
    ],
    not_imported: { full_stitches: 2, part_stitches: 12, backstitches: 1, knots: 0, other: 3 },
  },
};

function openList(importAnswer: Answer) {
  const user = userEvent.setup();
  const harness = renderScreen(<ProjectsList />, {
    auth: { signedIn: true },
    answers: { 'GET /api/stitch/projects': { status: 200, data: { projects: [PROJECT], total: 1 } }, 'POST /api/stitch/projects/import': importAnswer },
  });
  return { user, harness };
}

async function importFile(user: ReturnType<typeof userEvent.setup>, file: File, name?: string) {
  await user.click(await screen.findByRole('button', { name: 'Import a chart' }));
  const form = screen.getByRole('region', { name: 'Import a chart' });
  const input = within(form).getByLabelText('Chart file');
  expect(input).toHaveAttribute('accept', '.oxs,.xml,.json');
  await user.upload(input, file);
  if (name) await user.type(within(form).getByLabelText('Project name (optional)'), name);
  await user.click(within(form).getByRole('button', { name: 'Import' }));
  return form;
}

describe('Import a chart', () => {
  it('uploads the file and name, shows how the colours became threads and what was left out, and opens the new project', async () => {
    const sent: SentRequest[] = [];
    const { user, harness } = openList((request) => {
      sent.push(request);
      return { status: 201, data: IMPORTED };
    });
    const form = await importFile(user, new File([OXS], 'autumn.oxs', { type: 'application/xml' }), 'Autumn leaves');

    const report = await within(form).findByTestId('import-report');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.form?.name).toBe('Autumn leaves');
    // Other makers' colours become DMC threads unless the stitcher chose another brand.
    expect(sent[0]!.form?.brand).toBe('dmc');
    expect(await (sent[0]!.form?.file as File).text()).toBe(OXS);
    expect(within(report).getByRole('heading', { name: 'Imported “Autumn leaves”' })).toBeInTheDocument();
    expect(report).toHaveTextContent(
      'From an OXS chart: 40 × 30 stitches, 1,100 full stitches, 4 part stitches, 2 backstitch lines, 1 French knot in 2 threads.',
    );
    const rows = within(report).getAllByTestId('thread-mapping');
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['DMC 310', 'DMC 310 Black', '0.0', 'code'],
      ['Anchor 403', 'DMC 310 Black', '1.2', 'nearest colour'],
      ['Madeira 0210', 'DMC 798 Delft Blue Dark', '4.6', 'nearest colour'],
    ]);
    expect(
      within(report)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '2 full stitches (a later stitch in the same cell was kept)',
      '12 part stitches (half, quarter and three-quarter)',
      '1 backstitch',
      '3 beads, buttons and other ornaments',
    ]);
    expect(within(form).getByRole('link', { name: 'Open in the editor' })).toHaveAttribute('href', '/stitch/projects/p9/edit');
    // The list is read again, to show the new project.
    await waitFor(() => expect(harness.requests.filter((request) => request === 'GET /api/stitch/projects')).toHaveLength(2));
  });

  it('sends no name when none is given, and says when everything was imported', async () => {
    const sent: SentRequest[] = [];
    const { user } = openList((request) => {
      sent.push(request);
      const report = {
        ...IMPORTED.import_report,
        format: 'json' as const,
        thread_mappings: [],
        not_imported: { full_stitches: 0, part_stitches: 0, backstitches: 0, knots: 0, other: 0 },
      };
      return { status: 201, data: { ...IMPORTED, import_report: report } };
    });
    const form = await importFile(user, new File(['{}'], 'mine.json', { type: 'application/json' }));
    expect(await within(form).findByText('Every stitch of the file was imported.')).toBeInTheDocument();
    expect(sent[0]!.form).not.toHaveProperty('name');
    expect(within(form).queryByRole('table')).toBeNull();
  });

  it("shows the server's sentence for a file it refuses, and lets another be chosen", async () => {
    const detail = 'The chart file has a DOCTYPE, which is not allowed (it could define entities).';
    const { user } = openList({ status: 400, data: { status: 400, code: 'invalid_chart_file', detail } });
    const form = await importFile(user, new File(['<!DOCTYPE x><chart/>'], 'bad.oxs'));
    expect(await within(form).findByRole('alert')).toHaveTextContent(detail);
    expect(within(form).queryByTestId('import-report')).toBeNull();
    expect(within(form).getByRole('button', { name: 'Import' })).toBeEnabled();
  });

  it('chooses the file in a box like the app’s other pickers, naming the chosen file, by keyboard or by dropping it', async () => {
    const { user } = openList({ status: 201, data: IMPORTED });
    await user.click(await screen.findByRole('button', { name: 'Import a chart' }));
    const form = screen.getByRole('region', { name: 'Import a chart' });
    const input = within(form).getByLabelText('Chart file');
    expect(input).toHaveAccessibleDescription(/^No file chosen An OXS chart \(\.oxs or \.xml/);
    expect(within(form).getByRole('button', { name: 'Import' })).toBeDisabled();
    // The real input keeps its place in the tab order (after the panel's Close), so Enter or Space opens the system's picker.
    within(form).getByRole('button', { name: 'Close' }).focus();
    await user.tab();
    expect(input).toHaveFocus();

    await user.upload(input, new File([OXS], 'autumn.oxs', { type: 'application/xml' }));
    expect(input).toHaveAccessibleDescription(/^autumn\.oxs An OXS chart/);
    expect(within(form).getByText('Change')).toBeInTheDocument();

    const box = within(form).getByText('autumn.oxs').closest('label')!;
    fireEvent.drop(box, { dataTransfer: { files: [new File(['{}'], 'spring.json', { type: 'application/json' })] } });
    expect(input).toHaveAccessibleDescription(/^spring\.json An OXS chart/);
    expect(within(form).getByRole('button', { name: 'Import' })).toBeEnabled();
  });

  it('refuses a file over 32 MB without sending it', async () => {
    const { user, harness } = openList({ status: 500 });
    const file = new File(['x'], 'huge.oxs');
    Object.defineProperty(file, 'size', { value: 32 * 1024 * 1024 + 1 });
    const form = await importFile(user, file);
    expect(within(form).getByRole('alert')).toHaveTextContent('That file is larger than 32 MB');
    expect(harness.requests).not.toContain('POST /api/stitch/projects/import');
  });
});
