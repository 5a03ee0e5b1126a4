import { PATTERN_LIMITS, PatternValidationError, patternFromUntrustedDocument, type Pattern } from '@stitchwise/core';
import type { FieldError } from '../contract/problem.js';
import { patternDocumentBody } from '../contract/patterns.js';

/**
 * What checking a sent pattern document found: the pattern, or why it is refused — not JSON, a shape the
 * contract does not allow (each bad field), or a chart that does not hold together (the core's reasons).
 * Plain data, to cross back from the worker thread; services/document-check.ts makes the 400 of it.
 */
export type CheckedDocument = { pattern: Pattern } | { refused: 'not_json' } | { refused: 'shape' | 'meaning'; errors: FieldError[] };

/**
 * A pattern document sent by a client (an edited chart), read from its JSON bytes and checked strictly:
 * its shape by the contract's schema, its meaning by the core (sizes, indices, thread codes, symbols,
 * marks within the chart's limits), with colours, names and counts taken from the catalogue and the
 * cells, never from the client. Runs in the image worker pool: parsing and checking a document of a few
 * megabytes takes the better part of a second, which the event loop must not spend.
 */
export function checkPatternDocument(json: Uint8Array): CheckedDocument {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(json));
  } catch {
    return { refused: 'not_json' };
  }
  const shaped = patternDocumentBody.safeParse(value);
  if (!shaped.success) {
    // As Fastify's validation of a body names them: `legend.0.code`.
    return { refused: 'shape', errors: shaped.error.issues.map((issue) => ({ field: issue.path.join('.') || 'request', message: issue.message })) };
  }
  try {
    return { pattern: patternFromUntrustedDocument(shaped.data, PATTERN_LIMITS) };
  } catch (error) {
    if (!(error instanceof PatternValidationError)) throw error;
    return { refused: 'meaning', errors: [...error.problems] };
  }
}
