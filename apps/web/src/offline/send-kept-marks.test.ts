// @vitest-environment jsdom
import { decodeProgress, encodeProgress, localDay, setDone } from '@stitchwise/core';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readKept, writeKept, type KeptMarks } from '../lib/progress-store';

/**
 * Marks kept on the device (lib/progress-store.ts) sent from any screen. The modules keep what the server
 * refused for the visit, and the header's status: each test is a fresh visit (`visit()` loads them anew).
 */
async function visit() {
  vi.resetModules();
  const [marks, outbox, client] = await Promise.all([import('./send-kept-marks'), import('./outbox-status'), import('../api/client')]);
  client.setAccessToken('token');
  return { ...marks, ...outbox };
}

const WIDTH = 20;
const HEIGHT = 10;

/** Bits of a 20 × 10 chart with `cells` done. */
function bits(...cells: number[]): Uint8Array {
  const done = new Uint8Array(25);
  for (const cell of cells) setDone(done, cell, true);
  return done;
}

function cellsOf(encoded: string): number[] {
  const done = decodeProgress(encoded)!;
  return Array.from({ length: WIDTH * HEIGHT }, (_, cell) => cell).filter((cell) => (done[cell >> 3]! & (1 << (cell & 7))) !== 0);
}

function keep(project: string, version: number, base: number[], local: number[]): KeptMarks {
  const marks = { version, width: WIDTH, height: HEIGHT, base: bits(...base), local: bits(...local) };
  expect(writeKept(localStorage, project, marks)).toBeDefined();
  return marks;
}

interface Put {
  method: string;
  path: string;
  authorization: string | null;
  body: { version: number; done: string; base: string };
}

/** The server at the edge (`fetch`): records each request; `answer` says what it does with it (default: saved). */
function server() {
  const state = {
    puts: [] as Put[],
    answer: (_put: Put): number | 'network' | Promise<number | 'network'> => 200,
  };
  vi.stubGlobal('fetch', async (request: Request, init?: RequestInit) => {
    const sent = new Request(request, init);
    const put: Put = {
      method: sent.method,
      path: new URL(sent.url).pathname,
      authorization: sent.headers.get('authorization'),
      body: (await sent.json()) as Put['body'],
    };
    state.puts.push(put);
    const answer = await state.answer(put);
    if (answer === 'network') throw new TypeError('Failed to fetch');
    const body =
      answer === 200
        ? { version: put.body.version, width: WIDTH, height: HEIGHT, done: put.body.done, done_count: 1, total: 200, updated_at: null }
        : { type: 'about:blank', title: 'Refused', status: answer, code: 'refused', detail: 'Refused.' };
    return new Response(JSON.stringify(body), {
      status: answer,
      headers: { 'content-type': answer === 200 ? 'application/json' : 'application/problem+json' },
    });
  });
  return state;
}

/** What each PUT carried, in an order that does not depend on the order of storage keys. */
const sentOf = (puts: Put[]) =>
  puts.map((put) => ({ method: put.method, path: put.path, ...put.body })).sort((a, b) => `${a.path}${a.version}`.localeCompare(`${b.path}${b.version}`));

const keptVersions = (project: string) => readKept(localStorage, project).map((marks) => marks.version);

