import { useEffect, useState } from 'react';
import { API_BASE_URL, getAccessToken } from '../api/access-token';
import { PROJECTS_LIST_QUERY } from '../api/projects';
import { browserStorage } from '../lib/progress-store';
import { readPrintChoices } from '../lib/print-choices';
import { KEPT_CACHE, RECENT_CACHE } from './offline-caches';
import { copyProjectReads, filesOfProject, projectApiReads, projectOfPath } from './project-reads';

/**
 * Projects kept available offline ('Keep available offline'): their ids in local storage, their reads and
 * files in the kept cache, which the service worker answers from when the network and its recent copies
 * fail, and refreshes after every write. The caches hold one user's projects: signing out, or another user
 * signing in on the device, empties them.
 */
const KEPT_KEY = 'stitchwise.offline.kept';
const OWNER_KEY = 'stitchwise.offline.owner';

const cacheStorage = (): CacheStorage | undefined => (typeof caches === 'undefined' ? undefined : caches);

export function keptProjectIds(): string[] {
  try {
    const ids = JSON.parse(browserStorage()?.getItem(KEPT_KEY) ?? '[]') as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function writeKeptIds(ids: string[]): void {
  try {
    browserStorage()?.setItem(KEPT_KEY, JSON.stringify(ids));
  } catch {
    // Storage switched off: nothing is kept across visits anyway.
  }
}

/** Empties the caches of projects and the kept list: at sign-out, or when another user signs in here. */
export async function forgetOfflineData(): Promise<void> {
  await Promise.all([cacheStorage()?.delete(RECENT_CACHE), cacheStorage()?.delete(KEPT_CACHE)]);
  browserStorage()?.removeItem(KEPT_KEY);
  browserStorage()?.removeItem(OWNER_KEY);
}

/** The signed-in user's id: another user's kept copies are dropped before this one's are read. */
export async function claimOfflineData(userId: string): Promise<void> {
  if (browserStorage()?.getItem(OWNER_KEY) === userId) return;
  // Anyone else's, or no one's (a copy a sign-out's last write may have left): none of it is this user's.
  await forgetOfflineData();
  browserStorage()?.setItem(OWNER_KEY, userId);
}

/** A read with the user's token, as the API client would send it. */
function authorisedGet(url: string): Promise<Response> {
  const token = getAccessToken();
  return fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

/** The PDF as 'Download PDF chart' asks for it with this device's print choices (any PDF of the project answers offline). */
function defaultPdfAddress(projectId: string): string {
  const { paper, orientation, preset } = readPrintChoices();
  const query = new URLSearchParams({ paper, variant: 'color', fabric: '14', orientation, stitches_per_page: preset, pages: 'all', format: 'pdf' });
  return `${API_BASE_URL}/api/stitch/projects/${encodeURIComponent(projectId)}/export?${query}`;
}

/**
 * Copies the project, its files and its PDF into the kept cache; true when all of it was kept. Only then is it
 * listed as kept: a partial copy still helps offline, but the switch does not claim more than it holds.
 */
export async function keepProjectOffline(projectId: string): Promise<boolean> {
  const cacheApi = cacheStorage();
  if (!cacheApi) return false;
  const kept = await cacheApi.open(KEPT_CACHE);
  const put = (url: string, response: Response) => kept.put(url, response);
  const missing = await copyProjectReads(projectId, API_BASE_URL, authorisedGet, put);
  const pdf = await authorisedGet(defaultPdfAddress(projectId)).catch(() => undefined);
  if (pdf?.ok) await put(defaultPdfAddress(projectId), pdf);
  const complete = missing === 0 && !!pdf?.ok;
  if (complete) writeKeptIds([...new Set([...keptProjectIds(), projectId])]);
  return complete;
}

/** Takes the project out of the kept cache (its recent copies stay for their 30 days). */
export async function stopKeepingOffline(projectId: string): Promise<void> {
  writeKeptIds(keptProjectIds().filter((id) => id !== projectId));
  const cacheApi = cacheStorage();
  if (!cacheApi) return;
  const kept = await cacheApi.open(KEPT_CACHE);
  const details = await kept.match(new URL(projectApiReads(projectId)[0]!, API_BASE_URL).href, { ignoreVary: true });
  const files = details ? filesOfProject(await details.json(), API_BASE_URL) : [];
  for (const request of await kept.keys()) {
    if (projectOfPath(new URL(request.url).pathname) === projectId || files.includes(request.url)) await kept.delete(request);
  }
}

/** Whether a service worker answers this page's requests, once it does (the first install takes the page a moment after it is ready). */
export async function workerInCharge(): Promise<boolean> {
  const worker = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!worker) return false;
  await worker.ready;
  if (!worker.controller) {
    await new Promise((resolve) => {
      worker.addEventListener('controllerchange', resolve, { once: true });
      setTimeout(resolve, 3000);
    });
  }
  return !!worker.controller;
}

/**
 * Makes sure a project just opened can open offline too: when the service worker was not yet running as it
 * was read (the first visit installs it), its reads are asked for again now, through it, which keeps them.
 */
export async function keepOpenedProject(projectId: string): Promise<void> {
  const cacheApi = cacheStorage();
  if (!cacheApi || !(await workerInCharge())) return;
  // Asked for through the worker, which keeps what it answers; only what neither cache has yet.
  const missing = async (url: string) => !(await cacheApi.match(url, { ignoreVary: true }));
  const through = async (url: string) => {
    if (await missing(url)) await authorisedGet(url).catch(() => undefined);
  };
  const [details, ...others] = projectApiReads(projectId).map((path) => new URL(path, API_BASE_URL).href);
  await through(details!);
  await Promise.all(others.map(through));
  const answer = await cacheApi.match(details!, { ignoreVary: true });
  if (answer) await Promise.all(filesOfProject(await answer.json(), API_BASE_URL).map(through));
  await keepProjectsList();
}

/** Reads the projects list as its page does, through the worker, so the list opens offline with what it showed last. */
export async function keepProjectsList(): Promise<void> {
  const query = new URLSearchParams(Object.entries(PROJECTS_LIST_QUERY).map(([name, value]) => [name, String(value)]));
  await authorisedGet(`${API_BASE_URL}/api/stitch/projects?${query}`).catch(() => undefined);
}

export type KeptState = 'off' | 'keeping' | 'kept' | 'incomplete';

/** 'Keep available offline' for one project: whether it is kept, and the switch. */
export function useKeptOffline(projectId: string): { state: KeptState; available: boolean; toggle: () => void } {
  const [state, setState] = useState<KeptState>(() => (keptProjectIds().includes(projectId) ? 'kept' : 'off'));
  useEffect(() => {
    void keepOpenedProject(projectId).catch(() => undefined);
  }, [projectId]);
  const toggle = () => {
    if (state === 'keeping') return;
    if (state === 'off') {
      setState('keeping');
      void keepProjectOffline(projectId).then(
        (complete) => setState(complete ? 'kept' : 'incomplete'),
        () => setState('incomplete'),
      );
    } else {
      setState('off');
      void stopKeepingOffline(projectId).catch(() => undefined);
    }
  };
  return { state, available: !!cacheStorage(), toggle };
}
