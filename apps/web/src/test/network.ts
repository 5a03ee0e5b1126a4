import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * The browser's network as a test plays it: `navigator.onLine` follows `network.online`, and `goOnline` also
 * fires the window's `online`/`offline` event as the browser does. Call in a `beforeEach`.
 */
export function playedNetwork() {
  const network = {
    /** Set directly for a page that opens without a network (no event). */
    online: true,
    goOnline(value: boolean) {
      network.online = value;
      act(() => void window.dispatchEvent(new Event(value ? 'online' : 'offline')));
    },
  };
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => network.online);
  return network;
}
