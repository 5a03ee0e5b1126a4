import type { Pattern } from '@stitchwise/core';
import { HttpProblem } from '../http/problem.js';
import type { ImageTask } from '../images/image-worker.js';
import type { WorkerPool } from '../images/worker-pool.js';
import type { CheckedDocument, DocumentUse } from '../render/document-check.js';

/**
 * A pattern document sent by a client, as JSON bytes, parsed and checked in the worker pool (see
 * render/document-check.ts): the checked pattern, or its 400. `signal` stops the check when the client goes.
 */
export async function checkDocumentInPool(pool: WorkerPool, json: Uint8Array, use: DocumentUse, signal?: AbortSignal): Promise<Pattern> {
  const task: ImageTask = { kind: 'check-document', json, use };
  const checked = await pool.run<CheckedDocument>(task, undefined, signal);
  if ('refused' in checked) throw HttpProblem.from(checked.refused);
  return checked.pattern;
}
