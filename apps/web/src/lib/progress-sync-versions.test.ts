// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { progressTransport } from '../api/progress';
import { ProgressSync } from './progress-sync';
import { cellsOf, engines, FakeServer, network, openPage, settle, setUpProgressSyncTests } from './progress-sync-testing';

setUpProgressSyncTests();

/** The sync engine across chart versions: marks made on an older version are sent with it, and the engine follows the server to a newer one. */
describe('progress sync: chart versions', () => {
  it('sends marks made on an older chart version with that version, for the server to carry over', async () => {
    const server = new FakeServer();
    const first = openPage(server);
    network.online = false;
    first.mark([6, 7], true);
    await vi.advanceTimersByTimeAsync(1000);
    engines.splice(0).forEach((detach) => detach());

    server.version = 2; // the chart was edited elsewhere
    server.set([9], true);
    network.online = true;
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
    network.online = false;
    first.mark([6], false);
    await vi.advanceTimersByTimeAsync(1000);
    engines.splice(0).forEach((detach) => detach());

    server.version = 2; // edited elsewhere; its progress carried 6 and 7 over
    network.online = true;
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
});
