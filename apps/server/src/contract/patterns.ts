import {
  ADJUSTMENT_RANGES,
  BLENDING_CHOICES,
  CHART_SYMBOLS,
  DITHERING_LEVELS,
  FABRICS,
  NEUTRAL_ADJUSTMENTS,
  PART_KINDS,
  PATTERN_LIMITS,
  type LegendEntry as CoreLegendEntry,
  type PatternDocument as CorePatternDocument,
} from '@stitchwise/core';
import { z } from 'zod';
import { multipartForm } from './multipart-form.js';
import { brandField, decimalFieldOr, flagField, imageFileField, imageUrlField, integerFieldOr, rgbSchema, sizeSchema, textField } from './fields.js';
import { printQueryFields } from './print.js';
import { brandIdSchema } from './thread-brands.js';
import { problemSchema } from './problem.js';
import type { SameShape } from './same-shape.js';

/** What visitors may do without an account (decisions §1.10): anything else needs one. */
export const ANONYMOUS_LIMITS = { maxColors: 10, cellSize: 12, maxSides: [30, 50, 100] } as const;

/** One physical thread of a legend entry; the core's `LegendThread`. */
export const legendThreadSchema = z
  .object({
    brand: brandIdSchema,
    code: z.string().meta({ example: '403' }),
    name: z.string().meta({ example: 'Black' }),
    strands: z.number().int().min(1).meta({ description: 'Strands of this thread in a cross stitch.' }),
    rgb: rgbSchema,
  })
  .meta({ id: 'LegendThread' });

/** One thread of a chart; the core's `LegendEntry` on the wire, field for field. */
export const legendEntrySchema = z
  .object({
    index: z.number().int().min(0).meta({ description: 'Position in the legend; cells refer to it.' }),
    hex: z.string().meta({ example: '#000000' }),
    symbol: z.string().meta({ description: 'The chart symbol of this thread.' }),
    brand: brandIdSchema,
    code: z.string().meta({ description: 'The code as its maker prints it.', example: '403' }),
    name: z.string().meta({ example: 'Black' }),
    threads: z.array(legendThreadSchema).meta({ description: 'What is stitched: one thread for a plain one.' }),
    dmc_code: z
      .string()
      .meta({ description: "A DMC thread's code (a DMC blend's joins its two: `310+413`); empty for a thread of another brand.", example: '310' }),
    dmc_name: z.string().meta({ description: "A DMC thread's name; empty for a thread of another brand.", example: 'Black' }),
    stitch_count: z.number().int().min(0),
    rgb: rgbSchema,
  })
  .meta({ id: 'LegendEntry' });

export const patternStatsSchema = z
  .object({
    confetti_before: z.number().min(0).max(1).meta({ description: 'Share of lone stitches before clean-up, 0–1.' }),
    confetti_after: z.number().min(0).max(1).meta({ description: 'Share of lone stitches after clean-up, 0–1.' }),
    mean_delta_e: z.number().min(0).meta({ description: "Mean ΔE00 between each stitch's colour in the picture and its thread." }),
  })
  .meta({ id: 'PatternStats' });

const threadField = z.number().int().min(0).meta({ description: 'Legend index of its thread.' });
const latticeField = z.number().int().min(0);

export const partStitchSchema = z
  .object({
    x: z.number().int().min(0).meta({ description: 'Column of its cell, from 0.' }),
    y: z.number().int().min(0).meta({ description: 'Row of its cell, from 0.' }),
    kind: z.enum(PART_KINDS).meta({
      description:
        "Half stitches along a diagonal ('half-slash' /, 'half-backslash' \\); a quarter from its corner (tl, tr, bl, br) to the centre; a three-quarter stitch is that quarter plus the half stitch across the other diagonal.",
    }),
    thread: threadField,
  })
  .meta({ id: 'PartStitch', description: 'A part stitch; a cell holds at most two, not overlapping, and then no full stitch.' });

export const backstitchSchema = z.object({ x1: latticeField, y1: latticeField, x2: latticeField, y2: latticeField, thread: threadField }).meta({
  id: 'Backstitch',
  description: 'A line between two points of the half-stitch lattice: (2x, 2y) is the top-left corner of stitch (x, y), (2x+1, 2y+1) its centre.',
});

export const frenchKnotSchema = z
  .object({ x: latticeField, y: latticeField, thread: threadField })
  .meta({ id: 'FrenchKnot', description: 'A French knot on a point of the half-stitch lattice.' });

