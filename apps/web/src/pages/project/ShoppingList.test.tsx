// @vitest-environment jsdom
import { upgradeLegendEntry } from '@stitchwise/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_MARKS, toPatternDocument } from '@stitchwise/core';
import type { Project, ShoppingList as List } from '../../api/schemas';
import { installFakeCanvas } from '../../components/chart/fake-canvas';
import { PROJECT } from '../../test/fixtures';
import { renderScreen, type Answer } from '../../test/harness';
import { ProjectDetail } from '../ProjectDetail';
import { ShoppingList } from './ShoppingList';

const URL_PATH = 'GET /api/stitch/projects/p1/shopping-list';

type Entry = List['threads'][number];

/** A thread of the list: its brand, code and name (the DMC fields filled for a DMC thread only, as the server does). */
function entry(
  brand: Entry['brand'],
  code: string,
  name: string,
  rest: Omit<Entry, 'brand' | 'code' | 'name' | 'dmc_code' | 'dmc_name' | 'blends'> & { blends?: string[] },
): Entry {
  return { brand, code, name, dmc_code: brand === 'dmc' ? code : '', dmc_name: brand === 'dmc' ? name : '', blends: [], ...rest };
}

function listOn(fabric: number): List {
  const coarse = fabric === 11;
  return {
    project_id: 'p1',
    project_name: 'Roses',
    fabric: { count: fabric, label: `${fabric}-count Aida`, strands: coarse ? 3 : 2 },
    threads: [
      entry('dmc', '310', 'Black', { hex: '#000000', symbol: '■', skeins_needed: coarse ? 3 : 2, owned: 1, to_buy: coarse ? 2 : 1 }),
      entry('dmc', '321', 'Red', { hex: '#c7002b', symbol: '▲', skeins_needed: 1, owned: 5, to_buy: 0 }),
    ],
    totals: { skeins_needed: coarse ? 4 : 3, owned: 6, to_buy: coarse ? 2 : 1, threads_to_buy: 1 },
  };
}