let online = true;
beforeEach(() => {
  localStorage.clear();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sendKeptMarks', () => {
  it("sends each kept version's marks, over the server bits they were made on, and forgets them once sent", async () => {
    const { sendKeptMarks } = await visit();
    const net = server();
    const p1v1 = keep('p1', 1, [], [3, 4]);
    const p1v2 = keep('p1', 2, [7], [7, 8, 150]);
    const p2v1 = keep('p2', 1, [1, 2], [2]);
    localStorage.setItem('stitchwise.theme', 'dark'); // not marks

    await sendKeptMarks();

    expect(sentOf(net.puts)).toEqual([
      {
        method: 'PUT',
        path: '/api/stitch/projects/p1/progress',
        version: 1,
        done: encodeProgress(p1v1.local),
        base: encodeProgress(p1v1.base),
        day: localDay(new Date()),
      },
      {
        method: 'PUT',
        path: '/api/stitch/projects/p1/progress',
        version: 2,
        done: encodeProgress(p1v2.local),
        base: encodeProgress(p1v2.base),
        day: localDay(new Date()),
      },
      {
        method: 'PUT',
        path: '/api/stitch/projects/p2/progress',
        version: 1,
        done: encodeProgress(p2v1.local),
        base: encodeProgress(p2v1.base),
        day: localDay(new Date()),
      },
    ]);
    // The stitches themselves, read back from what went: done over base, an unmark included (p2's cell 1).
    expect(sentOf(net.puts).map((put) => [cellsOf(put.done), cellsOf(put.base)])).toEqual([
      [[3, 4], []],
      [[7, 8, 150], [7]],
      [[2], [1, 2]],
    ]);
    expect(net.puts.every((put) => put.authorization === 'Bearer token')).toBe(true);
    expect(keptVersions('p1')).toEqual([]);
    expect(keptVersions('p2')).toEqual([]);
    expect(localStorage.getItem('stitchwise.theme')).toBe('dark');
  });

  it('keeps what could not be sent (no network) and sends it on the next call, without sending the rest again', async () => {
    const { sendKeptMarks } = await visit();
    const net = server();
    keep('p1', 1, [], [3]);
    keep('p2', 1, [], [9]);
    net.answer = (put) => (put.path.includes('/p1/') ? 'network' : 200);

    await sendKeptMarks();
    expect(keptVersions('p1')).toEqual([1]);
    expect(keptVersions('p2')).toEqual([]);

    net.puts.length = 0;
    net.answer = () => 200;
    await sendKeptMarks();
    expect(sentOf(net.puts).map((put) => [put.path, cellsOf(put.done)])).toEqual([['/api/stitch/projects/p1/progress', [3]]]);
    expect(keptVersions('p1')).toEqual([]);
  });

  it.each([409, 404, 422])('keeps marks the server refused (%i) for their project’s screen, and does not send them again this visit', async (status) => {
    let { sendKeptMarks } = await visit();
    const net = server();
    keep('p1', 1, [], [3]);
    net.answer = () => status;

    await sendKeptMarks();
    expect(net.puts).toHaveLength(1);
    await sendKeptMarks();
    expect(net.puts).toHaveLength(1);
    expect(keptVersions('p1')).toEqual([1]);

    ({ sendKeptMarks } = await visit()); // the next visit tries them once more
    await sendKeptMarks();
    expect(net.puts).toHaveLength(2);
  });

  it.each([401, 429, 500, 503])('tries marks again after a %i, which is no refusal of them', async (status) => {
    const { sendKeptMarks } = await visit();
    const net = server();
    keep('p1', 1, [], [3]);
    net.answer = () => status;
    await sendKeptMarks();
    expect(keptVersions('p1')).toEqual([1]);
    net.answer = () => 200;
    await sendKeptMarks();
    expect(net.puts).toHaveLength(2);
    expect(keptVersions('p1')).toEqual([]);
  });

  it("does not hold back another project's marks because the same marks of a project were refused", async () => {
    const { sendKeptMarks } = await visit();
    const net = server();
    keep('gone', 1, [], [0]); // a project deleted on another device
    keep('roses', 1, [], [0]); // the first stitch of another chart of the same size
    net.answer = (put) => (put.path.includes('/gone/') ? 404 : 200);

    await sendKeptMarks();
    expect(sentOf(net.puts).map((put) => put.path)).toEqual(['/api/stitch/projects/gone/progress', '/api/stitch/projects/roses/progress']);
    expect(keptVersions('roses')).toEqual([]);
    expect(keptVersions('gone')).toEqual([1]);
  });

  it("does not hold back a newer version's marks because the same marks of an older version were refused", async () => {
    const { sendKeptMarks } = await visit();
    const net = server();
    keep('p1', 1, [], [0]); // a version the server no longer has
    keep('p1', 2, [], [0]);
    net.answer = (put) => (put.body.version === 1 ? 409 : 200);

    await sendKeptMarks();
    expect(sentOf(net.puts).map((put) => put.version)).toEqual([1, 2]);
    expect(keptVersions('p1')).toEqual([1]);
  });

  it('does not forget marks kept over the ones being sent meanwhile (another tab marked more)', async () => {
    const { sendKeptMarks } = await visit();
    const net = server();
    keep('p1', 1, [], [3]);
    let answer!: (status: number) => void;
    net.answer = () => new Promise((resolve) => (answer = resolve));

    const sending = sendKeptMarks();
    await vi.waitFor(() => expect(net.puts).toHaveLength(1));
    keep('p1', 1, [], [3, 4]);
    answer(200);
    await sending;

    expect(readKept(localStorage, 'p1').map((marks) => encodeProgress(marks.local))).toEqual([encodeProgress(bits(3, 4))]);
  });

  it('leaves the marks of a project a page is marking (its engine live, in this tab or another) to that page', async () => {
    const { sendKeptMarks } = await visit();
    const net = server();
    keep('p1', 1, [], [3]);
    keep('p2', 1, [], [4]);
    const { markLive } = await import('../lib/progress-live');
    const stop = markLive('p1', localStorage);
    await sendKeptMarks();
    expect(sentOf(net.puts).map((put) => put.path)).toEqual(['/api/stitch/projects/p2/progress']);
    expect(cellsOf(sentOf(net.puts)[0]!.done)).toEqual([4]);
    stop();
    await sendKeptMarks();
    expect(sentOf(net.puts).map((put) => put.path)).toEqual(['/api/stitch/projects/p1/progress', '/api/stitch/projects/p2/progress']);
  });

  it('joins a send already going instead of sending the marks twice', async () => {
    const { sendKeptMarks } = await visit();
    const net = server();
    keep('p1', 1, [], [3]);
    await Promise.all([sendKeptMarks(), sendKeptMarks()]);
    expect(net.puts).toHaveLength(1);
  });

  it("says 'syncing' while marks go and 'saved' once they have", async () => {
    const { sendKeptMarks, useOutboxStatus } = await visit();
    const net = server();
    keep('p1', 1, [], [3]);
    let answer!: (status: number) => void;
    net.answer = () => new Promise((resolve) => (answer = resolve));
    const status = renderHook(() => useOutboxStatus());
    expect(status.result.current).toBe('idle');

    let sending!: Promise<void>;
    act(() => void (sending = sendKeptMarks()));
    expect(status.result.current).toBe('syncing');
    await vi.waitFor(() => expect(net.puts).toHaveLength(1));
    expect(status.result.current).toBe('syncing');
    await act(async () => {
      answer(200);
      await sending;
    });
    expect(status.result.current).toBe('saved');
  });

  it('says nothing was saved when none of the marks could be sent', async () => {
    const { sendKeptMarks, useOutboxStatus } = await visit();
    const net = server();
    net.answer = () => 'network';
    keep('p1', 1, [], [3]);
    const status = renderHook(() => useOutboxStatus());
    await act(() => sendKeptMarks());
    expect(net.puts).toHaveLength(1);
    expect(status.result.current).toBe('idle');
  });

  it('with nothing kept, sends nothing and leaves the status as it was', async () => {
    const { sendKeptMarks, useOutboxStatus, publishOutboxStatus } = await visit();
    const net = server();
    localStorage.setItem('stitchwise.progress.p1.v1', 'not marks');
    const status = renderHook(() => useOutboxStatus());
    act(() => publishOutboxStatus('saved'));

    await act(() => sendKeptMarks());
    expect(net.puts).toEqual([]);
    expect(status.result.current).toBe('saved');
  });
});