/** The stored pattern (`pattern_url`, JSON export): the core's `PatternDocument`. */
export const patternDocumentSchema = z
  .object({
    format: z.literal('stitchwise-pattern'),
    version: z.literal(3).meta({
      description: 'Versions 1 (full stitches only) and 2 (DMC threads named by dmc_code only) are still accepted where a document is sent.',
    }),
    width: z.number().int().min(1).meta({ description: 'Stitches across.' }),
    height: z.number().int().min(1).meta({ description: 'Stitches down.' }),
    legend: z.array(legendEntrySchema),
    cells: z.array(z.number().int().min(-1)).meta({ description: 'Row by row, one legend index per cell; −1 where there is no full stitch.' }),
    part_stitches: z.array(partStitchSchema),
    backstitches: z.array(backstitchSchema),
    knots: z.array(frenchKnotSchema),
    stats: patternStatsSchema,
  })
  .meta({ id: 'PatternDocument' });

const _proofs: [SameShape<z.infer<typeof legendEntrySchema>, CoreLegendEntry>, SameShape<z.infer<typeof patternDocumentSchema>, CorePatternDocument>] = [
  true,
  true,
];

/** What a generation produced, besides the files. */
export const generationMetadataSchema = z
  .object({
    total_stitches: z.number().int().min(0),
    canvas_size: sizeSchema.meta({ description: 'The chart image, in pixels.' }),
    colors_used: z.number().int().min(0).meta({ description: 'Colours in the legend: its threads and blends (a blend is one colour, of two threads).' }),
    grid_size: sizeSchema.meta({ description: 'The chart, in stitches.' }),
    ...patternStatsSchema.shape,
  })
  .meta({ id: 'GenerationMetadata' });

/** Proof that a visitor made a result: sent to POST /api/stitch/projects/claim once signed in, it becomes their project. */
export const visitorClaimSchema = z
  .object({
    token: z.string().meta({ description: 'Signed by the server; names the result and its settings.' }),
    expires_at: z.iso.datetime().meta({ description: 'When the result is deleted and the claim lapses.' }),
  })
  .meta({ id: 'VisitorClaim' });
export type VisitorClaim = z.infer<typeof visitorClaimSchema>;

export const stitchPlanSchema = z
  .object({
    processing_time_ms: z.number().int().min(0),
    stitch_plan_url: z.string().meta({ description: 'The chart as a PNG.' }),
    pattern_url: z.string().meta({ description: 'The pattern document (PatternDocument) as JSON.' }),
    metadata: generationMetadataSchema,
    legend_data: z.array(legendEntrySchema),
    project_id: z.string().optional().meta({ description: 'The project the chart was saved as (signed-in generation only).' }),
    claim: visitorClaimSchema
      .optional()
      .meta({ description: "A visitor's right to keep this result as a project after signing in (visitor generation only)." }),
  })
  .meta({ id: 'StitchPlan' });

/** What the server is doing for a generation, in order (background removal only when asked for). */
export const generationStageSchema = z
  .enum(['removing_background', 'reducing_colours', 'saving'])
  .meta({ id: 'GenerationStage', description: 'The step a generation has begun.' });
export type GenerationStage = z.infer<typeof generationStageSchema>;

/**
 * One event of a generation answered as `text/event-stream` (the request's Accept asks for it): each
 * stage as it begins, then the result or the problem that ended it. The `data` of each event is this
 * JSON, and its `event` name is the `type`.
 */
export const generationEventSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('stage'), stage: generationStageSchema }),
    z.object({ type: z.literal('result'), plan: stitchPlanSchema }),
    z.object({ type: z.literal('problem'), problem: problemSchema }),
  ])
  .meta({ id: 'GenerationEvent' });
export type GenerationEvent = z.infer<typeof generationEventSchema>;

/** The answers of both generate endpoints: the plan as JSON, or its events as they happen. */
export const generationResponse = {
  content: {
    'application/json': { schema: stitchPlanSchema },
    'text/event-stream': { schema: generationEventSchema },
  },
};

/** Whether a chart may stitch blends (one strand each of two of its threads): the form field and a project's parameter. */
export const blendingSchema = z.enum(BLENDING_CHOICES, { error: 'blends must be off or on' }).meta({
  description:
    'Blends of two of the chosen threads (one strand of each) where they serve the picture better: off (default) or on. `colors` still counts the threads to buy; blends are made of those, and the legend holds at most 50 entries.',
});

/** A whole-number adjustment of the photo, within its range (the core's ADJUSTMENT_RANGES), neutral when left out. */
const adjustmentField = (name: 'brightness' | 'contrast' | 'saturation' | 'sharpen', what: string) => {
  const { min, max } = ADJUSTMENT_RANGES[name];
  return integerFieldOr(name, min, max, NEUTRAL_ADJUSTMENTS[name]).meta({
    description: `${what}: a whole number from ${min} to ${max} (default ${NEUTRAL_ADJUSTMENTS[name]}).`,
  });
};

