// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findBrandThread, type ThreadBrand } from '@stitchwise/core';
import type { OwnedThread } from '../api/schemas';
import { renderScreen, type Answer, type SentRequest } from '../test/harness';
import { MyThreads } from './MyThreads';

const route = { path: '/threads/mine', route: '/threads/mine' };

/** A thread as the page sends it. */
type Sent = { brand: ThreadBrand; code: string; skeins: number };
const sent = (brand: ThreadBrand, code: string, skeins: number): Sent => ({ brand, code, skeins });
const dmc = (code: string, skeins: number): Sent => sent('dmc', code, skeins);

/** The server's side: the stored list, each PUT's body, and the answer to the next PUT (with the catalogue's names, as the server's). */
function threadServer(initial: Sent[]) {
  const named = (threads: Sent[]): OwnedThread[] => threads.map((thread) => ({ ...thread, name: findBrandThread(thread.brand, thread.code)!.name }));
  const server = { stored: initial, puts: [] as Sent[][], fail: false };
  const answers: Record<string, Answer> = {
    'GET /api/threads/owned': () => ({ status: 200, data: named(server.stored) }),
    'PUT /api/threads/owned': (request: SentRequest) => {
      const body = request.json as Sent[];
      server.puts.push(body);
      if (server.fail) return { status: 503, data: { status: 503, detail: 'The service is busy. Please try again shortly.' } };
      server.stored = body;
      return { status: 200, data: named(body) };
    },
  };
  return { server, answers };
}

const rows = () => screen.getAllByTestId('owned-thread').map((row) => row.textContent);
const saved = () => waitFor(() => expect(screen.getByTestId('save-state')).toHaveTextContent('All changes saved.'));

