import { decodeProgress, PATTERN_LIMITS, progressBytes } from '@stitchwise/core';
import { z } from 'zod';
import { problemSchema } from './problem.js';

/** The largest bitset: a chart of the largest size, one bit a cell (31,250 bytes), as base64 (41,668 characters). */
const MAX_PROGRESS_BYTES = progressBytes(PATTERN_LIMITS.maxSide, PATTERN_LIMITS.maxSide);
const MAX_DONE_CHARACTERS = 4 * Math.ceil(MAX_PROGRESS_BYTES / 3);

/** Whole JSON body limit: the largest bitset in base64 is about 42 KB. */
export const PROGRESS_BODY_LIMIT = 64 * 1024;

const BITSET =
  'Base64 (standard alphabet, padded) of a bitset with one bit a cell, row by row: cell y × width + x is bit (i & 7) of byte (i >> 3), ' +
  `least significant first; ceil(width × height / 8) bytes, at most ${MAX_PROGRESS_BYTES.toLocaleString('en')}.`;

/** Which stitches of the current chart are marked done. */
export const stitchingProgressSchema = z
  .object({
    version: z.number().int().min(1).meta({ description: "The project's current chart version, which the bits belong to." }),
    width: z.number().int().min(1).meta({ description: 'Stitches across.' }),
    height: z.number().int().min(1).meta({ description: 'Stitches down.' }),
    done: z.string().meta({ description: `${BITSET} Only cells with a full stitch or a part stitch are ever set.` }),
    done_count: z.number().int().min(0).meta({ description: 'Cells marked done.' }),
    total: z.number().int().min(0).meta({ description: 'Cells that can be marked: those with a full stitch or a part stitch.' }),
    updated_at: z.string().nullable().meta({ description: 'ISO 8601: when a stitch was last marked; null when none ever was.' }),
  })
  .meta({ id: 'StitchingProgress' });

const doneField = z
  .string({ error: 'done must be base64 text' })
  .max(MAX_DONE_CHARACTERS, { error: `done must be at most ${MAX_DONE_CHARACTERS} characters: one bit a stitch of a chart up to 500 × 500` })
  .transform((text, context) => {
    const bits = decodeProgress(text);
    if (!bits) {
      context.issues.push({ code: 'custom', input: text, message: 'done must be standard base64 with padding (A–Z, a–z, 0–9, + and /, then = or ==)' });
      return z.NEVER;
    }
    return bits;
  })
  .meta({ description: BITSET });

const VERSION_MESSAGE = 'version must be a whole number from 1 to 2000000000';

/** A client's marks for one chart version. */
export const progressBody = z
  .object({
    version: z
      .number({ error: VERSION_MESSAGE })
      .int({ error: VERSION_MESSAGE })
      .min(1, { error: VERSION_MESSAGE })
      .max(2_000_000_000, { error: VERSION_MESSAGE })
      .meta({ description: 'The chart version the marks were made on (from GET …/progress or GET …/pattern).' }),
    done: doneField,
  })
  .meta({ id: 'StitchingProgressUpdate' });

/** 409: the marks name a chart version the project does not have (or no longer keeps). */
export const unknownVersionResponse = {
  description: 'The version the marks were made on does not exist (`code` unknown_version); reload the chart and its progress.',
  content: { 'application/problem+json': { schema: problemSchema } },
};

/** 413 past PROGRESS_BODY_LIMIT (the shared description speaks of 10 MB uploads). */
export const progressTooLargeResponse = {
  description: 'The body is larger than 64 KB.',
  content: { 'application/problem+json': { schema: problemSchema } },
};

export type StitchingProgress = z.infer<typeof stitchingProgressSchema>;
export type ProgressBody = z.output<typeof progressBody>;
