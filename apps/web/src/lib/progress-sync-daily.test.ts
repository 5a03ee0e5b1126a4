// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { progressTransport } from '../api/progress';
import { ProgressSync } from './progress-sync';
import { engines, FakeServer, network, settle, setUpProgressSyncTests } from './progress-sync-testing';

setUpProgressSyncTests();

/** A page's engine for project p1 whose device calendar says `calendar.day`. */
function openDatedPage(server: FakeServer, calendar: { day: string }): ProgressSync {
  const sync = new ProgressSync('p1', progressTransport('p1'), { storage: localStorage, today: () => calendar.day });
  engines.push(sync.attach(window));
  sync.load(server.progress());
  return sync;
}

/** The stitches marked per day: the device's date sent with each PUT, and marks not yet sent counted on today. */
describe('progress sync: stitches marked per day', () => {
  it('sends the device’s date with each PUT and counts marks on today until the server has them', async () => {
    const server = new FakeServer();
    server.daily = { '2026-01-09': 7 };
    server.set([9], true);
    const calendar = { day: '2026-01-10' };
    const sync = openDatedPage(server, calendar);
    expect(sync.getState().daily).toEqual({ '2026-01-09': 7 });

    sync.mark([1, 2, 3], true);
    sync.mark([1], false);
    expect(sync.getState().daily).toEqual({ '2026-01-09': 7, '2026-01-10': 2 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.days).toEqual(['2026-01-10']);
    // Sent: the server's count now, the marks not counted twice.
    expect(sync.getState()).toMatchObject({ status: 'saved', unsent: 0, daily: { '2026-01-09': 7, '2026-01-10': 2 } });

    // Unmarking a stitch done before (9) and marking one: nothing gained today, until sent.
    sync.mark([9], false);
    sync.mark([4], true);
    expect(sync.getState().daily).toEqual({ '2026-01-09': 7, '2026-01-10': 2 });
    sync.mark([4], false);
    expect(sync.getState().daily).toEqual({ '2026-01-09': 7, '2026-01-10': 1 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.daily).toEqual({ '2026-01-09': 7, '2026-01-10': 1 });
    expect(sync.getState().daily).toEqual(server.daily);
  });

  it('counts marks kept offline on today, after a reload too, and sends them with the day they go', async () => {
    const server = new FakeServer();
    const calendar = { day: '2026-01-10' };
    const first = openDatedPage(server, calendar);
    network.online = false;
    window.dispatchEvent(new Event('offline'));
    first.mark([4, 5, 6], true);
    expect(first.getState()).toMatchObject({ status: 'offline', daily: { '2026-01-10': 3 } });
    engines.splice(0).forEach((detach) => detach()); // the tab is closed, offline: the marks stay kept
    await settle();
    expect(server.puts).toHaveLength(0);

    // The next morning, still offline, the page is opened again: the kept marks count on the new today.
    calendar.day = '2026-01-11';
    const second = openDatedPage(server, calendar);
    await settle();
    expect(second.getState()).toMatchObject({ status: 'offline', unsent: 3, daily: { '2026-01-11': 3 } });

    network.online = true;
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(server.days).toEqual(['2026-01-11']);
    expect(second.getState()).toMatchObject({ status: 'saved', unsent: 0, daily: { '2026-01-11': 3 } });
  });
});
