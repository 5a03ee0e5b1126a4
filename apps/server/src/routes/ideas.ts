import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Authenticator } from '../auth/authenticate.js';
import { problemResponses } from '../contract/fields.js';
import { creditsSchema, ideaRequestSchema, ideaSchema } from '../contract/ideas.js';
import { DAILY_IDEA_CREDITS, MAX_PROMPT_LENGTH, type IdeasService } from '../services/ideas.js';
import { LIMITED } from '../http/rate-limits.js';

export interface IdeaRouteOptions {
  ideas: IdeasService;
  auth: Authenticator;
}

export const ideaRoutes: FastifyPluginCallbackZod<IdeaRouteOptions> = (app, { ideas, auth }, done) => {
  app.get(
    '/stitch/creative-credits',
    {
      onRequest: auth.requireUser,
      schema: {
        tags: ['ideas'],
        operationId: 'getCreativeCredits',
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
      config: LIMITED,
      onRequest: auth.requireUser,
      schema: {
        tags: ['ideas'],
        operationId: 'createCreativeIdea',
        summary: 'Turn a text idea into a picture for a pattern',
        description: `JSON \`{ prompt }\`, 1–${MAX_PROMPT_LENGTH} characters. Spends one of ${DAILY_IDEA_CREDITS} daily credits (UTC), given back if the picture cannot be made.`,
        security: [{ bearer: [] }],
        body: ideaRequestSchema,
        response: { 200: ideaSchema, ...problemResponses(400, 401, 403, 429, 502) },
      },
    },
    (request) => ideas.generate(request.user!, request.body.prompt),
  );

  done();
};
