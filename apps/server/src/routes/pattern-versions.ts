import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Authenticator } from '../auth/authenticate.js';
import { problemResponses } from '../contract/fields.js';
import {
  currentPatternResponse,
  patternVersionListSchema,
  patternVersionParams,
  saveHeaders,
  savedPatternResponse,
  versionConflictResponse,
  versionPatternResponse,
  versionsInHeader,
} from '../contract/pattern-versions.js';
import { documentTooLargeResponse, PATTERN_DOCUMENT_BODY_LIMIT, patternDocumentBody } from '../contract/patterns.js';
import { projectIdParams } from '../contract/projects.js';
import { storageFullResponse } from '../contract/storage.js';
import { heavyRoute } from '../http/admission.js';
import { clientGone } from '../http/event-stream.js';
import { jsonBytesBody, readJsonAsBytes } from '../http/json-bytes.js';
import { HttpProblem } from '../http/problem.js';
import type { PatternVersionsService } from '../services/pattern-versions.js';
import type { StoredFile } from '../storage/file-store.js';

export interface PatternVersionRouteOptions {
  versions: PatternVersionsService;
  auth: Authenticator;
}

const SAVE_DESCRIPTION =
  'JSON body: the edited PatternDocument (at most 4 MB), checked as `POST /api/stitch/patterns/export` checks it: thread colours, names and ' +
  'stitch counts come from the catalogue of each thread’s brand and the cells, threads without stitches are left out, and a document that does not hold ' +
  "together is 400 `invalid_pattern` naming each field. The chart PNG is drawn again (the project's stitch size and symbols setting) and " +
  "the project's outputs, metadata and legend change with it, so the list, the detail and every export show the edit.\n\n" +
  'No lost update: send `If-Match` with the ETag of the version that was edited (from `GET …/pattern`). Without it the answer is 428 ' +
  '`precondition_required` (`*` is not enough); when the chart was saved elsewhere meanwhile, 412 `version_conflict` with the current ' +
  'version in the ETag header, so the editor can reload it or save the edit as a new project. Of two saves of the same version, exactly ' +
  'one succeeds.\n\n' +
  'Every save is kept as a version; the original (version 1) and the last 20 are kept. To restore a version, read it ' +
  '(`GET …/pattern/versions/{version}`) and save it with this endpoint: it becomes the newest version.\n\n' +
  'Stitches marked done (`…/progress`) stay marked on the new version where the edit left the stitch unchanged.';

/** 428 when a save does not say which version it edited, checked before the body is read. */
function requireIfMatch(request: FastifyRequest): Promise<void> {
  const header = request.headers['if-match'];
  if (header === undefined || header.trim() === '' || versionsInHeader(header).any) {
    return Promise.reject(
      new HttpProblem(
        428,
        'precondition_required',
        'Saving needs the If-Match header with the ETag of the chart that was edited (from GET /api/stitch/projects/{id}/pattern), so that a newer save is never overwritten.',
      ),
    );
  }
  return Promise.resolve();
}

function sendDocument(reply: FastifyReply, file: StoredFile): FastifyReply {
  return reply.header('Content-Type', 'application/json; charset=utf-8').header('Cache-Control', 'private, no-cache').send(file.stream());
}

export const patternVersionRoutes: FastifyPluginCallbackZod<PatternVersionRouteOptions> = (app, { versions, auth }, done) => {
  app.addHook('onRequest', auth.requireUser);
  const security = [{ bearer: [] }];

  app.get(
    '/stitch/projects/:id/pattern',
    {
      schema: {
        tags: ['projects'],
        operationId: 'getProjectPattern',
        summary: "The project's current pattern document, with its version as ETag",
        description:
          'The `ETag` (such as `"v3"`) is what a save sends back as `If-Match`. With `If-None-Match` naming the current version the answer is 304, without a body.',
        security,
        params: projectIdParams,
        response: { 200: currentPatternResponse, ...problemResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { etag, file } = await versions.currentPattern(request.user!, request.params.id);
      reply.header('ETag', etag);
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch !== undefined && (ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))) {
        // Not in the documented answers (each documented one has a body); a conditional GET is HTTP's own.
        const notModified: FastifyReply = reply;
        return notModified.code(304).header('Cache-Control', 'private, no-cache').send();
      }
      return sendDocument(reply, file);
    },
  );

  // The edited chart's JSON is parsed and checked in the worker pool, not on the event loop (see exports.ts).
  void app.register((scope, _options, registered) => {
    readJsonAsBytes(scope, PATTERN_DOCUMENT_BODY_LIMIT);
    scope.withTypeProvider<ZodTypeProvider>().put(
      '/stitch/projects/:id/pattern',
      {
        config: heavyRoute(),
        onRequest: requireIfMatch,
        schema: {
          tags: ['projects'],
          operationId: 'saveProjectPattern',
          summary: "Save an edited chart as the project's new current version",
          description: SAVE_DESCRIPTION,
          security,
          params: projectIdParams,
          headers: saveHeaders,
          body: jsonBytesBody(patternDocumentBody),
          response: {
            200: savedPatternResponse,
            ...problemResponses(400, 401, 404, 415, 428, 429, 503),
            412: versionConflictResponse,
            413: documentTooLargeResponse,
            ...storageFullResponse,
          },
        },
      },
      async (request, reply) => {
        const signal = clientGone(reply);
        const edited = versionsInHeader(request.headers['if-match'] ?? '').versions;
        const json = request.body as unknown as Buffer; // see jsonBytesBody
        const { etag, saved } = await versions.save(request.user!, request.params.id, edited, json, signal);
        return reply.header('ETag', etag).send(saved);
      },
    );
    registered();
  });

  app.get(
    '/stitch/projects/:id/pattern/versions',
    {
      schema: {
        tags: ['projects'],
        operationId: 'listPatternVersions',
        summary: "The saved versions of the project's chart, newest first",
        description: 'The original (version 1) and the last 20 saves are kept. Restore one by saving its document (`PUT …/pattern`).',
        security,
        params: projectIdParams,
        response: { 200: patternVersionListSchema, ...problemResponses(401, 404) },
      },
    },
    (request) => versions.list(request.user!, request.params.id),
  );

  app.get(
    '/stitch/projects/:id/pattern/versions/:version',
    {
      schema: {
        tags: ['projects'],
        operationId: 'getPatternVersion',
        summary: 'The pattern document of one saved version',
        description: 'Without an ETag: only the current pattern is saved over. To restore this version, send it to `PUT …/pattern`.',
        security,
        params: patternVersionParams,
        response: { 200: versionPatternResponse, ...problemResponses(400, 401, 404) },
      },
    },
    async (request, reply) => sendDocument(reply, await versions.version(request.user!, request.params.id, request.params.version)),
  );

  done();
};
