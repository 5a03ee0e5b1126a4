import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FrameScheduler, SETTLE_MS } from './frame-scheduler';

/** Animation frames run by hand: `frame()` runs those asked for so far, as the browser's next frame would. */
function frames() {
  let next = 1;
  let waiting = new Map<number, () => void>();
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => {
    waiting.set(next, callback);
    return next++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => waiting.delete(id));
  return {
    pending: () => waiting.size,
    frame: () => {
      const due = waiting;
      waiting = new Map();
      for (const callback of due.values()) callback();
    },
  };
}

/** A scheduler whose drawing is recorded, over frames run by hand. */
function setup() {
  const browser = frames();
  const draw = vi.fn();
  return { browser, draw, scheduler: new FrameScheduler(draw) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('FrameScheduler', () => {
  it('draws once on the next frame however often it is asked', () => {
    const { browser, draw, scheduler } = setup();
    scheduler.request();
    scheduler.request();
    expect(draw).not.toHaveBeenCalled();
    browser.frame();
    expect(draw).toHaveBeenCalledTimes(1);
    scheduler.request();
    browser.frame();
    expect(draw).toHaveBeenCalledTimes(2);
  });

  it('draws an edit at once, taking the place of a frame asked for, and a second edit before the next frame with that frame', () => {
    const { browser, draw, scheduler } = setup();
    scheduler.request();
    scheduler.now();
    expect(draw).toHaveBeenCalledTimes(1);
    scheduler.now();
    expect(draw).toHaveBeenCalledTimes(1);
    browser.frame();
    expect(draw).toHaveBeenCalledTimes(2);
    // A frame later, an edit is drawn at once again.
    browser.frame();
    scheduler.now();
    expect(draw).toHaveBeenCalledTimes(3);
  });

  it('counts the chart as moving until it has been still for a while, then draws it again', () => {
    const { browser, draw, scheduler } = setup();
    scheduler.moved();
    expect(scheduler.isMoving()).toBe(true);
    vi.advanceTimersByTime(SETTLE_MS - 10);
    scheduler.moved();
    vi.advanceTimersByTime(SETTLE_MS - 10);
    expect(scheduler.isMoving()).toBe(true);
    vi.advanceTimersByTime(10);
    expect(scheduler.isMoving()).toBe(false);
    browser.frame();
    expect(draw).toHaveBeenCalledTimes(1);
  });

  it('draws nothing more once stopped', () => {
    const { browser, draw, scheduler } = setup();
    scheduler.request();
    scheduler.moved();
    scheduler.stop();
    vi.advanceTimersByTime(SETTLE_MS);
    expect(browser.pending()).toBe(0);
    browser.frame();
    expect(draw).not.toHaveBeenCalled();
  });
});
