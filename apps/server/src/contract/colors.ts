import { z } from 'zod';
import { multipartForm } from './multipart-form.js';
import { flagField, imageFileField, imageUrlField, integerField, integerFieldOr } from './fields.js';
import { brandFormField, brandThreadMatchSchema } from './thread-brands.js';
import { colorSchema, threadMatchSchema } from './threads.js';

export const dominantForm = multipartForm({
  image_file: imageFileField,
  n_colors: integerFieldOr('n_colors', 2, 16, 6).meta({ description: 'How many colours, 2–16 (default 6).' }),
  remove_background: flagField('remove_background').meta({ description: '`true` analyses the subject only.' }),
  brand: brandFormField,
});

export const dominantColorSchema = z
  .object({
    rgb: z.tuple([z.number().int().min(0).max(255), z.number().int().min(0).max(255), z.number().int().min(0).max(255)]),
    hex: z.string(),
    share: z.number().min(0).max(1).meta({ description: 'Share of the image, 0–1; shares sum to 1.' }),
    closest_dmc: z.array(threadMatchSchema).meta({ description: 'The 3 nearest threads, nearest first.' }),
    closest_threads: z.array(brandThreadMatchSchema).optional().meta({ description: 'With `brand`: the 3 nearest threads of that brand, nearest first.' }),
  })
  .meta({ id: 'DominantColor' });

export const dominantColorsSchema = z
  .object({
    colors: z.array(dominantColorSchema).meta({ description: 'Most of the image first.' }),
    processed_image_url: z.string().optional().meta({ description: 'The cut-out analysed, when the background was removed.' }),
  })
  .meta({ id: 'DominantColors' });

export const pickForm = multipartForm({
  image_file: imageFileField.optional(),
  image_url: imageUrlField.optional(),
  x: integerField('x', 0, 100_000).meta({ description: 'Column in pixels of the oriented natural image.' }),
  y: integerField('y', 0, 100_000).meta({ description: 'Row in pixels of the oriented natural image.' }),
  brand: brandFormField,
});

export const pickSchema = z
  .object({
    picked_color: colorSchema.extend({ coordinates: z.object({ x: z.number().int(), y: z.number().int() }) }),
    closest_dmc_threads: z.array(threadMatchSchema).meta({ description: 'The 5 nearest threads, nearest first.' }),
    closest_threads: z.array(brandThreadMatchSchema).optional().meta({ description: 'With `brand`: the 5 nearest threads of that brand, nearest first.' }),
  })
  .meta({ id: 'Pick' });

export type DominantColor = z.infer<typeof dominantColorSchema>;
export type DominantColors = z.infer<typeof dominantColorsSchema>;
export type Pick = z.infer<typeof pickSchema>;
