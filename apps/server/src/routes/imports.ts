import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Authenticator } from '../auth/authenticate.js';
import { problemResponses } from '../contract/fields.js';
import { chartTooLargeResponse, IMPORT_DESCRIPTION, importChartForm, importedProjectSchema } from '../contract/imports.js';
import { storageFullResponse } from '../contract/storage.js';
import { heavyRoute } from '../http/admission.js';
import { clientGone } from '../http/event-stream.js';
import { readMultipartForm } from '../http/multipart.js';
import { HttpProblem } from '../http/problem.js';
import type { ImportService } from '../services/import.js';

export interface ImportRouteOptions {
  imports: ImportService;
  auth: Authenticator;
}

export const importRoutes: FastifyPluginCallbackZod<ImportRouteOptions> = (app, { imports, auth }, done) => {
  app.post(
    '/stitch/projects/import',
    {
      config: heavyRoute(),
      // onRequest, before the body: a visitor's upload is not read at all.
      onRequest: auth.requireUser,
      schema: {
        tags: ['projects'],
        operationId: 'importProject',
        summary: 'Create a project from a chart file: OXS from other programs, or a Stitchwise pattern',
        description: IMPORT_DESCRIPTION,
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        body: importChartForm,
        response: { 201: importedProjectSchema, ...problemResponses(400, 401, 415, 429, 503), 413: chartTooLargeResponse, ...storageFullResponse },
      },
    },
    async (request, reply) => {
      const signal = clientGone(reply);
      const { fields, file, fileField } = await readMultipartForm(request, importChartForm);
      if (!file) throw HttpProblem.badRequest(`Send the chart file as ${fileField}.`, [{ field: fileField, message: `${fileField} is required` }]);
      const project = await imports.importChart(request.user!, { file, name: fields.name, brand: fields.brand }, signal);
      return reply.code(201).send(project);
    },
  );

  done();
};
