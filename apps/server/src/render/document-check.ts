import { PATTERN_LIMITS, PatternValidationError, patternFromUntrustedDocument, type Pattern } from '@stitchwise/core';
import { patternDocumentBody } from '../contract/patterns.js';
import { HttpProblem, type ProblemFields } from '../http/problem.js';

/** What checking a sent pattern document found: the pattern, or the 400 that refuses it (plain fields, to cross threads). */
export type CheckedDocument = { pattern: Pattern } | { refused: ProblemFields };

/** What a refused chart could not be: completes the sentence "The pattern cannot be …". */
export type DocumentUse = 'exported' | 'saved';

/**
 * A pattern document sent by a client (an edited chart), read from its JSON bytes and checked strictly:
 * its shape by the contract's schema, its meaning by the core (sizes, indices, thread codes, symbols,
 * marks within the chart's limits), with colours, names and counts taken from the catalogue and the
 * cells, never from the client. Runs in the image worker pool: parsing and checking a document of a few
 * megabytes takes the better part of a second, which the event loop must not spend.
 */
export function checkPatternDocument(json: Uint8Array, use: DocumentUse): CheckedDocument {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(json));
  } catch {
    return { refused: new HttpProblem(400, 'malformed_json', 'The body is not valid JSON.').fields };
  }
  const shaped = patternDocumentBody.safeParse(value);
  if (!shaped.success) {
    // As Fastify's validation of a body names them: `legend.0.code`.
    const errors = shaped.error.issues.map((issue) => ({ field: issue.path.join('.') || 'request', message: issue.message }));
    return { refused: HttpProblem.invalidFields(errors).fields };
  }
  try {
    return { pattern: patternFromUntrustedDocument(shaped.data, PATTERN_LIMITS) };
  } catch (error) {
    if (!(error instanceof PatternValidationError)) throw error;
    const described = error.problems.map((problem) => problem.message).join('; ');
    return { refused: new HttpProblem(400, 'invalid_pattern', `The pattern cannot be ${use}: ${described}.`, error.problems).fields };
  }
}
