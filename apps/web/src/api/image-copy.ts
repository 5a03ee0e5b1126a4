import { useQuery } from '@tanstack/react-query';
import { api, ApiError, asForm, fetchWithTimeout, statusOf, unwrap } from './client';
import type { components } from './openapi.gen';
import { queryKeys } from './query-keys';

type StoredImage = components['schemas']['StoredImage'];

/** How long fetching a stored image may take: it is on this server, a few MB at most. */
const STORED_IMAGE_TIMEOUT_MS = 30_000;

/** The bytes of an image the server stored (an upload, a cut-out), from the file URL it answered. */
export async function storedImageBlob(stored: StoredImage): Promise<Blob> {
  const response = await fetchWithTimeout(STORED_IMAGE_TIMEOUT_MS)(new Request(stored.image_url));
  if (!response.ok) throw new ApiError(response.status, undefined);
  return response.blob();
}

/** Refusals (a forbidden or unreachable address, not an image) stay refusals: only server trouble is retried. */
export const retryServerTrouble = (count: number, error: unknown): boolean => (statusOf(error) ?? 500) >= 500 && count < 2;

/**
 * A picture given by its web address, copied through this server (`POST /api/images/upload` with
 * `image_url`, which fetches it as generation will): the browser may not read another site's
 * pixels, but it may read this server's copy. Fetched once per address and kept while the page lives.
 */
export function useServerCopy(url: string | undefined) {
  return useQuery({
    queryKey: queryKeys.images.copy(url),
    enabled: url !== undefined,
    staleTime: Infinity,
    retry: retryServerTrouble,
    queryFn: async () => storedImageBlob(unwrap(await api.POST('/api/images/upload', { body: { image_url: url }, bodySerializer: asForm }))),
  });
}
