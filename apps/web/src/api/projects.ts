import { useQuery } from '@tanstack/react-query';
import { api, isOfflineAnswer, OFFLINE_MESSAGE, statusOf, unwrap } from './client';
import { queryKeys } from './query-keys';

/** What the projects list asks for: the first 100, newest first. */
export const PROJECTS_LIST_QUERY = { limit: 100 } as const;

/** The signed-in user's projects (the first 100, newest first). */
export function useProjects({ enabled }: { enabled: boolean }) {
  const filters = PROJECTS_LIST_QUERY;
  return useQuery({
    queryKey: queryKeys.projects.list(filters),
    enabled,
    queryFn: async () => unwrap(await api.GET('/api/stitch/projects', { params: { query: filters } })),
  });
}

/** How much of their storage quota the user's projects and uploads take, in bytes. */
export function useStorageUsage({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.projects.storage,
    enabled,
    queryFn: async () => unwrap(await api.GET('/api/stitch/storage')),
  });
}

export function useProject(id: string | undefined, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.projects.detail(id ?? ''),
    enabled: enabled && !!id,
    // A missing project stays missing, and a refused token stays refused: no retries for those.
    retry: (count, error) => statusOf(error) !== 404 && statusOf(error) !== 401 && count < 2,
    queryFn: async () => unwrap(await api.GET('/api/stitch/projects/{id}', { params: { path: { id: id! } } })),
  });
}

/** What to say when a project could not be loaded. */
export function projectErrorMessage(error: unknown): string {
  const status = statusOf(error);
  if (isOfflineAnswer(error)) return OFFLINE_MESSAGE;
  if (status === 404) return 'Project not found';
  if (status === 401) return 'Authentication required. Please log in.';
  return 'Failed to load project';
}
