import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseFields, readMultipartForm } from '../http/multipart.js';
import { integerField, problemResponses } from '../http/schemas.js';
import type { ImageIntake } from '../images/intake.js';
import type { ImagesService } from '../services/images.js';

export interface ImageRouteOptions {
  images: ImagesService;
  intake: ImageIntake;
}

const storedImageSchema = z
  .object({ image_id: z.string(), image_url: z.string(), width: z.number().int(), height: z.number().int(), format: z.string() })
  .meta({ id: 'StoredImage' });

const IMAGE_PROBLEMS = problemResponses(400, 404, 413, 415, 422, 429, 503);

export const imageRoutes: FastifyPluginCallbackZod<ImageRouteOptions> = (app, { images, intake }, done) => {
  const success = { 201: storedImageSchema, ...IMAGE_PROBLEMS };

  app.post(
    '/images/upload',
    {
      schema: {
        tags: ['images'],
        summary: 'Store an image for 24 hours',
        description: 'multipart/form-data: `image_file` or `image_url`. Width and height are after EXIF orientation.',
        consumes: ['multipart/form-data'],
        response: success,
      },
    },
    async (request, reply) => {
      const input = await intake.fromForm(await readMultipartForm(request, ['image_file']), { allowUrl: true });
      return reply.code(201).send(await images.upload(input));
    },
  );

  app.post(
    '/images/remove-background',
    {
      schema: {
        tags: ['images'],
        summary: "Cut the subject out: a PNG whose background is transparent, at the image's size",
        description: 'multipart/form-data: `image_file` or `image_url`. Runs the ISNet segmentation model; the first call loads it.',
        consumes: ['multipart/form-data'],
        response: success,
      },
    },
    async (request, reply) => {
      const input = await intake.fromForm(await readMultipartForm(request, ['image_file']), { allowUrl: true });
      return reply.code(201).send(await images.removeBackground(input));
    },
  );

  app.post(
    '/images/crop',
    {
      schema: {
        tags: ['images'],
        summary: 'Crop an image to a rectangle in natural pixels',
        description:
          'multipart/form-data: `image_file`, `image_url` or `image_id` (from an upload), and `x`, `y`, `width`, `height` in pixels of the oriented image. A rectangle reaching outside the image is refused.',
        consumes: ['multipart/form-data'],
        response: success,
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, ['image_file']);
      const rect = parseFields(
        z.object({
          x: integerField('x', 0, 100_000),
          y: integerField('y', 0, 100_000),
          width: integerField('width', 1, 100_000),
          height: integerField('height', 1, 100_000),
          image_id: z.string().max(100).optional(),
        }),
        form.fields,
      );
      const input = !form.file && rect.image_id ? await images.stored(rect.image_id) : await intake.fromForm(form, { allowUrl: true });
      return reply.code(201).send(await images.crop(input, { x: rect.x, y: rect.y, width: rect.width, height: rect.height }));
    },
  );

  done();
};
