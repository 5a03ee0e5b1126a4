import { DAILY_DAYS_KEPT, decodeProgress, isCalendarDay, PATTERN_LIMITS, progressBytes } from '@stitchwise/core';
import { z } from 'zod';
import { problemSchema } from './problem.js';

/** The largest bitset: a chart of the largest size, one bit a cell (31,250 bytes), as base64 (41,668 characters). */
const MAX_PROGRESS_BYTES = progressBytes(PATTERN_LIMITS.maxSide, PATTERN_LIMITS.maxSide);
const MAX_BITSET_CHARACTERS = 4 * Math.ceil(MAX_PROGRESS_BYTES / 3);

/** Whole JSON body limit: `done` and `base` of the largest chart are about 42 KB of base64 each. */
export const PROGRESS_BODY_LIMIT = 128 * 1024;

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
    daily: z.record(z.string(), z.number().int()).meta({
      description:
        'Net stitches marked on each day (`YYYY-MM-DD`, the stitcher’s calendar date sent with each PUT) → newly done minus newly undone as stored; ' +
        `negative for a day of unpicking. Days without a change are left out; only the last ${DAILY_DAYS_KEPT} days are kept. ` +
        'Kept when the chart is saved again; a copy of the project starts empty.',
    }),
  })
  .meta({ id: 'StitchingProgress' });

/** A bitset field of a PUT body, named in its messages. */
const bitsetField = (name: string, description: string) =>
  z
    .string({ error: `${name} must be base64 text` })
    .max(MAX_BITSET_CHARACTERS, { error: `${name} must be at most ${MAX_BITSET_CHARACTERS} characters: one bit a stitch of a chart up to 500 × 500` })
    .transform((text, context) => {
      const bits = decodeProgress(text);
      if (!bits) {
        context.issues.push({ code: 'custom', input: text, message: `${name} must be standard base64 with padding (A–Z, a–z, 0–9, + and /, then = or ==)` });
        return z.NEVER;
      }
      return bits;
    })
    .meta({ description: `${BITSET} ${description}` });

const VERSION_MESSAGE = 'version must be a whole number from 1 to 2000000000';
const DAY_MESSAGE = 'day must be a calendar date written YYYY-MM-DD';

/**
 * How far the day sent may be from the server's date in UTC (the world's time zones, and a little more) to be
 * counted on: a day further off comes from a device whose clock is wrong, and its change is counted on the
 * server's date instead (the marks are stored all the same).
 */
export const DAY_LEEWAY = 2;

/** A client's marks for one chart version, with the server bits they were made over. */
export const progressBody = z
  .object({
    version: z
      .number({ error: VERSION_MESSAGE })
      .int({ error: VERSION_MESSAGE })
      .min(1, { error: VERSION_MESSAGE })
      .max(2_000_000_000, { error: VERSION_MESSAGE })
      .meta({ description: 'The chart version the marks were made on (from GET …/progress or GET …/pattern).' }),
    done: bitsetField('done', 'The marks as this client has them.'),
    base: bitsetField(
      'base',
      'The bits of this version this client last had from the server (the last answer for it, or the read it started from): only the cells ' +
        'where `done` differs from `base` are changed, so marks another device stored meanwhile stay. Without it `done` replaces the stored bits.',
    ).optional(),
    day: z
      .string({ error: DAY_MESSAGE })
      .refine(isCalendarDay, { error: DAY_MESSAGE })
      .optional()
      .meta({
        description:
          'The device’s own calendar date (`YYYY-MM-DD`), whose count in `daily` the change this write makes is added to. ' +
          `Without it, or when it is more than ${DAY_LEEWAY} days from the server’s date in UTC (a device whose clock is wrong), ` +
          'the server’s date in UTC: the marks are stored either way. 400 naming `day` when it is not a calendar date.',
      }),
  })
  .meta({ id: 'StitchingProgressUpdate' });

/** 409: the marks name a chart version the project does not have (or no longer keeps). */
export const unknownVersionResponse = {
  description: 'The version the marks were made on does not exist (`code` unknown_version); reload the chart and its progress.',
  content: { 'application/problem+json': { schema: problemSchema } },
};

/** 413 past PROGRESS_BODY_LIMIT (the shared description speaks of 10 MB uploads). */
export const progressTooLargeResponse = {
  description: 'The body is larger than 128 KB.',
  content: { 'application/problem+json': { schema: problemSchema } },
};

export type StitchingProgress = z.infer<typeof stitchingProgressSchema>;
export type ProgressBody = z.output<typeof progressBody>;
