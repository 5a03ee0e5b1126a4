import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticator } from '../auth/authenticate.js';
import { readMultipartForm } from '../http/multipart.js';
import { HttpProblem } from '../http/problem.js';
import { integerField, problemResponses } from '../http/schemas.js';
import { sniffImage } from '../images/sniff.js';
import { PROJECT_STATUSES, type ProjectsService } from '../services/projects.js';

const rgbSchema = z.object({ r: z.number(), g: z.number(), b: z.number() });

export const projectSchema = z
  .object({
    id: z.string(),
    user_id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    status: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    parameters: z.record(z.string(), z.unknown()),
    metadata: z.record(z.string(), z.unknown()),
    outputs: z.object({
      input_image_url: z.string().nullable(),
      stitch_plan_url: z.string().nullable(),
      pattern_url: z.string().nullable(),
    }),
    color_legend: z.array(
      z.object({
        index: z.number(),
        hex: z.string(),
        symbol: z.string(),
        dmc_code: z.string(),
        dmc_name: z.string().optional(),
        stitch_count: z.number(),
        rgb: rgbSchema,
      }),
    ),
  })
  .meta({ id: 'Project' });

const nameField = z.string().trim().min(1, { error: 'name must not be empty' }).max(100, { error: 'name must be at most 100 characters' });
const descriptionField = z.string().trim().max(2000, { error: 'description must be at most 2000 characters' });
const idParams = z.object({ id: z.string().min(1).max(100) });

export interface ProjectRouteOptions {
  projects: ProjectsService;
  auth: Authenticator;
}

export const projectRoutes: FastifyPluginCallbackZod<ProjectRouteOptions> = (app, { projects, auth }, done) => {
  // onRequest, before validation: a visitor learns nothing about the route's inputs.
  app.addHook('onRequest', auth.requireUser);
  const security = [{ bearer: [] }];

  app.get(
    '/stitch/projects',
    {
      schema: {
        tags: ['projects'],
        summary: "The signed-in user's projects, newest first",
        security,
        querystring: z.object({
          limit: integerField('limit', 1, 100).default(20),
          offset: integerField('offset', 0, 1_000_000).default(0),
          status: z.enum(PROJECT_STATUSES).optional(),
        }),
        response: { 200: z.object({ projects: z.array(projectSchema), total: z.number().int() }), ...problemResponses(400, 401) },
      },
    },
    (request) => projects.list(request.user!, request.query),
  );

  app.post(
    '/stitch/projects',
    {
      schema: {
        tags: ['projects'],
        summary: 'Create a project from an image, without generating a pattern',
        description: 'multipart/form-data: `name` (required), `description`, `image` (PNG, JPEG, GIF, WebP or BMP, at most 10 MB).',
        security,
        consumes: ['multipart/form-data'],
        response: { 201: projectSchema, ...problemResponses(400, 401, 413, 415) },
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, ['image', 'image_file']);
      const fields = z.object({ name: nameField, description: descriptionField.optional() }).safeParse(form.fields);
      const errors = fields.success ? [] : fields.error.issues.map((i) => ({ field: String(i.path[0] ?? 'name'), message: i.message }));
      if (!form.file) errors.push({ field: 'image', message: 'an image file is required' });
      if (!fields.success || !form.file) throw HttpProblem.badRequest(`${errors.map((e) => e.message).join('; ')}.`, errors);
      const header = sniffImage(form.file.bytes);
      if (!header) {
        throw new HttpProblem(415, 'unsupported_media_type', 'The file is not a supported image. Use PNG, JPEG, GIF, WebP or BMP.');
      }
      const project = await projects.createFromImage(request.user!, {
        name: fields.data.name,
        description: fields.data.description || undefined,
        image: { bytes: form.file.bytes, header },
      });
      return reply.code(201).send(project);
    },
  );

  app.get(
    '/stitch/projects/:id',
    {
      schema: { tags: ['projects'], summary: 'One project', security, params: idParams, response: { 200: projectSchema, ...problemResponses(401, 404) } },
    },
    (request) => projects.get(request.user!, request.params.id),
  );

  app.patch(
    '/stitch/projects/:id',
    {
      schema: {
        tags: ['projects'],
        summary: "Change a project's name, description or status",
        security,
        params: idParams,
        body: z
          .object({ name: nameField.optional(), description: descriptionField.nullable().optional(), status: z.enum(PROJECT_STATUSES).optional() })
          .strict()
          .refine((body) => Object.keys(body).length > 0, { error: 'send at least one of name, description, status' }),
        response: { 200: projectSchema, ...problemResponses(400, 401, 404) },
      },
    },
    (request) => {
      const { description, ...rest } = request.body;
      const changes = description === undefined ? rest : { ...rest, description: description || null };
      return projects.update(request.user!, request.params.id, changes);
    },
  );

  app.delete(
    '/stitch/projects/:id',
    {
      schema: {
        tags: ['projects'],
        summary: 'Delete a project and its files',
        security,
        params: idParams,
        response: { 204: z.undefined(), ...problemResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await projects.delete(request.user!, request.params.id);
      return reply.code(204).send();
    },
  );

  done();
};