/**
 * The photo's adjustments before charting (the core's adjust.ts, the same in the wizard's preview), open to
 * visitors too; left out, each is neutral and the chart is the one made without them.
 */
export const photoAdjustmentFields = {
  brightness: adjustmentField('brightness', 'Brightness of the photo before charting'),
  contrast: adjustmentField('contrast', 'Contrast of the photo before charting'),
  saturation: adjustmentField('saturation', 'Saturation of the photo before charting (-100 charts in greys)'),
  gamma: decimalFieldOr('gamma', ADJUSTMENT_RANGES.gamma.min, ADJUSTMENT_RANGES.gamma.max, NEUTRAL_ADJUSTMENTS.gamma).meta({
    description: `Gamma of the photo before charting: a number from ${ADJUSTMENT_RANGES.gamma.min} to ${ADJUSTMENT_RANGES.gamma.max} (default 1); above 1 brightens the mid-tones.`,
  }),
  sharpen: adjustmentField('sharpen', 'Sharpening of the photo at stitch scale before charting'),
  auto_levels: flagField('auto_levels').meta({ description: "Stretch the photo's tonal range first, ignoring the extreme 0.5 % at each end (default false)." }),
};

/** Generation settings as form fields; signed-in users get 20 colours by default, visitors 10. */
export function generateForm({ signedIn }: { signedIn: boolean }) {
  const nameRequired = 'Please enter a project name before continuing.';
  const nameTooLong = 'project_name must be at most 100 characters';
  return multipartForm({
    image_file: imageFileField.optional(),
    image_url: imageUrlField.optional(),
    colors: integerFieldOr('colors', 2, 50, signedIn ? 20 : 10).meta({ description: `Threads at most, 2–50 (default ${signedIn ? 20 : 10}).` }),
    cell_size: integerFieldOr('cell_size', 6, 24, 12).meta({ description: 'Pixels per stitch in the chart image, 6–24 (12).' }),
    max_side: integerFieldOr('max_side', 10, 500, 100).meta({ description: 'Stitches along the longer side, 10–500 (100).' }),
    use_kmeans: flagField('use_kmeans').meta({ description: 'Choose colours by k-means instead of median cut.' }),
    return_symbols_overlay: flagField('return_symbols_overlay').meta({ description: 'Draw symbols on the chart.' }),
    remove_background: flagField('remove_background').meta({ description: 'Chart the subject only.' }),
    merge_dmc_colors: flagField('merge_dmc_colors').meta({ description: 'Merge threads that look alike.' }),
    clean_confetti: flagField('clean_confetti').meta({ description: 'Remove lone stitches (default true).' }),
    dithering: z.enum(DITHERING_LEVELS, { error: 'dithering must be off, soft or strong' }).default('off').meta({
      default: 'off',
      description:
        "Smoother shading by mixing threads: off (default), soft or strong. A neighbour's thread is kept where it is nearly as close, so few lone stitches are added; the confetti clean-up follows.",
    }),
    blends: blendingSchema.default('off').meta({ default: 'off' }),
    only_owned_threads: flagField('only_owned_threads').meta({
      description:
        "Choose only among the threads you own of the chart's `brand` (GET/PUT /api/threads/owned; one listed with 0 skeins counts), at least 2 of them (else 400 naming this field); `colors` is capped at their number. Signed-in users only.",
    }),
    left_out_threads: textField('left_out_threads')
      .max(2000, { error: 'left_out_threads must be at most 2000 characters' })
      .optional()
      // Checked against the chart's brand by the generation (a code is only ever a code of one brand).
      .transform((list) =>
        (list ?? '')
          .split(',')
          .map((code) => code.trim())
          .filter((code) => code !== ''),
      )
      .meta({
        description:
          "With only_owned_threads, owned threads not to use this time, as codes of the chart's `brand` separated by commas (e.g. one of two that look the same on fabric); a code the brand lacks is 400 naming this field.",
      }),
    brand: brandField('brand').default('dmc').meta({
      default: 'dmc',
      description: 'The thread maker the chart is stitched in: dmc (default), anchor or madeira. Every thread of the legend is of that brand.',
    }),
    ...photoAdjustmentFields,
    project_name: signedIn
      ? textField('project_name', { error: nameRequired }).trim().min(1, { error: nameRequired }).max(100, { error: nameTooLong })
      : textField('project_name').trim().max(100, { error: nameTooLong }).optional().meta({ description: 'Ignored without an account.' }),
  });
}

const fabricCounts = FABRICS.map((fabric) => String(fabric.count)) as [string, ...string[]];

