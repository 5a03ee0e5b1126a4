const RELOADED_AT = 'stitchwise:page-chunk-reload';
const RELOAD_AT_MOST_EVERY_MS = 60_000;
let reloading = false;

/**
 * Loads a page's chunk; when it cannot be fetched, reloads the app instead of failing. A tab opened
 * before a new version was deployed holds the old index.html, whose chunk names are gone: the reload
 * brings the new one. At most once a minute, so an app that is really offline shows its error.
 */
export function loadPage<T>(load: () => Promise<T>, reload = () => window.location.reload()): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
      if (!reloading && Date.now() - last < RELOAD_AT_MOST_EVERY_MS) throw error;
      if (!reloading) {
        reloading = true;
        sessionStorage.setItem(RELOADED_AT, String(Date.now()));
        reload();
      }
      return new Promise<T>(() => undefined); // the page is going; show its loading state until then
    });
}
