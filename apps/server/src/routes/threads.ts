import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { problemResponses } from '../contract/fields.js';
import { closestParams, closestQuery, closestThreadsSchema, threadIdParams, threadListQuery, threadListSchema, threadSchema } from '../contract/threads.js';
import { closestThreads, colorView, getThread, listThreads } from '../services/shared/threads.js';

export const threadRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/dmc/threads',
    {
      schema: {
        tags: ['threads'],
        operationId: 'listThreads',
        summary: 'List or search DMC threads',
        description: '`q` matches code or name, case-insensitive; an exact code comes first. Colour-card order otherwise.',
        querystring: threadListQuery,
        response: { 200: threadListSchema, ...problemResponses(400) },
      },
    },
    (request) => listThreads(request.query),
  );

  // Registered before /dmc/threads/:id; the router prefers the static segment either way.
  app.get(
    '/dmc/threads/closest/:color',
    {
      schema: {
        tags: ['threads'],
        operationId: 'closestThreads',
        summary: 'The DMC threads closest to a colour',
        description: 'Nearest first by CIEDE2000 (ΔE00), exact over the whole catalogue.',
        params: closestParams,
        querystring: closestQuery,
        response: { 200: closestThreadsSchema, ...problemResponses(400) },
      },
    },
    (request) => ({
      color: colorView(request.params.color),
      threads: closestThreads(request.params.color, request.query.count),
    }),
  );

  app.get(
    '/dmc/threads/:id',
    {
      schema: {
        tags: ['threads'],
        operationId: 'getThread',
        summary: 'One DMC thread by code',
        description: 'Codes are case-insensitive: `310`, `blanc`, `B5200`, `ecru`, `01`.',
        params: threadIdParams,
        response: { 200: threadSchema, ...problemResponses(404) },
      },
    },
    (request) => getThread(request.params.id),
  );
  done();
};
