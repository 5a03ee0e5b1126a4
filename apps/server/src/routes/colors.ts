import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseFields, readMultipartForm } from '../http/multipart.js';
import { integerField, problemResponses, threadMatchSchema } from '../http/schemas.js';
import type { ImageIntake } from '../images/intake.js';
import type { ColorsService } from '../services/colors.js';

export interface ColorRouteOptions {
  colors: ColorsService;
  intake: ImageIntake;
}

const IMAGE_PROBLEMS = problemResponses(400, 413, 415, 422, 429, 503);

export const colorRoutes: FastifyPluginCallbackZod<ColorRouteOptions> = (app, { colors, intake }, done) => {
  app.post(
    '/colors/dominant',
    {
      schema: {
        tags: ['colors'],
        summary: 'Dominant colours of an image, each with its 3 nearest DMC threads',
        description:
          'multipart/form-data: `image_file` (PNG, JPEG, GIF, WebP or BMP, ≤ 10 MB, ≤ 40 megapixels), `n_colors` 2–16 (default 6), `remove_background` = `true` to analyse the subject only. Colours are sorted by share; shares sum to 1.',
        consumes: ['multipart/form-data'],
        response: {
          200: z.object({
            colors: z.array(
              z.object({
                rgb: z.tuple([z.number().int(), z.number().int(), z.number().int()]),
                hex: z.string(),
                share: z.number(),
                closest_dmc: z.array(threadMatchSchema),
              }),
            ),
            processed_image_url: z.string().optional(),
          }),
          ...IMAGE_PROBLEMS,
        },
      },
    },
    async (request) => {
      const form = await readMultipartForm(request, ['image_file']);
      const { n_colors, remove_background } = parseFields(
        z.object({
          n_colors: integerField('n_colors', 2, 16).default(6),
          remove_background: z.enum(['true', 'false'], { error: 'remove_background must be true or false' }).optional(),
        }),
        form.fields,
      );
      const input = await intake.fromForm(form, { allowUrl: false });
      return colors.dominant(input, n_colors, remove_background === 'true');
    },
  );

  app.post(
    '/colors/pick',
    {
      schema: {
        tags: ['colors'],
        summary: 'The colour at a point of an image and its 5 closest DMC threads',
        description:
          'multipart/form-data: `image_file` or `image_url`, `x` and `y` in whole pixels of the natural image after EXIF orientation. Repeated picks on the same image reuse its decoded pixels.',
        consumes: ['multipart/form-data'],
        response: {
          200: z.object({
            picked_color: z.object({
              r: z.number().int(),
              g: z.number().int(),
              b: z.number().int(),
              hex: z.string(),
              coordinates: z.object({ x: z.number().int(), y: z.number().int() }),
            }),
            closest_dmc_threads: z.array(threadMatchSchema),
          }),
          ...IMAGE_PROBLEMS,
        },
      },
    },
    async (request) => {
      const form = await readMultipartForm(request, ['image_file']);
      const { x, y } = parseFields(z.object({ x: integerField('x', 0, 100_000), y: integerField('y', 0, 100_000) }), form.fields);
      const input = await intake.fromForm(form, { allowUrl: true });
      return colors.pick(input, x, y);
    },
  );

  done();
};
