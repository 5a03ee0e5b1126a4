// @vitest-environment jsdom
import { isDone } from '@stitchwise/core';
import { describe, expect, it, vi } from 'vitest';
import { cellsOf, FakeServer, openPage, settle, setUpProgressSyncTests } from './progress-sync-testing';

setUpProgressSyncTests();

/** The sync engine sending marks: at once on the page, in one PUT after the debounce, each over the server's bits. */
describe('progress sync: sending', () => {
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

  it('sends at once, with keepalive, when the page is hidden', async () => {
    const server = new FakeServer();
    const sync = openPage(server);
    sync.mark([12], true);
    window.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(server.puts).toEqual([{ version: 1, done: [12], base: [], keepalive: true }]);
  });
});
