import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Authenticator } from '../auth/authenticate.js';
import { problemResponses } from '../contract/fields.js';
import {
  alphabetListSchema,
  LETTERING_BODY_LIMIT,
  LETTERING_DESCRIPTION,
  letteringBody,
  letteringCreatedResponse,
  letteringTooLargeResponse,
} from '../contract/lettering.js';
import { storageFullResponse } from '../contract/storage.js';
import { LIMITED } from '../http/rate-limits.js';
import type { LetteringService } from '../services/lettering.js';

export interface LetteringRouteOptions {
  lettering: LetteringService;
  auth: Authenticator;
}

/** Text as a chart: the alphabets to choose from, and the chart of a text in one of them. */
export const letteringRoutes: FastifyPluginCallbackZod<LetteringRouteOptions> = (app, { lettering, auth }, done) => {
  app.get(
    '/stitch/lettering/alphabets',
    {
      schema: {
        tags: ['stitch'],
        operationId: 'listLetteringAlphabets',
        summary: 'The stitch alphabets for lettering, with the characters each covers and its font’s licence',
        response: { 200: alphabetListSchema },
      },
    },
    // The alphabets change only with a new version of the server.
    (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=3600');
      return lettering.alphabets();
    },
  );

  app.post(
    '/stitch/lettering',
    {
      // Abuse-limited and refused at once when the client's storage is full, as the other chart-making endpoints; but
      // laid out in milliseconds on the event loop, so it takes no place in the image work queue.
      config: { ...LIMITED, storesFiles: true },
      onRequest: auth.optionalUser,
      bodyLimit: LETTERING_BODY_LIMIT,
      schema: {
        tags: ['stitch'],
        operationId: 'createLetteringChart',
        summary: 'Make a chart of text in a stitch alphabet (kept 24 hours)',
        description: LETTERING_DESCRIPTION,
        body: letteringBody,
        response: {
          201: letteringCreatedResponse,
          ...problemResponses(400, 401, 415, 429, 503),
          413: letteringTooLargeResponse,
          ...storageFullResponse,
        },
      },
    },
    async (request, reply) => {
      const client = await auth.clientKey(request);
      const { json, url } = await lettering.chart(request.body, client, { signedIn: request.user !== null });
      // The stored bytes are the answer: the body is the file, without checking 250,000 cells against the schema again.
      const untyped: FastifyReply = reply;
      return untyped
        .code(201)
        .header('Location', url)
        .type('application/json; charset=utf-8')
        .send(Buffer.from(json.buffer, json.byteOffset, json.byteLength));
    },
  );

  done();
};
