import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { ThreadBrand } from '../lib/thread-brands';
import { api, statusOf, unwrap } from './client';
import { queryKeys } from './query-keys';
import type { ThreadConversion } from './schemas';

/** Suggestions while typing: the first threads of a brand whose code or name matches. */
export const SUGGESTIONS = 8;

/** The catalogues do not change while the app runs: an answer is kept as long as the page lives. */
const FOREVER = Infinity;

/** A known answer, not worth asking again: 404 (no such code) and 400 (not a code) stay what they are. */
const retryUnlessRefused = (count: number, error: unknown): boolean => (statusOf(error) ?? 500) >= 500 && count < 2;

/** Threads of `brand` matching `query` by code or name, an exact code first; nothing is asked for an empty query. */
export function useThreadSearch(brand: ThreadBrand, query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: queryKeys.threads.search(brand, q),
    enabled: q !== '',
    staleTime: FOREVER,
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
    queryFn: async () => unwrap(await api.GET('/api/threads/{brand}', { params: { path: { brand }, query: { q, limit: SUGGESTIONS } } })).threads,
  });
}

/** One conversion as the page asks for it: a code of `from`, to the nearest threads of `to`. */
export interface ConversionRequest {
  from: ThreadBrand;
  code: string;
  to: ThreadBrand;
}

/** The nearest threads of another brand to each code, one query per code and brand (cached apart, so a longer list asks only for what is new). */
export function useConversions(requests: readonly ConversionRequest[]) {
  return useQueries({
    queries: requests.map(({ from, code, to }) => ({
      queryKey: queryKeys.threads.conversion(from, code, to),
      staleTime: FOREVER,
      retry: retryUnlessRefused,
      queryFn: async (): Promise<ThreadConversion> => unwrap(await api.GET('/api/threads/convert', { params: { query: { from, code, to } } })),
    })),
  });
}
