import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { problemResponses } from '../contract/fields.js';
import {
  brandClosestParams,
  brandClosestSchema,
  brandParams,
  brandsSchema,
  brandThreadListSchema,
  brandThreadParams,
  brandThreadSchema,
  conversionSchema,
  convertQuery,
} from '../contract/thread-brands.js';
import { closestQuery, threadListQuery } from '../contract/threads.js';
import { closestBrandThreads, colorView, getBrandThread, listBrandThreads } from '../services/shared/threads.js';
import { brandOf, convertThread, listBrands } from '../services/thread-brands.js';

/**
 * The threads of every brand (`dmc`, `anchor`, `madeira`) under `/api/threads/{brand}/...`, beside the
 * specification's `/api/dmc/...`, which stay as they are. `/threads/brands` and `/threads/convert` are
 * static segments, which the router always prefers to `/threads/{brand}` (and `/threads/owned` is the
 * user's stash, another plugin's).
 */
export const threadBrandRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/threads/brands',
    {
      schema: {
        tags: ['threads'],
        operationId: 'listThreadBrands',
        summary: 'The thread brands, with their thread counts and colour sources',
        response: { 200: brandsSchema },
      },
    },
    () => listBrands(),
  );

  app.get(
    '/threads/convert',
    {
      schema: {
        tags: ['threads'],
        operationId: 'convertThread',
        summary: 'The nearest threads of another brand to one thread',
        description:
          'Nearest by CIEDE2000 (ΔE00) between the two tables’ screen colours: not official equivalents, as `note` says. `count` 1–20 (3). ' +
          'An unknown brand or code is 404 naming it.',
        querystring: convertQuery,
        response: { 200: conversionSchema, ...problemResponses(400, 404) },
      },
    },
    (request) => convertThread(request.query),
  );

  app.get(
    '/threads/:brand',
    {
      schema: {
        tags: ['threads'],
        operationId: 'listBrandThreads',
        summary: 'List or search the threads of a brand',
        description: '`q` matches code or name, case-insensitive; an exact code comes first. The table’s order otherwise.',
        params: brandParams,
        querystring: threadListQuery,
        response: { 200: brandThreadListSchema, ...problemResponses(400, 404) },
      },
    },
    (request) => listBrandThreads(brandOf(request.params.brand), request.query),
  );

  app.get(
    '/threads/:brand/closest/:color',
    {
      schema: {
        tags: ['threads'],
        operationId: 'closestBrandThreads',
        summary: 'The threads of a brand closest to a colour',
        description: 'Nearest first by CIEDE2000 (ΔE00), exact over the brand’s whole table. The colour as `/api/dmc/threads/closest/{color}` takes it.',
        params: brandClosestParams,
        querystring: closestQuery,
        response: { 200: brandClosestSchema, ...problemResponses(400, 404) },
      },
    },
    (request) => ({
      color: colorView(request.params.color),
      threads: closestBrandThreads(brandOf(request.params.brand), request.params.color, request.query.count),
    }),
  );

  app.get(
    '/threads/:brand/:code',
    {
      schema: {
        tags: ['threads'],
        operationId: 'getBrandThread',
        summary: 'One thread of a brand by code',
        description: 'Case-insensitive; numbers also without leading zeros (Anchor `0403` is `403`).',
        params: brandThreadParams,
        response: { 200: brandThreadSchema, ...problemResponses(400, 404) },
      },
    },
    (request) => getBrandThread(brandOf(request.params.brand), request.params.code),
  );
  done();
};
