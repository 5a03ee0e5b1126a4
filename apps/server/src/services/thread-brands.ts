import { BRANDS, isThreadBrand, nearestThreads, THREAD_BRANDS, threadsOf, type ThreadBrand } from '@stitchwise/core';
import type { z } from 'zod';
import { CONVERSION_NOTE, type Conversion, type convertQuery, type ThreadBrandView } from '../contract/thread-brands.js';
import { HttpProblem } from '../http/problem.js';
import { brandThreadOrNotFound, toBrandThread, toBrandThreadMatch } from './shared/threads.js';

/** Every brand with its thread count and the credit its colour table asks for. */
export function listBrands(): { brands: ThreadBrandView[] } {
  return {
    brands: THREAD_BRANDS.map((id) => {
      const { name, source, licence } = BRANDS[id];
      return { id, name, thread_count: threadsOf(id).length, source, licence };
    }),
  };
}

/** A brand named in a path or query (case and surrounding space aside), or 404 naming it and the brands there are. */
export function brandOf(text: string): ThreadBrand {
  const id = text.trim().toLowerCase();
  if (isThreadBrand(id)) return id;
  throw HttpProblem.notFound(`There is no thread brand "${text}". Brands: ${THREAD_BRANDS.join(', ')}.`);
}

/**
 * The threads of brand `to` nearest in colour (ΔE00) to one thread of brand `from`. They are screen
 * colours of two makers' tables, so the answer says so (`note`): nearest colours, never equivalents.
 */
export function convertThread(query: z.output<typeof convertQuery>): Conversion {
  const from = brandOf(query.from);
  const to = brandOf(query.to);
  const thread = brandThreadOrNotFound(from, query.code);
  if (to === from) {
    const message = `to must be another brand than from (${from}): within one brand, use /api/threads/${from}/closest/{color}`;
    throw HttpProblem.badRequest(`${message}.`, [{ field: 'to', message }]);
  }
  return {
    from: toBrandThread(thread),
    to,
    note: CONVERSION_NOTE,
    matches: nearestThreads(thread.lab, query.count, threadsOf(to)).map(toBrandThreadMatch),
  };
}
