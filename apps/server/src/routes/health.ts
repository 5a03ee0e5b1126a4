import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { healthSchema, type ModelState } from '../contract/session.js';

export interface HealthOptions {
  version: string;
  /** State of the background-removal model: not_loaded until first used, then loading, ready or failed. */
  modelState: () => ModelState;
}

export const healthRoutes: FastifyPluginCallbackZod<HealthOptions> = (app, { version, modelState }, done) => {
  app.get('/health', { schema: { tags: ['health'], operationId: 'getHealth', summary: 'Liveness and version', response: { 200: healthSchema } } }, () => ({
    status: 'ok' as const,
    version,
    uptime_seconds: Math.round(process.uptime()),
    background_removal: { model: modelState() },
  }));
  done();
};
