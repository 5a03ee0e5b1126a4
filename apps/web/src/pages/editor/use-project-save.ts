import { documentOfChart, type Pattern } from '@stitchwise/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { detailOf, statusOf } from '../../api/client';
import { markLive } from '../../lib/progress-live';
import { publishOutboxStatus } from '../../offline/outbox-status';
import { editorLiveKey } from '../../offline/send-waiting-edits';
import { useSavePattern, VersionConflict, versionOfEtag } from '../../api/pattern-versions';
import { isOnline, useOnline } from '../../lib/connection';
import { projectScope } from '../../lib/drafts';
import type { ChartEditor } from './use-chart-editor';
import { useDraftKeeper, type DraftKeeper } from './use-draft-keeper';

/** How often a save waiting for the server is tried again while the browser says it is online (so no `online` event is coming). */
export const SAVE_RETRY_MS = 30_000;

/** saving: on its way, pressed by the user or sent by itself (`sync`, the edit that waited for the connection). */
export type SaveStatus = { state: 'idle' } | { state: 'saving'; sync: boolean } | { state: 'saved'; at: string } | { state: 'failed'; message: string };

export interface ProjectSave {
  status: SaveStatus;
  /** The browser says it is online. */
  online: boolean;
  /** Save was asked for but the server could not be reached: the edit is kept and goes by itself (`drafts.waiting`). */
  waiting: boolean;
  /** Saves the edit now, or, offline, keeps it waiting to be saved. */
  saveNow: () => Promise<void>;
  /** A save was refused because the chart was saved elsewhere meanwhile (412): the choice is the user's. */
  conflict: boolean;
  closeConflict: () => void;
  drafts: DraftKeeper;
}

/** Why the server refused the chart, in a sentence: its own where it sent one. */
function refusal(error: unknown): string {
  return `Not saved: ${detailOf(error) ?? `the server answered ${statusOf(error)}. Please try again.`}`;
}

/**
 * Saving the owner's project from the editor: the edited chart is sent with the ETag of the version it was
 * made on (`If-Match`), and each save's ETag is the next one's. Offline, or when a save gets no answer at
 * all (no connection, no answer in time) or a 401 (sent without a token while the expired one is renewed),
 * the edit is kept on this device as a draft marked waiting, and is saved by itself by the same rule on the
 * `online` event, every SAVE_RETRY_MS while the browser says it is online, and when the editor opens again
 * with it. A refusal (412, or the server refusing the chart) is never tried again by itself.
 */
export function useProjectSave({
  editor,
  projectId,
  pattern,
  etag: openedEtag,
}: {
  editor: ChartEditor;
  projectId: string;
  pattern: Pattern;
  etag: string;
}): ProjectSave {
  const save = useSavePattern(projectId);
  const online = useOnline();
  const [etag, setEtagState] = useState(openedEtag);
  const etagNow = useRef(openedEtag);
  const setEtag = (next: string) => {
    etagNow.current = next;
    setEtagState(next);
  };
  // While open, the editor saves its own waiting edit: the app's sender (offline/send-waiting-edits.ts) leaves it be.
  useEffect(() => markLive(editorLiveKey(projectId)), [projectId]);
  const [status, setStatus] = useState<SaveStatus>({ state: 'idle' });
  const [conflict, setConflict] = useState(false);
  const sending = useRef(false);
  // Bumped when the editor opened with an edit left waiting: it is sent once that render is in.
  const [resumed, setResumed] = useState(0);
  const drafts = useDraftKeeper({
    editor,
    scope: projectScope(projectId),
    etag,
    openedVersion: versionOfEtag(openedEtag),
    loaded: pattern,
    onWaiting: (madeOn) => {
      setEtag(madeOn);
      setResumed((count) => count + 1);
    },
  });

  const send = async (sync: boolean) => {
    if (!editor.unsaved || sending.current || (sync && !drafts.waiting)) return;
    if (!isOnline()) {
      drafts.setWaiting(true);
      setStatus({ state: 'idle' });
      return;
    }
    sending.current = true;
    setStatus({ state: 'saving', sync });
    // An edit kept offline going out: the header's indicator says Syncing… and then Saved, as for marks.
    if (sync) publishOutboxStatus('syncing');
    const chart = editor.read();
    const base = etagNow.current;
    try {
      const result = await save.mutateAsync({ document: documentOfChart(chart), etag: base });
      setEtag(result.etag);
      // Edits made while the save was on its way are still unsaved.
      if (editor.read() === chart) editor.markSaved();
      drafts.forget(base);
      setStatus({ state: 'saved', at: result.saved.saved_at });
      if (sync) publishOutboxStatus('saved');
    } catch (error) {
      if (sync) publishOutboxStatus('idle');
      // No answer at all: the connection is gone, whatever the browser says; a 401 comes while the access token is
      // being renewed (the connection back after it expired). Either way the edit waits, and goes by itself later.
      const waitAgain = statusOf(error) === undefined || statusOf(error) === 401;
      drafts.setWaiting(waitAgain);
      setStatus(waitAgain || error instanceof VersionConflict ? { state: 'idle' } : { state: 'failed', message: refusal(error) });
      if (error instanceof VersionConflict) setConflict(true);
    } finally {
      sending.current = false;
    }
  };
  const latestSend = useRef(send);
  latestSend.current = send;
  const saveNow = useCallback(() => latestSend.current(false), []);

  useEffect(() => {
    const onOnline = () => void latestSend.current(true);
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);
  useEffect(() => {
    if (resumed > 0) void latestSend.current(true);
  }, [resumed]);
  const idle = status.state !== 'saving';
  useEffect(() => {
    if (!drafts.waiting || !online || !idle) return;
    const timer = setTimeout(() => void latestSend.current(true), SAVE_RETRY_MS);
    return () => clearTimeout(timer);
  }, [drafts.waiting, online, idle]);

  return {
    status,
    online,
    waiting: drafts.waiting,
    saveNow,
    conflict,
    closeConflict: () => setConflict(false),
    drafts,
  };
}
