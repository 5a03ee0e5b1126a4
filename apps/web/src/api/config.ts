import { useQuery } from '@tanstack/react-query';
import { API_BASE_URL } from './access-token';
import { APP_CACHE, CONFIG_PATH } from '../offline/offline-caches';
import { queryKeys } from './query-keys';
import type { AppConfig } from './schemas';

const CONFIG_TIMEOUT_MS = 30_000;

/**
 * The server's settings for this app (sign-in, idea source); read once per page load, with plain fetch:
 * the app's first download does without the API client (index.html preloads this address).
 */
export function useServerConfig() {
  return useQuery({
    queryKey: queryKeys.config,
    queryFn: async (): Promise<AppConfig> => {
      const address = `${API_BASE_URL}${CONFIG_PATH}`;
      const response = await fetch(address, { signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS) }).catch(async (error: unknown) => {
        // Offline: the settings the service worker kept, read here too in case it is not answering this page yet.
        const kept = typeof caches === 'undefined' ? undefined : await caches.match(address, { cacheName: APP_CACHE, ignoreVary: true });
        if (!kept) throw error;
        return kept;
      });
      if (!response.ok) throw new Error(`The server answered ${response.status}`);
      return (await response.json()) as AppConfig;
    },
    staleTime: Infinity,
  });
}
