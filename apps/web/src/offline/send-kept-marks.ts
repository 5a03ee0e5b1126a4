import { encodeProgress, localDay } from '@stitchwise/core';
import { useEffect } from 'react';
import { statusOf } from '../api/client';
import { progressTransport } from '../api/progress';
import { isOnline } from '../lib/connection';
import { isLive } from '../lib/progress-live';
import { browserStorage, forgetKept, readKept } from '../lib/progress-store';
import { publishOutboxStatus as publish } from './outbox-status';

/**
 * Marks kept on this device for any project, sent when the app starts online or the connection returns,
 * whichever screen is open: marks made offline, in an app closed and opened again since, reach the server
 * without their project being opened. Each is the PUT the sync engine would send (its bits and the server
 * bits it was made over); a project a page is marking (its engine live, lib/progress-live.ts) is left to that
 * engine. A version that went is forgotten only if no newer marks were kept over it meanwhile. What the server refuses stays kept for the project's own screen
 * to explain.
 */
/** The projects with kept marks in storage (keys `stitchwise.progress.{project}.v{version}`). */
function projectsWithKeptMarks(storage: Storage): string[] {
  const projects = new Set<string>();
  for (let i = 0; i < storage.length; i++) {
    const project = /^stitchwise\.progress\.(.+)\.v\d+$/.exec(storage.key(i) ?? '')?.[1];
    if (project) projects.add(project);
  }
  return [...projects];
}

let sending: Promise<void> | undefined;
/** How long 'Saved' stays in the header after the kept marks went. */
const SAVED_SHOWN_MS = 5000;
/** Kept marks the server refused (a project gone, a version it no longer has): not sent again this visit. */
const refused = new Set<string>();
const isRefusal = (status: number | undefined) => status !== undefined && status >= 400 && status < 500 && ![401, 408, 429].includes(status);

/** Sends every kept version's marks once; a second call while it runs joins it. */
export function sendKeptMarks(): Promise<void> {
  sending ??= (async () => {
    const storage = browserStorage();
    if (!storage) return;
    let tried = 0;
    let sent = 0;
    for (const project of projectsWithKeptMarks(storage)) {
      // A page marking this project (in any tab) sends its own marks: sent beside them, a stitch it undid could come back.
      if (isLive(project, storage)) continue;
      for (const marks of readKept(storage, project)) {
        // The same marks of another project or version (the first stitch of a chart of the same size) are theirs to send.
        const key = `${project}.v${marks.version}:${marks.text}`;
        if (refused.has(key)) continue;
        if (tried++ === 0) publish('syncing');
        try {
          await progressTransport(project).put(
            { version: marks.version, done: encodeProgress(marks.local), base: encodeProgress(marks.base), day: localDay(new Date()) },
            { keepalive: false },
          );
          forgetKept(storage, project, marks.version, marks.text);
          sent++;
        } catch (error) {
          // Offline again or failed: kept for the next try. Refused: kept for the project's own screen to explain.
          if (isRefusal(statusOf(error))) refused.add(key);
        }
      }
    }
    // Saved only once nothing is left kept; the word stays a few seconds.
    if (tried === 0) return;
    const left = projectsWithKeptMarks(storage).some((project) => readKept(storage, project).length > 0);
    publish(sent > 0 && !left ? 'saved' : 'idle');
    if (sent > 0 && !left) setTimeout(() => publish('idle'), SAVED_SHOWN_MS);
  })().finally(() => (sending = undefined));
  return sending;
}

/** How often kept marks are tried again while online: a send can fail as the connection comes back. */
const RETRY_MS = 15_000;

/** While signed in with a token: sends kept marks now, each time the connection returns, and every 15 s while online. */
export function useSendKeptMarks(token: string | undefined): void {
  useSendWhenOnline(token, sendKeptMarks);
}

/** While signed in with a token: runs `send` now, each time the connection returns, and every 15 s while online. */
export function useSendWhenOnline(token: string | undefined, send: () => Promise<void>): void {
  useEffect(() => {
    if (!token) return;
    const sendOnline = () => {
      if (isOnline()) void send();
    };
    sendOnline();
    window.addEventListener('online', sendOnline);
    const timer = setInterval(sendOnline, RETRY_MS);
    return () => {
      window.removeEventListener('online', sendOnline);
      clearInterval(timer);
    };
  }, [token, send]);
}
