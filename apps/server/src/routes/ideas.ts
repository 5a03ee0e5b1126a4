import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticator } from '../auth/authenticate.js';
import { problemResponses } from '../http/schemas.js';
import { DAILY_IDEA_CREDITS, MAX_PROMPT_LENGTH, type IdeasService } from '../services/ideas.js';

export interface IdeaRouteOptions {
  ideas: IdeasService;
  auth: Authenticator;
}

const creditsSchema = z
  .object({
    remaining: z.number().int().meta({ description: 'Ideas left today.' }),
    limit: z.number().int(),
    resets_at: z.string().meta({ description: 'The next UTC midnight (ISO 8601).' }),
  })
  .meta({ id: 'CreativeCredits' });

const ideaSchema = z
  .object({
    image_url: z.string(),
    credits: z.number().int().meta({ description: 'Ideas left today after this one.' }),
    source: z.enum(['offline_sketch', 'openai']).meta({ description: 'offline_sketch: drawn on the server without a model.' }),
  })
  .meta({ id: 'CreativeIdea' });

export const ideaRoutes: FastifyPluginCallbackZod<IdeaRouteOptions> = (app, { ideas, auth }, done) => {
  app.get(
    '/stitch/creative-credits',
    {
      onRequest: auth.requireUser,
      schema: {
        tags: ['ideas'],
        summary: 'Idea credits left today',
        security: [{ bearer: [] }],
        response: { 200: creditsSchema, ...problemResponses(401) },
      },
    },
    (request) => ideas.creditsOf(request.user!),
  );

  app.post(
    '/stitch/creative-ideas',
    {
      onRequest: auth.requireUser,
      schema: {
        tags: ['ideas'],
        summary: 'Turn a text idea into a picture for a pattern',
        description: `JSON \`{ prompt }\`, 1–${MAX_PROMPT_LENGTH} characters. Spends one of ${DAILY_IDEA_CREDITS} daily credits (UTC), given back if the picture cannot be made.`,
        security: [{ bearer: [] }],
        // A missing prompt is treated like an empty one, so it gets the same sentence.
        body: z.object({ prompt: z.string().default('') }),
        response: { 200: ideaSchema, ...problemResponses(400, 401, 403, 502) },
      },
    },
    (request) => ideas.generate(request.user!, request.body.prompt),
  );

  done();
};
