import { browserStorage } from './progress-store';

/**
 * Which projects have a live sync engine (a page marking stitches, lib/progress-sync.ts) in this browser, in
 * any tab: each keeps a heartbeat in localStorage, `stitchwise.progress-live.{project}` = the time it last
 * wrote it (Date.now()), so the sender of kept marks (offline/send-kept-marks.ts) can leave that project's
 * marks to its engine rather than send the same marks beside it. A tab that dies without stopping leaves a
 * heartbeat that goes stale after LIVE_STALE_MS.
 */

/** How often a live engine writes its heartbeat. */
export const LIVE_HEARTBEAT_MS = 5000;
/** How old a heartbeat may be and still mean a live engine: three heartbeats, so a throttled tab still counts. */
export const LIVE_STALE_MS = 15_000;

const keyOf = (projectId: string) => `stitchwise.progress-live.${projectId}`;

/**
 * Marks the project live now and every LIVE_HEARTBEAT_MS until the returned stop is called, which removes
 * the heartbeat (unless another tab's engine wrote a newer one meanwhile: that one is still live). Without
 * storage (none, or a browser that refuses it) nothing is kept, and nothing fails.
 */
export function markLive(projectId: string, storage: Storage | undefined = browserStorage()): () => void {
  if (!storage) return () => undefined;
  const key = keyOf(projectId);
  let written: string | undefined;
  const beat = () => {
    written = String(Date.now());
    try {
      storage.setItem(key, written);
    } catch {
      written = undefined; // storage full or refused: the project is not known to be live
    }
  };
  beat();
  const timer = setInterval(beat, LIVE_HEARTBEAT_MS);
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    try {
      if (written !== undefined && storage.getItem(key) === written) storage.removeItem(key);
    } catch {
      // Nothing to remove in a storage that refuses: it goes stale by itself.
    }
  };
}

/** Whether a live engine, in this tab or another, has marked the project within LIVE_STALE_MS of `now`. */
export function isLive(projectId: string, storage: Storage | undefined = browserStorage(), now: number = Date.now()): boolean {
  let text: string | null | undefined;
  try {
    text = storage?.getItem(keyOf(projectId));
  } catch {
    return false;
  }
  if (!text) return false;
  const at = Number(text);
  // Either way of now: a heartbeat written by another tab just after `now` was read is live too.
  return Number.isFinite(at) && Math.abs(now - at) < LIVE_STALE_MS;
}
