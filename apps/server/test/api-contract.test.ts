import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import type { components } from '../../web/src/api/openapi.gen.js';
import { generateOpenApiDocument, generateWebTypes, OPENAPI_DOCUMENT_PATH, WEB_TYPES_PATH } from '../../../scripts/api-contract.js';
import { useTestServer } from './support/harness.js';
import { PHOTOS } from './support/images.js';

/**
 * The committed contract (apps/server/openapi.json and the web app's types generated from it) is
 * what the routes say, is valid OpenAPI 3.1, and is enough for a generated client to call the API.
 */
const committedDocument = readFileSync(OPENAPI_DOCUMENT_PATH, 'utf8');

interface Operation {
  operationId?: string;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}
type StitchPlan = components['schemas']['StitchPlan'];

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: unknown;
  items?: unknown;
  oneOf?: JsonSchema[];
}

const document = JSON.parse(committedDocument) as {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
};
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, method, operation })),
);

describe('the API contract', () => {
  it('is what the routes generate now (run `npm run api:generate` after changing a route)', async () => {
    expect(await generateOpenApiDocument(), 'apps/server/openapi.json is stale').toBe(committedDocument);
  });

  it("gives the web app's types, generated from the committed document", async () => {
    expect(await generateWebTypes(committedDocument), 'apps/web/src/api/openapi.gen.ts is stale').toBe(readFileSync(WEB_TYPES_PATH, 'utf8'));
  });

  it('passes the OpenAPI 3.1 schema validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(committedDocument);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  const BODILESS_POSTS = ['POST /api/auth/logout', 'POST /api/stitch/projects/{id}/duplicate'];

  it.each(operations)('$name names itself and types every answer', ({ name, method, operation }) => {
    expect(operation.operationId).toMatch(/^[a-z][A-Za-z]+$/);
    for (const [status, response] of Object.entries(operation.responses)) {
      if (status === '204') continue;
      const contents = Object.entries(response.content ?? {});
      expect(contents.length, `${status} has a body`).toBeGreaterThan(0);
      for (const [type, { schema }] of contents) {
        if (Number(status) >= 400) expect(type).toBe('application/problem+json');
        expect(isTyped(schema), `${status} ${type} is typed`).toBe(true);
      }
    }
    if (['post', 'patch', 'put'].includes(method) && !BODILESS_POSTS.includes(name)) expect(operation.requestBody, 'declares its body').toBeDefined();
  });

  it('declares each multipart form with its file field', () => {
    const forms = operations.filter(({ operation }) => operation.requestBody?.content['multipart/form-data']);
    expect(forms.map(({ name }) => name).sort()).toEqual(
      [
        'POST /api/colors/dominant',
        'POST /api/colors/pick',
        'POST /api/images/crop',
        'POST /api/images/remove-background',
        'POST /api/images/upload',
        'POST /api/stitch/generate',
        'POST /api/stitch/generate/anonymous',
        'POST /api/stitch/projects',
        'POST /api/stitch/projects/import',
      ].sort(),
    );
    for (const { operation } of forms) {
      const fields = operation.requestBody!.content['multipart/form-data']!.schema.properties!;
      expect(Object.values(fields).some((field) => field.format === 'binary')).toBe(true);
    }
  });

  it('has no loosely typed objects among its schemas', () => {
    for (const [name, schema] of Object.entries(document.components.schemas)) expect(isTyped(schema), name).toBe(true);
  });
});

/** A schema says what it holds: a reference, or a type whose objects list their properties (or their values' type). */
function isTyped(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  if (schema.$ref) return true;
  if (schema.oneOf) return schema.oneOf.every(isTyped);
  if (schema.type === undefined) return false;
  if (schema.type === 'object') {
    const values = schema.additionalProperties;
    const typedValues = typeof values === 'object' && values !== null && Object.keys(values).length > 0;
    return (schema.properties !== undefined && Object.keys(schema.properties).length > 0) || typedValues;
  }
  return true;
}

describe('a client generated from the committed document (openapi-typescript + openapi-fetch)', () => {
  const suite = useTestServer({ users: ['contract'] });
  /** The generated client (`.typed`) of a visitor, and of a signed-in user, which sends the user's token with every call. */
  const { visitor: anonymous } = suite;
  const contract = suite.user('contract');
  const photo = new Blob([new Uint8Array(PHOTOS.kodim21())], { type: 'image/png' });

  /** Multipart forms as a browser sends them: files as they are, other values as text. */
  const asForm = (body: Record<string, Blob | string | number | undefined>): FormData => {
    const form = new FormData();
    for (const [name, value] of Object.entries(body)) if (value !== undefined) form.append(name, value instanceof Blob ? value : String(value));
    return form;
  };

  it('finds dominant colours, each with matches and their ΔE00', async () => {
    const { data, error } = await anonymous.typed.POST('/api/colors/dominant', { body: { image_file: photo, n_colors: 4 }, bodySerializer: asForm });
    expect(error).toBeUndefined();
    expect(data!.colors).toHaveLength(4);
    expect(data!.colors[0]!.closest_dmc[0]!.distance).toBeGreaterThanOrEqual(0);
  });

  it('picks a colour', async () => {
    const { data } = await anonymous.typed.POST('/api/colors/pick', { body: { image_file: photo, x: 10, y: 20 }, bodySerializer: asForm });
    expect(data!.picked_color.coordinates).toEqual({ x: 10, y: 20 });
    expect(data!.closest_dmc_threads).toHaveLength(5);
  });

  it('uploads an image', async () => {
    const { data, response } = await anonymous.typed.POST('/api/images/upload', { body: { image_file: photo }, bodySerializer: asForm });
    expect(response.status).toBe(201);
    expect(data).toMatchObject({ width: 768, height: 512, format: 'png' });
  });

  it('generates as a visitor and as a user, and reads the project and its typed parameters back', async () => {
    const visitor = await anonymous.typed.POST('/api/stitch/generate/anonymous', {
      body: { image_file: photo, colors: 6, max_side: 30 },
      bodySerializer: asForm,
    });
    // Without Accept: text/event-stream the answer is the plan as JSON (the stream's events are the other content type).
    const visitorPlan = visitor.data as StitchPlan;
    expect(visitorPlan.metadata.grid_size).toEqual({ width: 30, height: 20 });
    expect(visitorPlan.project_id).toBeUndefined();

    const generated = await contract.typed.POST('/api/stitch/generate', {
      body: { image_file: photo, colors: 8, max_side: 40, use_kmeans: 'true', project_name: 'Contract' },
      bodySerializer: asForm,
    });
    expect(generated.error).toBeUndefined();
    const plan = generated.data as StitchPlan;
    const project = await contract.typed.GET('/api/stitch/projects/{id}', { params: { path: { id: plan.project_id! } } });
    expect(project.data!.parameters).toMatchObject({ colors: 8, max_side: 40, use_kmeans: true, original_size: { width: 768, height: 512 } });
    expect(project.data!.metadata.colors_count).toBe(plan.metadata.colors_used);
    expect(project.data!.color_legend).toEqual(plan.legend_data);
  });

  it('gets typed problems', async () => {
    const { error, response } = await anonymous.typed.GET('/api/dmc/threads/{id}', { params: { path: { id: 'nope' } } });
    expect(response.status).toBe(404);
    expect(error).toMatchObject({ status: 404, code: 'not_found' });
  });
});
