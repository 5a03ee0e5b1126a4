import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Authenticator } from '../auth/authenticate.js';
import { problemResponses } from '../contract/fields.js';
import { OWNED_THREADS_BODY_LIMIT, ownedThreadListBody, ownedThreadListSchema, ownedThreadsTooLargeResponse } from '../contract/owned-threads.js';
import { projectIdParams } from '../contract/projects.js';
import { shoppingListQuery, shoppingListResponse } from '../contract/shopping-list.js';
import type { OwnedThreadsService } from '../services/owned-threads.js';
import type { ShoppingListService } from '../services/shopping-list.js';
import { LIMITED } from '../http/rate-limits.js';
import { sendFile } from './exports.js';

export interface OwnedThreadRouteOptions {
  owned: OwnedThreadsService;
  shoppingLists: ShoppingListService;
  auth: Authenticator;
}

/** The signed-in user's threads (their stash) and, from it, each project's shopping list. */
export const ownedThreadRoutes: FastifyPluginCallbackZod<OwnedThreadRouteOptions> = (app, { owned, shoppingLists, auth }, done) => {
  // onRequest, before validation: a visitor learns nothing about the routes' inputs.
  app.addHook('onRequest', auth.requireUser);
  const security = [{ bearer: [] }];

  app.get(
    '/threads/owned',
    {
      schema: {
        tags: ['threads'],
        operationId: 'listOwnedThreads',
        summary: 'The threads of every brand the signed-in user owns, with skeins on hand',
        security,
        response: { 200: ownedThreadListSchema, ...problemResponses(401) },
      },
    },
    (request) => owned.list(request.user!),
  );

  app.put(
    '/threads/owned',
    {
      // Each save rewrites up to the whole catalogue's rows: limited like other writes that cost the database.
      config: LIMITED,
      bodyLimit: OWNED_THREADS_BODY_LIMIT,
      schema: {
        tags: ['threads'],
        operationId: 'replaceOwnedThreads',
        summary: "Replace the signed-in user's whole list of owned threads",
        description:
          'JSON body: the whole list, `[{ brand, code, skeins }]` (an empty list clears it); brand `dmc`, `anchor` or `madeira`, the code one of that ' +
          "brand's catalogue, case-insensitive (DMC `1` means `01`, Anchor `0403` means `403`), each thread at most once; skeins are whole numbers 0–999. " +
          'The earlier DMC-only form `[{ dmc_code, skeins }]` is still accepted, also mixed with the new one. Anything else is 400 naming each bad entry ' +
          '(`3.code`), and nothing is stored. The list is replaced in one step: a reader sees the old list or the new one. Answers the stored list, ' +
          'codes as the catalogues spell them.',
        security,
        body: ownedThreadListBody,
        response: { 200: ownedThreadListSchema, ...problemResponses(400, 401, 415, 429), 413: ownedThreadsTooLargeResponse },
      },
    },
    (request) => owned.replace(request.user!, request.body),
  );

  app.get(
    '/stitch/projects/:id/shopping-list',
    {
      // Reading a large chart's document takes about 10 ms of the event loop: limited like other such work.
      config: LIMITED,
      schema: {
        tags: ['projects'],
        operationId: 'getShoppingList',
        summary: "What to buy for a project: each thread's skeins needed, owned and to buy",
        description:
          "Per thread of the project's current chart, named by its brand and code: skeins of its brand needed on the `fabric` (11, 14 (default), 16, 18, " +
          "22 or 28 over 2; as the PDF counts them), skeins of the same brand and code on the user's list of owned threads, and to buy = max(0, needed − owned). " +
          '`format` json (default) or csv (a download: `Brand,Code,Name,Skeins needed,Owned,To buy`, the brand by its name, e.g. `Anchor,403`). ' +
          'Owner only: another user’s project is 404, as is a project without a chart.',
        security,
        params: projectIdParams,
        querystring: shoppingListQuery,
        response: { 200: shoppingListResponse, ...problemResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const { format, fabric } = request.query;
      if (format === 'json') return reply.send(await shoppingLists.list(request.user!, request.params.id, fabric));
      return sendFile(reply, await shoppingLists.csv(request.user!, request.params.id, fabric));
    },
  );

  done();
};
