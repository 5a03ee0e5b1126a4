import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Authenticator } from '../auth/authenticate.js';
import { problemResponses } from '../contract/fields.js';
import { generateForm, stitchPlanSchema, type StitchPlan } from '../contract/patterns.js';
import { readMultipartForm } from '../http/multipart.js';
import type { ImageIntake } from '../images/intake.js';
import { ANONYMOUS_LIMITS, type GenerateSettings, type StitchService } from '../services/stitch.js';
import { heavyRoute } from '../http/admission.js';

export interface StitchRouteOptions {
  stitch: StitchService;
  intake: ImageIntake;
  auth: Authenticator;
}

const userForm = generateForm({ signedIn: true });
const visitorForm = generateForm({ signedIn: false });

export const stitchRoutes: FastifyPluginCallbackZod<StitchRouteOptions> = (app, { stitch, intake, auth }, done) => {
  const generate = async (request: FastifyRequest, form: ReturnType<typeof generateForm>, signedIn: boolean): Promise<StitchPlan> => {
    const submitted = await readMultipartForm(request, form);
    const { fields } = submitted;
    const settings: GenerateSettings = {
      colors: fields.colors,
      cellSize: fields.cell_size,
      maxSide: fields.max_side,
      useKmeans: fields.use_kmeans === 'true',
      symbols: fields.return_symbols_overlay === 'true',
      removeBackground: fields.remove_background === 'true',
      mergeThreads: fields.merge_dmc_colors === 'true',
      cleanConfetti: fields.clean_confetti !== 'false',
    };
    const input = await intake.fromForm(submitted, { allowUrl: true });
    const owner = signedIn ? { user: request.user!, projectName: fields.project_name! } : undefined;
    return stitch.generate(input, settings, await auth.clientKey(request), owner);
  };

  app.post(
    '/stitch/generate',
    {
      config: heavyRoute(),
      onRequest: auth.requireUser,
      schema: {
        tags: ['stitch'],
        operationId: 'generatePattern',
        summary: 'Generate a stitch chart and save it as a project',
        description: 'Send `image_file` or `image_url`, and `project_name`.',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        body: userForm,
        response: { 200: stitchPlanSchema, ...problemResponses(400, 401, 413, 415, 422, 429, 503) },
      },
    },
    (request) => generate(request, userForm, true),
  );

  app.post(
    '/stitch/generate/anonymous',
    {
      config: heavyRoute('image', { storesFiles: true }),
      schema: {
        tags: ['stitch'],
        operationId: 'generatePatternAnonymously',
        summary: 'Generate a stitch chart without an account (kept 24 hours)',
        description:
          `Send \`image_file\` or \`image_url\`. Visitors are limited to at most ${ANONYMOUS_LIMITS.maxColors} colours, cell size ${ANONYMOUS_LIMITS.cellSize} and sizes ${ANONYMOUS_LIMITS.maxSides.join(', ')}, ` +
          'without k-means, symbols, background removal or merging: anything else is 403 sign_in_required.',
        consumes: ['multipart/form-data'],
        body: visitorForm,
        response: { 200: stitchPlanSchema, ...problemResponses(400, 403, 413, 415, 422, 429, 503) },
      },
    },
    (request) => generate(request, visitorForm, false),
  );

  done();
};
