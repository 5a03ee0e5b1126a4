// @vitest-environment jsdom
import { setDone } from '@stitchwise/core';
import { describe, expect, it, vi } from 'vitest';
import { progressTransport } from '../api/progress';
import { forgetKept, readKept, writeKept } from './progress-store';
import { ProgressSync } from './progress-sync';
import { cellsOf, engines, FakeServer, network, openPage, settle, setUpProgressSyncTests } from './progress-sync-testing';

setUpProgressSyncTests();

/** The sync engine keeping marks on the device until the server has them: through a crash, offline, failures, refusals and reloads. */
describe('progress sync: marks kept on the device', () => {
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

  it('keeps marks made offline on the device and sends them when the connection is back', async () => {
    const server = new FakeServer();
    const sync = openPage(server);
    network.online = false;
    window.dispatchEvent(new Event('offline'));
    sync.mark([1, 2], true);
    expect(sync.getState()).toMatchObject({ status: 'offline', unsent: 2 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.puts).toHaveLength(0);
    expect(readKept(localStorage, 'p1').map((kept) => [kept.version, cellsOf(kept.local)])).toEqual([[1, [1, 2]]]);

    network.online = true;
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

  it('keeps the marks and tries again after a 401, which comes while the access token is being renewed', async () => {
    const server = new FakeServer();
    server.failures = [401];
    const sync = openPage(server);
    sync.mark([10], true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sync.getState()).toMatchObject({ status: 'retrying', refusal: undefined, unsent: 1 });
    expect(readKept(localStorage, 'p1')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(server.puts).toHaveLength(2);
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

  it("after a reload, lays the unsent marks over the server's newer bits and sends them at once", async () => {
    const server = new FakeServer();
    server.set([1, 2], true);
    const first = openPage(server);
    network.online = false;
    first.mark([3], true);
    first.mark([1], false);
    await vi.advanceTimersByTimeAsync(1000); // kept on the device
    engines.splice(0).forEach((detach) => detach()); // the tab is closed while offline

    // Meanwhile another device marked 5 and unmarked 2.
    server.set([5], true);
    server.set([2], false);
    network.online = true;
    const second = openPage(server);
    await settle();
    // This device's changes (3 done, 1 not) win; the other device's (5 done, 2 not) stay.
    expect(server.puts.map((put) => put.done)).toEqual([[3, 5]]);
    expect(cellsOf(second.getState().bits)).toEqual([3, 5]);
    expect(second.getState().status).toBe('saved');
    expect(readKept(localStorage, 'p1')).toEqual([]);
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
