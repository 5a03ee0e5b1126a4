import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Authenticator } from '../auth/authenticate.js';
import { problemResponses } from '../contract/fields.js';
import { PROGRESS_BODY_LIMIT, progressBody, progressTooLargeResponse, stitchingProgressSchema, unknownVersionResponse } from '../contract/progress.js';
import { projectIdParams } from '../contract/projects.js';
import { LIMITED } from '../http/rate-limits.js';
import type { ProgressService } from '../services/progress.js';

export interface ProgressRouteOptions {
  progress: ProgressService;
  auth: Authenticator;
}

const PUT_DESCRIPTION =
  'JSON body `{ version, done, base, day }`: the whole bitset as this client has it for the chart version the marks were made on, and ' +
  '`base`, the bits of that version it last had from the server (the last answer, or the GET it started from). The server makes ' +
  'only the changes between them: cells set in `done` but not in `base` are marked, cells set in `base` but not in `done` are ' +
  'unmarked, every other cell keeps what is stored — so two devices marking at once keep both their marks (a three-way merge). ' +
  'Without `base`, `done` replaces what is stored (of two writes the later wins). Each bitset must have exactly ceil(width × height / 8) ' +
  'bytes for that version’s size (400 naming the field otherwise); bits on cells without a stitch are cleared.\n\n' +
  'Changes made on an older version (offline, before the chart was edited elsewhere) are carried over to the current version where ' +
  "the cell's stitch did not change (the same thread as full stitch, the same part stitches), marks and unmarks alike, and made " +
  'to its stored marks; without `base` an older version’s marks are only added. A version the project does not have (or no longer ' +
  'keeps) is 409 `unknown_version`. Saving an edited chart carries the stored marks over the same way. Answers the current ' +
  'version’s progress.\n\n' +
  'The change this write makes to `done_count` (newly done minus newly undone) is added to the count of `day`, the device’s own ' +
  'calendar date (the server’s date in UTC without it), in `daily`: the record of stitches marked per day behind the stitching statistics.';

/** Which stitches of a project's chart are done, for the owner's stitching mode. */
export const progressRoutes: FastifyPluginCallbackZod<ProgressRouteOptions> = (app, { progress, auth }, done) => {
  // onRequest, before validation: a visitor learns nothing about the routes' inputs.
  app.addHook('onRequest', auth.requireUser);
  const security = [{ bearer: [] }];

  app.get(
    '/stitch/projects/:id/progress',
    {
      // The first read of a chart version reads its document (about 10 ms for a large chart): limited like such work.
      config: LIMITED,
      schema: {
        tags: ['projects'],
        operationId: 'getStitchingProgress',
        summary: "Which stitches of the project's current chart are marked done",
        description:
          'One bit a cell of the current chart version; a chart never marked has every bit 0. Owner only: another user’s project is 404, as is a project without a chart.',
        security,
        params: projectIdParams,
        response: { 200: stitchingProgressSchema, ...problemResponses(401, 404, 429) },
      },
    },
    (request) => progress.get(request.user!, request.params.id),
  );

  app.put(
    '/stitch/projects/:id/progress',
    {
      config: LIMITED,
      bodyLimit: PROGRESS_BODY_LIMIT,
      schema: {
        tags: ['projects'],
        operationId: 'saveStitchingProgress',
        summary: 'Store the stitches marked done',
        description: PUT_DESCRIPTION,
        security,
        params: projectIdParams,
        body: progressBody,
        response: {
          200: stitchingProgressSchema,
          ...problemResponses(400, 401, 404, 415, 429),
          409: unknownVersionResponse,
          413: progressTooLargeResponse,
        },
      },
    },
    (request) => progress.put(request.user!, request.params.id, request.body),
  );

  done();
};
