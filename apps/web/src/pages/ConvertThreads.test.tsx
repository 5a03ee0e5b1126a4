// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BrandThread, ThreadConversion } from '../api/schemas';
import { renderScreen, type SentRequest } from '../test/harness';
import { ConvertThreads } from './ConvertThreads';

const NOTE = 'Nearest colours by ΔE00 between screen colours, not official equivalents.';

const ANCHOR: Record<string, BrandThread> = {
  '403': { brand: 'anchor', code: '403', name: 'Black', r: 0, g: 0, b: 0, hex: '#000000' },
  '9046': { brand: 'anchor', code: '9046', name: 'Red, Christmas', r: 200, g: 16, b: 46, hex: '#C8102E' },
};
const NEAREST = {
  dmc: [
    { code: '310', name: 'Black', distance: 0 },
    { code: '3371', name: 'Black Brown', distance: 2.3456 },
  ],
  madeira: [
    { code: 'Black', name: 'Black', distance: 0.1234 },
    { code: '2400', name: 'Very Dark Brown', distance: 3.5 },
  ],
};

/** The server's conversion: the Anchor threads above to DMC and Madeira, 404 for any other code. */
function convert({ query }: SentRequest) {
  const from = ANCHOR[query.code!.replace(/^0+/, '')];
  if (!from)
    return { status: 404, data: { status: 404, code: 'not_found', title: 'Not Found', detail: `There is no Anchor thread with the code "${query.code}".` } };
  const to = query.to as 'dmc' | 'madeira';
  const matches = NEAREST[to].map((match) => ({ ...match, brand: to, r: 1, g: 2, b: 3, hex: '#010203' }));
  return { status: 200, data: { from, to, note: NOTE, matches } satisfies ThreadConversion };
}

function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
}

describe('Convert Threads', () => {
  it('converts a pasted Anchor list to the nearest DMC and Madeira threads, honestly labelled, and lists unknown codes', async () => {
    const user = userEvent.setup();
    const asked: Record<string, string>[] = [];
    renderScreen(<ConvertThreads />, {
      answers: {
        'GET /api/threads/convert': (request) => {
          asked.push(request.query);
          return convert(request);
        },
      },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Convert Threads' })).toBeInTheDocument();
    expect(screen.getByLabelText('Convert from')).toHaveValue('anchor');
    await user.type(screen.getByLabelText('Or paste a list of Anchor codes'), 'Anchor 403, 9999\n9046 0403');
    await user.click(screen.getByRole('button', { name: 'Convert these codes' }));

    const cards = await screen.findAllByTestId('conversion');
    expect(cards).toHaveLength(2); // 0403 is 403 again: one card
    expect(screen.getByRole('heading', { name: 'Nearest colours (ΔE00), not official equivalents' })).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('heading', { level: 3 })).toHaveTextContent('Anchor 403 · Black');
    const dmc = within(cards[0]!).getByRole('region', { name: 'Nearest DMC threads to Anchor 403' });
    expect(
      within(dmc)
        .getAllByTestId('match-dmc')
        .map((item) => item.textContent),
    ).toEqual(['DMC 310BlackΔE00 0.0', 'DMC 3371Black BrownΔE00 2.3']);
    const madeira = within(cards[0]!).getByRole('region', { name: 'Nearest Madeira threads to Anchor 403' });
    expect(within(madeira).getAllByTestId('match-madeira')[0]).toHaveTextContent('Madeira Black');
    expect(within(cards[1]!).getByRole('heading', { level: 3 })).toHaveTextContent('Anchor 9046 · Red, Christmas');
    expect(await screen.findByText('Not Anchor codes: 9999.')).toBeInTheDocument();
    expect(asked).toContainEqual({ from: 'anchor', code: '403', to: 'dmc' });
    expect(asked).toContainEqual({ from: 'anchor', code: '403', to: 'madeira' });
    expect(asked.every((query) => query.to !== 'anchor')).toBe(true);
  });

  it('downloads the table as CSV, one line per nearest thread', async () => {
    const user = userEvent.setup();
    const files: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push(blob as Blob);
      return 'blob:conversion';
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderScreen(<ConvertThreads />, { answers: { 'GET /api/threads/convert': convert } });
    await user.type(screen.getByLabelText('Or paste a list of Anchor codes'), '403 9999');
    await user.click(screen.getByRole('button', { name: 'Convert these codes' }));
    await screen.findByTestId('conversion');
    await screen.findByText('Not Anchor codes: 9999.');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(names).toEqual(['anchor-thread-conversion.csv']);
    expect((await textOf(files[0]!)).split('\r\n')).toEqual([
      'Thread,Name,Hex,Nearest thread,Nearest name,Nearest hex,Rank,Delta E 2000 (nearest colour; not an official equivalent)',
      'Anchor 403,Black,#000000,DMC 310,Black,#010203,1,0',
      'Anchor 403,Black,#000000,DMC 3371,Black Brown,#010203,2,2.3456',
      'Anchor 403,Black,#000000,Madeira Black,Black,#010203,1,0.1234',
      'Anchor 403,Black,#000000,Madeira 2400,Very Dark Brown,#010203,2,3.5',
      'Anchor 9999,not a known Anchor code,,,,,,',
      '',
    ]);
  });

  it('suggests threads of the chosen brand while typing, and converts the one chosen', async () => {
    const user = userEvent.setup();
    const searched: Record<string, string>[] = [];
    renderScreen(<ConvertThreads />, {
      answers: {
        'GET /api/threads/anchor': ({ query }) => {
          searched.push(query);
          return { status: 200, data: { threads: [ANCHOR['403']], total: 1 } };
        },
        'GET /api/threads/convert': convert,
      },
    });
    await user.type(screen.getByLabelText('Anchor code or name'), '40');
    await user.click(await screen.findByRole('button', { name: /Anchor 403.*Black/ }));
    expect(await screen.findByTestId('conversion')).toHaveTextContent('Anchor 403 · Black');
    expect(screen.getByLabelText('Anchor code or name')).toHaveValue('');
    expect(searched.at(-1)).toEqual({ q: '40', limit: '8' });
  });

  it('starts again when another brand is chosen, converting to the two others', async () => {
    const user = userEvent.setup();
    const asked: Record<string, string>[] = [];
    renderScreen(<ConvertThreads />, {
      answers: {
        'GET /api/threads/convert': (request) => {
          asked.push(request.query);
          return request.query.from === 'anchor'
            ? convert(request)
            : { status: 404, data: { status: 404, code: 'not_found', title: 'Not Found', detail: 'No.' } };
        },
      },
    });
    await user.type(screen.getByLabelText('Or paste a list of Anchor codes'), '403');
    await user.click(screen.getByRole('button', { name: 'Convert these codes' }));
    await screen.findByTestId('conversion');
    await user.selectOptions(screen.getByLabelText('Convert from'), 'dmc');
    expect(screen.queryByTestId('conversion')).toBeNull();
    await user.type(screen.getByLabelText('Or paste a list of DMC codes'), '{Control>}a{/Control}310');
    await user.click(screen.getByRole('button', { name: 'Convert these codes' }));
    expect(await screen.findByText('Not DMC codes: 310.')).toBeInTheDocument();
    expect(asked.filter((query) => query.from === 'dmc').map((query) => query.to)).toEqual(['anchor', 'madeira']);
  });
});
