import { useEffect, useState } from 'react';

/** Whether the screen is kept on: 'awake', 'unavailable' (no Screen Wake Lock, or the browser refused), or 'asking'. */
export type WakeState = 'asking' | 'awake' | 'unavailable';

/**
 * Keeps the screen on while the component is shown, where the browser has the Screen Wake Lock API: a
 * stitcher with both hands on the hoop should not have to wake the phone between stitches. The browser
 * drops the lock when the page is hidden; it is asked for again when the page comes back.
 */
export function useWakeLock(): WakeState {
  const [state, setState] = useState<WakeState>(() => (typeof navigator !== 'undefined' && 'wakeLock' in navigator ? 'asking' : 'unavailable'));

  useEffect(() => {
    if (!('wakeLock' in navigator)) return;
    let sentinel: WakeLockSentinel | undefined;
    let stopped = false;
    // A request still being answered: a visibility change meanwhile must not ask twice and leave one lock unreleased.
    let asking = false;
    const request = async () => {
      if (asking || document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      asking = true;
      try {
        const lock = await navigator.wakeLock.request('screen');
        if (stopped) {
          void lock.release();
          return;
        }
        sentinel = lock;
        setState('awake');
        lock.addEventListener('release', () => {
          if (!stopped) setState('asking');
        });
      } catch {
        // Refused (a battery saver, a policy, or the page lost visibility meanwhile): the screen may turn off.
        if (!stopped) setState('unavailable');
      } finally {
        asking = false;
      }
    };
    void request();
    const onVisibility = () => void request();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void sentinel?.release();
    };
  }, []);

  return state;
}
