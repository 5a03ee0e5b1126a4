// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { progressTransport } from '../api/progress';
import { isLive } from './progress-live';
import { ProgressSync } from './progress-sync';
import { engines, FakeServer, openPage, settle, setUpProgressSyncTests } from './progress-sync-testing';

setUpProgressSyncTests();

/** The engine marks its project live while attached, so the sender of kept marks from any screen leaves them to it. */
describe('progress sync: a live engine', () => {
  it('marks its project live while attached to the window, and unmarks it when detached', async () => {
    const server = new FakeServer();
    openPage(server);
    expect(isLive('p1', localStorage)).toBe(true);
    expect(isLive('p2', localStorage)).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000); // the heartbeat goes on
    expect(isLive('p1', localStorage)).toBe(true);

    engines.splice(0).forEach((detach) => detach());
    expect(isLive('p1', localStorage)).toBe(false);
    expect(localStorage.getItem('stitchwise.progress-live.p1')).toBeNull();
  });

  it('stays live until the marks sent as it is detached are answered', async () => {
    const server = new FakeServer();
    const sync = openPage(server);
    let answer: () => void = () => undefined;
    server.gate = new Promise((resolve) => (answer = resolve));
    sync.mark([4], true);
    engines.splice(0).forEach((detach) => detach()); // sends what is left
    await settle();
    expect(server.puts).toHaveLength(1);
    expect(isLive('p1', localStorage)).toBe(true);
    answer();
    await settle();
    expect(sync.getState()).toMatchObject({ status: 'saved', unsent: 0 });
    expect(isLive('p1', localStorage)).toBe(false);
  });

  it('marks nothing in this browser for an engine that keeps no marks in it', () => {
    const sync = new ProgressSync('p1', progressTransport('p1'), {});
    engines.push(sync.attach(window));
    sync.load(new FakeServer().progress());
    expect(isLive('p1', localStorage)).toBe(false);
  });
});
