import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { WEB_APP_SCOPES, type Config } from '../config.js';
import { MAX_UPLOAD_BYTES } from '../contract/fields.js';
import { MAX_CHART_FILE_BYTES } from '../contract/imports.js';
import { appConfigSchema, type AppConfig } from '../contract/session.js';
import { AppAddress } from '../identity/app-address.js';

export const configRoutes: FastifyPluginCallbackZod<{ config: Config }> = (app, { config }, done) => {
  const { identity } = config;
  const address = new AppAddress(config);
  const bodyFor = (appUrl: string): AppConfig => ({
    auth: {
      provider: identity.kind,
      // The built-in provider is on this server, reached at the same address as the app.
      issuer: identity.kind === 'builtin' ? `${appUrl}/oidc` : identity.issuer,
      client_id: identity.clientId,
      audience: identity.audience,
      scopes: WEB_APP_SCOPES,
      redirect_uri: `${appUrl}/callback`,
      post_logout_redirect_uri: appUrl,
      signup_parameters: identity.kind === 'builtin' ? { prompt: 'create' } : { screen_hint: 'signup' },
      public_url_set: config.publicUrlSet,
    },
    // The screen labels offline pictures as sketches.
    ideas: { source: config.ideas.provider === 'openai' ? 'openai' : 'offline_sketch' },
    uploads: { max_bytes: MAX_UPLOAD_BYTES, max_chart_bytes: MAX_CHART_FILE_BYTES },
  });

  app.get(
    '/config',
    {
      schema: {
        tags: ['config'],
        operationId: 'getConfig',
        summary: 'What the web app needs to sign in, and where idea pictures come from',
        description:
          "The sign-in addresses are PUBLIC_URL's. When PUBLIC_URL is unset they follow the loopback address (localhost, 127.0.0.1, [::1]) a browser on the server's own machine used; any other address gets the default.",
        response: { 200: appConfigSchema },
      },
    },
    (request, reply) => {
      // The answer depends on the Host header when the address follows the browser.
      void reply.header('Vary', 'Host');
      return bodyFor(address.baseUrlFor(request.raw));
    },
  );
  done();
};
