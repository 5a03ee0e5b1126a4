import { toGenerationFields, toPatternDocument, type GenerationSettings, type Pattern } from '@stitchwise/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, API_BASE_URL, asForm, fetchWithTimeout, LONG_TIMEOUT_MS, unwrap } from './client';
import { sendGeneration, type SendOptions } from './generation';
import { imageFields, type ImageSource } from './colors';
import { queryKeys } from './query-keys';
import type { operations } from './openapi.gen';
import type { StitchPlan } from './schemas';

/** The wizard's settings: the generation's (one vocabulary with the server's) and the project's name. */
export type PatternSettings = GenerationSettings & { projectName: string };

/** A generation to send, followed through `onProgress` and stopped (on the server too) by `signal`. */
export interface GenerationRequest extends Omit<SendOptions, 'timeoutMs'> {
  source: ImageSource;
  settings: PatternSettings;
}

/**
 * Generates a chart, reporting the upload and the server's stages: saved as a project when signed in
 * (the project list is then refreshed), kept a day for visitors.
 */
export function useGeneratePattern({ signedIn }: { signedIn: boolean }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ source, settings, onProgress, signal }: GenerationRequest): Promise<StitchPlan> => {
      // The one renaming of the settings: to the API's names.
      const body = { ...imageFields(source), ...toGenerationFields(settings) };
      const following = { onProgress, signal, timeoutMs: LONG_TIMEOUT_MS };
      return signedIn
        ? sendGeneration(`${API_BASE_URL}/api/stitch/generate`, asForm({ ...body, project_name: settings.projectName.trim() }), following)
        : sendGeneration(`${API_BASE_URL}/api/stitch/generate/anonymous`, asForm(body), following);
    },
    onSuccess: () => {
      if (signedIn) void queryClient.invalidateQueries({ queryKey: queryKeys.projects.all });
    },
  });
}

/**
 * Whose pattern to export: a signed-in user's project, a visitor's pattern by its file name (with the
 * project name the visitor gave, which titles the PDF), or a chart being edited (sent whole to the
 * stateless export; its JSON is written here).
 */
export type ExportSource = { projectId: string } | { patternId: string; name?: string | undefined } | { edited: () => Pattern; name: string };
type StoredExportQuery = Required<NonNullable<operations['exportPattern']['parameters']['query']>>;
/** The export's settings, as the contract names them; `png` (the chart image) only for edited charts. */
export type ExportOptions = Omit<StoredExportQuery, 'format' | 'name'> & { format: StoredExportQuery['format'] | 'png' };

/** The export as a file to save: its bytes and the name the server gave it. */
export function useExportPattern(source: ExportSource) {
  return useMutation({
    mutationFn: async ({ format, ...options }: ExportOptions): Promise<{ blob: Blob; filename: string }> => {
      const asFile = { parseAs: 'blob', fetch: fetchWithTimeout(LONG_TIMEOUT_MS) } as const;
      let result;
      if ('edited' in source) {
        const document = toPatternDocument(source.edited());
        if (format === 'json') return { blob: new Blob([JSON.stringify(document)], { type: 'application/json' }), filename: `${fileSlug(source.name)}.json` };
        const query = { ...options, format, name: source.name };
        result = await api.POST('/api/stitch/patterns/export', { ...asFile, params: { query }, body: document });
      } else {
        if (format === 'png') throw new Error('A stored chart image is its stitch_plan_url, not an export');
        const query = { ...options, format };
        result =
          'projectId' in source
            ? await api.GET('/api/stitch/projects/{id}/export', { ...asFile, params: { path: { id: source.projectId }, query } })
            : await api.GET('/api/stitch/patterns/{patternId}/export', {
                ...asFile,
                params: { path: { patternId: source.patternId }, query: source.name?.trim() ? { ...query, name: source.name.trim() } : query },
              });
      }
      const blob: Blob = unwrap(result);
      const filename = /filename="([^"]+)"/.exec(result.response.headers.get('content-disposition') ?? '')?.[1] ?? `pattern.${format}`;
      return { blob, filename };
    },
  });
}

/** A file name from a chart's name, as the server makes them. */
const fileSlug = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .toLowerCase()
    .slice(0, 60) || 'pattern';
