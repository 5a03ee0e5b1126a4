import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.js';
import { HttpProblem } from '../http/problem.js';
import { normalizeIP } from '@fastify/rate-limit';
import type { ClientKey } from './client-key.js';
import { InvalidTokenError, type TokenVerifier, type VerifiedToken } from './token-verifier.js';
import type { Users } from './users.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the authentication hooks; null for visitors. */
    user: UserRow | null;
  }
}

const REALM = 'Bearer realm="stitchwise"';

export interface Authenticator {
  /** preHandler for routes that need a signed-in user: 401 otherwise. */
  requireUser: (request: FastifyRequest) => Promise<void>;
  /** preHandler for routes open to visitors: sets the user when a token is sent, and refuses a bad one. */
  optionalUser: (request: FastifyRequest) => Promise<void>;
  /**
   * Who a request counts against for abuse limits: the token's subject when it carries a valid one,
   * else the client's address (the forwarded one behind a trusted proxy; IPv6 by its /64).
   */
  clientKey: (request: FastifyRequest) => Promise<ClientKey>;
}

export function createAuthenticator(app: FastifyInstance, verifier: TokenVerifier, users: Users): Authenticator {
  app.decorateRequest('user', null);

  // A token is verified once per request, although both the abuse limits and authentication ask.
  const verifications = new WeakMap<FastifyRequest, Promise<VerifiedToken>>();
  const verify = (request: FastifyRequest, token: string): Promise<VerifiedToken> => {
    let verification = verifications.get(request);
    if (!verification) verifications.set(request, (verification = verifier.verify(token)));
    return verification;
  };

  const authenticate = async (request: FastifyRequest, token: string): Promise<void> => {
    try {
      request.user = await users.fromToken(await verify(request, token), token);
    } catch (error) {
      if (!(error instanceof InvalidTokenError)) throw error;
      request.log.info({ reason: error.message }, 'bearer token refused');
      const description = error.message.replace(/"/g, "'");
      throw HttpProblem.unauthorized(`${error.message} Please sign in again.`, `${REALM}, error="invalid_token", error_description="${description}"`);
    }
  };

  return {
    async requireUser(request) {
      const token = bearerToken(request);
      if (token === undefined) throw HttpProblem.unauthorized('Authentication required. Please sign in.', REALM);
      await authenticate(request, token);
    },
    async optionalUser(request) {
      const token = bearerToken(request);
      if (token !== undefined) await authenticate(request, token);
    },
    async clientKey(request) {
      const token = bearerToken(request);
      const subject = token
        ? await verify(request, token).then(
            (verified) => verified.subject,
            () => undefined,
          )
        : undefined;
      return subject ? `user:${subject}` : `ip:${normalizeIP(request.ip, 64)}`;
    },
  };
}

/** The token of an `Authorization: Bearer …` header; an empty string for a malformed header. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? '';
}
