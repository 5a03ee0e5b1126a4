import { useSyncExternalStore } from 'react';

/** A screen whose main pointer is a finger: phones and tablets, not a laptop that also has a touch screen. */
export const TOUCH_SCREEN = '(pointer: coarse)';

/** Whether the media query matches now, following its changes (a tablet's keyboard and trackpad attached, a window moved). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
