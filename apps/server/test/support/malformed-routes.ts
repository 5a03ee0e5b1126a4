import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateOpenApiDocument } from '../../../../scripts/api-contract.js';
import { fileIdOf, generatedPlan } from './chart-calls.js';
import { useTestServer } from './harness.js';
import { encodePng } from './images.js';
import { sendRaw } from './raw-http.js';
import type { DatabaseUnderTest } from './test-server.js';

/**
 * What the malformed-requests suites share: the routes, read from the OpenAPI document the app generates
 * (app.swagger()), so that a new route is covered without touching a suite, with /files/{id}, which the
 * document hides, added by hand; the server the requests go to, with things for path parameters to name;
 * sending an attempt; and what every answer must be.
 */

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maxLength?: number;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

interface OpenApiOperation {
  security?: unknown[];
  parameters?: { name: string; in: 'path' | 'query' | 'header' }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, unknown>;
}

/** A route as the document describes it, with what is needed to send it something malformed. */
export interface Route {
  method: string;
  /** The path template, `{name}` for each parameter. */
  path: string;
  signedIn: boolean;
  pathParams: string[];
  queryParams: string[];
  /** A multipart/form-data body: its file fields and text fields. */
  form?: { files: string[]; texts: Record<string, JsonSchema>; required: string[]; maxFileBytes: number };
  /** A JSON body's schema. */
  json?: JsonSchema;
  /** Answers 428 without If-Match: malformed bodies are sent with one, so the body is what gets refused. */
  needsIfMatch: boolean;
}

const document = JSON.parse(await generateOpenApiDocument()) as { paths: Record<string, Record<string, OpenApiOperation>> };

export const FILES_ROUTE: Route = { method: 'GET', path: '/files/{id}', signedIn: false, pathParams: ['id'], queryParams: [], needsIfMatch: false };

export const ROUTES: Route[] = [
  ...Object.entries(document.paths).flatMap(([path, operations]) => Object.entries(operations).map(([method, operation]) => routeOf(path, method, operation))),
  FILES_ROUTE,
];

function routeOf(path: string, method: string, operation: OpenApiOperation): Route {
  const parameters = operation.parameters ?? [];
  const content = operation.requestBody?.content ?? {};
  const formSchema = content['multipart/form-data']?.schema;
  const jsonSchema = content['application/json']?.schema;
  const route: Route = {
    method: method.toUpperCase(),
    path,
    signedIn: (operation.security ?? []).length > 0,
    pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
    queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
    needsIfMatch: '428' in (operation.responses ?? {}),
  };
  if (formSchema) {
    const properties = Object.entries(formSchema.properties ?? {});
    const files = properties.filter(([, schema]) => schema.format === 'binary').map(([name]) => name);
    const texts = Object.fromEntries(properties.filter(([name]) => !files.includes(name)));
    // The file field's documented limit (an image's 10 MB, an imported chart's 32 MB).
    const maxFileBytes = Math.max(...files.map((name) => formSchema.properties![name]!.maxLength ?? 10 * 1024 * 1024));
    route.form = { files, texts, required: formSchema.required ?? [], maxFileBytes };
  }
  if (jsonSchema) route.json = jsonSchema;
  return route;
}

/** Whether a path template (`{name}` for a parameter) takes a path, segment by segment. */
export function templateMatches(template: string, path: string): boolean {
  const wanted = template.split('/');
  const given = path.split('/');
  return wanted.length === given.length && wanted.every((segment, i) => segment === given[i] || segment.startsWith('{'));
}

/** What a test needs from the running server: where it is, a signed-in user's token, and ids that exist. */
export interface Context {
  baseUrl: string;
  dataDir: string;
  token: string;
  projectId: string;
  patternId: string;
  fileId: string;
}

export const png = encodePng(32, 24, (x, y) => [x * 8, y * 10, 90]);

/** A server on `database` with a signed-in user who has generated a project, for the suite's tests to name. */
export function useMalformedServer(database: { create: () => Promise<DatabaseUnderTest> }): Context {
  const suite = useTestServer({ database, users: ['malformed'] });
  const user = suite.user('malformed');
  const context = {} as Context;
  beforeAll(async () => {
    context.baseUrl = suite.baseUrl;
    context.dataDir = suite.server.config.dataDir;
    context.token = user.token;
    const plan = await generatedPlan(user, { project_name: 'Existing', max_side: '20', colors: '4' }, png);
    context.projectId = plan.project_id!;
    context.patternId = fileIdOf(plan.pattern_url);
    context.fileId = context.patternId;
  }, 60_000);
  return context;
}

/** An existing thing for each path parameter, so that a refusal is about the malformed part alone; `sample` where none is known. */
function existing(context: Context, path: string, param: string): string {
  if (path.startsWith('/api/dmc/threads/closest/')) return 'ff8800';
  if (path.startsWith('/api/dmc/threads/')) return '310';
  if (param === 'brand') return 'anchor';
  if (param === 'code') return '403';
  if (param === 'color') return 'ff8800';
  if (param === 'patternId') return context.patternId;
  if (path.startsWith('/api/stitch/projects/')) return context.projectId;
  if (path.startsWith('/files/')) return context.fileId;
  return 'sample';
}

