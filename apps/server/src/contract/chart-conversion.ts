import { type BrandMapping, type ConvertedThread } from '@stitchwise/core';
import { z } from 'zod';
import { projectSchema } from './projects.js';
import type { SameShape } from './same-shape.js';
import { BRAND_LIST, brandField } from './fields.js';
import { brandIdSchema, CONVERSION_NOTE } from './thread-brands.js';

/** `to`, in the body or the query: a known brand, case and surrounding space aside; else 400 naming `to`. */
const toField = brandField('to').meta({
  description: `The brand to convert the chart to: ${BRAND_LIST}. Not the chart's own, when all its threads are of one brand.`,
  example: 'anchor',
});

/** The body may be left out (`to` in the query), which Fastify reads as null. */
export const convertChartBody = z.object({ to: toField.optional() }).nullish();
export const convertChartQuery = z.object({ to: toField.optional() });

const convertedThreadPartSchema = z.object({
  brand: brandIdSchema,
  code: z.string().meta({ example: '403' }),
  name: z.string().meta({ example: 'Black' }),
  hex: z.string().meta({ example: '#1E1E1E' }),
});

export const convertedThreadSchema = convertedThreadPartSchema
  .extend({
    code: z.string().meta({ example: '403', description: "The thread's code; a blend's joins its threads' (`400+403`)." }),
    hex: z.string().meta({ example: '#1E1E1E', description: "The thread's colour; a blend's, the mix of its threads." }),
    blend: z.array(convertedThreadPartSchema).length(2).optional().meta({ description: "A blend's two threads, one strand each; absent for a plain thread." }),
  })
  .meta({ id: 'ConvertedThread' });

export const brandMappingSchema = z
  .object({
    from: convertedThreadSchema.meta({ description: 'A thread of the original chart.' }),
    to: convertedThreadSchema.meta({ description: 'The nearest thread of the brand converted to (the same thread when already of it).' }),
    delta_e: z.number().min(0).meta({ description: "CIEDE2000 between the two threads' colours, 4 decimals; 0 for a thread that stays." }),
  })
  .meta({ id: 'BrandMapping', description: 'What one thread of the chart became.' });

const _proofs: [SameShape<z.infer<typeof convertedThreadSchema>, ConvertedThread>, SameShape<z.infer<typeof brandMappingSchema>, BrandMapping>] = [true, true];

export const chartConversionSchema = z
  .object({
    project: projectSchema.meta({ description: 'The new project: a copy holding the converted chart.' }),
    note: z.literal(CONVERSION_NOTE),
    mappings: z.array(brandMappingSchema).meta({
      description:
        "Every thread of the original chart's legend, in its order, and what it became. Threads that became the same thread share one legend entry in the copy.",
    }),
  })
  .meta({ id: 'ChartConversion' });

export type ChartConversion = z.infer<typeof chartConversionSchema>;
