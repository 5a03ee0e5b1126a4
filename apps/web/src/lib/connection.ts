import { useSyncExternalStore } from 'react';

/**
 * Whether the browser says it has a network connection now (`navigator.onLine`); true where it cannot
 * tell. `false` is reliable (no network at all); `true` only means some network, not that the server
 * answers, so a failed call is still possible while online.
 */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** `isOnline()`, following the window's `online` and `offline` events; online when rendered outside a browser. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
