// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/harness';
import { Downloads } from './Downloads';

const legend = [
  { index: 0, hex: '#000000', symbol: '■', dmc_code: '310', dmc_name: 'Black', stitch_count: 5000, rgb: { r: 0, g: 0, b: 0 } },
  { index: 1, hex: '#ffffff', symbol: '□', dmc_code: 'B5200', dmc_name: 'Snow White', stitch_count: 1000, rgb: { r: 255, g: 255, b: 255 } },
];

describe('Downloads', () => {
  it('shows finished size and skeins for the chosen fabric', async () => {
    const user = userEvent.setup();
    renderScreen(<Downloads source={{ projectId: 'p1' }} width={140} height={70} legend={legend} />);
    // 14-count: 10 × 5 in; 5,000 stitches → 3 skeins, 1,000 → 1.
    expect(screen.getByTestId('materials')).toHaveTextContent('14-count Aida: 10 × 5 in (25.4 × 12.7 cm); with 3 in margins 16 × 11 in. About 4 skeins');
    await user.selectOptions(screen.getByLabelText('Fabric'), '28');
    expect(screen.getByTestId('materials')).toHaveTextContent('28-count evenweave over 2: 10 × 5 in');
    await user.selectOptions(screen.getByLabelText('Fabric'), '11');
    expect(screen.getByTestId('materials')).toHaveTextContent('11-count Aida: 12.7 × 6.4 in');
  });

  it('asks the export endpoint with the chosen settings', async () => {
    const user = userEvent.setup();
    let params: unknown;
    const harness = renderScreen(<Downloads source={{ projectId: 'p1' }} width={10} height={10} legend={legend} />, {
      answers: {
        'GET /api/stitch/projects/p1/export': (request) => {
          params = request.query;
          return { status: 200, data: new Blob(['%PDF-']) };
        },
      },
    });
    await user.selectOptions(screen.getByLabelText('Paper'), 'letter');
    await user.selectOptions(screen.getByLabelText('Chart'), 'bw');
    await user.click(screen.getByRole('button', { name: 'Download PDF chart' }));
    expect(harness.requests).toEqual(['GET /api/stitch/projects/p1/export']);
    expect(params).toEqual({ format: 'pdf', paper: 'letter', variant: 'bw', fabric: '14' });
  });

  it('says so when a download fails', async () => {
    const user = userEvent.setup();
    renderScreen(<Downloads source={{ patternId: 'x.json' }} width={10} height={10} legend={legend} />, {
      answers: { 'GET /api/stitch/patterns/x.json/export': { status: 404 } },
    });
    await user.click(screen.getByRole('button', { name: 'Download OXS' }));
    expect(await screen.findByText('The download could not be made. Please try again.')).toBeInTheDocument();
  });
});
