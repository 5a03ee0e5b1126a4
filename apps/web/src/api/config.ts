import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from './client';
import { queryKeys } from './query-keys';

/** The server's settings for this app (sign-in, idea source); read once per page load. */
export function useServerConfig() {
  return useQuery({ queryKey: queryKeys.config, queryFn: async () => unwrap(await api.GET('/api/config')), staleTime: Infinity });
}
