import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { WEB_APP_SCOPES, type Config } from '../config.js';
import { MAX_UPLOAD_BYTES } from '../contract/fields.js';
import { MAX_CHART_FILE_BYTES } from '../contract/imports.js';
import { appConfigSchema, type AppConfig } from '../contract/session.js';

export const configRoutes: FastifyPluginCallbackZod<{ config: Config }> = (app, { config }, done) => {
  const { identity } = config;
  const body: AppConfig = {
    auth: {
      provider: identity.kind,
      issuer: identity.issuer,
      client_id: identity.clientId,
      audience: identity.audience,
      scopes: WEB_APP_SCOPES,
      redirect_uri: `${config.publicUrl}/callback`,
      post_logout_redirect_uri: config.publicUrl,
      signup_parameters: identity.kind === 'builtin' ? { prompt: 'create' } : { screen_hint: 'signup' },
    },
    // The screen labels offline pictures as sketches.
    ideas: { source: config.ideas.provider === 'openai' ? 'openai' : 'offline_sketch' },
    uploads: { max_bytes: MAX_UPLOAD_BYTES, max_chart_bytes: MAX_CHART_FILE_BYTES },
  };

  app.get(
    '/config',
    {
      schema: {
        tags: ['config'],
        operationId: 'getConfig',
        summary: 'What the web app needs to sign in, and where idea pictures come from',
        response: { 200: appConfigSchema },
      },
    },
    () => body,
  );
  done();
};
