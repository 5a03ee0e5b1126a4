import { parsePatternDocument, PatternFormatError, type Pattern, type PatternDocument } from '@stitchwise/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, fetchWithTimeout, LONG_TIMEOUT_MS, statusOf, unwrap } from './client';
import type { components } from './openapi.gen';
import { queryKeys } from './query-keys';
import type { Problem } from './schemas';

export type SavedPattern = components['schemas']['SavedPattern'];
export type PatternVersion = components['schemas']['PatternVersion'];
export type PatternVersionList = components['schemas']['PatternVersionList'];

/** A 500 × 500 chart is about 1.5 MB of JSON, each way. */
const DOCUMENT_TIMEOUT_MS = 60_000;

/** The project's chart as the server holds it now, and the ETag that names its version (`"v3"`). */
export interface CurrentPattern {
  pattern: Pattern;
  etag: string;
}

/** The version an ETag names: `"v3"` → 3; undefined for anything else. */
export function versionOfEtag(etag: string): number | undefined {
  const match = /^"v(\d+)"$/.exec(etag.trim());
  return match ? Number(match[1]) : undefined;
}

/** The save was refused with 412: the chart was saved elsewhere since it was read; `currentEtag` names the newer version. */
export class VersionConflict extends ApiError {
  constructor(
    problem: Partial<Problem> | undefined,
    readonly currentEtag: string | undefined,
  ) {
    super(412, problem);
  }
}

/** A document answer read as text and checked by the core, so the editor gets a Pattern or an error. */
function patternOf(result: { data?: string; error?: unknown; response: Response }): Pattern {
  return parsePatternDocument(unwrap(result));
}

/** Tried again (twice) only when trying again can help: not for a refusal (4xx but 429) nor a broken document. */
function retryable(count: number, error: unknown): boolean {
  const status = statusOf(error);
  if (error instanceof PatternFormatError || (status !== undefined && status < 500 && status !== 429)) return false;
  return count < 2;
}

/**
 * The project's current chart with its ETag, for the editor. Read afresh whenever the editor opens
 * (nothing cached once it closes), and never refetched under an open editor by focus or reconnection:
 * only the editor's own "load the newer chart" refetches it.
 */
export function useCurrentPattern(projectId: string | undefined, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.projectPattern.current(projectId ?? ''),
    enabled: enabled && !!projectId,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // Asked even while the browser is offline (a service worker may have it kept); tried again once online.
    networkMode: 'offlineFirst',
    retry: retryable,
    queryFn: async ({ signal }): Promise<CurrentPattern> => {
      const result = await api.GET('/api/stitch/projects/{id}/pattern', {
        params: { path: { id: projectId! } },
        parseAs: 'text',
        signal,
        fetch: fetchWithTimeout(DOCUMENT_TIMEOUT_MS),
      });
      const pattern = patternOf(result);
      const etag = result.response.headers.get('etag');
      if (!etag) throw new Error("The server did not say which version of the chart this is, so it can't be saved safely.");
      return { pattern, etag };
    },
  });
}

/**
 * Saves an edited chart over the version it was read as (`If-Match`): the new version and its ETag, or a
 * VersionConflict when it was saved elsewhere meanwhile. The project list and detail then show the edit.
 */
export function useSavePattern(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Sent when asked, online or not: the editor decides when (offline it keeps the edit to save later), and
    // an unanswered save fails rather than waiting, paused, with the ETag it was given.
    networkMode: 'always',
    mutationFn: async ({ document, etag }: { document: PatternDocument; etag: string }): Promise<{ saved: SavedPattern; etag: string }> => {
      const result = await api.PUT('/api/stitch/projects/{id}/pattern', {
        params: { path: { id: projectId }, header: { 'if-match': etag } },
        body: document,
        fetch: fetchWithTimeout(LONG_TIMEOUT_MS),
      });
      if (result.response.status === 412) {
        throw new VersionConflict(result.error, result.response.headers.get('etag') ?? undefined);
      }
      const saved = unwrap(result);
      return { saved, etag: result.response.headers.get('etag') ?? `"v${saved.version}"` };
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectPattern.versions(projectId) });
      // The open editor keeps its chart; the next one to open reads the saved version.
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectPattern.current(projectId), refetchType: 'none' });
    },
  });
}

/** The kept versions of the project's chart, newest first. */
export function usePatternVersions(projectId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.projectPattern.versions(projectId),
    enabled,
    retry: retryable,
    queryFn: async () => unwrap(await api.GET('/api/stitch/projects/{id}/pattern/versions', { params: { path: { id: projectId } } })),
  });
}

/** Reads one version's chart (a version never changes, so it is read once). */
export function useReadPatternVersion(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number): Promise<Pattern> =>
      queryClient.query({
        queryKey: queryKeys.projectPattern.version(projectId, version),
        staleTime: 'static',
        queryFn: async ({ signal }) =>
          patternOf(
            await api.GET('/api/stitch/projects/{id}/pattern/versions/{version}', {
              params: { path: { id: projectId, version } },
              parseAs: 'text',
              signal,
              fetch: fetchWithTimeout(DOCUMENT_TIMEOUT_MS),
            }),
          ),
      }),
  });
}
