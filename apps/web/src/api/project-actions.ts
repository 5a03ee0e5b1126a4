import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from './client';
import { queryKeys } from './query-keys';
import type { ThreadBrand } from '../lib/thread-brands';
import type { ChartConversion, Project } from './schemas';

/**
 * After a change, every project query is stale and is read again when next shown (the list on return
 * to it); nothing is fetched now. The server's answer is put in the cache after this, as fresh data.
 */
const STALE_ONLY = { queryKey: queryKeys.projects.all, refetchType: 'none' } as const;

/** What the project page can change: its name and its description (empty clears it). */
export interface ProjectChanges {
  name?: string;
  description?: string;
}

/** Renames a project or changes its description; the page and the list then show the answer. */
export function useUpdateProject(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: ProjectChanges): Promise<Project> =>
      unwrap(await api.PATCH('/api/stitch/projects/{id}', { params: { path: { id } }, body: changes })),
    onSuccess: (project) => {
      void queryClient.invalidateQueries(STALE_ONLY);
      queryClient.setQueryData(queryKeys.projects.detail(id), project);
    },
  });
}

/** Copies a project with its current chart; answers the new project. */
export function useDuplicateProject(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<Project> => unwrap(await api.POST('/api/stitch/projects/{id}/duplicate', { params: { path: { id } } })),
    onSuccess: (copy) => {
      void queryClient.invalidateQueries(STALE_ONLY);
      queryClient.setQueryData(queryKeys.projects.detail(copy.id), copy);
    },
  });
}

/** Copies a project with its chart in another brand (nearest threads by ΔE00); answers the copy and every mapping. */
export function useConvertChart(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (to: ThreadBrand): Promise<ChartConversion> =>
      unwrap(await api.POST('/api/stitch/projects/{id}/convert', { params: { path: { id } }, body: { to } })),
    onSuccess: ({ project }) => {
      void queryClient.invalidateQueries(STALE_ONLY);
      queryClient.setQueryData(queryKeys.projects.detail(project.id), project);
    },
  });
}

/** Deletes a project and its files. */
export function useDeleteProject(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<void> => {
      unwrap(await api.DELETE('/api/stitch/projects/{id}', { params: { path: { id } } }));
    },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.projects.detail(id) });
      void queryClient.invalidateQueries(STALE_ONLY);
    },
  });
}
