// @vitest-environment jsdom
import { applyProgressChanges, decodeProgress, encodeProgress, isDone, progressChanges, setDone } from '@stitchwise/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../api/client';
import { progressTransport } from '../api/progress';
import { forgetKept, readKept, writeKept } from './progress-store';
import { ProgressSync, type ServerProgress } from './progress-sync';

/**
 * The sync engine against a stand-in server at the edge (`fetch`): PUT makes the changes between `base`
 * and `done` to the stored bits, for an older version too (as the real server does where the stitches did
 * not change: here, all of them); GET is not needed (the engine is given the first read).
 */
class FakeServer {
  version = 1;
  readonly width = 20;
  readonly height = 10;
  bits: Uint8Array = new Uint8Array(25);
  readonly puts: { version: number; done: number[]; base: number[] | undefined; keepalive: boolean }[] = [];
  /** What the next PUTs do instead of answering: a network failure or a status. */
  failures: ('network' | number)[] = [];
  /** While set, PUTs wait for it before they are answered. */
  gate: Promise<void> | undefined;

  constructor() {
    vi.stubGlobal('fetch', async (request: Request, init?: RequestInit) => {
      const sent = new Request(request, init);
      const body = (await sent.json()) as { version: number; done: string; base?: string };
      const base = body.base === undefined ? undefined : decodeProgress(body.base)!;
      this.puts.push({ version: body.version, done: cellsOf(decodeProgress(body.done)!), base: base && cellsOf(base), keepalive: sent.keepalive });
      await this.gate;
      const failure = this.failures.shift();
      if (failure === 'network') throw new TypeError('Failed to fetch');
      if (failure !== undefined) return json(failure, { status: failure, code: 'nope', detail: 'This project is gone.' });
      if (body.version > this.version) return json(409, { status: 409, code: 'unknown_version', detail: 'No such version.' });
      if (!base) throw new Error('every PUT carries its base');
      this.bits = applyProgressChanges(this.bits, progressChanges(base, decodeProgress(body.done)!));
      return json(200, this.progress());
    });
  }

  progress(): ServerProgress {
    return { version: this.version, width: this.width, height: this.height, done: encodeProgress(this.bits), done_count: 0, total: 200, updated_at: null };
  }

  /** Marks made elsewhere (another device). */
  set(cells: number[], done: boolean): void {
    this.bits = this.bits.slice();
    for (const cell of cells) setDone(this.bits, cell, done);
  }
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });
}

function cellsOf(bits: Uint8Array): number[] {
  const cells: number[] = [];
  for (let cell = 0; cell < bits.length * 8; cell++) if (isDone(bits, cell)) cells.push(cell);
  return cells;
}

let online = true;
const engines: (() => void)[] = [];

/** A page's engine for project p1, listening to the window as the app's does; another device keeps nothing in this browser's storage. */
function openPage(server: FakeServer, storage: Storage | undefined = localStorage): ProgressSync {
  const sync = new ProgressSync('p1', progressTransport('p1'), { storage });
  engines.push(sync.attach(window));
  sync.load(server.progress());
  return sync;
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  setAccessToken('token');
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});

