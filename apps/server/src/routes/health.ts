import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModelState } from '../services/background-removal.js';

export interface HealthOptions {
  version: string;
  /** State of the background-removal model: not_loaded until first used, then loading, ready or failed. */
  modelState: () => ModelState;
}

export const healthRoutes: FastifyPluginCallbackZod<HealthOptions> = (app, { version, modelState }, done) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and version',
        response: {
          200: z.object({
            status: z.literal('ok'),
            version: z.string(),
            uptime_seconds: z.number(),
            background_removal: z.object({ model: z.enum(['not_loaded', 'loading', 'ready', 'failed']) }),
          }),
        },
      },
    },
    () => ({
      status: 'ok' as const,
      version,
      uptime_seconds: Math.round(process.uptime()),
      background_removal: { model: modelState() },
    }),
  );
  done();
};
