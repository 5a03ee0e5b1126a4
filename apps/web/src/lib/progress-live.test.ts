// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isLive, LIVE_HEARTBEAT_MS, LIVE_STALE_MS, markLive } from './progress-live';

const KEY = 'stitchwise.progress-live.p1';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-10T12:00:00Z') });
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a live sync engine’s heartbeat', () => {
  it('is written at once and every 5 s while the engine lives, and removed when it stops', () => {
    const stop = markLive('p1', localStorage);
    const start = Date.now();
    expect(localStorage.getItem(KEY)).toBe(String(start));
    expect(isLive('p1', localStorage)).toBe(true);
    expect(isLive('p2', localStorage)).toBe(false);

    vi.advanceTimersByTime(LIVE_HEARTBEAT_MS - 1);
    expect(localStorage.getItem(KEY)).toBe(String(start));
    vi.advanceTimersByTime(1);
    expect(localStorage.getItem(KEY)).toBe(String(start + 5000));
    vi.advanceTimersByTime(60_000);
    expect(localStorage.getItem(KEY)).toBe(String(start + 65_000));
    expect(isLive('p1', localStorage)).toBe(true);

    stop();
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(isLive('p1', localStorage)).toBe(false);
    vi.advanceTimersByTime(LIVE_HEARTBEAT_MS * 3);
    expect(localStorage.getItem(KEY)).toBeNull(); // no heartbeat after the stop
    stop(); // twice is harmless
  });

  it('uses the browser’s localStorage by default', () => {
    const stop = markLive('p1');
    expect(isLive('p1')).toBe(true);
    expect(localStorage.getItem(KEY)).toBe(String(Date.now()));
    stop();
    expect(isLive('p1')).toBe(false);
  });

  it('counts as live for 15 s after the last heartbeat: a tab that died without stopping goes stale', () => {
    markLive('p1', localStorage);
    const last = Date.now();
    vi.clearAllTimers(); // the tab dies: no heartbeat any more, no stop
    expect(isLive('p1', localStorage, last + LIVE_STALE_MS - 1)).toBe(true);
    expect(isLive('p1', localStorage, last + LIVE_STALE_MS)).toBe(false);
    vi.advanceTimersByTime(LIVE_STALE_MS);
    expect(isLive('p1', localStorage)).toBe(false);
  });

  it('sees another tab’s heartbeat, and a stop leaves a newer heartbeat another tab wrote', () => {
    localStorage.setItem(KEY, String(Date.now() - 3000)); // another tab's engine, 3 s ago
    expect(isLive('p1', localStorage)).toBe(true);

    const stop = markLive('p1', localStorage);
    vi.advanceTimersByTime(1000);
    localStorage.setItem(KEY, String(Date.now())); // the other tab's next heartbeat
    stop();
    expect(isLive('p1', localStorage)).toBe(true);
  });

  it('is not live with nothing or nonsense kept, or without storage', () => {
    expect(isLive('p1', localStorage)).toBe(false);
    localStorage.setItem(KEY, 'soon');
    expect(isLive('p1', localStorage)).toBe(false);
    expect(isLive('p1', undefined)).toBe(false);
  });

  it('fails nothing when storage refuses to be written', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const stop = markLive('p1', localStorage);
    vi.advanceTimersByTime(LIVE_HEARTBEAT_MS);
    expect(isLive('p1', localStorage)).toBe(false);
    expect(stop).not.toThrow();
  });
});
