import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WEB_APP_SCOPES, type Config } from '../config.js';

export const configRoutes: FastifyPluginCallbackZod<{ config: Config }> = (app, { config }, done) => {
  const { identity } = config;
  const body = {
    auth: {
      provider: identity.kind,
      issuer: identity.issuer,
      client_id: identity.clientId,
      audience: identity.audience,
      scopes: WEB_APP_SCOPES,
      redirect_uri: `${config.publicUrl}/callback`,
      post_logout_redirect_uri: config.publicUrl,
      // Extra authorization parameters that open the provider's sign-up screen ('Start Free Now').
      signup_parameters: (identity.kind === 'builtin' ? { prompt: 'create' } : { screen_hint: 'signup' }) as Record<string, string>,
    },
    features: { accounts: true, background_removal: true, ai_ideas: true },
    // The screen labels offline pictures as sketches.
    ideas: { source: config.ideas.provider === 'openai' ? ('openai' as const) : ('offline_sketch' as const) },
  };

  app.get(
    '/config',
    {
      schema: {
        tags: ['config'],
        summary: 'What the web app needs to sign in, and which features are on',
        response: {
          200: z.object({
            auth: z.object({
              provider: z.enum(['builtin', 'external']),
              issuer: z.string(),
              client_id: z.string(),
              audience: z.string(),
              scopes: z.string(),
              redirect_uri: z.string(),
              post_logout_redirect_uri: z.string(),
              signup_parameters: z.record(z.string(), z.string()),
            }),
            features: z.record(z.string(), z.boolean()),
            ideas: z.object({ source: z.enum(['offline_sketch', 'openai']) }),
          }),
        },
      },
    },
    () => body,
  );
  done();
};
