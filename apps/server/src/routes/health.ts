import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export interface HealthOptions {
  version: string;
}

export const healthRoutes: FastifyPluginCallbackZod<HealthOptions> = (app, { version }, done) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and version',
        response: { 200: z.object({ status: z.literal('ok'), version: z.string(), uptime_seconds: z.number() }) },
      },
    },
    () => ({ status: 'ok' as const, version, uptime_seconds: Math.round(process.uptime()) }),
  );
  done();
};
