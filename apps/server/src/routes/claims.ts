import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Authenticator } from '../auth/authenticate.js';
import { claimRequestSchema } from '../contract/claims.js';
import { problemResponses } from '../contract/fields.js';
import { projectSchema } from '../contract/projects.js';
import { storageFullResponse } from '../contract/storage.js';
import { LIMITED } from '../http/rate-limits.js';
import type { VisitorClaims } from '../services/visitor-claims.js';

export interface ClaimRouteOptions {
  claims: VisitorClaims;
  auth: Authenticator;
}

export const claimRoutes: FastifyPluginCallbackZod<ClaimRouteOptions> = (app, { claims, auth }, done) => {
  app.post(
    '/stitch/projects/claim',
    {
      config: LIMITED,
      onRequest: auth.requireUser,
      schema: {
        tags: ['projects'],
        operationId: 'claimVisitorResult',
        summary: 'Keep a result made before signing in as a project',
        description:
          'Send the `claim.token` a visitor generation answered, within its 24 hours. The result becomes a project of the signed-in user, once: ' +
          '409 already_claimed after that, 410 claim_expired once lapsed, 400 invalid_claim for a token this server did not sign.',
        security: [{ bearer: [] }],
        body: claimRequestSchema,
        response: { 201: projectSchema, ...problemResponses(400, 401, 409, 410, 429), ...storageFullResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await claims.claim(request.user!, request.body.token, request.body.name)),
  );
  done();
};
