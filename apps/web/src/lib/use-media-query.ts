import { useCallback, useSyncExternalStore } from 'react';

/** A screen whose main pointer is a finger: phones and tablets, not a laptop that also has a touch screen. */
export const TOUCH_SCREEN = '(pointer: coarse)';

/** Tailwind's md and up: where the wizard's steps have two columns. */
export const MD_UP = '(min-width: 48rem)';
/** Narrower than Tailwind's lg: where the editor's palette is a sheet rather than a column. */
export const BELOW_LG = '(width < 64rem)';

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
    () => matchesMedia(query),
    () => false,
  );
}

/** Whether a media query matches right now, once (false where the browser cannot tell). */
export function matchesMedia(query: string): boolean {
  return listOf(query)?.matches ?? false;
}
