// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isOnline, useOnline } from './connection';

afterEach(() => vi.restoreAllMocks());

/** The browser's `navigator.onLine`, as the test sets it. */
function connection(initial: boolean) {
  let onLine = initial;
  vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => onLine);
  return (next: boolean) => {
    onLine = next;
    act(() => void window.dispatchEvent(new Event(next ? 'online' : 'offline')));
  };
}

describe('the connection', () => {
  it('is what navigator.onLine says', () => {
    const change = connection(false);
    expect(isOnline()).toBe(false);
    change(true);
    expect(isOnline()).toBe(true);
  });

  it('follows the online and offline events in a component, and stops listening once unmounted', () => {
    const change = connection(true);
    const hook = renderHook(() => useOnline());
    expect(hook.result.current).toBe(true);
    change(false);
    expect(hook.result.current).toBe(false);
    change(true);
    expect(hook.result.current).toBe(true);

    const removed = vi.spyOn(window, 'removeEventListener');
    hook.unmount();
    expect(removed.mock.calls.map(([type]) => type).sort()).toEqual(['offline', 'online']);
  });

  it('starts offline when the page opens offline', () => {
    connection(false);
    expect(renderHook(() => useOnline()).result.current).toBe(false);
  });
});
