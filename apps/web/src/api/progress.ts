import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { api, statusOf, unwrap } from './client';
import { browserStorage } from './progress-store';
import { ProgressSync, type ProgressTransport } from './progress-sync';
import { queryKeys } from './query-keys';

export type { ProgressState, ServerProgress, SyncStatus } from './progress-sync';

/** PUT …/progress: one chart version's done bits; `keepalive` lets it finish after the page is gone. */
export function progressTransport(projectId: string): ProgressTransport {
  return {
    put: async (body, { keepalive }) => unwrap(await api.PUT('/api/stitch/projects/{id}/progress', { params: { path: { id: projectId } }, body, keepalive })),
  };
}

/**
 * The project's progress as the server has it now. Read afresh each time stitching opens (nothing cached
 * after), and not refetched underneath it: the sync engine holds the marks from then on.
 */
export function useProgress(projectId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.progress(projectId),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: (count, error) => statusOf(error) !== 404 && statusOf(error) !== 401 && count < 2,
    queryFn: async () => unwrap(await api.GET('/api/stitch/projects/{id}/progress', { params: { path: { id: projectId } } })),
  });
}

/**
 * Stitching progress with its sync engine (progress-sync.ts): the state to draw (bits, sync status, unsent
 * marks), the engine to mark with, and the first read. Each save marks the projects stale, so the list
 * shows the new progress when next opened; a newer chart version (an edit elsewhere) reloads the project.
 */
export function useStitchingProgress(projectId: string) {
  const queryClient = useQueryClient();
  const query = useProgress(projectId, { enabled: true });
  const [sync] = useState(
    () =>
      new ProgressSync(projectId, progressTransport(projectId), {
        storage: browserStorage(),
        onSaved: () => void queryClient.invalidateQueries({ queryKey: queryKeys.projects.all, refetchType: 'none' }),
        onNewVersion: () => void queryClient.invalidateQueries({ queryKey: queryKeys.projects.detail(projectId) }),
        onStale: () => {
          void queryClient.invalidateQueries({ queryKey: queryKeys.projects.detail(projectId) });
          void queryClient.refetchQueries({ queryKey: queryKeys.progress(projectId) });
        },
      }),
  );
  useEffect(() => {
    if (query.data) sync.load(query.data);
  }, [sync, query.data]);
  useEffect(() => sync.attach(window), [sync]);
  const state = useSyncExternalStore(sync.subscribe, sync.getState);
  return { state, sync, query };
}