/** The server's answers by query: JSON per fabric, or the CSV file. */
const server: Answer = (request) =>
  request.query['format'] === 'csv'
    ? { status: 200, data: new Blob(['Brand,Code,Name,Skeins needed,Owned,To buy\r\n'], { type: 'text/csv' }) }
    : { status: 200, data: listOn(Number(request.query['fabric'])) };

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('Shopping list', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    delete document.body.dataset.printing;
  });

  it("shows each thread's skeins needed, owned and to buy, with totals, for the chosen fabric", async () => {
    const user = userEvent.setup();
    const fabrics: string[] = [];
    renderScreen(<ShoppingList projectId="p1" />, {
      auth: { signedIn: true },
      answers: {
        [URL_PATH]: (request) => {
          fabrics.push(request.query['fabric']!);
          return server(request);
        },
      },
    });
    const region = screen.getByRole('region', { name: 'Shopping list' });
    const table = await within(region).findByRole('table');
    const [, black, red, total] = within(table).getAllByRole('row');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Symbol', 'Thread', 'Name', 'Needed', 'Owned', 'To buy']);
    expect(cells(black!)).toEqual(['■', 'DMC 310', 'Black', '2', '1', '1']);
    expect(cells(red!)).toEqual(['▲', 'DMC 321', 'Red', '1', '5', '0']);
    expect(cells(total!)).toEqual(['Total', '3', '6', '1']);
    expect(screen.getByTestId('shopping-summary')).toHaveTextContent(
      'Buy 1 skein of 1 thread. Whole DMC skeins (8 m of 6 strands) on 14-count Aida, 2 strands, 15 % spare.',
    );

    await user.selectOptions(screen.getByLabelText('Fabric'), '11');
    await waitFor(() => expect(cells(within(screen.getByRole('table')).getAllByRole('row')[1]!)).toEqual(['■', 'DMC 310', 'Black', '3', '1', '2']));
    expect(fabrics).toEqual(['14', '11']);
    expect(screen.getByRole('link', { name: 'Edit my threads' })).toHaveAttribute('href', '/threads/mine');
  });

  it('lists the threads of blends once each, saying which blends they are in and how blends are counted', async () => {
    const blended = listOn(14);
    blended.threads = [
      entry('dmc', '310', 'Black', { hex: '#000000', symbol: '■', blends: ['310+413'], skeins_needed: 3, owned: 1, to_buy: 2 }),
      entry('dmc', '413', 'Pewter Gray Dark', { hex: '#565656', symbol: '', blends: ['310+413', '413+414'], skeins_needed: 1, owned: 0, to_buy: 1 }),
    ];
    renderScreen(<ShoppingList projectId="p1" />, { auth: { signedIn: true }, answers: { [URL_PATH]: { status: 200, data: blended } } });
    const table = await screen.findByRole('table');
    const [, black, pewter] = within(table).getAllByRole('row');
    expect(cells(black!)).toEqual(['■', 'DMC 310Also in blend 310 + 413', 'Black', '3', '1', '2']);
    expect(cells(pewter!)).toEqual(['', 'DMC 413In blends 310 + 413, 413 + 414', 'Pewter Gray Dark', '1', '0', '1']);
    expect(screen.getByTestId('shopping-summary')).toHaveTextContent(/15 % spare\. Blends count each thread for its one strand, in that thread's skeins\.$/);
  });

  it('names each thread by its brand, and the skeins of each brand with their length', async () => {
    const mixed = listOn(14);
    mixed.threads = [
      entry('anchor', '403', 'Black', { hex: '#000000', symbol: '■', skeins_needed: 2, owned: 2, to_buy: 0 }),
      entry('madeira', '814', 'Shell Pink - LT', { hex: '#f7cfce', symbol: '▲', skeins_needed: 1, owned: 0, to_buy: 1 }),
    ];
    renderScreen(<ShoppingList projectId="p1" />, { auth: { signedIn: true }, answers: { [URL_PATH]: { status: 200, data: mixed } } });
    const table = await screen.findByRole('table');
    const [, anchor, madeira] = within(table).getAllByRole('row');
    expect(cells(anchor!)).toEqual(['■', 'Anchor 403', 'Black', '2', '2', '0']);
    expect(cells(madeira!)).toEqual(['▲', 'Madeira 814', 'Shell Pink - LT', '1', '0', '1']);
    expect(screen.getByTestId('shopping-summary')).toHaveTextContent(
      'Whole Anchor skeins (8 m of 6 strands), Madeira skeins (10 m of 6 strands) on 14-count Aida',
    );
  });

  it('says so when nothing needs buying', async () => {
    const all = listOn(14);
    all.threads = all.threads.map((entry) => ({ ...entry, owned: 9, to_buy: 0 }));
    all.totals = { ...all.totals, to_buy: 0, threads_to_buy: 0 };
    renderScreen(<ShoppingList projectId="p1" />, { auth: { signedIn: true }, answers: { [URL_PATH]: { status: 200, data: all } } });
    expect(await screen.findByText(/You have every skein this chart needs\./)).toBeInTheDocument();
  });

  it("downloads the server's CSV", async () => {
    const user = userEvent.setup();
    const asked: Record<string, string>[] = [];
    const files: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push(blob as Blob);
      return 'blob:list';
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderScreen(<ShoppingList projectId="p1" />, {
      auth: { signedIn: true },
      answers: {
        [URL_PATH]: (request) => {
          asked.push(request.query);
          return server(request);
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(names).toEqual(['shopping-list.csv']));
    expect(asked.at(-1)).toEqual({ format: 'csv', fabric: '14' });
    expect(files[0]!.type).toBe('text/csv');
  });

  it('prints the list alone: a copy on <body> while printing, gone afterwards', async () => {
    const user = userEvent.setup();
    const print = vi.fn(() => {
      // What the browser prints: the body is marked and holds the printed copy.
      expect(document.body.dataset.printing).toBe('shopping-list');
      const printed = document.body.querySelector<HTMLElement>(':scope > .shopping-list-print')!;
      expect(within(printed).getByRole('heading', { name: 'Shopping list: Roses' })).toBeInTheDocument();
      expect(within(printed).getAllByRole('row')).toHaveLength(4);
    });
    vi.stubGlobal('print', print);
    renderScreen(<ShoppingList projectId="p1" />, { auth: { signedIn: true }, answers: { [URL_PATH]: server } });
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('afterprint'));
    await waitFor(() => expect(document.body.dataset.printing).toBeUndefined());
    expect(screen.queryByTestId('printed-shopping-list')).toBeNull();
  });

  it("shows the server's reason when the list cannot be made, and tries again", async () => {
    const user = userEvent.setup();
    let answer: Answer = { status: 404, data: { status: 404, detail: 'This project has no pattern yet: generate one first.' } };
    renderScreen(<ShoppingList projectId="p1" />, {
      auth: { signedIn: true },
      answers: { [URL_PATH]: (request) => (typeof answer === 'function' ? answer(request) : answer) },
    });
    expect(await screen.findByText('This project has no pattern yet: generate one first.')).toBeInTheDocument();
    answer = server;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('is on the page of a project with a chart, after its downloads', async () => {
    installFakeCanvas({ width: 600, height: 420 });
    const legend = [
      upgradeLegendEntry({ index: 0, hex: '#000000', symbol: '■', dmc_code: '310', dmc_name: 'Black', stitch_count: 4, rgb: { r: 0, g: 0, b: 0 } }),
    ];
    const project: Project = {
      ...PROJECT,
      parameters: { original_size: { width: 20, height: 20 } },
      metadata: { colors_count: 1, total_stitches: 4, grid_size: { width: 2, height: 2 } },
      outputs: { input_image_url: null, stitch_plan_url: 'http://localhost/files/plan.png', pattern_url: 'http://localhost/files/pattern.json' },
      color_legend: legend,
      progress: { done: 0, total: 4 },
    };
    const pattern = {
      width: 2,
      height: 2,
      legend,
      cells: new Int16Array(4),
      marks: NO_MARKS,
      stats: { confetti_before: 0, confetti_after: 0, mean_delta_e: 0 },
    };
    renderScreen(<ProjectDetail />, {
      path: '/stitch/projects/:projectId',
      route: '/stitch/projects/p1',
      auth: { signedIn: true },
      answers: {
        'GET /api/stitch/projects/p1': { status: 200, data: project },
        'GET /files/pattern.json': { status: 200, data: toPatternDocument(pattern) },
        [URL_PATH]: server,
      },
    });
    const list = await screen.findByRole('region', { name: 'Shopping list' });
    expect(await within(list).findByRole('table')).toBeInTheDocument();
    const downloads = screen.getByRole('region', { name: 'Print and materials' });
    expect(downloads.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
