import { describe } from 'vitest';
import { BODY_ATTEMPTS } from './support/malformed-attempts.js';
import { itAnswersWithProblems, useMalformedServer } from './support/malformed-routes.js';
import { DATABASES } from './support/test-server.js';

/**
 * Every route that reads a body answers a malformed one with a 4xx problem, never a 500, an HTML page,
 * Fastify's own error shape or a stack trace: a body of the wrong type, multipart forms that are cut,
 * unnamed, doubled or too large, JSON its schema refuses, and requests Node's HTTP parser refuses before
 * any route. The routes are the OpenAPI document's (see malformed-requests-addresses); a signed-in route
 * gets a token, so that the body is what is refused.
 */
describe.each(DATABASES)('malformed requests on $name', (database) => {
  const context = useMalformedServer(database);

  itAnswersWithProblems(context, BODY_ATTEMPTS);
});
