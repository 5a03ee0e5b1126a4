import { useQuery } from '@tanstack/react-query';
import { API_BASE_URL } from './access-token';
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
      const response = await fetch(`${API_BASE_URL}/api/config`, { signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`The server answered ${response.status}`);
      return (await response.json()) as AppConfig;
    },
    staleTime: Infinity,
  });
}
