import { z } from 'zod';
import { integerField } from './fields.js';
import { patternDocumentSchema } from './patterns.js';
import { problemSchema } from './problem.js';
import { projectIdParams } from './projects.js';

/** One saved state of a project's chart. */
export const patternVersionSchema = z
  .object({
    version: z.number().int().min(1),
    created_at: z.string().meta({ description: 'ISO 8601: when it was generated or saved.' }),
    stitches: z.number().int().min(0),
    threads: z.number().int().min(0),
    is_original: z.boolean().meta({ description: 'Version 1: the chart as generated (or imported); always kept.' }),
    is_current: z.boolean().meta({ description: 'The chart the project shows now.' }),
  })
  .meta({ id: 'PatternVersion' });

export const patternVersionListSchema = z
  .object({
    current_version: z.number().int().min(1),
    versions: z.array(patternVersionSchema).meta({ description: 'Newest first: the original and the last 20 saves are kept.' }),
  })
  .meta({ id: 'PatternVersionList' });

/** The answer to a save: the new version, its counts and the project's new chart and document. */
export const savedPatternSchema = z
  .object({
    version: z.number().int().min(2).meta({ description: 'The new current version; its ETag is `"v<version>"`.' }),
    saved_at: z.string().meta({ description: 'ISO 8601.' }),
    stitches: z.number().int().min(0),
    threads: z.number().int().min(0),
    stitch_plan_url: z.string().meta({ description: 'The re-rendered chart PNG.' }),
    pattern_url: z.string().meta({ description: 'The saved pattern document (PatternDocument) as JSON.' }),
  })
  .meta({ id: 'SavedPattern' });

export const patternVersionParams = projectIdParams.extend({
  version: integerField('version', 1, 2_000_000_000),
});

// The ETag each answer carries is told in its description: the zod transform of the OpenAPI document keeps no response headers.

/** The current pattern document, with its version as ETag. */
export const currentPatternResponse = {
  description: 'The current pattern document. Its `ETag` header names its version, such as `"v3"`: send it back as If-Match to save.',
  content: { 'application/json': { schema: patternDocumentSchema } },
};

/** One version's pattern document. */
export const versionPatternResponse = {
  description: "The version's pattern document.",
  content: { 'application/json': { schema: patternDocumentSchema } },
};

export const savedPatternResponse = {
  description: 'Saved as the new current version; the `ETag` header names it, for the next save.',
  content: { 'application/json': { schema: savedPatternSchema } },
};

/** 412 with the current ETag, so that the client can reload what was saved meanwhile. */
export const versionConflictResponse = {
  description: 'The chart was changed elsewhere since it was read (`code` version_conflict); the `ETag` header names the current version.',
  content: { 'application/problem+json': { schema: problemSchema } },
};

/** If-Match, documented; a missing one is 428, before the body is read. */
export const saveHeaders = z.object({
  'if-match': z
    .string()
    .max(1000)
    .optional()
    .meta({ description: 'The ETag of the version that was edited (from GET …/pattern), such as `"v3"`. Required: without it 428.' }),
});

export type PatternVersionView = z.infer<typeof patternVersionSchema>;
export type PatternVersionList = z.infer<typeof patternVersionListSchema>;
export type SavedPattern = z.infer<typeof savedPatternSchema>;

/** The strong ETag of a chart version. */
export function versionEtag(version: number): string {
  return `"v${version}"`;
}

/**
 * The versions an If-Match (or If-None-Match) header names: `"v3"`, or a list such as `"v3", "v4"`.
 * Weak or foreign tags name none (If-Match compares strongly); `*` is reported apart.
 */
export function versionsInHeader(header: string): { any: boolean; versions: number[] } {
  const tags = header.split(',').map((tag) => tag.trim());
  const versions = tags.flatMap((tag) => {
    const match = /^"v([1-9]\d{0,9})"$/.exec(tag);
    return match ? [Number(match[1])] : [];
  });
  return { any: tags.includes('*'), versions };
}
