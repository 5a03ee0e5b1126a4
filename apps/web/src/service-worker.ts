import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, type RouteHandlerCallback, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import {
  APP_CACHE,
  CONFIG_PATH,
  exportedProject,
  isKeptRead,
  KEPT_CACHE,
  OFFLINE_PROBLEM,
  RECENT_CACHE,
  RECENT_MAX_AGE_SECONDS,
} from './offline/offline-caches';
import { copyProjectReads, filesOfProject, projectApiReads, projectOfPath } from './offline/project-reads';

/**
 * Stitchwise's service worker (built by vite-plugin-pwa's injectManifest from this file).
 *
 * - The app shell (scripts, styles, index.html, icons) is precached at install, so the app opens without a
 *   network; every client-side address is answered with index.html, never /api, /oidc or /files.
 * - The app's settings (/api/config) go to the network first and are kept whatever their age.
 * - Reads of the API and stored files go to the network first; each answer is kept in the recent cache
 *   (30 days after it was last seen) and, for a project kept available offline, refreshes its kept copy.
 *   Offline, the kept copy answers, then for a PDF the last one downloaded of that project, then a problem
 *   saying so. Writes, sign-in (/oidc) and tokens never pass through a cache, but a write to a project that
 *   succeeds refreshes the copies kept of it (a progress PUT's answer is the progress to read), so a chart
 *   opened offline later shows the last edit and every mark sent.
 * - A new version waits until the page asks for it ('Update available — reload'); its outdated precaches
 *   are then removed.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open page at once, so the project it shows is kept; an update waits (below).
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/(api|oidc|files)(\/|$)/] }));

/** A fresh answer of a kept project's read replaces its kept copy; offline, a missing copy is looked for further. */
const keptCopies: WorkboxPlugin = {
  cacheDidUpdate: async ({ request, newResponse }) => {
    const kept = await caches.open(KEPT_CACHE);
    if (await kept.match(request, { ignoreVary: true })) await kept.put(request, newResponse.clone());
  },
  handlerDidError: async ({ request }) => offlineAnswer(request),
};

// The app's settings: the last ones seen, however long ago, so the app starts offline after any absence.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === CONFIG_PATH,
  new NetworkFirst({ cacheName: APP_CACHE, matchOptions: { ignoreVary: true }, plugins: [new CacheableResponsePlugin({ statuses: [200] })] }),
);

/** A server error (5xx, a proxy's 502) is no answer when a copy is kept: the copy answers instead. */
const serverErrorsAsFailures: WorkboxPlugin = {
  fetchDidSucceed: async ({ request, response }) => {
    if (response.status >= 500 && (await caches.match(request, { ignoreVary: true }))) throw new Error(`The server answered ${response.status}`);
    return response;
  },
};

/** Network first, into the recent cache; `networkTimeoutSeconds`: how long a weak connection is waited for before a copy answers. */
const readsFromNetworkFirst = (networkTimeoutSeconds?: number) =>
  new NetworkFirst({
    cacheName: RECENT_CACHE,
    ...(networkTimeoutSeconds ? { networkTimeoutSeconds } : {}),
    // One copy per address: an answer that varies by Origin or encoding is still the one to show offline.
    matchOptions: { ignoreVary: true },
    plugins: [
      serverErrorsAsFailures,
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxAgeSeconds: RECENT_MAX_AGE_SECONDS, maxEntries: 5000, purgeOnQuotaError: true }),
      keptCopies,
    ],
  });

// A PDF can take a while to make: waited for in full, never swapped for an older copy while the server works.
registerRoute(({ url, sameOrigin }) => sameOrigin && exportedProject(url) !== undefined, readsFromNetworkFirst());
registerRoute(({ url, request, sameOrigin }) => sameOrigin && isKeptRead(url, request.method, request.headers.get('range')), readsFromNetworkFirst(8));

