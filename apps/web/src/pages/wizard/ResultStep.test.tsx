// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen, type SentRequest } from '../../test/harness';
import { keeping } from '../../test/fixtures';
import { PLAN } from '../../test/wizard';
import { ResultStep } from './ResultStep';

const PDF = { status: 200, data: new Blob(['%PDF-'], { type: 'application/pdf' }) };

function showResult({ name, signedIn = false, projectId }: { name?: string; signedIn?: boolean; projectId?: string }) {
  const sent: SentRequest[] = [];
  const plan = projectId ? { ...PLAN, project_id: projectId } : PLAN;
  const harness = renderScreen(<ResultStep plan={plan} name={name} signedIn={signedIn} onReset={() => undefined} onAdjust={undefined} />, {
    auth: { signedIn },
    answers: {
      'GET /api/stitch/patterns/pattern.json/export': keeping(sent, PDF),
      'GET /api/stitch/projects/p1/export': keeping(sent, PDF),
    },
  });
  return { sent, harness, user: userEvent.setup() };
}

describe('The result step’s downloads', () => {
  it("puts 'Download PDF chart' beside 'Download Pattern', and prints a visitor's pattern under their name with the options chosen below", async () => {
    const { sent, user } = showResult({ name: '  Roses ' });
    const pattern = screen.getByRole('link', { name: 'Download Pattern' });
    const pdf = screen.getByRole('button', { name: 'Download PDF chart' });
    expect(pattern.nextElementSibling).toBe(pdf);
    // One 'Download PDF chart': the panel's own button says it prints with its options.
    expect(screen.getByRole('button', { name: 'Download PDF with these options' })).toBeInTheDocument();

    await user.click(pdf);
    await waitFor(() => expect(pdf).toBeEnabled()); // ready again once the file is saved
    expect(sent.map((request) => request.query)).toEqual([
      { format: 'pdf', paper: 'a4', variant: 'color', fabric: '14', orientation: 'auto', stitches_per_page: 'pattern-keeper', pages: 'all', name: 'Roses' },
    ]);

    await user.selectOptions(screen.getByLabelText('Paper'), 'letter');
    await user.selectOptions(screen.getByLabelText('Stitches per page'), 'large-print');
    await user.click(pdf);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.query).toMatchObject({ format: 'pdf', paper: 'letter', stitches_per_page: 'large-print', name: 'Roses' });
  });

  it('sends no name for a result without one (the server titles it by its size), and a project by its id', async () => {
    const visitor = showResult({});
    await visitor.user.click(screen.getByRole('button', { name: 'Download PDF chart' }));
    await waitFor(() => expect(visitor.sent).toHaveLength(1));
    expect(visitor.sent[0]!.query).not.toHaveProperty('name');
    visitor.harness.unmount();

    const owner = showResult({ name: 'Roses', signedIn: true, projectId: 'p1' });
    await owner.user.click(screen.getByRole('button', { name: 'Download PDF chart' }));
    await waitFor(() => expect(owner.sent).toHaveLength(1));
    expect(owner.harness.requests.filter((request) => request.includes('/export'))).toEqual(['GET /api/stitch/projects/p1/export']);
    expect(owner.sent[0]!.query).not.toHaveProperty('name');
  });

  it('says why it waits while the page range names pages the chart does not have', async () => {
    const { user } = showResult({ name: 'Roses' });
    await user.type(screen.getByLabelText('Pages'), '9');
    const pdf = screen.getByRole('button', { name: 'Download PDF chart' });
    expect(pdf).toBeDisabled();
    expect(pdf).toHaveAccessibleDescription('Correct the pages under Print and materials to download the PDF.');
    await user.clear(screen.getByLabelText('Pages'));
    expect(pdf).toBeEnabled();
    expect(pdf).not.toHaveAccessibleDescription();
  });
});
