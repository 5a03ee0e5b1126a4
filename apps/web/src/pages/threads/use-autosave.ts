import { useCallback, useEffect, useRef, useState } from 'react';

export type SaveStatus = { state: 'saved' } | { state: 'waiting' } | { state: 'saving' } | { state: 'failed'; error: unknown };

/** How long a change waits for the next one (typing a count) before it is sent. */
export const TYPING_DELAY_MS = 600;

/**
 * Saves a value whenever it changes, so nothing is lost: at once for a click, after a short pause while
 * typing; one request at a time, always sending the newest value (the server replaces the whole list, so
 * values in between need never be sent). A failed save keeps the value for `retry`. Leaving the page sends
 * what waits at once, and closing the tab asks first while something is not yet saved. `save` must keep
 * its identity between renders (a useCallback).
 */
export function useAutosave<T>(save: (value: T) => Promise<unknown>): {
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
        else setStatus({ state: 'saved' });
      },
      (error: unknown) => {
        sending.current = false;
        unsaved.current ??= next; // a newer change, if any, is what to send on retry
        setStatus({ state: 'failed', error });
      },
    );
  }, [save]);

  const change = useCallback(
    (value: T, { typing = false }: { typing?: boolean } = {}) => {
      unsaved.current = { value };
      clearTimeout(timer.current);
      if (sending.current) return; // sent when the save under way ends
      setStatus({ state: 'waiting' });
      if (typing) timer.current = setTimeout(flush, TYPING_DELAY_MS);
      else flush();
    },
    [flush],
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
