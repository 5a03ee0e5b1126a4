import { z } from 'zod';
import { ideaSourceSchema } from './ideas.js';

export const userSchema = z
  .object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable(), picture: z.string().nullable() })
  .meta({ id: 'User' });

export const authStatusSchema = z.object({ authenticated: z.boolean(), user: userSchema.optional() }).meta({ id: 'AuthStatus' });

export const logoutSchema = z
  .object({
    signed_out: z.boolean().meta({ description: 'Whether a signed-in user was signed out.' }),
    end_session_url: z.string().nullable().meta({ description: "Where the browser may go to end the identity provider's session too." }),
  })
  .meta({ id: 'Logout' });

/** What the web app needs to sign in, and where its ideas come from. */
export const appConfigSchema = z
  .object({
    auth: z.object({
      provider: z.enum(['builtin', 'external']),
      issuer: z.string(),
      client_id: z.string(),
      audience: z.string(),
      scopes: z.string(),
      redirect_uri: z.string(),
      post_logout_redirect_uri: z.string(),
      signup_parameters: z
        .record(z.string(), z.string())
        .meta({ description: "Extra authorization parameters that open the provider's sign-up screen ('Start Free Now')." }),
      public_url_set: z.boolean().meta({
        description:
          "Whether the operator set PUBLIC_URL. The web app signs in only at redirect_uri's origin: when this is true, a browser at another address is sent there to sign in; when false, that origin is the server's guess, and the web app says that PUBLIC_URL must be set instead.",
      }),
    }),
    ideas: z.object({ source: ideaSourceSchema }),
    uploads: z.object({
      max_bytes: z
        .number()
        .int()
        .min(1)
        .meta({ description: 'The largest image upload the server takes; the web app refuses larger files before sending them.' }),
      max_chart_bytes: z.number().int().min(1).meta({ description: 'The largest chart file (OXS or pattern JSON) an import takes.' }),
    }),
  })
  .meta({ id: 'AppConfig' });

export const healthSchema = z
  .object({
    status: z.literal('ok'),
    version: z.string(),
    uptime_seconds: z.number().int().min(0),
    background_removal: z.object({ model: z.enum(['not_loaded', 'loading', 'ready', 'failed']) }),
  })
  .meta({ id: 'Health' });

export type User = z.infer<typeof userSchema>;
export type AppConfig = z.infer<typeof appConfigSchema>;
export type ModelState = z.infer<typeof healthSchema>['background_removal']['model'];
