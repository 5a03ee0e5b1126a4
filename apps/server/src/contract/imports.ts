import { MAX_BACKSTITCHES, MAX_KNOTS, PATTERN_LIMITS, type NotImported, type ThreadMapping as CoreThreadMapping } from '@stitchwise/core';
import { z } from 'zod';
import { multipartForm } from './multipart-form.js';
import { brandField, megabytes, textField } from './fields.js';
import { problemSchema } from './problem.js';
import { brandIdSchema } from './thread-brands.js';
import { projectSchema } from './projects.js';
import type { SameShape } from './same-shape.js';

/** Largest chart file: a 500 × 500 OXS chart with part stitches and backstitches stays well under it. */
export const MAX_CHART_FILE_BYTES = 32 * 1024 * 1024;

export const CHART_FORMATS = ['oxs', 'json'] as const;

/** What a chart file may be, as the description of the form's file field and of the refusal of anything else. */
export const ACCEPTED_CHART_FILES =
  'an OXS chart (.oxs, Open Cross Stitch XML, from KG-Chart, WinStitch, MacStitch, FlossCross and others) or a Stitchwise pattern (.json)';

export const importChartForm = multipartForm({
  file: z
    .file()
    .max(MAX_CHART_FILE_BYTES)
    .meta({
      description: `The chart: ${ACCEPTED_CHART_FILES}; at most ${megabytes(MAX_CHART_FILE_BYTES)}. The format is read from the content, not the name.`,
    }),
  name: textField('name')
    .trim()
    .max(100, { error: 'name must be at most 100 characters' })
    .optional()
    .meta({ description: "The project's name; by default the chart's title, else the file's name." }),
  brand: brandField('brand').default('dmc').meta({
    default: 'dmc',
    description:
      "The brand a colour becomes when the file names no DMC, Anchor or Madeira thread the catalogue has (another maker's, or an unknown code): the nearest of that brand's threads. DMC by default.",
  }),
});

/** One colour of the file and the thread it became; the core's `ThreadMapping` on the wire. */
export const threadMappingSchema = z
  .object({
    source: z.string().meta({ description: 'The thread as the file names it.', example: 'Anchor 403' }),
    brand: brandIdSchema,
    code: z.string().meta({ example: '403' }),
    name: z.string().meta({ example: 'Black' }),
    delta_e: z.number().min(0).meta({ description: "ΔE00 from the file's colour to the thread's; 0 when matched by its brand and code." }),
    matched_by: z.enum(['code', 'colour']).meta({
      description: 'code: the file names this DMC, Anchor or Madeira thread; colour: the nearest thread of the chosen brand to its colour.',
    }),
  })
  .meta({ id: 'ThreadMapping' });

/** Stitches the file has that charts here do not have yet; the core's `NotImported` on the wire. */
export const notImportedSchema = z
  .object({
    full_stitches: z.number().int().min(0).meta({
      description: 'Full stitches in a cell that a later full stitch of another colour (or the cloth) in the same cell replaced: the last one listed is kept.',
    }),
    part_stitches: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'Half, quarter and three-quarter stitches that did not fit (outside the chart, on a full stitch, overlapping, past the limit).' }),
    backstitches: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'Backstitch lines that did not fit, repeated lines, lines past the limits, and other line types.' }),
    knots: z.number().int().min(0).meta({ description: 'French knots that did not fit, repeated or past the limit.' }),
    other: z.number().int().min(0).meta({ description: 'Beads, buttons and other ornaments.' }),
  })
  .meta({ id: 'NotImported', description: 'What the file has that the chart could not take, counted.' });

const _proofs: [SameShape<z.infer<typeof threadMappingSchema>, CoreThreadMapping>, SameShape<z.infer<typeof notImportedSchema>, NotImported>] = [true, true];

export const importReportSchema = z
  .object({
    format: z.enum(CHART_FORMATS),
    title: z.string().nullable().meta({ description: "The file's own title, if it has one." }),
    width: z.number().int().min(1).meta({ description: 'Stitches across.' }),
    height: z.number().int().min(1).meta({ description: 'Stitches down.' }),
    threads: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'Threads in the legend, after matching (threads used only for backstitch, part stitches or knots included).' }),
    stitches: z.number().int().min(0).meta({ description: 'Full stitches imported.' }),
    marks: z
      .object({ part_stitches: z.number().int().min(0), backstitches: z.number().int().min(0), knots: z.number().int().min(0) })
      .meta({ description: 'Part stitches, backstitch lines and French knots imported.' }),
    thread_mappings: z
      .array(threadMappingSchema)
      .meta({ description: 'Each colour of the file that has stitches and its thread (empty for a Stitchwise pattern, whose threads are named already).' }),
    not_imported: notImportedSchema,
  })
  .meta({ id: 'ImportReport' });

export const importedProjectSchema = projectSchema
  .extend({ import_report: importReportSchema })
  .meta({ id: 'ImportedProject', description: 'The new project, as GET /api/stitch/projects/{id} shows it, and what the import did.' });

export const IMPORT_DESCRIPTION =
  `Multipart: \`file\` (${ACCEPTED_CHART_FILES}; at most ${megabytes(MAX_CHART_FILE_BYTES)}) and optionally \`name\`. ` +
  `Full stitches are imported, up to ${PATTERN_LIMITS.maxSide} × ${PATTERN_LIMITS.maxSide} stitches and ${PATTERN_LIMITS.maxThreads} threads. ` +
  "Every colour becomes a thread: a DMC, Anchor or Madeira thread the file names stays itself; another maker's or an unknown code becomes the nearest thread of `brand` (DMC by default) by ΔE00; colours that become the same thread share one. " +
  'Part stitches, backstitches and French knots are imported too, within limits that grow with the chart (a French knot and two backstitch lines per corner of its stitches, ' +
  `but at most ${MAX_KNOTS.toLocaleString('en')} knots and ${MAX_BACKSTITCHES.toLocaleString('en')} lines); ` +
  'those that do not fit the chart or are past a limit, full stitches replaced by a later one in the same cell (the last is kept), and beads and other ornaments are counted in `import_report.not_imported`. ' +
  'UTF-8 and UTF-16 text are read. A file that is not a chart, has no stitch, is broken or hostile (a DOCTYPE or entities, sizes or coordinates out of range, unknown palette entries, too many threads) is 400 `invalid_chart_file` with a sentence saying why; nothing is stored.';

/** 413 for a file over MAX_CHART_FILE_BYTES (the shared description speaks of 10 MB uploads). */
export const chartTooLargeResponse = {
  description: `The file is larger than ${megabytes(MAX_CHART_FILE_BYTES)}.`,
  content: { 'application/problem+json': { schema: problemSchema } },
};

export type ImportReport = z.infer<typeof importReportSchema>;
export type ImportedProject = z.infer<typeof importedProjectSchema>;
export type ChartFormat = (typeof CHART_FORMATS)[number];
