import { useEffect, useRef, useState } from 'react';
import { createPreviewWorker, PreviewClient, type WorkerLike } from './client';
import type { PreviewPattern, PreviewSettings, PreviewSource } from './protocol';

export interface PreviewState {
  /** The newest preview made, while a newer one is computed too. */
  pattern?: PreviewPattern;
  /** The settings `pattern` was made with. */
  settings?: PreviewSettings;
  /** A request is with the worker or waiting for it. */
  updating: boolean;
  /**
   * Why there is no preview: `unsupported` (no workers or OffscreenCanvas in this browser),
   * `undecodable` (the browser cannot read this picture), `failed` (anything else).
   */
  problem?: 'unsupported' | 'undecodable' | 'failed';
}

/**
 * The live preview of `source` with `settings`, computed by the pattern engine in a Web Worker:
 * asks again whenever the picture or a setting changes; only the newest answer is shown.
 * `createWorker` (read once, when the preview appears) is the seam tests replace.
 */
export function usePreview(
  source: PreviewSource | undefined,
  settings: PreviewSettings,
  createWorker: () => WorkerLike | undefined = createPreviewWorker,
): PreviewState {
  const [state, setState] = useState<PreviewState>({ updating: false });
  const client = useRef<PreviewClient>(undefined);
  const makeWorker = useRef(createWorker);

  // One worker while the preview is on screen; its caches (decoded pictures) live as long.
  useEffect(() => {
    const worker = makeWorker.current();
    if (!worker) {
      setState({ updating: false, problem: 'unsupported' });
      return;
    }
    client.current = new PreviewClient(worker, (outcome) => {
      setState((current) =>
        outcome.kind === 'pattern'
          ? { pattern: outcome.pattern, settings: outcome.settings, updating: false }
          : { ...current, pattern: undefined, settings: undefined, updating: false, problem: outcome.reason },
      );
    });
    return () => {
      client.current?.dispose();
      client.current = undefined;
    };
  }, []);

  // Every change of picture or setting is a new request (the object's fields, not its identity, matter).
  const settingsKey = JSON.stringify(settings);
  useEffect(() => {
    const current = client.current;
    if (!current) return;
    if (!source) {
      current.cancelAll();
      setState((previous) => ({ ...previous, updating: false }));
      return;
    }
    current.request({ source, settings: JSON.parse(settingsKey) as PreviewSettings });
    // A problem stays on screen until an answer replaces it: asking again for an undecodable picture should not flicker.
    setState((previous) => ({ ...previous, updating: true }));
  }, [source, settingsKey]);

  return state;
}
