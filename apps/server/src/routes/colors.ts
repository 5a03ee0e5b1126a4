import type { Authenticator } from '../auth/authenticate.js';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dominantColorsSchema, dominantForm, pickForm, pickSchema } from '../contract/colors.js';
import { problemResponses } from '../contract/fields.js';
import { storageFullResponse } from '../contract/storage.js';
import { readMultipartForm } from '../http/multipart.js';
import type { ImageIntake } from '../images/intake.js';
import type { ColorsService } from '../services/colors.js';
import { heavyRoute } from '../http/admission.js';
import { clientGone } from '../http/event-stream.js';

export interface ColorRouteOptions {
  colors: ColorsService;
  intake: ImageIntake;
  auth: Authenticator;
}

const IMAGE_PROBLEMS = problemResponses(400, 413, 415, 422, 429, 503);

export const colorRoutes: FastifyPluginCallbackZod<ColorRouteOptions> = (app, { colors, intake, auth }, done) => {
  app.post(
    '/colors/dominant',
    {
      config: heavyRoute(),
      schema: {
        tags: ['colors'],
        operationId: 'dominantColors',
        summary: 'Dominant colours of an image, each with its 3 nearest DMC threads',
        description: 'Colours are sorted by share; shares sum to 1. With `brand`, each colour also has its 3 nearest threads of that brand.',
        consumes: ['multipart/form-data'],
        body: dominantForm,
        response: { 200: dominantColorsSchema, ...IMAGE_PROBLEMS, ...storageFullResponse },
      },
    },
    async (request, reply) => {
      const signal = clientGone(reply);
      const form = await readMultipartForm(request, dominantForm);
      const input = await intake.fromForm(form, { allowUrl: false });
      return colors.dominant(input, form.fields.n_colors, form.fields.remove_background ?? false, await auth.clientKey(request), {
        brand: form.fields.brand,
        signal,
      });
    },
  );

  app.post(
    '/colors/pick',
    {
      config: heavyRoute(),
      schema: {
        tags: ['colors'],
        operationId: 'pickColor',
        summary: 'The colour at a point of an image and its 5 closest DMC threads',
        description:
          'Send `image_file` or `image_url`. Repeated picks on the same image reuse its decoded pixels. With `brand`, also the 5 nearest threads of that brand.',
        consumes: ['multipart/form-data'],
        body: pickForm,
        response: { 200: pickSchema, ...IMAGE_PROBLEMS },
      },
    },
    async (request, reply) => {
      const signal = clientGone(reply);
      const form = await readMultipartForm(request, pickForm);
      const input = await intake.fromForm(form, { allowUrl: true });
      return colors.pick(input, form.fields.x, form.fields.y, { brand: form.fields.brand, signal });
    },
  );

  done();
};
