import type { FastifyPluginCallbackZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { PATTERN_LIMITS } from '@stitchwise/core';
import type { Authenticator } from '../auth/authenticate.js';
import { problemResponses } from '../contract/fields.js';
import {
  documentExportQuery,
  documentExportResponse,
  documentTooLargeResponse,
  exportQuery,
  exportResponse,
  PATTERN_DOCUMENT_BODY_LIMIT,
  patternDocumentBody,
  patternExportQuery,
  patternIdParams,
} from '../contract/patterns.js';
import { projectIdParams } from '../contract/projects.js';
import { VISITOR_PATTERN_LIMITS, type ExportService } from '../services/export.js';
import type { ExportedFile } from '../services/shared/exported-file.js';
import type { ProjectsService } from '../services/projects.js';
import { heavyRoute } from '../http/admission.js';
import { clientGone } from '../http/event-stream.js';
import { bodyAtMost, jsonBytesBody, readJsonAsBytes } from '../http/json-bytes.js';
import { HttpProblem } from '../http/problem.js';

/**
 * The largest chart a visitor may send for export, in bytes: a visitor's chart is at most 100 × 100
 * stitches of 10 threads, and its document with every mark such a chart may hold (markLimits: 10,201
 * knots, 20,402 backstitch lines, two part stitches a cell) is about 2.5 MB of compact JSON.
 */
export const VISITOR_DOCUMENT_BODY_LIMIT = 3 * 1024 * 1024;

const visitorDocumentTooLarge = (): HttpProblem =>
  new HttpProblem(
    413,
    'payload_too_large',
    `Without an account, a chart sent for export can be at most ${VISITOR_DOCUMENT_BODY_LIMIT / 1024 / 1024} MB (charts of up to ${VISITOR_PATTERN_LIMITS.maxSide} × ${VISITOR_PATTERN_LIMITS.maxSide} stitches). Sign in to export larger charts.`,
  );

export interface ExportRouteOptions {
  exports: ExportService;
  projects: ProjectsService;
  auth: Authenticator;
}

const DESCRIPTION =
  '`format` pdf (printable chart: cover with a page map, thread list with skeins, then the chart pages), oxs (Open Cross Stitch XML) or json (the pattern document); ' +
  '`paper` a4 or letter; `variant` color or bw; `fabric` 11, 14, 16, 18, 22 or 28 (over 2), for sizes and skeins. ' +
  'PDF chart pages: `stitches_per_page` pattern-keeper (at least 60 × 70 stitches a portrait page) or large-print (40 × 50, larger squares), ' +
  'neighbouring pages repeating 2 rows or columns and split evenly so no page holds a sliver; `orientation` auto (fewer pages), portrait or landscape; ' +
  '`pages` all or a range such as 1-3, 6, numbered as on the cover’s page map (a page the chart does not have is 400 naming `pages`).';

/** A made file as a download, named by Content-Disposition. */
export function sendFile(reply: FastifyReply, file: ExportedFile): FastifyReply {
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', `attachment; filename="${file.filename}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}

export const exportRoutes: FastifyPluginCallbackZod<ExportRouteOptions> = (app, { exports, projects, auth }, done) => {
  app.get(
    '/stitch/projects/:id/export',
    {
      config: heavyRoute(),
      onRequest: auth.requireUser,
      schema: {
        tags: ['stitch'],
        operationId: 'exportProject',
        summary: "Download a project's pattern as PDF, OXS or JSON",
        description: DESCRIPTION,
        security: [{ bearer: [] }],
        params: projectIdParams,
        querystring: exportQuery,
        response: { 200: exportResponse, ...problemResponses(400, 401, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const signal = clientGone(reply);
      const { name, patternFileId } = await projects.patternOf(request.user!, request.params.id);
      return sendFile(reply, await exports.export(patternFileId, name, request.query, signal));
    },
  );

  app.get(
    '/stitch/patterns/:patternId/export',
    {
      config: heavyRoute(),
      schema: {
        tags: ['stitch'],
        operationId: 'exportPattern',
        summary: 'Download a generated pattern by its id (the file name in pattern_url), as PDF, OXS or JSON',
        description: `${DESCRIPTION} \`name\` titles the chart and names the file (a visitor's project name). Visitors' patterns are kept 24 hours.`,
        params: patternIdParams,
        querystring: patternExportQuery,
        response: { 200: exportResponse, ...problemResponses(400, 404, 429, 503) },
      },
    },
    async (request, reply) => sendFile(reply, await exports.export(request.params.patternId, request.query.name, request.query, clientGone(reply))),
  );

  // The sent chart's JSON is parsed and checked in the worker pool, not on the event loop; a visitor's
  // body is refused by its size before it is read (a visitor's chart is small: VISITOR_DOCUMENT_BODY_LIMIT).
  void app.register((scope, _options, registered) => {
    readJsonAsBytes(scope, PATTERN_DOCUMENT_BODY_LIMIT);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/stitch/patterns/export',
      {
        config: heavyRoute(),
        onRequest: auth.optionalUser,
        preParsing: bodyAtMost((request) => (request.user ? undefined : VISITOR_DOCUMENT_BODY_LIMIT), visitorDocumentTooLarge),
        schema: {
          tags: ['stitch'],
          operationId: 'exportPatternDocument',
          summary: 'Download a chart sent as a pattern document (an edited chart), as PDF, OXS or PNG',
          description:
            'JSON body: a PatternDocument (at most 4 MB; without an account at most 3 MB). Thread colours, names and stitch counts are taken from the catalogue of each thread’s brand and the cells, ' +
            'whatever the document says; threads without stitches are left out. A document that does not hold together (sizes, cell indices, ' +
            `unknown or repeated thread codes or symbols, more marks than the chart allows) is 400 \`invalid_pattern\` naming each field. Up to ${PATTERN_LIMITS.maxSide} × ${PATTERN_LIMITS.maxSide} stitches and ${PATTERN_LIMITS.maxThreads} threads; ` +
            `without an account ${VISITOR_PATTERN_LIMITS.maxSide} stitches on the long side and ${VISITOR_PATTERN_LIMITS.maxThreads} threads, beyond that 403 sign_in_required. ` +
            '`format` pdf, oxs or png (the chart image, 12 px a stitch); `paper`, `variant`, `fabric`, `orientation`, `stitches_per_page` and `pages` as for the other exports; ' +
            '`name` titles the chart and names the file. Closing the request stops the work.',
          querystring: documentExportQuery,
          body: jsonBytesBody(patternDocumentBody),
          response: { 200: documentExportResponse, ...problemResponses(400, 401, 403, 415, 429, 503), 413: documentTooLargeResponse },
        },
      },
      async (request, reply) => {
        const signal = clientGone(reply);
        const json = request.body as unknown as Buffer; // see jsonBytesBody
        return sendFile(reply, await exports.exportDocument(json, request.query.name, request.query, { signedIn: request.user !== null, signal }));
      },
    );
    registered();
  });

  done();
};
