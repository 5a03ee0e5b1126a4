import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, asForm, fetchWithTimeout, LONG_TIMEOUT_MS, unwrap } from './client';
import { imageFields, type ImageSource } from './colors';
import { queryKeys } from './query-keys';
import type { operations } from './openapi.gen';
import type { StitchPlan } from './schemas';

/** The wizard's settings, as the generate form's fields take them. */
export interface PatternSettings {
  colors: number;
  cellSize: number;
  useKmeans: boolean;
  maxSide: number;
  showSymbols: boolean;
  removeBackground: boolean;
  mergeDmcColors: boolean;
  projectName: string;
}

const flag = (value: boolean) => (value ? 'true' : 'false');

/** Generates a chart: saved as a project when signed in (the project list is then refreshed), kept a day for visitors. */
export function useGeneratePattern({ signedIn }: { signedIn: boolean }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ source, settings }: { source: ImageSource; settings: PatternSettings }): Promise<StitchPlan> => {
      const body = {
        ...imageFields(source),
        colors: settings.colors,
        cell_size: settings.cellSize,
        max_side: settings.maxSide,
        use_kmeans: flag(settings.useKmeans),
        return_symbols_overlay: flag(settings.showSymbols),
        remove_background: flag(settings.removeBackground),
        merge_dmc_colors: flag(settings.mergeDmcColors),
      } as const;
      const slow = { bodySerializer: asForm, fetch: fetchWithTimeout(LONG_TIMEOUT_MS) };
      return signedIn
        ? unwrap(await api.POST('/api/stitch/generate', { body: { ...body, project_name: settings.projectName.trim() }, ...slow }))
        : unwrap(await api.POST('/api/stitch/generate/anonymous', { body, ...slow }));
    },
    onSuccess: () => {
      if (signedIn) void queryClient.invalidateQueries({ queryKey: queryKeys.projects.all });
    },
  });
}

/** Whose pattern to export: a signed-in user's project, or a visitor's pattern by its file name. */
export type ExportSource = { projectId: string } | { patternId: string };
/** The export's settings, as the contract names them. */
export type ExportOptions = Required<NonNullable<operations['exportPattern']['parameters']['query']>>;

/** The export as a file to save: its bytes and the name the server gave it. */
export function useExportPattern(source: ExportSource) {
  return useMutation({
    mutationFn: async (query: ExportOptions): Promise<{ blob: Blob; filename: string }> => {
      const asFile = { parseAs: 'blob', fetch: fetchWithTimeout(LONG_TIMEOUT_MS) } as const;
      const result =
        'projectId' in source
          ? await api.GET('/api/stitch/projects/{id}/export', { ...asFile, params: { path: { id: source.projectId }, query } })
          : await api.GET('/api/stitch/patterns/{patternId}/export', { ...asFile, params: { path: { patternId: source.patternId }, query } });
      const blob: Blob = unwrap(result);
      const filename = /filename="([^"]+)"/.exec(result.response.headers.get('content-disposition') ?? '')?.[1] ?? `pattern.${query.format}`;
      return { blob, filename };
    },
  });
}
