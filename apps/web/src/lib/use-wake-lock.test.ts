// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useWakeLock } from './use-wake-lock';

/** A browser's Screen Wake Lock: each request a sentinel the test can release as the browser would on hiding the page. */
function fakeWakeLock({ refuse = false } = {}) {
  const sentinels: (EventTarget & { released: boolean; release(): Promise<void> })[] = [];
  const wakeLock = {
    request: (type: string) => {
      if (refuse) return Promise.reject(new DOMException('Battery saver', 'NotAllowedError'));
      expect(type).toBe('screen');
      const sentinel = Object.assign(new EventTarget(), {
        released: false,
        release() {
          sentinel.released = true;
          sentinel.dispatchEvent(new Event('release'));
          return Promise.resolve();
        },
      });
      sentinels.push(sentinel);
      return Promise.resolve(sentinel);
    },
  };
  Object.defineProperty(navigator, 'wakeLock', { value: wakeLock, configurable: true });
  return sentinels;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'wakeLock');
});

describe('useWakeLock', () => {
  it('keeps the screen on while shown, asks again when the page comes back, and lets go when closed', async () => {
    const sentinels = fakeWakeLock();
    const { result, unmount } = renderHook(() => useWakeLock());
    await waitFor(() => expect(result.current).toBe('awake'));
    expect(sentinels).toHaveLength(1);

    // Hidden, the browser releases the lock; visible again, it is asked for anew.
    await act(() => sentinels[0]!.release());
    expect(result.current).toBe('asking');
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(result.current).toBe('awake'));
    expect(sentinels).toHaveLength(2);

    unmount();
    expect(sentinels[1]!.released).toBe(true);
  });

  it('asks once when the page comes back while the first request is still being answered, and lets go of it when closed', async () => {
    const sentinels = fakeWakeLock();
    const { result, unmount } = renderHook(() => useWakeLock());
    // The first request's answer has not arrived yet (its promise settles in a later microtask).
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(result.current).toBe('awake'));
    expect(sentinels).toHaveLength(1);
    unmount();
    expect(sentinels.every((sentinel) => sentinel.released)).toBe(true);
  });

  it('says so when the browser refuses, or has no wake lock', async () => {
    fakeWakeLock({ refuse: true });
    const refused = renderHook(() => useWakeLock());
    await waitFor(() => expect(refused.result.current).toBe('unavailable'));
    refused.unmount();

    Reflect.deleteProperty(navigator, 'wakeLock');
    expect(renderHook(() => useWakeLock()).result.current).toBe('unavailable');
  });
});
