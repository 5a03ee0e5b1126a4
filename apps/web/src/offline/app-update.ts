import { useSyncExternalStore } from 'react';
import { CONFIG_PATH } from './offline-caches';

/**
 * The service worker's registration and its updates. A new version of the app is installed in the
 * background and waits: the page offers it ('Update available — reload') instead of swapping the app under
 * a stitcher mid-session, and every open tab reloads once the new worker has taken over. workbox-window is loaded after the
 * page has, so the first paint does not wait for it; in development (no worker is built) nothing happens.
 */
let applyWaiting: (() => void) | undefined;
const listeners = new Set<() => void>();

export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  void import('workbox-window').then(({ Workbox }) => {
    const workbox = new Workbox('/service-worker.js', { scope: '/' });
    workbox.addEventListener('waiting', () => {
      applyWaiting = () => workbox.messageSkipWaiting();
      for (const listener of listeners) listener();
    });
    let firstInstall = !navigator.serviceWorker.controller;
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (firstInstall) {
        // The first install took the page after it had read the app's settings: they are read again through
        // the worker, which keeps them, so the app can start offline next time.
        firstInstall = false;
        void fetch(CONFIG_PATH).catch(() => undefined);
      } else {
        // A new version took over (asked from this tab or another: the installed app and a browser tab alike):
        // every tab reloads into it, since the old version's files are gone from its caches.
        window.location.reload();
      }
    });
    // Checked again when the app comes back to the screen, so a long stitching session hears of a new version.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void workbox.update().catch(() => undefined);
    });
    void workbox.register().catch(() => undefined); // no worker (private mode, blocked): the app works online as before
  });
}

/** Whether a new version waits, and the call that reloads into it. */
export function useAppUpdate(): { ready: boolean; reload: () => void } {
  const ready = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => applyWaiting !== undefined,
  );
  return { ready, reload: () => applyWaiting?.() };
}