/** Offline, with no recent copy: the kept copy, the project's last PDF, or a problem the app shows. */
async function offlineAnswer(request: Request): Promise<Response> {
  const kept = await (await caches.open(KEPT_CACHE)).match(request, { ignoreVary: true });
  if (kept) return kept;
  const project = exportedProject(new URL(request.url));
  if (project) {
    const pdf = await lastPdfOf(project);
    if (pdf) return pdf;
  }
  return new Response(JSON.stringify({ ...OFFLINE_PROBLEM, instance: new URL(request.url).pathname }), {
    status: OFFLINE_PROBLEM.status,
    headers: { 'Content-Type': 'application/problem+json' },
  });
}

/** Any PDF of the project either cache holds, the newest by its Date header: the one the stitcher last downloaded. */
async function lastPdfOf(project: string): Promise<Response | undefined> {
  let newest: { response: Response; date: number } | undefined;
  for (const name of [RECENT_CACHE, KEPT_CACHE]) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (exportedProject(new URL(request.url)) !== project) continue;
      const response = await cache.match(request, { ignoreVary: true });
      const date = Date.parse(response?.headers.get('date') ?? '') || 0;
      if (response && (!newest || date > newest.date)) newest = { response, date };
    }
  }
  return newest?.response;
}

/** A write to a project goes to the server as it is; once it succeeds, the copies kept of the project follow it. */
const projectWrite: RouteHandlerCallback = async ({ request, url, event }) => {
  const authorization = request.headers.get('authorization');
  const response = await fetch(request);
  const project = projectOfPath(url.pathname);
  if (response.ok && project) event.waitUntil(followWrite(project, url, request.method, authorization, response.clone()));
  return response;
};
for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
  registerRoute(({ url, sameOrigin }) => sameOrigin && !!projectOfPath(url.pathname), projectWrite, method);
}

/**
 * Brings each cache holding the project up to date with a write: a progress PUT's answer is the progress; any
 * other write reads the project again (its files as the new details name them, the old ones dropped) and its
 * PDFs (made again for a kept project, dropped from the recent copies); a deleted project's copies all go.
 */
async function followWrite(project: string, url: URL, method: string, authorization: string | null, answer: Response): Promise<void> {
  const origin = self.location.origin;
  const [details, , progress] = projectApiReads(project).map((path) => new URL(path, origin).href) as [string, string, string];
  const get = (address: string) => fetch(address, { headers: authorization ? { Authorization: authorization } : {} });
  const filesNamed = async (cache: Cache) => {
    const held = await cache.match(details, { ignoreVary: true });
    return held ? filesOfProject(await held.json().catch(() => null), origin) : [];
  };
  const gone = method === 'DELETE' && url.pathname === new URL(details).pathname;
  for (const name of [RECENT_CACHE, KEPT_CACHE]) {
    const cache = await caches.open(name);
    if (!(await cache.match(details, { ignoreVary: true }))) continue;
    if (url.href === progress) {
      await cache.put(progress, answer.clone());
      continue; // marks do not change the project's other reads, and come often
    }
    const before = await filesNamed(cache);
    if (!gone) await copyProjectReads(project, origin, get, (address, response) => cache.put(address, response));
    const after = gone ? [] : await filesNamed(cache);
    for (const request of await cache.keys()) {
      const at = new URL(request.url);
      if ((gone && projectOfPath(at.pathname) === project) || (before.includes(request.url) && !after.includes(request.url))) {
        await cache.delete(request);
      } else if (!gone && exportedProject(at) === project) {
        const pdf = name === KEPT_CACHE ? await get(request.url).catch(() => undefined) : undefined;
        await (pdf?.ok ? cache.put(request, pdf) : cache.delete(request));
      } else if (at.pathname === '/api/stitch/projects') {
        const list = await get(request.url).catch(() => undefined);
        if (list?.ok) await cache.put(request, list);
      }
    }
  }
}
