import { useQuery } from '@tanstack/react-query';
import { api, asForm, fetchWithTimeout, LONG_TIMEOUT_MS, unwrap } from './client';
import { imageFields, type ImageSource } from './colors';
import { retryServerTrouble, storedImageBlob } from './image-copy';
import { queryKeys } from './query-keys';

/**
 * The picture with its background removed by the server (`POST /api/images/remove-background`,
 * the model generation uses), as a PNG whose background is transparent. Keyed by `identity`, the
 * caller's name for this very picture, so each picture is cut out once and kept while the page lives.
 * The first removal loads the model, hence the long timeout.
 */
export function useBackgroundCutout(image: ImageSource | undefined, identity: string | undefined) {
  return useQuery({
    queryKey: queryKeys.images.cutout(identity),
    enabled: image !== undefined && identity !== undefined,
    staleTime: Infinity,
    retry: retryServerTrouble,
    queryFn: async () => {
      if (!image) throw new Error('No picture to cut out.'); // not reached: the query is disabled without one
      const answer = await api.POST('/api/images/remove-background', {
        body: imageFields(image),
        bodySerializer: asForm,
        fetch: fetchWithTimeout(LONG_TIMEOUT_MS),
      });
      return storedImageBlob(unwrap(answer));
    },
  });
}