/** One malformed request and what it must get. */
export interface Attempt {
  name: string;
  method: string;
  /** The path and query as sent; each `{name}` left in it is filled with something that exists. */
  target: string;
  headers?: Record<string, string>;
  body?: () => string | Buffer | FormData;
  /** Send the user's token (signed-in routes, unless the attempt is about the token). */
  token?: boolean;
  /** Send exactly these bytes over a socket: for requests fetch cannot make. */
  raw?: boolean;
  /** The status it must get, where only one is right; any 4xx otherwise. */
  status?: number;
}

export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

const REPOSITORY = fileURLToPath(new URL('../../../../', import.meta.url));

export async function send(context: Context, attempt: Attempt): Promise<Answer> {
  const target = attempt.target.replace(/\{(\w+)\}/g, (_, param: string) => existing(context, attempt.target, param));
  const ifMatch = ROUTES.some((route) => route.needsIfMatch && route.method === attempt.method && templateMatches(route.path, attempt.target));
  const headers: Record<string, string> = {
    ...(attempt.token ? { authorization: `Bearer ${context.token}` } : {}),
    ...(ifMatch ? { 'if-match': '"v1"' } : {}),
    ...attempt.headers,
  };
  const body = attempt.body?.();
  if (attempt.raw) {
    const bytes = body instanceof FormData ? Buffer.alloc(0) : Buffer.from(body ?? '');
    const framing = 'content-length' in headers || 'transfer-encoding' in headers || bytes.length === 0 ? {} : { 'content-length': String(bytes.length) };
    const lines = Object.entries({ ...headers, ...framing }).map(([name, value]) => (value === '' ? name : `${name}: ${value}`));
    const head = [`${attempt.method} ${target} HTTP/1.1`, `Host: ${new URL(context.baseUrl).host}`, 'Connection: close', ...lines, '', ''].join('\r\n');
    const answer = await sendRaw(context.baseUrl, Buffer.concat([Buffer.from(head), bytes]));
    return { status: answer.status, contentType: answer.headers['content-type'] ?? '', body: answer.body };
  }
  const init = { method: attempt.method, headers, redirect: 'manual' as const };
  const response = await fetch(`${context.baseUrl}${target}`, body === undefined ? init : { ...init, body: fetchable(body) });
  return read(response);
}

export const read = async (response: Response): Promise<Answer> => ({
  status: response.status,
  contentType: response.headers.get('content-type') ?? '',
  body: await response.text(),
});

/** fetch takes bytes as a Uint8Array, not a Node Buffer. */
const fetchable = (body: string | Buffer | FormData): string | Uint8Array<ArrayBuffer> | FormData => (Buffer.isBuffer(body) ? new Uint8Array(body) : body);

/** No stack frame and no path of the server's files or data in what a client sees. */
export function expectNothingLeaked(answer: Answer, context: Context, described: string): void {
  expect(answer.body, described).not.toContain('    at ');
  expect(answer.body, described).not.toMatch(/\bat .*:\d+:\d+\)?$/m);
  expect(answer.body, described).not.toMatch(/\.(?:[cm]?js|ts):\d+/);
  for (const fragment of [REPOSITORY, context.dataDir, 'node_modules', 'file://']) expect(answer.body, described).not.toContain(fragment);
}

export function expectProblem(answer: Answer, attempt: Attempt, context: Context): void {
  const described = `${attempt.name} → ${answer.status} ${answer.contentType}\n${answer.body.slice(0, 600)}`;
  expect(answer.status, described).toBeGreaterThanOrEqual(400);
  expect(answer.status, described).toBeLessThan(500);
  if (attempt.status) expect(answer.status, described).toBe(attempt.status);
  expect(answer.contentType, described).toMatch(/^application\/problem\+json/);
  const problem = JSON.parse(answer.body) as { status?: unknown; code?: unknown; detail?: unknown };
  expect(problem.status, described).toBe(answer.status);
  expect(problem.code, described).toMatch(/^[a-z]+(_[a-z]+)*$/);
  expect(problem.detail, described).toEqual(expect.stringMatching(/\S/));
  expectNothingLeaked(answer, context, described);
}

/** A test for each attempt, a describe for each kind, each answered with a problem. */
export function itAnswersWithProblems(context: Context, kinds: { kind: string; attempts: Attempt[] }[]): void {
  // A loop rather than it.each, whose `$name` would cut the names short.
  for (const { kind, attempts } of kinds) {
    describe(kind, () => {
      for (const attempt of attempts) {
        it(attempt.name, async () => {
          expectProblem(await send(context, attempt), attempt, context);
        });
      }
    });
  }
}
