import { DMC_THREADS, findThread, MAX_OWNED_SKEINS as MAX_SKEINS } from '@stitchwise/core';
import { z } from 'zod';
import { textField } from './fields.js';
import { problemSchema } from './problem.js';

const skeinsField = z
  .number({ error: `skeins must be a whole number from 0 to ${MAX_SKEINS}` })
  .int({ error: `skeins must be a whole number from 0 to ${MAX_SKEINS}` })
  .min(0, { error: `skeins must be a whole number from 0 to ${MAX_SKEINS}` })
  .max(MAX_SKEINS, { error: `skeins must be a whole number from 0 to ${MAX_SKEINS}` });

/** One thread a user owns, as the API shows it. */
export const ownedThreadSchema = z
  .object({
    dmc_code: z.string().meta({ description: 'As the catalogue spells it: `310`, `01`, `B5200`, `Blanc`, `Ecru`.', example: '310' }),
    skeins: z.number().int().min(0).max(MAX_SKEINS).meta({ description: 'Whole skeins on hand; 0 keeps the thread listed with none left.' }),
  })
  .meta({ id: 'OwnedThread' });

export const ownedThreadListSchema = z
  .array(ownedThreadSchema)
  .meta({ id: 'OwnedThreadList', description: 'Every thread the user owns, in DMC number order (01 … 3865, then B5200, Blanc, Ecru).' });

/**
 * A code as a client may write it, taken to the catalogue's spelling: `1` → `01`, `blanc` → `Blanc`.
 * A code the DMC catalogue does not have is refused, naming it.
 */
const dmcCodeField = textField('dmc_code', { error: 'dmc_code must be a DMC code such as 310' })
  .trim()
  .max(20, { error: 'dmc_code must be at most 20 characters' })
  .transform((code, context) => {
    const thread = findThread(code);
    if (!thread) {
      context.issues.push({ code: 'custom', input: code, message: `dmc_code "${code}" is not a DMC thread` });
      return z.NEVER;
    }
    return thread.code;
  });

/** The whole list, replacing the stored one: known codes once each, at most every thread of the catalogue. */
export const ownedThreadListBody = z
  .array(z.strictObject({ dmc_code: dmcCodeField, skeins: skeinsField }), { error: 'send the list as an array of { dmc_code, skeins }' })
  .max(DMC_THREADS.length, { error: `the list can have at most ${DMC_THREADS.length} threads, the whole DMC catalogue` })
  .superRefine((threads, context) => {
    const seen = new Map<string, number>();
    threads.forEach(({ dmc_code }, index) => {
      const first = seen.get(dmc_code);
      if (first === undefined) seen.set(dmc_code, index);
      else
        context.issues.push({ code: 'custom', input: dmc_code, path: [index, 'dmc_code'], message: `dmc_code ${dmc_code} is listed twice (also at ${first})` });
    });
  })
  .meta({ description: `Every thread the user owns, at most ${DMC_THREADS.length}. Codes are case-insensitive and \`1\` means \`01\`; each thread once.` });

/** Whole JSON body limit: the whole catalogue with generous spacing is about 30 KB. */
export const OWNED_THREADS_BODY_LIMIT = 64 * 1024;

/** 413 past OWNED_THREADS_BODY_LIMIT (the shared description speaks of 10 MB uploads). */
export const ownedThreadsTooLargeResponse = {
  description: 'The body is larger than 64 KB.',
  content: { 'application/problem+json': { schema: problemSchema } },
};

export type OwnedThread = z.infer<typeof ownedThreadSchema>;
export type OwnedThreadListBody = z.output<typeof ownedThreadListBody>;