describe('useSendKeptMarks', () => {
  it('sends kept marks as soon as a signed-in app opens online', async () => {
    const { useSendKeptMarks } = await visit();
    const net = server();
    keep('p1', 1, [], [3]);
    renderHook(() => useSendKeptMarks('token'));
    await waitFor(() => expect(keptVersions('p1')).toEqual([]));
    expect(net.puts.map((put) => put.path)).toEqual(['/api/stitch/projects/p1/progress']);
  });

  it('waits while offline and sends when the connection returns', async () => {
    const { useSendKeptMarks } = await visit();
    const net = server();
    online = false;
    keep('p1', 1, [], [3]);
    renderHook(() => useSendKeptMarks('token'));
    window.dispatchEvent(new Event('offline'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(net.puts).toEqual([]);

    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(keptVersions('p1')).toEqual([]));
    expect(net.puts).toHaveLength(1);
  });

  it('sends nothing without a token (signed out, or a session expired offline), even when the connection returns', async () => {
    const { useSendKeptMarks } = await visit();
    const net = server();
    keep('p1', 1, [], [3]);
    renderHook(() => useSendKeptMarks(undefined));
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(net.puts).toEqual([]);
    expect(keptVersions('p1')).toEqual([1]);
  });

  it('tries again every 15 s while online, and stops once the app is closed', async () => {
    vi.useFakeTimers();
    const { useSendKeptMarks } = await visit();
    const net = server();
    net.answer = () => 'network';
    keep('p1', 1, [], [3]);
    const app = renderHook(() => useSendKeptMarks('token'));
    await vi.advanceTimersByTimeAsync(0);
    expect(net.puts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(14_000);
    expect(net.puts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(net.puts).toHaveLength(2);

    app.unmount();
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(net.puts).toHaveLength(2);
    expect(keptVersions('p1')).toEqual([1]);
  });
});
