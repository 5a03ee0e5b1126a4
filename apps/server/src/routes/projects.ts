import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { THREAD_BRANDS } from '@stitchwise/core';
import { z } from 'zod';
import type { Authenticator } from '../auth/authenticate.js';
import { problemResponses } from '../contract/fields.js';
import { newProjectForm, projectChangesSchema, projectIdParams, projectListQuery, projectListSchema, projectSchema } from '../contract/projects.js';
import { storageFullResponse, storageUsageSchema } from '../contract/storage.js';
import { chartConversionSchema, convertChartBody, convertChartQuery } from '../contract/chart-conversion.js';
import { HttpProblem } from '../http/problem.js';
import { readMultipartForm } from '../http/multipart.js';
import type { ImageIntake } from '../images/intake.js';
import type { ProjectsService } from '../services/projects.js';
import { heavyRoute } from '../http/admission.js';
import { clientGone } from '../http/event-stream.js';
import { LIMITED } from '../http/rate-limits.js';

export interface ProjectRouteOptions {
  projects: ProjectsService;
  intake: ImageIntake;
  auth: Authenticator;
}

export const projectRoutes: FastifyPluginCallbackZod<ProjectRouteOptions> = (app, { projects, intake, auth }, done) => {
  // onRequest, before validation: a visitor learns nothing about the route's inputs.
  app.addHook('onRequest', auth.requireUser);
  const security = [{ bearer: [] }];

  app.get(
    '/stitch/projects',
    {
      schema: {
        tags: ['projects'],
        operationId: 'listProjects',
        summary: "The signed-in user's projects, newest first",
        security,
        querystring: projectListQuery,
        response: { 200: projectListSchema, ...problemResponses(400, 401) },
      },
    },
    (request) => projects.list(request.user!, request.query),
  );

  app.post(
    '/stitch/projects',
    {
      config: heavyRoute(),
      schema: {
        tags: ['projects'],
        operationId: 'createProject',
        summary: 'Create a project from an image, without generating a pattern',
        security,
        consumes: ['multipart/form-data'],
        body: newProjectForm,
        response: { 201: projectSchema, ...problemResponses(400, 401, 413, 415, 422, 429, 503), ...storageFullResponse },
      },
    },
    async (request, reply) => {
      const signal = clientGone(reply);
      const form = await readMultipartForm(request, newProjectForm);
      const image = await intake.fromForm(form, { allowUrl: false });
      const project = await projects.createFromImage(
        request.user!,
        { name: form.fields.name, description: form.fields.description || undefined, image },
        signal,
      );
      return reply.code(201).send(project);
    },
  );

  app.get(
    '/stitch/storage',
    {
      schema: {
        tags: ['projects'],
        operationId: 'getStorageUsage',
        summary: "How much of the user's storage their projects and uploads take, in bytes",
        description:
          'Counts every file of every project (its photo, and the chart and pattern document of each kept version) and uploads not yet expired. ' +
          'Storing past `limit` is refused with 507 storage_quota_exceeded.',
        security,
        response: { 200: storageUsageSchema, ...problemResponses(401) },
      },
    },
    (request) => projects.storageOf(request.user!),
  );

  app.get(
    '/stitch/projects/:id',
    {
      schema: {
        tags: ['projects'],
        operationId: 'getProject',
        summary: 'One project',
        security,
        params: projectIdParams,
        response: { 200: projectSchema, ...problemResponses(401, 404) },
      },
    },
    (request) => projects.get(request.user!, request.params.id),
  );

  app.patch(
    '/stitch/projects/:id',
    {
      schema: {
        tags: ['projects'],
        operationId: 'updateProject',
        summary: "Change a project's name, description or status",
        security,
        params: projectIdParams,
        body: projectChangesSchema,
        response: { 200: projectSchema, ...problemResponses(400, 401, 404) },
      },
    },
    (request) => {
      const { description, ...rest } = request.body;
      const changes = description === undefined ? rest : { ...rest, description: description || null };
      return projects.update(request.user!, request.params.id, changes);
    },
  );

  app.post(
    '/stitch/projects/:id/duplicate',
    {
      // Limited like other endpoints that store files: each copy writes the project's files again.
      config: LIMITED,
      schema: {
        tags: ['projects'],
        operationId: 'duplicateProject',
        summary: 'Copy a project with its current chart',
        description:
          "A new project of the same user named '<name> (copy)', with the original's settings, statistics, legend and copies of its photo, chart and pattern document. The chart's saved versions are not copied: the copy starts from the current chart.",
        security,
        params: projectIdParams,
        response: { 201: projectSchema, ...problemResponses(401, 404, 429), ...storageFullResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await projects.duplicate(request.user!, request.params.id)),
  );

  app.post(
    '/stitch/projects/:id/convert',
    {
      // Limited like duplication: each conversion stores a copy of the project.
      config: LIMITED,
      schema: {
        tags: ['projects'],
        operationId: 'convertProjectChart',
        summary: 'Copy a project with its chart in another thread brand',
        description:
          "A new project of the same user named '<name> (Anchor)' (the brand converted to), with a copy of the original's photo and its current chart in that brand: " +
          'each thread becomes the nearest thread of the brand by ΔE00 (a thread already of it stays), and threads that become the same thread share one legend entry, ' +
          'their stitches, part stitches, backstitch and knots with it. The answer lists every thread of the original with what it became: nearest colours, not official equivalents. ' +
          "`to` in the JSON body or the query; the chart's own brand (all its threads of one brand) is 400. The original is not changed.",
        security,
        params: projectIdParams,
        querystring: convertChartQuery,
        body: convertChartBody,
        response: { 201: chartConversionSchema, ...problemResponses(400, 401, 404, 429), ...storageFullResponse },
      },
    },
    async (request, reply) => {
      const to = request.body?.to ?? request.query.to;
      if (!to) throw HttpProblem.invalidFields([{ field: 'to', message: `to is required: one of ${THREAD_BRANDS.join(', ')}` }]);
      return reply.code(201).send(await projects.convert(request.user!, request.params.id, to));
    },
  );

  app.delete(
    '/stitch/projects/:id',
    {
      schema: {
        tags: ['projects'],
        operationId: 'deleteProject',
        summary: 'Delete a project and its files',
        security,
        params: projectIdParams,
        response: { 204: z.undefined().meta({ description: 'Deleted.' }), ...problemResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await projects.delete(request.user!, request.params.id);
      return reply.code(204).send();
    },
  );

  done();
};
