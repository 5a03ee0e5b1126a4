import type { Authenticator } from '../auth/authenticate.js';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { problemResponses } from '../contract/fields.js';
import { cropForm, imageForm, storedImageSchema } from '../contract/images.js';
import { storageFullResponse } from '../contract/storage.js';
import { readMultipartForm } from '../http/multipart.js';
import type { ImageIntake } from '../images/intake.js';
import type { ImagesService } from '../services/images.js';
import { heavyRoute } from '../http/admission.js';
import { clientGone } from '../http/event-stream.js';

export interface ImageRouteOptions {
  images: ImagesService;
  intake: ImageIntake;
  auth: Authenticator;
}

// 507: a signed-in user's storage is full (their uploads count against it).
const IMAGE_PROBLEMS = { ...problemResponses(400, 413, 415, 422, 429, 503), ...storageFullResponse };

export const imageRoutes: FastifyPluginCallbackZod<ImageRouteOptions> = (app, { images, intake, auth }, done) => {
  app.post(
    '/images/upload',
    {
      config: heavyRoute('image', { storesFiles: true }),
      schema: {
        tags: ['images'],
        operationId: 'uploadImage',
        summary: 'Store an image for 24 hours',
        description: 'Send `image_file` or `image_url`. Width and height are after EXIF orientation.',
        consumes: ['multipart/form-data'],
        body: imageForm,
        response: { 201: storedImageSchema, ...IMAGE_PROBLEMS },
      },
    },
    async (request, reply) => {
      const signal = clientGone(reply);
      const input = await intake.fromForm(await readMultipartForm(request, imageForm), { allowUrl: true });
      return reply.code(201).send(await images.upload(input, await auth.clientKey(request), signal));
    },
  );

  app.post(
    '/images/remove-background',
    {
      config: heavyRoute('segmentation', { storesFiles: true }),
      schema: {
        tags: ['images'],
        operationId: 'removeBackground',
        summary: "Cut the subject out: a PNG whose background is transparent, at the image's size",
        description: 'Send `image_file` or `image_url`. Runs the ISNet segmentation model; the first call loads it.',
        consumes: ['multipart/form-data'],
        body: imageForm,
        response: { 201: storedImageSchema, ...IMAGE_PROBLEMS },
      },
    },
    async (request, reply) => {
      const signal = clientGone(reply);
      const input = await intake.fromForm(await readMultipartForm(request, imageForm), { allowUrl: true });
      return reply.code(201).send(await images.removeBackground(input, await auth.clientKey(request), signal));
    },
  );

  app.post(
    '/images/crop',
    {
      config: heavyRoute('image', { storesFiles: true }),
      schema: {
        tags: ['images'],
        operationId: 'cropImage',
        summary: 'Crop an image to a rectangle in natural pixels',
        description: 'Send `image_file`, `image_url` or `image_id` (from an upload). A rectangle reaching outside the image is refused.',
        consumes: ['multipart/form-data'],
        body: cropForm,
        response: { 201: storedImageSchema, ...problemResponses(400, 404, 413, 415, 422, 429, 503), ...storageFullResponse },
      },
    },
    async (request, reply) => {
      const signal = clientGone(reply);
      const form = await readMultipartForm(request, cropForm);
      const { image_id, ...rect } = form.fields;
      const input = !form.file && image_id ? await images.stored(image_id) : await intake.fromForm(form, { allowUrl: true });
      return reply
        .code(201)
        .send(await images.crop(input, { x: rect.x, y: rect.y, width: rect.width, height: rect.height }, await auth.clientKey(request), signal));
    },
  );

  done();
};
