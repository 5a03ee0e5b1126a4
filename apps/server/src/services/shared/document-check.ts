import type { Pattern } from '@stitchwise/core';
import { HttpProblem } from '../../http/problem.js';
import type { CheckedDocument } from '../../images/check-document.js';
import type { ImageTask } from '../../images/image-worker.js';
import type { WorkerPool } from '../../images/worker-pool.js';

/** What a refused chart could not be: completes the sentence "The pattern cannot be …". */
export type DocumentUse = 'exported' | 'saved';

/**
 * A pattern document sent by a client, as JSON bytes, parsed and checked in the worker pool (see
 * images/check-document.ts): the checked pattern, or its 400. `signal` stops the check when the client goes.
 */
export async function checkDocumentInPool(pool: WorkerPool, json: Uint8Array, use: DocumentUse, signal?: AbortSignal): Promise<Pattern> {
  const task: ImageTask = { kind: 'check-document', json };
  const checked = await pool.run<CheckedDocument>(task, undefined, signal);
  if ('pattern' in checked) return checked.pattern;
  if (checked.refused === 'not_json') throw new HttpProblem(400, 'malformed_json', 'The body is not valid JSON.');
  if (checked.refused === 'shape') throw HttpProblem.invalidFields(checked.errors);
  const described = checked.errors.map((problem) => problem.message).join('; ');
  throw new HttpProblem(400, 'invalid_pattern', `The pattern cannot be ${use}: ${described}.`, checked.errors);
}
