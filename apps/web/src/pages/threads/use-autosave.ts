import { useCallback, useEffect, useRef, useState } from 'react';

export type SaveStatus = { state: 'saved' } | { state: 'waiting' } | { state: 'saving' } | { state: 'failed'; error: unknown };

/** How long a change waits for the next one (typing a count) before it is sent. */
export const TYPING_DELAY_MS = 600;

/** The value kept on this device under `key` that was not yet saved, if any (a failed save, then the page left). */
export function unsavedValue(key: string): unknown {
  try {
    const kept = localStorage.getItem(key);
    return kept === null ? undefined : (JSON.parse(kept) as unknown);
  } catch {
    return undefined;
  }
}

function keep(key: string, value: unknown): void {
  try {
    if (value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage refused (private mode, full): the page still saves; only the copy on this device is missing.
  }
}

/**
 * Saves a value whenever it changes, so nothing is lost: at once for a click, after a short pause while
 * typing; one request at a time, always sending the newest value (the server replaces the whole list, so
 * values in between need never be sent). A failed save keeps the value for `retry`. Until a change is saved
 * it is also kept on this device under `storageKey` (see unsavedValue), so leaving the page within the app
 * after a failed save loses nothing. Leaving the page sends what waits at once, and closing the tab asks
 * first while something is not yet saved. `save` must keep its identity between renders (a useCallback).
 */
export function useAutosave<T>(
  save: (value: T) => Promise<unknown>,
  storageKey: string,
): {
  status: SaveStatus;
  change: (value: T, options?: { typing?: boolean }) => void;
  retry: () => void;
} {
  const [status, setStatus] = useState<SaveStatus>({ state: 'saved' });
  const unsaved = useRef<{ value: T } | undefined>(undefined);
  const sending = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const next = unsaved.current;
    if (sending.current || !next) return;
    unsaved.current = undefined;
    sending.current = true;
    setStatus({ state: 'saving' });
    save(next.value).then(
      () => {
        sending.current = false;
        if (unsaved.current) flush();
        else {
          keep(storageKey, undefined);
          setStatus({ state: 'saved' });
        }
      },
      (error: unknown) => {
        sending.current = false;
        unsaved.current ??= next; // a newer change, if any, is what to send on retry
        setStatus({ state: 'failed', error });
      },
    );
  }, [save, storageKey]);

  const change = useCallback(
    (value: T, { typing = false }: { typing?: boolean } = {}) => {
      unsaved.current = { value };
      keep(storageKey, value);
      clearTimeout(timer.current);
      if (sending.current) return; // sent when the save under way ends
      setStatus({ state: 'waiting' });
      if (typing) timer.current = setTimeout(flush, TYPING_DELAY_MS);
      else flush();
    },
    [flush, storageKey],
  );

  useEffect(() => flush, [flush]); // leaving the page: send what waits

  const unsafe = status.state !== 'saved';
  useEffect(() => {
    if (!unsafe) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsafe]);

  return { status, change, retry: flush };
}
