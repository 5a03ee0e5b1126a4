import {
  aBrandName,
  findBrandThread,
  findThread,
  MAX_OWNED_SKEINS as MAX_SKEINS,
  THREAD_BRANDS,
  threadKey,
  threadLabel,
  threadsOfBrands,
} from '@stitchwise/core';
import { z } from 'zod';
import { BRAND_LIST, brandField, textField } from './fields.js';
import { problemSchema } from './problem.js';
import { brandIdSchema } from './thread-brands.js';

const skeinsField = z
  .number({ error: `skeins must be a whole number from 0 to ${MAX_SKEINS}` })
  .int({ error: `skeins must be a whole number from 0 to ${MAX_SKEINS}` })
  .min(0, { error: `skeins must be a whole number from 0 to ${MAX_SKEINS}` })
  .max(MAX_SKEINS, { error: `skeins must be a whole number from 0 to ${MAX_SKEINS}` });

/** Every thread of every brand: the longest list a user can own. */
export const MAX_OWNED_THREADS = threadsOfBrands(THREAD_BRANDS).length;

/** "a DMC", "an Anchor", "a Madeira": a brand's name after its article. */

/** One thread a user owns, as the API shows it. */
export const ownedThreadSchema = z
  .object({
    brand: brandIdSchema,
    code: z
      .string()
      .meta({ description: "As the brand's catalogue spells it: `310`, `01`, `B5200`, `Blanc` (DMC), `403` (Anchor), `Black` (Madeira).", example: '403' }),
    name: z.string().meta({ description: "The catalogue's name of the thread.", example: 'Black' }),
    skeins: z.number().int().min(0).max(MAX_SKEINS).meta({ description: 'Whole skeins on hand; 0 keeps the thread listed with none left.' }),
  })
  .meta({ id: 'OwnedThread' });

export const ownedThreadListSchema = z.array(ownedThreadSchema).meta({
  id: 'OwnedThreadList',
  description: 'Every thread the user owns, by brand (DMC, Anchor, Madeira), each brand in number order (DMC 01 … 3865, then B5200, Blanc, Ecru).',
});

/**
 * A DMC code as the list of DMC threads only was sent (`{ dmc_code, skeins }`), taken to the catalogue's
 * spelling: `1` → `01`, `blanc` → `Blanc`. A code the DMC catalogue does not have is refused, naming it.
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

/** One thread of a sent list: its brand and its code in that brand, each checked against the brand's catalogue. */
const ownedThreadEntry = z
  .strictObject({
    brand: brandField('brand')
      .optional()
      .meta({ description: `${BRAND_LIST}, case-insensitive.` }),
    code: textField('code', { error: 'code must be text, such as 403' })
      .trim()
      .max(20, { error: 'code must be at most 20 characters' })
      .optional()
      .meta({ description: "The code in the brand's catalogue, case-insensitive; Anchor and Madeira codes also with leading zeros." }),
    dmc_code: dmcCodeField.optional().meta({
      description: 'The earlier form of a DMC thread, still accepted: `{ "dmc_code": "310", "skeins": 2 }` is `{ "brand": "dmc", "code": "310", … }`.',
    }),
    name: z.string().max(200).optional().meta({ description: "Ignored (the catalogue's name is kept): a list read can be sent back as it is." }),
    skeins: skeinsField,
  })
  .transform((entry, context) => {
    const fail = (field: string, message: string) => {
      context.issues.push({ code: 'custom', input: entry, path: [field], message });
      return z.NEVER;
    };
    if (entry.dmc_code !== undefined) {
      if (entry.code !== undefined) return fail('code', 'send a thread as brand and code, or as dmc_code alone, not both');
      if (entry.brand !== undefined && entry.brand !== 'dmc') return fail('brand', 'dmc_code names a DMC thread: leave brand out or send brand and code');
      return { brand: 'dmc' as const, code: entry.dmc_code, skeins: entry.skeins, sentAs: 'dmc_code' as const };
    }
    if (entry.brand === undefined) return fail('brand', `brand is required: one of ${BRAND_LIST}`);
    if (entry.code === undefined || entry.code === '') return fail('code', `code is required: ${aBrandName(entry.brand)} thread code`);
    const thread = findBrandThread(entry.brand, entry.code);
    if (!thread) return fail('code', `code "${entry.code}" is not ${aBrandName(entry.brand)} thread`);
    return { brand: entry.brand, code: thread.code, skeins: entry.skeins, sentAs: 'code' as const };
  });

/** The whole list, replacing the stored one: known threads once each, at most every thread of every brand. */
export const ownedThreadListBody = z
  .array(ownedThreadEntry, { error: 'send the list as an array of { brand, code, skeins }' })
  .max(MAX_OWNED_THREADS, { error: `the list can have at most ${MAX_OWNED_THREADS} threads, every thread of every brand` })
  .superRefine((threads, context) => {
    const seen = new Map<string, number>();
    threads.forEach((thread, index) => {
      const key = threadKey(thread);
      const first = seen.get(key);
      if (first === undefined) seen.set(key, index);
      else
        context.issues.push({
          code: 'custom',
          input: thread.code,
          path: [index, thread.sentAs],
          message: `${threadLabel(thread)} is listed twice (also at ${first})`,
        });
    });
  })
  .meta({
    description:
      `Every thread the user owns, at most ${MAX_OWNED_THREADS}: \`[{ brand, code, skeins }]\`. Brands and codes are case-insensitive ` +
      '(DMC `1` means `01`, Anchor `0403` means `403`); each thread once. The earlier DMC-only entries `{ dmc_code, skeins }` are still accepted.',
  });

/** Whole JSON body limit: every thread of every brand, sent back with its name and generous spacing, is about 150 KB. */
export const OWNED_THREADS_BODY_LIMIT = 256 * 1024;

/** 413 past OWNED_THREADS_BODY_LIMIT (the shared description speaks of 10 MB uploads). */
export const ownedThreadsTooLargeResponse = {
  description: 'The body is larger than 256 KB.',
  content: { 'application/problem+json': { schema: problemSchema } },
};

export type OwnedThread = z.infer<typeof ownedThreadSchema>;
export type OwnedThreadListBody = z.output<typeof ownedThreadListBody>;