describe('My Threads', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks visitors to sign in', () => {
    renderScreen(<MyThreads />, route);
    expect(screen.getByRole('heading', { name: 'My Threads' })).toBeInTheDocument();
    expect(screen.getByText('Please sign in to keep a list of the threads you own')).toBeInTheDocument();
  });

  it('shows the stored list with brands, names and counts', async () => {
    const { answers } = threadServer([dmc('310', 2), dmc('B5200', 1)]);
    renderScreen(<MyThreads />, { ...route, auth: { signedIn: true }, answers });
    expect(await screen.findByRole('heading', { name: 'Your threads: 2 threads, 3 skeins' })).toBeInTheDocument();
    expect(rows()).toEqual([expect.stringContaining('DMC 310Black'), expect.stringContaining('DMC B5200Snow White')]);
    expect(screen.getByLabelText('Skeins of DMC 310')).toHaveValue(2);
  });

  it('shows threads of several brands by brand, then by number, counted per brand', async () => {
    const { answers } = threadServer([dmc('310', 2), sent('anchor', '403', 1), sent('anchor', '9046', 0), sent('madeira', '814', 3)]);
    renderScreen(<MyThreads />, { ...route, auth: { signedIn: true }, answers });
    expect(await screen.findByRole('heading', { name: 'Your threads: 4 threads (1 DMC, 2 Anchor, 1 Madeira), 6 skeins' })).toBeInTheDocument();
    expect(rows()).toEqual([
      expect.stringContaining('DMC 310Black'),
      expect.stringContaining('Anchor 403Black'),
      expect.stringContaining('Anchor 9046Christmas Red'),
      expect.stringContaining('Madeira 814Shell Pink - LT'),
    ]);
    expect(screen.getByLabelText('Skeins of Anchor 403')).toHaveValue(1);
  });

  it('adds Anchor threads: by a pasted list naming its brand, by code in the chosen brand, and keeps them apart from DMC threads of the same number', async () => {
    const user = userEvent.setup();
    const { server, answers } = threadServer([dmc('310', 2)]);
    renderScreen(<MyThreads />, { ...route, auth: { signedIn: true }, answers });
    // A pasted list names its brand: with DMC chosen, "Anchor 403, 9046" is two Anchor threads.
    const box = await screen.findByLabelText('Or paste a list of codes');
    await user.type(box, 'Anchor 403, 9046, 99999');
    await user.click(screen.getByRole('button', { name: 'Add these threads' }));
    await saved();
    expect(server.puts.at(-1)).toEqual([dmc('310', 2), sent('anchor', '403', 1), sent('anchor', '9046', 1)]);
    expect(screen.getByText('Added Anchor 403 Black, Anchor 9046 Christmas Red.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Not codes of their brands, left in the box to correct: Anchor 99999.');
    expect(box).toHaveValue('Anchor 99999');

    // The search looks in the chosen brand: Anchor 310 is another thread than DMC 310.
    await user.selectOptions(screen.getByLabelText('Brand'), 'anchor');
    const search = screen.getByLabelText('Anchor code or name');
    await user.type(search, '310');
    const results = screen.getByRole('list', { name: 'Catalogue threads' });
    expect(within(results).getAllByRole('button', { name: /^Add Anchor/ })[0]).toHaveAccessibleName('Add Anchor 310');
    await user.type(search, '{Enter}');
    await saved();
    expect(server.puts.at(-1)).toEqual([dmc('310', 2), sent('anchor', '310', 1), sent('anchor', '403', 1), sent('anchor', '9046', 1)]);
    expect(rows()).toHaveLength(4);

    // Codes of the chosen brand, already there.
    await user.clear(box);
    await user.type(box, '0403 9046');
    await user.click(screen.getByRole('button', { name: 'Add these threads' }));
    expect(screen.getByText('Already on your list: Anchor 403 Black, Anchor 9046 Christmas Red.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Anchor 310' }));
    await saved();
    expect(server.puts.at(-1)).toEqual([dmc('310', 2), sent('anchor', '403', 1), sent('anchor', '9046', 1)]);
  });

  it('adds by code (Enter) or by name, saving each addition at once, in number order', async () => {
    const user = userEvent.setup();
    const { server, answers } = threadServer([dmc('3865', 2)]);
    renderScreen(<MyThreads />, { ...route, auth: { signedIn: true }, answers });
    const search = await screen.findByLabelText('DMC code or name');
    await user.type(search, '310{Enter}');
    await saved();
    expect(server.puts.at(-1)).toEqual([dmc('310', 1), dmc('3865', 2)]);
    expect(search).toHaveValue('');

    await user.type(search, 'coral');
    const results = screen.getByRole('list', { name: 'Catalogue threads' });
    const first = within(results).getAllByRole('button', { name: /^Add DMC/ })[0]!;
    const code = first.getAttribute('aria-label')!.replace('Add DMC ', '');
    await user.click(first);
    await saved();
    expect(server.puts.at(-1)!.map((thread) => thread.code)).toContain(code);
    expect(within(results).getAllByText('On your list')).toHaveLength(1);
  });

  it('adds a pasted list, naming what is already there and leaving what is not a DMC code in the box', async () => {
    const user = userEvent.setup();
    const { server, answers } = threadServer([dmc('310', 3)]);
    renderScreen(<MyThreads />, { ...route, auth: { signedIn: true }, answers });
    const box = await screen.findByLabelText('Or paste a list of codes');
    await user.type(box, '310, 321 9999{Enter}blanc, red');
    await user.click(screen.getByRole('button', { name: 'Add these threads' }));
    await saved();
    expect(server.puts).toEqual([[dmc('310', 3), dmc('321', 1), dmc('Blanc', 1)]]);
    expect(screen.getByRole('alert')).toHaveTextContent('Not DMC codes, left in the box to correct: 9999, red.');
    expect(box).toHaveValue('9999, red');
    expect(screen.getByText(/Added DMC 321 Red, DMC Blanc White\. Already on your list: DMC 310 Black\./)).toBeInTheDocument();
  });

  it('changes counts with the buttons at once and typed ones after a pause, sending only the last', async () => {
    const user = userEvent.setup();
    const { server, answers } = threadServer([dmc('310', 2)]);
    renderScreen(<MyThreads />, { ...route, auth: { signedIn: true }, answers });
    await user.click(await screen.findByRole('button', { name: 'One skein more of DMC 310' }));
    await saved();
    expect(server.puts).toEqual([[dmc('310', 3)]]);

    const count = screen.getByLabelText('Skeins of DMC 310');
    await user.clear(count);
    await user.type(count, '12');
    expect(screen.getByTestId('save-state')).toHaveTextContent('Saving…');
    await saved();
    expect(server.puts).toEqual([[dmc('310', 3)], [dmc('310', 12)]]);

    // No count: nothing is sent, and leaving the field puts the count back.
    await user.clear(count);
    expect(count).toBeInvalid();
    await user.tab();
    expect(count).toHaveValue(12);
    expect(server.puts).toHaveLength(2);
  });

  it('removes a thread, and Undo puts it back', async () => {
    const user = userEvent.setup();
    const { server, answers } = threadServer([dmc('310', 2), dmc('321', 1)]);
    renderScreen(<MyThreads />, { ...route, auth: { signedIn: true }, answers });
    await user.click(await screen.findByRole('button', { name: 'Remove DMC 310' }));
    await saved();
    expect(server.puts.at(-1)).toEqual([dmc('321', 1)]);
    expect(screen.getByText('Removed DMC 310 Black (2 skeins).')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await saved();
    expect(server.puts.at(-1)).toEqual([dmc('310', 2), dmc('321', 1)]);
  });

  it('says when a change was not saved, keeps it, and sends the newest on Try again', async () => {
    const user = userEvent.setup();
    const { server, answers } = threadServer([dmc('310', 2)]);
    renderScreen(<MyThreads />, { ...route, auth: { signedIn: true }, answers });
    server.fail = true;
    await user.click(await screen.findByRole('button', { name: 'One skein more of DMC 310' }));
    expect(await screen.findByText('Not saved: The service is busy. Please try again shortly.')).toBeInTheDocument();
    expect(screen.getByLabelText('Skeins of DMC 310')).toHaveValue(3);
    // Closing the tab now would lose it: the browser asks first.
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);

    server.fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await saved();
    expect(server.stored).toEqual([dmc('310', 3)]);
    const calm = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(calm);
    expect(calm.defaultPrevented).toBe(false);
  });

  it('keeps a change that could not be saved on this device, and sends it when the page is opened again', async () => {
    const user = userEvent.setup();
    const { server, answers } = threadServer([dmc('310', 2)]);
    server.fail = true;
    const first = renderScreen(<MyThreads />, { ...route, auth: { signedIn: true }, answers });
    await user.click(await screen.findByRole('button', { name: 'One skein more of DMC 310' }));
    expect(await screen.findByText('Not saved: The service is busy. Please try again shortly.')).toBeInTheDocument();
    first.unmount(); // left for another page of the app: what waits is sent once more, and fails too
    await waitFor(() => expect(server.puts).toHaveLength(2));

    server.fail = false;
    renderScreen(<MyThreads />, { ...route, auth: { signedIn: true }, answers });
    expect(await screen.findByText('Your changes that were not saved last time are back, and being saved now.')).toBeInTheDocument();
    expect(screen.getByLabelText('Skeins of DMC 310')).toHaveValue(3);
    await saved();
    expect(server.stored).toEqual([dmc('310', 3)]);
    // Saved: nothing is kept any more, so the next visit shows the server's list as it is.
    expect(Object.keys(localStorage).filter((key) => key.startsWith('stitchwise:owned-threads:'))).toEqual([]);
  });

  it('sends a typed count at once when the page is left before the pause ends', async () => {
    const user = userEvent.setup();
    const { server, answers } = threadServer([dmc('310', 2)]);
    const { unmount } = renderScreen(<MyThreads />, { ...route, auth: { signedIn: true }, answers });
    const count = await screen.findByLabelText('Skeins of DMC 310');
    await user.clear(count);
    await user.type(count, '5');
    unmount();
    // Sent before the typing pause (600 ms) would have ended.
    await waitFor(() => expect(server.puts).toEqual([[dmc('310', 5)]]), { timeout: 300 });
  });

  it('imports a file of several brands, and keeps the brands apart', async () => {
    const user = userEvent.setup();
    const { server, answers } = threadServer([dmc('310', 1), sent('anchor', '403', 1)]);
    renderScreen(<MyThreads />, { ...route, auth: { signedIn: true }, answers });
    const file = new File(['Brand,Code,Name,Skeins\nAnchor,403,Black,5\nAnchor,310,,2\nMadeira,Black,Black,1\n'], 'mixed.csv', { type: 'text/csv' });
    await user.upload(await screen.findByLabelText('CSV file of threads'), file);
    await saved();
    expect(server.puts).toEqual([[dmc('310', 1), sent('anchor', '310', 2), sent('anchor', '403', 5), sent('madeira', 'Black', 1)]]);
    expect(screen.getByText('Imported 3 threads from mixed.csv (2 new, 1 counts updated).')).toBeInTheDocument();
  });

  it('sends the changes an earlier version of the page kept on this device as DMC threads', async () => {
    localStorage.setItem('stitchwise:owned-threads:u1', JSON.stringify([{ dmc_code: '310', skeins: 4 }]));
    const { server, answers } = threadServer([dmc('310', 2)]);
    renderScreen(<MyThreads />, { ...route, auth: { signedIn: true }, answers });
    expect(await screen.findByText('Your changes that were not saved last time are back, and being saved now.')).toBeInTheDocument();
    await saved();
    expect(server.stored).toEqual([dmc('310', 4)]);
  });

  it('imports a CSV file, adding threads and setting the counts it gives, and says what it skipped', async () => {
    const user = userEvent.setup();
    const { server, answers } = threadServer([dmc('310', 1), dmc('666', 2)]);
    renderScreen(<MyThreads />, { ...route, auth: { signedIn: true }, answers });
    const file = new File(['DMC,Skeins\n310,4\n3865,2\n9999,1\n'], 'stash.csv', { type: 'text/csv' });
    await user.upload(await screen.findByLabelText('CSV file of threads'), file);
    await saved();
    expect(server.puts).toEqual([[dmc('310', 4), dmc('666', 2), dmc('3865', 2)]]);
    expect(screen.getByText(/Imported 2 threads from stash\.csv \(1 new, 1 counts updated\)\. Skipped line 4: "9999" is not a DMC code\./)).toBeInTheDocument();
  });

  it('exports the list as a CSV file it can import again', async () => {
    const user = userEvent.setup();
    const { answers } = threadServer([dmc('310', 2), dmc('Ecru', 0)]);
    const files: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push(blob as Blob);
      return 'blob:threads';
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderScreen(<MyThreads />, { ...route, auth: { signedIn: true }, answers });
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(names).toEqual(['my-threads.csv']);
    expect(await textOf(files[0]!)).toBe('Brand,Code,Name,Skeins\r\nDMC,310,Black,2\r\nDMC,Ecru,Ecru,0\r\n');
  });

  it('says so when the list cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    let failing = true;
    renderScreen(<MyThreads />, {
      ...route,
      auth: { signedIn: true },
      answers: {
        'GET /api/threads/owned': () =>
          failing ? { status: 500, data: { status: 500, detail: 'Something went wrong on our side.' } } : { status: 200, data: [] },
      },
    });
    expect(await screen.findByText('Something went wrong on our side.', {}, { timeout: 8000 })).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(/No threads yet/)).toBeInTheDocument();
  });
});

function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
}
