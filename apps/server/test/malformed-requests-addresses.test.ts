import { describe, expect, it } from 'vitest';
import { ADDRESS_ATTEMPTS } from './support/malformed-attempts.js';
import { FILES_ROUTE, itAnswersWithProblems, ROUTES, send, useMalformedServer } from './support/malformed-routes.js';
import { DATABASES } from './support/test-server.js';

/**
 * Every route answers a malformed request with a 4xx problem — `application/problem+json` whose
 * `status` is the HTTP status, with a `code` and a `detail` — never a 500, an HTML page, Fastify's
 * own error shape or a stack trace. The API's routes are read from the OpenAPI document the app
 * generates, so a new route is covered without touching this file; /files/{id}, which the document
 * hides, is added by hand. This suite: signed-in routes without a token (401), broken %-encoding, path
 * parameters that name nothing, and methods a path does not answer (the 404 problem of a path with
 * nothing there). Path parameters name things that exist unless the parameter is what is malformed.
 * Malformed bodies are in malformed-requests-bodies, the identity provider in malformed-requests-identity.
 */
describe.each(DATABASES)('malformed requests on $name', (database) => {
  const context = useMalformedServer(database);

  it('covers every route of the API document, and /files/{id}', () => {
    expect(ROUTES.length).toBeGreaterThan(20);
    expect(ROUTES).toContainEqual(expect.objectContaining({ method: 'PATCH', path: '/api/stitch/projects/{id}', signedIn: true }));
    expect(ROUTES.filter((route) => route.form).length).toBeGreaterThanOrEqual(8);
    expect(ROUTES).toContain(FILES_ROUTE);
  });

  it('has what the malformed requests need: the things they name exist', async () => {
    for (const path of ['/api/stitch/projects/{id}', '/files/{id}', '/api/dmc/threads/{id}']) {
      const answer = await send(context, { name: path, method: 'GET', target: path, token: true });
      expect(answer.status, path).toBe(200);
    }
  });

  itAnswersWithProblems(context, ADDRESS_ATTEMPTS);
});
