import { parsePatternDocument, type Pattern } from '@stitchwise/core';
import { useQuery } from '@tanstack/react-query';
import { fetchWithTimeout } from './client';
import { queryKeys } from './query-keys';

/** How long the pattern document may take; a 500 × 500 chart is about 1.5 MB of JSON. */
const DOCUMENT_TIMEOUT_MS = 60_000;

/**
 * The pattern document beside a chart (`pattern_url`: a same-origin stored file, not an API call),
 * read and checked by the core's `parsePatternDocument`. Stored files never change, so it is never
 * fetched twice.
 */
export function usePatternDocument(url: string | null | undefined) {
  return useQuery({
    queryKey: queryKeys.patternDocument(url ?? ''),
    enabled: !!url,
    staleTime: Infinity,
    queryFn: async ({ signal }): Promise<Pattern | null> => {
      const response = await fetchWithTimeout(DOCUMENT_TIMEOUT_MS)(new Request(url!, { signal }));
      // Null for a missing file (an expired visitor's result): not an error, so it is not asked for again.
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`The chart's pattern could not be loaded (${response.status}).`);
      return parsePatternDocument(await response.text());
    },
  });
}
