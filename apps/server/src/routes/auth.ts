import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Authenticator } from '../auth/authenticate.js';
import { problemResponses } from '../contract/fields.js';
import { authStatusSchema, logoutSchema, userSchema, type User } from '../contract/session.js';
import type { UserRow } from '../db/schema.js';

const toUserView = (user: UserRow): User => ({
  id: user.id,
  name: user.name,
  email: user.email,
  picture: user.picture,
});

export interface AuthRouteOptions {
  auth: Authenticator;
  /** Ends the identity provider's sessions for a user, where the server holds them (built-in provider). */
  endSessions: (user: UserRow) => Promise<void>;
  /** Where the browser goes to end its provider session too (RP-initiated logout). */
  endSessionUrl: () => Promise<string | null>;
}

export const authRoutes: FastifyPluginCallbackZod<AuthRouteOptions> = (app, { auth, endSessions, endSessionUrl }, done) => {
  const security = [{ bearer: [] }];

  app.get(
    '/auth/me',
    {
      onRequest: auth.requireUser,
      schema: { tags: ['auth'], operationId: 'getMe', summary: 'The signed-in user', security, response: { 200: userSchema, ...problemResponses(401) } },
    },
    (request) => toUserView(request.user!),
  );

  app.get(
    '/auth/status',
    {
      schema: {
        tags: ['auth'],
        operationId: 'getAuthStatus',
        summary: 'Whether the request carries a valid access token',
        description: 'Never 401: an invalid or expired token answers `{ authenticated: false }`.',
        response: { 200: authStatusSchema },
      },
    },
    async (request) => {
      try {
        await auth.optionalUser(request);
      } catch {
        return { authenticated: false };
      }
      return request.user ? { authenticated: true, user: toUserView(request.user) } : { authenticated: false };
    },
  );

  app.post(
    '/auth/logout',
    {
      onRequest: auth.optionalUser,
      schema: {
        tags: ['auth'],
        operationId: 'logout',
        summary: 'Sign out',
        description:
          "Ends the user's sessions at the built-in identity provider (every browser and refresh token). Access tokens already issued stay valid until they expire (at most an hour); the client should forget them and may send the browser to `end_session_url`.",
        response: { 200: logoutSchema, ...problemResponses(401) },
      },
    },
    async (request) => {
      if (request.user) await endSessions(request.user);
      return { signed_out: request.user !== null, end_session_url: await endSessionUrl() };
    },
  );

  done();
};
