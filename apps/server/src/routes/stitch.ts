import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Authenticator } from '../auth/authenticate.js';
import { parseFields, readMultipartForm } from '../http/multipart.js';
import { HttpProblem } from '../http/problem.js';
import { integerField, problemResponses } from '../http/schemas.js';
import type { ImageIntake } from '../images/intake.js';
import type { GenerateSettings, StitchService } from '../services/stitch.js';

export interface StitchRouteOptions {
  stitch: StitchService;
  intake: ImageIntake;
  auth: Authenticator;
}

const flag = (name: string) => z.enum(['true', 'false'], { error: `${name} must be true or false` }).optional();

function settingsSchema(defaultColors: number) {
  return z.object({
    colors: integerField('colors', 2, 50).default(defaultColors),
    cell_size: integerField('cell_size', 6, 24).default(12),
    max_side: integerField('max_side', 10, 500).default(100),
    use_kmeans: flag('use_kmeans'),
    return_symbols_overlay: flag('return_symbols_overlay'),
    remove_background: flag('remove_background'),
    merge_dmc_colors: flag('merge_dmc_colors'),
    clean_confetti: flag('clean_confetti'),
    project_name: z.string().trim().max(100, { error: 'project_name must be at most 100 characters' }).optional(),
  });
}

const legendSchema = z.object({
  index: z.number().int(),
  hex: z.string(),
  symbol: z.string(),
  dmc_code: z.string(),
  dmc_name: z.string(),
  stitch_count: z.number().int(),
  rgb: z.object({ r: z.number().int(), g: z.number().int(), b: z.number().int() }),
});

const size = z.object({ width: z.number().int(), height: z.number().int() });
const planSchema = z
  .object({
    processing_time_ms: z.number(),
    stitch_plan_url: z.string(),
    pattern_url: z.string(),
    metadata: z.object({
      total_stitches: z.number().int(),
      canvas_size: size,
      colors_used: z.number().int(),
      grid_size: size,
      confetti_before: z.number(),
      confetti_after: z.number(),
      mean_delta_e: z.number(),
    }),
    legend_data: z.array(legendSchema),
    project_id: z.string().optional(),
  })
  .meta({ id: 'StitchPlan' });

const DESCRIPTION =
  'multipart/form-data: `image_file` or `image_url`; `colors` 2–50; `cell_size` 6–24 px (12); `max_side` 10–500 stitches (100); ' +
  '`use_kmeans`, `return_symbols_overlay`, `remove_background`, `merge_dmc_colors`, `clean_confetti` (default true) as `true`/`false`; `project_name`.';

export const stitchRoutes: FastifyPluginCallbackZod<StitchRouteOptions> = (app, { stitch, intake, auth }, done) => {
  const generate = async (request: FastifyRequest, signedIn: boolean): Promise<unknown> => {
    const form = await readMultipartForm(request, ['image_file']);
    const fields = parseFields(settingsSchema(signedIn ? 20 : 10), form.fields);
    if (signedIn && !fields.project_name) {
      throw HttpProblem.badRequest('Please enter a project name before continuing.', [{ field: 'project_name', message: 'project_name is required' }]);
    }
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
    const input = await intake.fromForm(form, { allowUrl: true });
    return stitch.generate(input, settings, signedIn ? { user: request.user!, projectName: fields.project_name! } : undefined);
  };

  app.post(
    '/stitch/generate',
    {
      onRequest: auth.requireUser,
      schema: {
        tags: ['stitch'],
        summary: 'Generate a stitch chart and save it as a project',
        description: `${DESCRIPTION} \`project_name\` is required.`,
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 200: planSchema, ...problemResponses(400, 401, 413, 415, 422, 503) },
      },
    },
    (request) => generate(request, true) as Promise<z.infer<typeof planSchema>>,
  );

  app.post(
    '/stitch/generate/anonymous',
    {
      schema: {
        tags: ['stitch'],
        summary: 'Generate a stitch chart without an account (kept 24 hours)',
        description: `${DESCRIPTION} Visitors are limited to at most 10 colours, cell size 12 and sizes 30, 50 or 100, without k-means, symbols, background removal or merging: anything else is 403 sign_in_required.`,
        consumes: ['multipart/form-data'],
        response: { 200: planSchema, ...problemResponses(400, 403, 413, 415, 422, 503) },
      },
    },
    (request) => generate(request, false) as Promise<z.infer<typeof planSchema>>,
  );

  done();
};
