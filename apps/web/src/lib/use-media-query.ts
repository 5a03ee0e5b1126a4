import { useCallback, useSyncExternalStore } from 'react';

/** A screen whose main pointer is a finger: phones and tablets, not a laptop that also has a touch screen. */
export const TOUCH_SCREEN = '(pointer: coarse)';

const listOf = (query: string): MediaQueryList | undefined => (typeof window.matchMedia === 'function' ? window.matchMedia(query) : undefined);

/**
 * Whether a CSS media query matches now, following the window as it changes (a rotated phone, a resized
 * window, a tablet's keyboard and trackpad attached). False where the browser cannot tell (no `matchMedia`).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = listOf(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => listOf(query)?.matches ?? false,
    () => false,
  );
}
