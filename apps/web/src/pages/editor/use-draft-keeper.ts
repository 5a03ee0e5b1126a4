import { canonicalDocument, documentOfChart, parsePatternDocument, replaceChart, sameChart, type EditableChart, type Pattern } from '@stitchwise/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { versionOfEtag } from '../../api/pattern-versions';
import { deleteDraft, draftKey, readDrafts, writeDraft, type Draft } from '../../lib/drafts';
import type { ChartEditor } from './use-chart-editor';

/** A draft is written this long after the last edit (and at once when the page is hidden or left). */
export const DRAFT_DELAY_MS = 1000;

export interface DraftOffer {
  draft: Draft;
  /** The draft was made on an older version than the one opened: the chart was saved since. */
  changedSince: boolean;
}

export interface DraftKeeper {
  /** A draft to offer when the editor opens; undefined once answered, or when there is none. */
  offer: DraftOffer | undefined;
  /** Puts the draft's chart into the editor as an unsaved edit (one step to undo). */
  restore: () => void;
  discard: () => void;
  /** Leaves the offer unanswered for now; the draft stays until an edit of this version replaces it. */
  later: () => void;
  /** When the current edit was last kept in the browser, if it was. */
  keptAt: number | undefined;
  /** Deletes the draft of one version (`etag`; none for a visitor's chart): the edit of it was saved (so no longer waiting). */
  forget: (etag?: string) => void;
  /** The edit is waiting to be saved: save was asked for while offline (kept with the draft, see Draft.waiting). */
  waiting: boolean;
  /** Marks the edit as waiting to be saved, or no longer; the draft is written again at once. */
  setWaiting: (waiting: boolean) => void;
  /** Deletes the current draft and keeps no more until `resume`: the edit is given up or kept elsewhere. */
  stop: () => void;
  resume: () => void;
}

interface DraftKeeperOptions {
  editor: ChartEditor;
  /** Whose chart: lib/drafts' projectScope or patternScope. */
  scope: string;
  /** The ETag of the version being edited (a project's chart); changes after each save. */
  etag?: string;
  /** The version of the chart the editor opened (from the ETag), to tell older drafts from current ones. */
  openedVersion?: number;
  /** The chart as the editor opened it: a draft that is the same chart is not offered. */
  loaded: Pattern;
  /**
   * Told of a draft left waiting to be saved (Draft.waiting), with the ETag of the version it was made on:
   * such a draft is not offered but put into the editor at once, to be saved over that version; without
   * this, it is offered like any other.
   */
  onWaiting?: (etag: string) => void;
}

const UNREADABLE = 'The unsaved edit kept in this browser could not be read.';

/**
 * Keeps the editor's unsaved edit in the browser (lib/drafts), debounced and when the page is hidden or
 * closed, and when the editor opens offers the draft left by an earlier visit (one left waiting to be
 * saved is put back at once instead, see `onWaiting`). Writing starts only once the offer is answered, so
 * the draft on offer is never overwritten unseen.
 */
