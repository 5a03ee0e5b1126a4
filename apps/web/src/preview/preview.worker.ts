/**
 * The preview worker: runs the pattern engine off the page's thread. One job at a time (the page
 * sends the next only after this one's answer); the pixels of the answer are moved, not copied.
 */
import { decodeForPattern, UndecodableImageError } from './decode';
import { GridCache, runPreviewJob } from './engine';
import type { PreviewJobMessage, PreviewReply } from './protocol';

/** What this module uses of a dedicated worker's global scope (the DOM library types `self` as a window). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<PreviewJobMessage>) => void) | null;
  postMessage(message: PreviewReply, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;
const grids = new GridCache();

scope.onmessage = (event) => {
  void answer(event.data);
};

async function answer(job: PreviewJobMessage): Promise<void> {
  try {
    const pattern = await runPreviewJob(job, grids, decodeForPattern);
    scope.postMessage({ id: job.id, kind: 'pattern', ...pattern }, [pattern.pixels.buffer]);
  } catch (error) {
    const reason = error instanceof UndecodableImageError ? 'undecodable' : 'failed';
    scope.postMessage({ id: job.id, kind: 'error', reason, message: error instanceof Error ? error.message : String(error) });
  }
}
