import { THREAD_BRANDS } from '@stitchwise/core';
import { z } from 'zod';
import { BRAND_LIST, brandField, colorField, integerFieldOr, textField } from './fields.js';
import { colorSchema, threadSchema } from './threads.js';

/** Why a conversion's matches are only that: the answer says it in words, so no client can present them as more. */
export const CONVERSION_NOTE = 'Nearest colours by ΔE00 between screen colours, not official equivalents.';

export const brandIdSchema = z.enum(THREAD_BRANDS).meta({ id: 'ThreadBrandId', description: 'A thread maker Stitchwise knows.' });

/** The optional `brand` form field of the colour tools: a known brand (case aside), else 400 naming it. */
export const brandFormField = brandField('brand')
  .optional()
  .meta({ description: `${BRAND_LIST}: the answer also gives that brand's nearest threads, as \`closest_threads\`.` });

export const brandThreadSchema = threadSchema
  .extend({ brand: brandIdSchema })
  .meta({ id: 'BrandThread', description: 'A six-strand floss colour of one brand; its code as that brand prints it.' });

export const brandThreadMatchSchema = brandThreadSchema
  .extend({ distance: z.number().min(0).meta({ description: 'CIEDE2000 distance from the colour asked about, 4 decimals.' }) })
  .meta({ id: 'BrandThreadMatch', description: 'A thread of a brand and how far it is from the colour asked about.' });

export const brandSchema = z
  .object({
    id: brandIdSchema,
    name: z.string().meta({ example: 'Anchor' }),
    thread_count: z.number().int().min(0),
    source: z.string().meta({ description: 'Where the colour table comes from, as its licence asks it to be credited.' }),
    licence: z.string().meta({ example: 'GPL-2.0-or-later' }),
  })
  .meta({ id: 'BrandInfo', description: 'A thread brand: its name, how many threads its table has, and the credit that table asks for.' });

export const brandsSchema = z.object({ brands: z.array(brandSchema) }).meta({ id: 'ThreadBrands' });

/** A brand in a path or query: any text, so that an unknown one is answered 404 naming it (not a schema error). */
const brandName = (name: string) =>
  textField(name)
    .min(1)
    .max(40)
    .meta({ description: `${BRAND_LIST}.`, example: 'anchor' });
const codeField = textField('code').min(1).max(20).meta({ description: 'The code as the brand prints it, case-insensitive.', example: '403' });

export const brandParams = z.object({ brand: brandName('brand') });
export const brandThreadParams = z.object({ brand: brandName('brand'), code: codeField });
export const brandClosestParams = z.object({ brand: brandName('brand'), color: colorField });

export const brandThreadListSchema = z.object({ threads: z.array(brandThreadSchema), total: z.number().int() }).meta({ id: 'BrandThreadList' });
export const brandClosestSchema = z.object({ color: colorSchema, threads: z.array(brandThreadMatchSchema) }).meta({ id: 'BrandClosestThreads' });

export const convertQuery = z.object({
  from: brandName('from'),
  code: codeField,
  to: brandName('to').meta({ description: `The brand to convert to, another than \`from\`: ${BRAND_LIST}.`, example: 'dmc' }),
  count: integerFieldOr('count', 1, 20, 3),
});

export const conversionSchema = z
  .object({
    from: brandThreadSchema,
    to: brandIdSchema,
    note: z.literal(CONVERSION_NOTE),
    matches: z.array(brandThreadMatchSchema).meta({ description: 'The nearest threads of `to`, nearest first.' }),
  })
  .meta({ id: 'ThreadConversion' });

export type BrandThread = z.infer<typeof brandThreadSchema>;
export type BrandThreadMatch = z.infer<typeof brandThreadMatchSchema>;
export type ThreadBrandView = z.infer<typeof brandSchema>;
export type BrandThreadList = z.infer<typeof brandThreadListSchema>;
export type Conversion = z.infer<typeof conversionSchema>;
