import { useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { api, statusOf, unwrap } from './client';
import { browserStorage } from '../lib/progress-store';
import { ProgressSync, type ProgressTransport } from '../lib/progress-sync';
import { queryKeys } from './query-keys';
import type { Project } from './schemas';

export type { ProgressState, ServerProgress, SyncStatus } from '../lib/progress-sync';

/** PUT …/progress: one chart version's done bits; `keepalive` lets it finish after the page is gone. */
export function progressTransport(projectId: string): ProgressTransport {
  return {
    put: async (body, { keepalive }) => unwrap(await api.PUT('/api/stitch/projects/{id}/progress', { params: { path: { id: projectId } }, body, keepalive })),
  };
}

/**
 * The project's progress as the server has it now, read for one chart shown (`chart` names it) by one
 * component: read afresh for each chart and each page that shows it (nothing cached after: the project page
 * and Stitching mode, opened one from the other, each read it), and not refetched underneath it: the sync
 * engine holds the marks from then on. It waits while the project is being read, whose `pattern_url` names
 * the chart: so it is read after the chart it is paired with, and its version is that chart's (unless a
 * save came in between).
 */
export function useProgress(projectId: string, chart: number) {
  const readingProject = useIsFetching({ queryKey: queryKeys.projects.detail(projectId) }) > 0;
  const reader = useId();
  return useQuery({
    queryKey: [...queryKeys.progress(projectId), chart, reader],
    enabled: !readingProject,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: (count, error) => statusOf(error) !== 404 && statusOf(error) !== 401 && count < 2,
    queryFn: async () => unwrap(await api.GET('/api/stitch/projects/{id}/progress', { params: { path: { id: projectId } } })),
  });
}

/**
 * Stitching progress with its sync engine (lib/progress-sync.ts): the state to draw (bits, sync status, unsent
 * marks), the engine to mark with, the read, and `chartVersion`, the version of the chart shown (`chart`, a
 * number naming the pattern shown): that of the first progress read for it. Marks are only for that version:
 * when the engine moves on to a newer one (an answer showed an edit elsewhere), the project, and with it the
 * chart, is read again, and the new chart's progress after it. Each save puts the new progress in the project
 * and marks the projects stale, so the list shows it when next opened.
 */
export function useStitchingProgress(projectId: string, chart: number) {
  const queryClient = useQueryClient();
  const query = useProgress(projectId, chart);
  const [sync] = useState(
    () =>
      new ProgressSync(projectId, progressTransport(projectId), {
        storage: browserStorage(),
        onSaved: (answer) => {
          // The project's page (where Done stitching leads) shows the saved progress at once; the list when next opened.
          queryClient.setQueryData<Project>(
            queryKeys.projects.detail(projectId),
            (project) => project && { ...project, progress: { done: answer.done_count, total: answer.total } },
          );
          void queryClient.invalidateQueries({ queryKey: queryKeys.projects.all, refetchType: 'none' });
        },
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
  // Only the first read for a chart names its version: a later one (after a refused version) may be newer than the chart.
  const [shown, setShown] = useState<{ chart: number; version: number }>();
  if (query.data && shown?.chart !== chart) setShown({ chart, version: query.data.version });
  useEffect(() => sync.attach(window), [sync]);
  const state = useSyncExternalStore(sync.subscribe, sync.getState);
  return { state, sync, query, chartVersion: shown?.chart === chart ? shown.version : undefined };
}
