// @vitest-environment jsdom
import { blendOf, findThread, legendEntryOf, namedThread, upgradeLegendEntry } from '@stitchwise/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { readPrintChoices } from '../lib/print-choices';
import { renderScreen } from '../test/harness';
import { Downloads } from './Downloads';

const legend = [
  upgradeLegendEntry({ index: 0, hex: '#000000', symbol: '■', dmc_code: '310', dmc_name: 'Black', stitch_count: 5000, rgb: { r: 0, g: 0, b: 0 } }),
  upgradeLegendEntry({ index: 1, hex: '#ffffff', symbol: '□', dmc_code: 'B5200', dmc_name: 'Snow White', stitch_count: 1000, rgb: { r: 255, g: 255, b: 255 } }),
];

// Each test starts from a device that never printed (the choices of a PDF printed are remembered).
beforeEach(() => localStorage.clear());

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

  it('counts a blend’s threads for one strand each, added to their own use, before rounding up to skeins', () => {
    // 310: 5,000 stitches in 2 strands and 4,000 in a blend's 1 (14,000 strand-stitches, 2.9 skeins): 3 skeins; 413,
    // only in the blend: 1. Counted per entry, or the blend as 2 strands of one thread, it would be 5.
    const [black, pewter] = [findThread('310')!, findThread('413')!];
    const blended = [legend[0]!, legendEntryOf(namedThread(blendOf(black, pewter)), 1, '▲', 4000)];
    renderScreen(<Downloads source={{ projectId: 'p1' }} width={140} height={70} legend={blended} />);
    expect(screen.getByTestId('materials')).toHaveTextContent('About 4 skeins of DMC in all (2 strands, blends one strand of each thread, 15 % spare).');
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
    expect(params).toEqual({
      format: 'pdf',
      paper: 'letter',
      variant: 'bw',
      fabric: '14',
      orientation: 'auto',
      stitches_per_page: 'pattern-keeper',
      pages: 'all',
    });
    // This device prints on Letter now: the next chart's downloads, and Stitching mode's pages, start from it.
    await waitFor(() => expect(readPrintChoices()).toEqual({ paper: 'letter', orientation: 'auto', preset: 'pattern-keeper' }));
  });

  it('shows how a 100 × 75 chart prints, and asks for the PDF with the chosen pages', async () => {
    const user = userEvent.setup();
    let params: unknown;
    const harness = renderScreen(<Downloads source={{ projectId: 'p1' }} width={100} height={75} legend={legend} />, {
      answers: {
        'GET /api/stitch/projects/p1/export': (request) => {
          params = request.query;
          return { status: 200, data: new Blob(['%PDF-']) };
        },
      },
    });
    const plan = screen.getByTestId('print-plan');
    // Two even pages instead of 60 × 70 blocks that left two pages of 8 rows.
    expect(plan).toHaveTextContent('The PDF chart: 2 portrait pages of up to 51 × 75 stitches, after the cover and thread list.');
    // Large print turns to landscape by itself, as it takes fewer pages that way.
    await user.selectOptions(screen.getByLabelText('Stitches per page'), 'large-print');
    expect(plan).toHaveTextContent('4 landscape pages of up to 51 × 39 stitches');
    await user.selectOptions(screen.getByLabelText('Orientation'), 'portrait');
    expect(plan).toHaveTextContent('6 portrait pages of up to 35 × 39 stitches');
    await user.selectOptions(screen.getByLabelText('Orientation'), 'landscape');
    expect(plan).toHaveTextContent('4 landscape pages of up to 51 × 39 stitches');

    const pages = screen.getByLabelText('Pages');
    const pdf = screen.getByRole('button', { name: 'Download PDF chart' });
    await user.type(pages, '3-5');
    expect(pages).toHaveAccessibleDescription(/^Pages must be from 1 to 4: this chart has 4 chart pages\./);
    expect(pages).toBeInvalid();
    expect(pdf).toBeDisabled();
    await user.clear(pages);
    await user.type(pages, '2-3');
    expect(pages).toBeValid();
    expect(plan).toHaveTextContent('printing pages 2–3.');
    await user.click(pdf);
    expect(harness.requests).toEqual(['GET /api/stitch/projects/p1/export']);
    expect(params).toEqual({
      format: 'pdf',
      paper: 'a4',
      variant: 'color',
      fabric: '14',
      orientation: 'landscape',
      stitches_per_page: 'large-print',
      pages: '2-3',
    });
  });

  it('keeps the page range to the PDF: other files hold every stitch', async () => {
    const user = userEvent.setup();
    let params: unknown;
    renderScreen(<Downloads source={{ projectId: 'p1' }} width={100} height={75} legend={legend} />, {
      answers: {
        'GET /api/stitch/projects/p1/export': (request) => {
          params = request.query;
          return { status: 200, data: new Blob(['<chart/>']) };
        },
      },
    });
    await user.type(screen.getByLabelText('Pages'), '9');
    await user.click(screen.getByRole('button', { name: 'Download OXS' }));
    expect(params).toMatchObject({ format: 'oxs', pages: 'all' });
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