afterEach(() => {
  engines.splice(0).forEach((detach) => detach());
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('progress sync', () => {
  it('shows a mark at once and sends all marks in one PUT a second after the last', async () => {
    const server = new FakeServer();
    const sync = openPage(server);
    expect(sync.getState().status).toBe('saved');
    sync.mark([3], true);
    expect(isDone(sync.getState().bits, 3)).toBe(true);
    expect(sync.getState()).toMatchObject({ status: 'saving', unsent: 1 });
    await vi.advanceTimersByTimeAsync(600);
    sync.mark([4, 5], true);
    await vi.advanceTimersByTimeAsync(900);
    expect(server.puts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(200);
    expect(server.puts).toEqual([{ version: 1, done: [3, 4, 5], base: [], keepalive: false }]);
    expect(sync.getState()).toMatchObject({ status: 'saved', unsent: 0 });
    expect(cellsOf(server.bits)).toEqual([3, 4, 5]);
  });

  it('sends with each PUT the bits the server last answered, and takes each answer as the next base', async () => {
    const server = new FakeServer();
    server.set([1], true);
    const sync = openPage(server);
    sync.mark([2], true);
    server.set([8], true); // another device, before this PUT arrives
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.puts.map((put) => [put.done, put.base])).toEqual([[[1, 2], [1]]]);
    expect(cellsOf(sync.getState().bits)).toEqual([1, 2, 8]);
    sync.mark([1], false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.puts.map((put) => [put.done, put.base])[1]).toEqual([
      [2, 8],
      [1, 2, 8],
    ]);
    expect(cellsOf(server.bits)).toEqual([2, 8]);
  });

  it('keeps both devices’ marks and unmarks when they mark the same chart at once', async () => {
    const server = new FakeServer();
    server.set([1, 2], true);
    const phone = openPage(server);
    const tablet = openPage(server, undefined);
    phone.mark([3], true);
    phone.mark([1], false);
    tablet.mark([4], true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.puts).toHaveLength(2);
    // The tablet's copy still had 1 done, but it did not touch it: the phone's unmark stays, and 3 with it.
    expect(cellsOf(server.bits)).toEqual([2, 3, 4]);
    expect(cellsOf(tablet.getState().bits)).toEqual([2, 3, 4]);
  });

  it('keeps a mark on the device within moments, before it is sent, so a crash does not lose it', async () => {
    const server = new FakeServer();
    // A page whose tab will die without pagehide: not listening to the window, its timers stopped below.
    const first = new ProgressSync('p1', progressTransport('p1'), { storage: localStorage });
    first.load(server.progress());
    first.mark([5], true);
    await vi.advanceTimersByTimeAsync(150);
    expect(server.puts).toHaveLength(0);
    expect(readKept(localStorage, 'p1').map((kept) => [kept.version, cellsOf(kept.base), cellsOf(kept.local)])).toEqual([[1, [], [5]]]);

    vi.clearAllTimers(); // the crash: nothing of the first page runs again
    const second = openPage(server);
    await settle();
    expect(server.puts.map((put) => put.done)).toEqual([[5]]);
    expect(second.getState()).toMatchObject({ status: 'saved', unsent: 0 });
  });

  it('sends an unmark too, and a stitch toggled back and forth as it ends', async () => {
    const server = new FakeServer();
    server.set([7, 8], true);
    const sync = openPage(server);
    sync.mark([7], false);
    sync.mark([9], true);
    sync.mark([9], false);
    expect(sync.getState().unsent).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.puts.map((put) => put.done)).toEqual([[8]]);
  });

  it('keeps marks made offline on the device and sends them when the connection is back', async () => {
    const server = new FakeServer();
    const sync = openPage(server);
    online = false;
    window.dispatchEvent(new Event('offline'));
    sync.mark([1, 2], true);
    expect(sync.getState()).toMatchObject({ status: 'offline', unsent: 2 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.puts).toHaveLength(0);
    expect(readKept(localStorage, 'p1').map((kept) => [kept.version, cellsOf(kept.local)])).toEqual([[1, [1, 2]]]);

    online = true;
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(server.puts.map((put) => put.done)).toEqual([[1, 2]]);
    expect(sync.getState()).toMatchObject({ status: 'saved', unsent: 0 });
    expect(readKept(localStorage, 'p1')).toEqual([]);
  });

  it('keeps the marks when a send fails and tries again later', async () => {
    const server = new FakeServer();
    server.failures = ['network', 503];
    const sync = openPage(server);
    sync.mark([10], true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sync.getState()).toMatchObject({ status: 'offline', unsent: 1 });
    expect(readKept(localStorage, 'p1')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(sync.getState()).toMatchObject({ status: 'retrying', unsent: 1 });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(server.puts).toHaveLength(3);
    expect(sync.getState()).toMatchObject({ status: 'saved', unsent: 0 });
    expect(cellsOf(server.bits)).toEqual([10]);
  });

  it('says why the server refused, and keeps the marks', async () => {
    const server = new FakeServer();
    server.failures = [404];
    const sync = openPage(server);
    sync.mark([10], true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sync.getState()).toMatchObject({ status: 'refused', refusal: 'This project is gone.', unsent: 1 });
    expect(readKept(localStorage, 'p1')).toHaveLength(1);
  });

  it('sends at once, with keepalive, when the page is hidden', async () => {
    const server = new FakeServer();
    const sync = openPage(server);
    sync.mark([12], true);
    window.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(server.puts).toEqual([{ version: 1, done: [12], base: [], keepalive: true }]);
  });

  it("after a reload, lays the unsent marks over the server's newer bits and sends them at once", async () => {
    const server = new FakeServer();
    server.set([1, 2], true);
    const first = openPage(server);
    online = false;
    first.mark([3], true);
    first.mark([1], false);
    await vi.advanceTimersByTimeAsync(1000); // kept on the device
    engines.splice(0).forEach((detach) => detach()); // the tab is closed while offline

    // Meanwhile another device marked 5 and unmarked 2.
    server.set([5], true);
    server.set([2], false);
    online = true;
    const second = openPage(server);
    await settle();
    // This device's changes (3 done, 1 not) win; the other device's (5 done, 2 not) stay.
    expect(server.puts.map((put) => put.done)).toEqual([[3, 5]]);
    expect(cellsOf(second.getState().bits)).toEqual([3, 5]);
    expect(second.getState().status).toBe('saved');
    expect(readKept(localStorage, 'p1')).toEqual([]);
  });

  it('sends marks made on an older chart version with that version, for the server to carry over', async () => {
    const server = new FakeServer();
    const first = openPage(server);
    online = false;
    first.mark([6, 7], true);
    await vi.advanceTimersByTimeAsync(1000);
    engines.splice(0).forEach((detach) => detach());

    server.version = 2; // the chart was edited elsewhere
    server.set([9], true);
    online = true;
    const second = openPage(server);
    await settle();
    expect(server.puts.map((put) => [put.version, put.done])).toEqual([[1, [6, 7]]]);
    expect(second.getState()).toMatchObject({ version: 2, status: 'saved', unsent: 0 });
    expect(cellsOf(second.getState().bits)).toEqual([6, 7, 9]);
  });

  it('sends an unmark made on an older chart version with its base, so the server carries it over', async () => {
    const server = new FakeServer();
    server.set([6, 7], true);
    const first = openPage(server);
    online = false;
    first.mark([6], false);
    await vi.advanceTimersByTimeAsync(1000);
    engines.splice(0).forEach((detach) => detach());

    server.version = 2; // edited elsewhere; its progress carried 6 and 7 over
    online = true;
    const second = openPage(server);
    await settle();
    expect(server.puts.map((put) => [put.version, put.done, put.base])).toEqual([[1, [7], [6, 7]]]);
    expect(cellsOf(second.getState().bits)).toEqual([7]);
    expect(second.getState()).toMatchObject({ version: 2, unsent: 0 });
  });

  it('follows the server to a newer version met while marking, and reports it', async () => {
    const server = new FakeServer();
    const versions: number[] = [];
    const sync = new ProgressSync('p1', progressTransport('p1'), { storage: localStorage, onNewVersion: (version) => versions.push(version) });
    engines.push(sync.attach(window));
    sync.load(server.progress());
    server.version = 2;
    sync.mark([4], true);
    await vi.advanceTimersByTimeAsync(1000);
    // Sent as version 1 (the version marked on); the answer is version 2's progress, carried over.
    expect(server.puts.map((put) => put.version)).toEqual([1]);
    expect(versions).toEqual([2]);
    expect(sync.getState()).toMatchObject({ version: 2, unsent: 0 });
    expect(cellsOf(sync.getState().bits)).toEqual([4]);
    // A mark chosen on the version 1 chart (still shown until the new one is read) is refused, not put on version 2.
    expect(sync.mark([6], true, 1)).toEqual([]);
    expect(sync.mark([6], true, 2)).toEqual([6]);
  });

  it('sends marks made while a send was on its way with the old version, when the answer is a newer one', async () => {
    const server = new FakeServer();
    const sync = openPage(server);
    server.version = 2; // edited elsewhere, unknown to this page yet
    let release: () => void = () => undefined;
    server.gate = new Promise((resolve) => (release = resolve));
    sync.mark([4], true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.puts).toHaveLength(1);
    sync.mark([5], true); // while the first PUT waits
    release();
    server.gate = undefined;
    await vi.advanceTimersByTimeAsync(1000);
    // The second over the first's bits: the server carried those over already.
    expect(server.puts.map((put) => [put.version, put.done, put.base])).toEqual([
      [1, [4], []],
      [1, [4, 5], [4]],
    ]);
    expect(sync.getState()).toMatchObject({ version: 2, status: 'saved', unsent: 0 });
    expect(cellsOf(sync.getState().bits)).toEqual([4, 5]);
  });

  it('forgets kept marks only while they are the ones it kept (another page may have kept newer ones)', () => {
    const marks = (cells: number[]) => {
      const local = new Uint8Array(25);
      for (const cell of cells) setDone(local, cell, true);
      return { version: 1, width: 20, height: 10, base: new Uint8Array(25), local };
    };
    const mine = writeKept(localStorage, 'p1', marks([1]))!;
    writeKept(localStorage, 'p1', marks([1, 2])); // a newer page of the project
    forgetKept(localStorage, 'p1', 1, mine);
    expect(readKept(localStorage, 'p1').map((kept) => cellsOf(kept.local))).toEqual([[1, 2]]);
  });
});
