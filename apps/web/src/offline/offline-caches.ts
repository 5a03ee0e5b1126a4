// Names and rules the service worker (service-worker.ts) and the page share; plain constants and pure
// functions, so they compile for both (DOM and WebWorker).

/** The server's settings for the app (/api/config), without which it does not start: kept whatever their age. */
export const APP_CACHE = 'stitchwise-app';
/** The address of those settings. */
export const CONFIG_PATH = '/api/config';
/** Answers of the API and stored files, as last seen: projects opened in the last 30 days. */
export const RECENT_CACHE = 'stitchwise-recent';
/** The answers of projects kept available offline, whatever their age ('Keep available offline'). */
export const KEPT_CACHE = 'stitchwise-kept';
/** How long an answer stays in the recent cache without being seen again. */
export const RECENT_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/**
 * Same-origin GETs the service worker keeps a copy of: the API's reads and stored files. Never sign-in
 * (/oidc is not here, and /api/auth/me is only the profile), never the health check, the API docs or a
 * byte range of a file.
 */
export function isKeptRead(url: URL, method: string, range: string | null): boolean {
  if (method !== 'GET' || range) return false;
  const path = url.pathname;
  if (path.startsWith('/files/')) return true;
  if (!path.startsWith('/api/')) return false;
  return !['/api/health', '/api/docs', '/api/auth/logout'].some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** The project a PDF export's address belongs to, for the last PDF of it kept when the asked-for one is not. */
export function exportedProject(url: URL): string | undefined {
  if (url.searchParams.get('format') !== 'pdf') return undefined;
  const id = /^\/api\/stitch\/projects\/([^/]+)\/export$/.exec(url.pathname)?.[1];
  try {
    return id === undefined ? undefined : decodeURIComponent(id);
  } catch {
    return id; // a malformed escape: compared as it is written
  }
}

/** What the service worker answers, as a problem, for a read it has no copy of while offline. */
export const OFFLINE_PROBLEM = {
  type: 'about:blank',
  title: 'Offline',
  status: 503,
  code: 'offline',
  detail: 'You are offline, and this is not kept on this device. It will load when you are back online.',
} as const;
