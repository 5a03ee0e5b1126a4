import { LatestOnlyScheduler } from './latest-only';
import type { PreviewJob, PreviewJobMessage, PreviewPattern, PreviewReply, PreviewSettings } from './protocol';

/** What the client needs of a Worker (a stand-in in tests). */
export interface WorkerLike {
  postMessage(message: PreviewJobMessage): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<PreviewReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

/** The answer to the newest request: its pattern and the settings it was made with, or why there is none. */
export type PreviewOutcome = { kind: 'pattern'; pattern: PreviewPattern; settings: PreviewSettings } | { kind: 'error'; reason: 'undecodable' | 'failed' };

/**
 * The preview worker, from Vite's build (a same-origin module worker, as the Content-Security-Policy
 * requires); none where the browser lacks workers, OffscreenCanvas or createImageBitmap.
 */
export function createPreviewWorker(): WorkerLike | undefined {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined' || typeof createImageBitmap === 'undefined') return undefined;
  return new Worker(new URL('./preview.worker.ts', import.meta.url), { type: 'module' });
}

/**
 * The page's side of the preview worker: sends jobs through a latest-only scheduler and hands on
 * only the newest request's answer. If the worker itself dies (it failed to load, say), the
 * running job and every later one fail at once instead of waiting for ever.
 */
export class PreviewClient {
  private readonly scheduler: LatestOnlyScheduler<PreviewJob>;
  private readonly settingsOf = new Map<number, PreviewSettings>();
  private broken = false;

  constructor(
    private readonly worker: WorkerLike,
    private readonly onOutcome: (outcome: PreviewOutcome) => void,
  ) {
    this.scheduler = new LatestOnlyScheduler((id, job) => {
      this.settingsOf.set(id, job.settings);
      if (this.broken) queueMicrotask(() => this.receive({ id, kind: 'error', reason: 'failed', message: 'The preview worker is not running.' }));
      else worker.postMessage({ id, ...job });
    });
    worker.onmessage = (event) => this.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault(); // reported here as a quiet "preview unavailable", not as a page error
      this.broken = true;
      const id = this.scheduler.runningId;
      if (id !== undefined) this.receive({ id, kind: 'error', reason: 'failed', message: 'The preview worker stopped.' });
    };
  }

  /** Asks for a preview; earlier requests become stale. */
  request(job: PreviewJob): void {
    this.scheduler.submit(job);
  }

  /** Drops every request made so far (the picture went away): no answer to them will be handed on. */
  cancelAll(): void {
    this.scheduler.cancelAll();
  }

  dispose(): void {
    this.scheduler.cancelAll();
    this.worker.onmessage = null;
    this.worker.onerror = null;
    this.worker.terminate();
  }

  private receive(reply: PreviewReply): void {
    const settings = this.settingsOf.get(reply.id);
    this.settingsOf.delete(reply.id);
    if (!settings || !this.scheduler.settle(reply.id)) return; // a stale or unknown answer
    if (reply.kind === 'error') this.onOutcome({ kind: 'error', reason: reply.reason });
    else {
      const { id: _id, kind: _kind, ...pattern } = reply;
      this.onOutcome({ kind: 'pattern', pattern, settings });
    }
  }
}