export const exportQuery = z.object({
  format: z.enum(['pdf', 'oxs', 'json'], { error: 'format must be pdf, oxs or json' }).default('pdf'),
  paper: z.enum(['a4', 'letter'], { error: 'paper must be a4 or letter' }).default('a4'),
  variant: z.enum(['color', 'bw'], { error: 'variant must be color or bw' }).default('color'),
  fabric: z
    .enum(fabricCounts, { error: `fabric must be one of ${fabricCounts.join(', ')}` })
    .default('14')
    .transform(Number)
    .meta({ description: 'Fabric count (stitches per inch, over 2 on 28-count), for sizes and skeins.' }),
  ...printQueryFields,
});

/** The export's file, by format: a PDF chart, an OXS chart, or the pattern document. */
export const exportResponse = {
  description: 'The file, as an attachment (Content-Disposition names it).',
  content: {
    'application/pdf': { schema: z.string().meta({ format: 'binary' }) },
    'application/xml': { schema: z.string().meta({ description: 'Open Cross Stitch (OXS) XML.' }) },
    'application/json': { schema: patternDocumentSchema },
  },
};

export type StitchPlan = z.infer<typeof stitchPlanSchema>;
export type ExportQuery = z.output<typeof exportQuery>;

/** A generated pattern, named by the file name at the end of its `pattern_url`. */
export const patternIdParams = z.object({
  patternId: textField('patternId').min(1).max(100).meta({ description: 'The file name at the end of `pattern_url`.' }),
});

/** The largest pattern document accepted: a 500 × 500 chart is about 1 MB of JSON, so 4 MB leaves room for spacing. */
export const PATTERN_DOCUMENT_BODY_LIMIT = 4 * 1024 * 1024;

const MAX_CELLS = PATTERN_LIMITS.maxSide ** 2;

/**
 * Cells as a shape: a list of whole numbers from −1, no longer than the largest chart. Checked in one plain
 * loop and documented as the array it is: zod's own array schema spends 50–100 ms of the event loop on
 * 250,000 cells. Whether each index names a legend entry is the core's question.
 */
const cellsField = z
  .custom<number[]>((value) => Array.isArray(value) && value.length <= MAX_CELLS && value.every((cell) => Number.isInteger(cell) && (cell as number) >= -1), {
    error: `cells must be a list of at most ${MAX_CELLS} whole numbers, each −1 (no stitch) or a legend index`,
  })
  .meta({
    type: 'array',
    items: { type: 'integer', minimum: -1 },
    maxItems: MAX_CELLS,
    description: 'Row by row, one legend index per cell; −1 where there is no stitch. Exactly width × height entries.',
  });

/**
 * A pattern document sent by a client (the editor's downloads). This checks its shape; the core's
 * `patternFromUntrustedDocument` checks its meaning (sizes, indices, thread codes, symbols). Lists longer
 * than any pattern can have are refused by their length, before a single entry is read.
 */
export const patternDocumentBody = patternDocumentSchema.extend({
  legend: patternDocumentSchema.shape.legend
    .max(CHART_SYMBOLS.length, { error: `legend can have at most ${PATTERN_LIMITS.maxThreads} threads` })
    .meta({ description: `Threads in the order the chart lists them, at most ${PATTERN_LIMITS.maxThreads}.` }),
  cells: cellsField,
});

/** A chart's name for its export: a visitor's pattern and an edited chart carry no project name. */
const chartNameField = textField('name').trim().max(100, { error: 'name must be at most 100 characters' }).optional().meta({
  description:
    'Title of the PDF and OXS chart and the file name (letters, digits and dashes kept); without one, "Cross-stitch chart, {width} × {height} stitches".',
});

/** A generated pattern's export, reached by its id (a visitor's result): named as the visitor named it. */
export const patternExportQuery = exportQuery.extend({ name: chartNameField });

/** The export of a sent document: the formats a chart can be printed or shared in, with the stored export's paper, variant, fabric and print options. */
export const documentExportQuery = exportQuery.extend({
  format: z.enum(['pdf', 'oxs', 'png'], { error: 'format must be pdf, oxs or png' }).default('pdf'),
  name: chartNameField,
});

/** The sent document's file, by format: a PDF chart, an OXS chart, or the chart image. */
export const documentExportResponse = {
  description: exportResponse.description,
  content: {
    'application/pdf': exportResponse.content['application/pdf'],
    'application/xml': exportResponse.content['application/xml'],
    'image/png': { schema: z.string().meta({ format: 'binary', description: 'The chart image, 12 px a stitch, as generation draws it.' }) },
  },
};

/** 413 for a document over PATTERN_DOCUMENT_BODY_LIMIT (the shared description speaks of 10 MB uploads). */
export const documentTooLargeResponse = {
  description: 'The document is larger than 4 MB.',
  content: { 'application/problem+json': { schema: problemSchema } },
};

export type PatternDocumentBody = z.output<typeof patternDocumentBody>;
export type DocumentExportQuery = z.output<typeof documentExportQuery>;
