import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { colorField, integerField, problemResponses, rgbHexSchema, threadMatchSchema, threadSchema } from '../http/schemas.js';
import { closestThreads, colorView, getThread, listThreads } from '../services/threads.js';

export const threadRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/dmc/threads',
    {
      schema: {
        tags: ['threads'],
        summary: 'List or search DMC threads',
        description: '`q` matches code or name, case-insensitive; an exact code comes first. Colour-card order otherwise.',
        querystring: z.object({
          q: z.string().max(100).optional(),
          limit: integerField('limit', 1, 500).default(100),
          offset: integerField('offset', 0, 100_000).default(0),
        }),
        response: { 200: z.object({ threads: z.array(threadSchema), total: z.number().int() }), ...problemResponses(400) },
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
        summary: 'The DMC threads closest to a colour',
        description: 'Nearest first by CIEDE2000 (ΔE00), exact over the whole catalogue.',
        params: z.object({ color: colorField }),
        querystring: z.object({ count: integerField('count', 1, 50).default(5) }),
        response: {
          200: z.object({ color: rgbHexSchema, threads: z.array(threadMatchSchema) }),
          ...problemResponses(400),
        },
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
        summary: 'One DMC thread by code',
        description: 'Codes are case-insensitive: `310`, `blanc`, `B5200`, `ecru`, `01`.',
        params: z.object({ id: z.string().min(1).max(20) }),
        response: { 200: threadSchema, ...problemResponses(404) },
      },
    },
    (request) => getThread(request.params.id),
  );
  done();
};
