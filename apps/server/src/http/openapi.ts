import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchemaCompiler, preParsingAsyncHookHandler, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { unsupportedMediaType } from './error-handling.js';
import { isJsonBytesBody } from './json-bytes.js';
import { isMultipartForm } from './multipart.js';

/**
 * Validation by the routes' zod schemas, except multipart form bodies: their schema documents the
 * request body, and the handler validates the fields as it reads the parts (`readMultipartForm`).
 */
export const schemaValidator: FastifySchemaCompiler<z.ZodType> = (route) =>
  route.httpPart === 'body' && (isMultipartForm(route.schema) || isJsonBytesBody(route.schema))
    ? (data: unknown) => ({ value: data })
    : validatorCompiler(route);

/**
 * A route with a JSON body schema (documented as application/json) reads only JSON: a body of another
 * type — text, a form — is refused with 415 before it is read, rather than parsed by another parser
 * and then validated as if it were the object.
 */
function readsOnlyJson(route: RouteOptions): void {
  const body = route.schema?.body;
  if (body === undefined || isMultipartForm(body)) return;
  route.preParsing = [refuseOtherThanJson, ...[route.preParsing ?? []].flat()];
}

const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;

const refuseOtherThanJson: preParsingAsyncHookHandler = async (request, _reply, payload) => {
  const type = request.headers['content-type'];
  if (type !== undefined && !JSON_MEDIA_TYPE.test(type)) throw unsupportedMediaType(request);
  return payload;
};

/** The OpenAPI 3.1 document at /api/docs/json, generated from the routes' zod schemas; the readable page at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, { version, serverUrl }: { version: string; serverUrl: string }): Promise<void> {
  app.addHook('onRoute', readsOnlyJson);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Stitchwise API',
        version,
        description: 'Colour analysis, DMC thread matching and stitch charts. Errors are application/problem+json.',
        license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
      },
      servers: [{ url: serverUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    // The identity provider's endpoints are described by its own discovery document, not here.
    transform: (route) =>
      route.url.startsWith('/oidc') ? { schema: { hide: true }, url: route.url } : withResponseHeaders(route.schema, documentRoute(route)),
    transformObject: (document) => withoutUnusedComponents(jsonSchemaTransformObject(document)),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });
}

const documentRoute = createJsonSchemaTransform({});

type DocumentedRoute = ReturnType<typeof documentRoute>;
type ResponseHeaders = Record<string, { type: string; description?: string }>;

/**
 * Response headers a route declares beside an answer's `content` (JSON schemas, such as a 201's `Location`):
 * the zod transform keeps only the description and content of such an answer, so they are put back.
 */
function withResponseHeaders(schema: { response?: unknown } | undefined, documented: DocumentedRoute): DocumentedRoute {
  const declared = (schema?.response ?? {}) as Record<string, { headers?: ResponseHeaders }>;
  const responses = (documented.schema as { response?: Record<string, object> } | undefined)?.response;
  for (const [status, { headers }] of Object.entries(declared)) {
    if (headers && responses?.[status]) responses[status] = { ...responses[status], headers };
  }
  return documented;
}

type OpenApiDocument = ReturnType<typeof jsonSchemaTransformObject>;
interface WithComponents {
  paths?: unknown;
  components?: { schemas?: Record<string, unknown> };
}

/**
 * Every schema with an id is registered twice by the zod transform, for requests and for responses
 * (`ThreadInput`, `Thread`); keep only the components the operations reach.
 */
function withoutUnusedComponents(document: OpenApiDocument): OpenApiDocument {
  const { paths, components } = document as WithComponents;
  const schemas = components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      const name = key === '$ref' && typeof child === 'string' ? child.split('/').pop() : undefined;
      if (name && !used.has(name)) {
        used.add(name);
        visit(schemas[name]);
      }
      visit(child);
    }
  };
  visit(paths);
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...components, schemas: kept } } as OpenApiDocument;
}
