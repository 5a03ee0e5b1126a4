import { useCallback, useSyncExternalStore } from 'react';

const listOf = (query: string): MediaQueryList | undefined => (typeof window.matchMedia === 'function' ? window.matchMedia(query) : undefined);

/**
 * Whether a CSS media query matches now, following the window as it changes (a rotated phone, a resized
 * window). False where the browser cannot tell (no `matchMedia`, as in a test's DOM).
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
  return useSyncExternalStore(subscribe, () => listOf(query)?.matches ?? false);
}
