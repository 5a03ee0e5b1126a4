import type { PatternDocument, ThreadBrand } from '@stitchwise/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, asForm, fetchWithTimeout, LONG_TIMEOUT_MS, unwrap } from './client';
import type { components } from './openapi.gen';
import { queryKeys } from './query-keys';

export type ImportedProject = components['schemas']['ImportedProject'];
export type ImportReport = components['schemas']['ImportReport'];
export type ThreadMapping = components['schemas']['ThreadMapping'];

/** What the import takes: a chart file (OXS or our pattern JSON) and, optionally, the new project's name. */
export interface ChartImport {
  file: Blob;
  name?: string;
  /** The brand colours become when the file names no thread the catalogues have (DMC by default). */
  brand?: ThreadBrand;
}

/** Creates a project from a chart file; the projects list then shows it. Files go up to 32 MB, hence the long timeout. */
export function useImportChart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, name, brand }: ChartImport): Promise<ImportedProject> =>
      unwrap(
        await api.POST('/api/stitch/projects/import', {
          body: { file, name: name?.trim() || undefined, brand },
          bodySerializer: asForm,
          fetch: fetchWithTimeout(LONG_TIMEOUT_MS),
        }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.projects.all }),
  });
}

/** A pattern document as a file the import reads (our own pattern JSON), to make a project of an edited chart. */
export function patternDocumentFile(document: PatternDocument, name: string): File {
  return new File([JSON.stringify(document)], `${name.replace(/[^\w-]+/g, '-').slice(0, 60) || 'pattern'}.json`, { type: 'application/json' });
}
