import { DITHERING_LEVELS } from '@stitchwise/core';
import { z } from 'zod';
import { multipartForm } from './multipart-form.js';
import { imageFileField, integerFieldOr, sizeSchema, textField } from './fields.js';
import { blendingSchema, generationMetadataSchema, legendEntrySchema } from './patterns.js';
import { brandIdSchema } from './thread-brands.js';

export const PROJECT_STATUSES = ['active', 'archived'] as const;

/** How the project's chart was made; only `original_size` until a pattern is generated. */
export const projectParametersSchema = z
  .object({
    original_size: sizeSchema.meta({ description: 'The input image, in pixels after EXIF orientation.' }),
    colors: z.number().int().optional(),
    cell_size: z.number().int().optional(),
    max_side: z.number().int().optional(),
    use_kmeans: z.boolean().optional(),
    remove_background: z.boolean().optional(),
    merge_dmc_colors: z.boolean().optional(),
    return_symbols_overlay: z.boolean().optional(),
    clean_confetti: z.boolean().optional(),
    dithering: z.enum(DITHERING_LEVELS).optional(),
    blends: blendingSchema.optional(),
    only_owned_threads: z.boolean().optional(),
    left_out_threads: z.array(z.string()).readonly().optional(),
    brand: brandIdSchema.optional().meta({ description: 'The thread brand the chart was generated or converted in (DMC when not said).' }),
    // The photo's adjustments (neutral when not said: a project from before them).
    brightness: z.number().optional(),
    contrast: z.number().optional(),
    saturation: z.number().optional(),
    gamma: z.number().optional(),
    sharpen: z.number().optional(),
    auto_levels: z.boolean().optional(),
  })
  .meta({ id: 'ProjectParameters' });

/** What generation produced; empty until a pattern is generated. */
export const projectMetadataSchema = generationMetadataSchema
  .omit({ colors_used: true })
  .extend({ colors_count: z.number().int().min(0).meta({ description: 'Threads in the legend.' }) })
  .partial()
  .meta({ id: 'ProjectMetadata' });

export const projectOutputsSchema = z
  .object({
    input_image_url: z.string().nullable(),
    stitch_plan_url: z.string().nullable().meta({ description: 'The chart PNG.' }),
    pattern_url: z.string().nullable().meta({ description: 'The pattern document (PatternDocument) as JSON.' }),
  })
  .meta({ id: 'ProjectOutputs' });

/** How far the stitching of the current chart is; the whole bitset is at GET /api/stitch/projects/{id}/progress. */
export const projectProgressSchema = z
  .object({
    done: z.number().int().min(0).meta({ description: 'Stitched cells marked done; 0 when none ever was.' }),
    total: z.number().int().min(0).meta({ description: 'Cells that can be marked: those with a full stitch or a part stitch; 0 without a chart.' }),
  })
  .meta({ id: 'ProjectProgress' });

export const projectSchema = z
  .object({
    id: z.string(),
    user_id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    status: z.enum(PROJECT_STATUSES),
    created_at: z.string().meta({ description: 'ISO 8601.' }),
    updated_at: z.string().meta({ description: 'ISO 8601.' }),
    parameters: projectParametersSchema,
    metadata: projectMetadataSchema,
    outputs: projectOutputsSchema,
    color_legend: z.array(legendEntrySchema),
    progress: projectProgressSchema,
  })
  .meta({ id: 'Project' });

export const projectListSchema = z.object({ projects: z.array(projectSchema), total: z.number().int().min(0) }).meta({ id: 'ProjectList' });

export const projectListQuery = z.object({
  limit: integerFieldOr('limit', 1, 100, 20),
  offset: integerFieldOr('offset', 0, 1_000_000, 0),
  status: z.enum(PROJECT_STATUSES).optional(),
});

const nameField = textField('name').trim().min(1, { error: 'name must not be empty' }).max(100, { error: 'name must be at most 100 characters' });
const descriptionField = textField('description', { multiline: true }).trim().max(2000, { error: 'description must be at most 2000 characters' });

export const newProjectForm = multipartForm({
  image: imageFileField,
  name: nameField,
  description: descriptionField.optional(),
});

export const projectChangesSchema = z
  .object({ name: nameField.optional(), description: descriptionField.nullable().optional(), status: z.enum(PROJECT_STATUSES).optional() })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { error: 'send at least one of name, description, status' });

export const projectIdParams = z.object({ id: textField('id').min(1).max(100) });

export type Project = z.infer<typeof projectSchema>;
export type ProjectList = z.infer<typeof projectListSchema>;
export type ProjectParameters = z.infer<typeof projectParametersSchema>;
export type ProjectMetadata = z.infer<typeof projectMetadataSchema>;
export type ProjectProgress = z.infer<typeof projectProgressSchema>;
export type ProjectListQuery = z.output<typeof projectListQuery>;
