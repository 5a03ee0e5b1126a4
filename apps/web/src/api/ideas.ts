import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, fetchWithTimeout, LONG_TIMEOUT_MS, unwrap } from './client';
import { queryKeys } from './query-keys';
import type { Credits } from './schemas';

export function useCreativeCredits({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.credits,
    enabled,
    queryFn: async () => {
      try {
        return unwrap(await api.GET('/api/stitch/creative-credits'));
      } catch (error) {
        console.warn('Failed to load creative credits', error);
        throw error;
      }
    },
  });
}

/**
 * Turns a prompt into a picture, fetched as a File to use as if it had been uploaded; the credits shown
 * follow the answer, or are re-read after a failure.
 */
export function useCreateIdea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (prompt: string) => {
      const idea = unwrap(await api.POST('/api/stitch/creative-ideas', { body: { prompt }, fetch: fetchWithTimeout(LONG_TIMEOUT_MS) }));
      return { ...idea, picture: await fetchIdeaPicture(idea.image_url) };
    },
    onSuccess: (idea) => queryClient.setQueryData<Credits>(queryKeys.credits, (old) => (old ? { ...old, remaining: idea.credits } : old)),
    onError: () => void queryClient.invalidateQueries({ queryKey: queryKeys.credits }),
  });
}

/** An idea picture: a stored file on this server. */
export async function fetchIdeaPicture(imageUrl: string): Promise<File> {
  const response = await fetch(imageUrl);
  if (!response.ok) throw new Error(`The idea picture could not be fetched (${response.status})`);
  const blob = await response.blob();
  return new File([blob], 'idea.png', { type: blob.type || 'image/png' });
}
