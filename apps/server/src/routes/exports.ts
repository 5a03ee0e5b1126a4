import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import type { Authenticator } from '../auth/authenticate.js';
import { problemResponses } from '../contract/fields.js';
import { exportQuery, exportResponse, patternIdParams } from '../contract/patterns.js';
import { projectIdParams } from '../contract/projects.js';
import type { ExportedFile, ExportService } from '../services/export.js';
import type { ProjectsService } from '../services/projects.js';
import { heavyRoute } from '../http/admission.js';

export interface ExportRouteOptions {
  exports: ExportService;
  projects: ProjectsService;
  auth: Authenticator;
}

const DESCRIPTION =
  '`format` pdf (printable chart: cover, thread list with skeins, chart pages of 60 × 70 stitches overlapping by 3), oxs (Open Cross Stitch XML) or json (the pattern document); ' +
  '`paper` a4 or letter; `variant` color or bw; `fabric` 11, 14, 16, 18, 22 or 28 (over 2), for sizes and skeins.';

function send(reply: FastifyReply, file: ExportedFile): FastifyReply {
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
      const { name, patternFileId } = await projects.patternOf(request.user!, request.params.id);
      return send(reply, await exports.export(patternFileId, name, request.query));
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
        description: `${DESCRIPTION} Visitors' patterns are kept 24 hours.`,
        params: patternIdParams,
        querystring: exportQuery,
        response: { 200: exportResponse, ...problemResponses(400, 404, 429, 503) },
      },
    },
    async (request, reply) => send(reply, await exports.export(request.params.patternId, 'Stitchwise pattern', request.query)),
  );

  done();
};