export function useDraftKeeper({ editor, scope, etag, openedVersion, loaded, onWaiting }: DraftKeeperOptions): DraftKeeper {
  const key = draftKey(scope, etag);
  const [offer, setOffer] = useState<DraftOffer | undefined>();
  const [checked, setChecked] = useState(false);
  const [keptAt, setKeptAt] = useState<number | undefined>();
  const [waiting, setWaitingState] = useState(false);
  const latest = useRef({ editor, key, etag, waiting, onWaiting });
  latest.current = { editor, key, etag, waiting, onWaiting };
  // The chart last written under `written.key` (so an unchanged edit is not written again), and whether writing is stopped.
  const written = useRef<{ key: string; chart: EditableChart; waiting: boolean } | undefined>(undefined);
  const stopped = useRef(false);

  /** The draft of `chart` as of now: under this version, and waiting to be saved or not. */
  const draftOf = useCallback(
    (chart: EditableChart): Draft => {
      const { key: currentKey, etag: currentEtag, waiting: waitingNow } = latest.current;
      const version = currentEtag === undefined ? undefined : versionOfEtag(currentEtag);
      return {
        key: currentKey,
        scope,
        ...(version === undefined ? {} : { version }),
        ...(currentEtag === undefined ? {} : { etag: currentEtag }),
        ...(waitingNow ? { waiting: true } : {}),
        document: documentOfChart(chart),
        savedAt: Date.now(),
      };
    },
    [scope],
  );

  /** Puts a draft's chart into the editor as one step to undo; why not, if it could not. */
  const putInEditor = useCallback(
    (draft: Draft): string | undefined => {
      let pattern: Pattern;
      try {
        pattern = parsePatternDocument(JSON.stringify(draft.document));
      } catch {
        return UNREADABLE;
      }
      return editor.apply(replaceChart(pattern, 'Restore unsaved edit'));
    },
    [editor],
  );

  useEffect(() => {
    let live = true;
    readDrafts(scope)
      .then((drafts) => {
        const draft = drafts.find((candidate) => candidate.key === key) ?? drafts[0];
        if (!live || !draft) return;
        if (sameChart(draft.document, canonicalDocument(loaded))) {
          void deleteDraft(draft.key).catch(() => undefined); // nothing to restore
          return;
        }
        const changedSince = draft.version !== undefined && openedVersion !== undefined && draft.version < openedVersion;
        const resume = latest.current.onWaiting;
        // Save was asked for this edit: it is put back as it was left and saved, not offered (see ARCHITECTURE.md).
        if (draft.waiting && draft.etag !== undefined && resume && putInEditor(draft) === undefined) {
          written.current = { key: draft.key, chart: editor.read(), waiting: true };
          latest.current.waiting = true;
          setWaitingState(true);
          setKeptAt(draft.savedAt);
          resume(draft.etag);
          return;
        }
        setOffer({ draft, changedSince });
      })
      .catch(() => undefined) // no IndexedDB (a private window, an old browser): the editor works without drafts
      .finally(() => live && setChecked(true));
    return () => {
      live = false;
    };
    // Once, when the editor opens on a chart (the editor is made anew for another chart or version).
  }, []);

  /** Writes the unsaved edit now (or deletes the draft once there is nothing unsaved). */
  const flush = useCallback(() => {
    if (stopped.current) return;
    const { editor: current, key: currentKey, waiting: waitingNow } = latest.current;
    const chart = current.read();
    if (current.unsaved) {
      const last = written.current;
      if (last?.key === currentKey && last.chart === chart && last.waiting === waitingNow) return;
      written.current = { key: currentKey, chart, waiting: waitingNow };
      writeDraft(draftOf(chart))
        .then(() => setKeptAt(Date.now()))
        .catch(() => undefined);
    } else if (written.current) {
      // Undone back to the saved chart: nothing to keep.
      written.current = undefined;
      setKeptAt(undefined);
      void deleteDraft(currentKey).catch(() => undefined);
    }
  }, [draftOf]);

  const writing = checked && !offer;
  // Marked waiting (or no longer): written at once, so a page closed now still finds it waiting.
  useEffect(() => {
    if (writing) flush();
  }, [writing, waiting, flush]);
  useEffect(() => {
    if (!writing) return;
    const timer = setTimeout(flush, DRAFT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [writing, flush, editor.chart, editor.unsaved, key]);

  useEffect(() => {
    if (!writing) return;
    const onHidden = () => document.visibilityState === 'hidden' && flush();
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', flush);
      flush(); // leaving the editor inside the app
    };
  }, [writing, flush]);

  const restore = useCallback(() => {
    if (!offer) return;
    const refusal = putInEditor(offer.draft);
    if (refusal === UNREADABLE) {
      toast.error(refusal);
      setOffer(undefined);
      return;
    }
    if (refusal) {
      toast.warn(refusal);
      return;
    }
    setOffer(undefined);
    // Kept under this version at once, then the old version's draft goes: the edit is never only in memory.
    const { key: currentKey, waiting: waitingNow } = latest.current;
    const chart = editor.read();
    written.current = { key: currentKey, chart, waiting: waitingNow };
    void writeDraft(draftOf(chart))
      .then(() => (offer.draft.key === currentKey ? undefined : deleteDraft(offer.draft.key)))
      .then(() => setKeptAt(Date.now()))
      .catch(() => undefined);
  }, [editor, offer, putInEditor, draftOf]);

  const discard = useCallback(() => {
    if (!offer) return;
    setOffer(undefined);
    void deleteDraft(offer.draft.key).catch(() => undefined);
  }, [offer]);

  const later = useCallback(() => setOffer(undefined), []);

  const forget = useCallback(
    (editedEtag?: string) => {
      const forgotten = draftKey(scope, editedEtag);
      if (written.current?.key === forgotten) written.current = undefined;
      latest.current.waiting = false;
      setWaitingState(false);
      setKeptAt(undefined);
      void deleteDraft(forgotten).catch(() => undefined);
    },
    [scope],
  );
  const stop = useCallback(() => {
    stopped.current = true;
    forget(etag);
  }, [etag, forget]);
  const resume = useCallback(() => {
    stopped.current = false;
  }, []);

  const setWaiting = useCallback((next: boolean) => {
    latest.current.waiting = next;
    setWaitingState(next);
  }, []);

  return { offer, restore, discard, later, keptAt, forget, stop, resume, waiting, setWaiting };
}
