import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOpenApiDocument } from '../../../scripts/api-contract.js';
import { OWNED_THREADS_BODY_LIMIT } from '../src/contract/owned-threads.js';
import { PROGRESS_BODY_LIMIT } from '../src/contract/progress.js';
import { PATTERN_DOCUMENT_BODY_LIMIT } from '../src/contract/patterns.js';
import { encodePng } from './support/images.js';
import { newUser, OidcBrowser } from './support/oidc-client.js';
import { sendRaw } from './support/raw-http.js';
import { DATABASES, startTestServer, type DatabaseUnderTest, type TestServer } from './support/test-server.js';

/**
 * Every route answers a malformed request with a 4xx problem — `application/problem+json` whose
 * `status` is the HTTP status, with a `code` and a `detail` — never a 500, an HTML page, Fastify's
 * own error shape or a stack trace. The API's routes are read from the OpenAPI document the app
 * generates (app.swagger()), so a new route is covered without touching this file; /files/{id}, which
 * the document hides, is added by hand. Signed-in routes are tried without a token (401) and with one,
 * so that the rest reaches the body, and path parameters name things that exist unless the parameter
 * is what is malformed. A method a path does not answer is the 404 problem of a path with nothing there.
 *
 * The built-in identity provider under /oidc answers in its own ways, checked apart at the end:
 * - its sign-in and sign-up form posts are Fastify routes: a body Fastify cannot parse (bad JSON, a
 *   type it has no parser for, over the 16 KB form limit) is a problem like anywhere else; a body it
 *   parses but that is not the form (text, multipart, repeated or odd fields) gets the sign-in page
 *   again with a 4xx status, as a browser should see it;
 * - everything else under /oidc is oidc-provider's: OAuth endpoints answer `{ error, error_description }`
 *   JSON (RFC 6749 §5.2), unknown paths and methods a plain-text 404, browser endpoints an HTML page.
 *   Those are not problems, but they are 4xx and show no stack or file path.
 */

interface JsonSchema {
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
interface Route {
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

const FILES_ROUTE: Route = { method: 'GET', path: '/files/{id}', signedIn: false, pathParams: ['id'], queryParams: [], needsIfMatch: false };

const ROUTES: Route[] = [
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

/** What a test needs from the running server: where it is, a signed-in user's token, and ids that exist. */
interface Context {
  baseUrl: string;
  dataDir: string;
  token: string;
  projectId: string;
  patternId: string;
  fileId: string;
}

/** An existing thing for each path parameter, so that a refusal is about the malformed part alone; `sample` where none is known. */
function existing(context: Context, path: string, param: string): string {
  if (path.startsWith('/api/dmc/threads/closest/')) return 'ff8800';
  if (path.startsWith('/api/dmc/threads/')) return '310';
  if (param === 'patternId') return context.patternId;
  if (path.startsWith('/api/stitch/projects/')) return context.projectId;
  if (path.startsWith('/files/')) return context.fileId;
  return 'sample';
}

/** One malformed request and what it must get. */
interface Attempt {
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

const png = encodePng(32, 24, (x, y) => [x * 8, y * 10, 90]);
const BAD_ENCODINGS = ['%E0%A4%A', '%zz'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const BOUNDARY = 'malformed-requests-boundary';
const FORM = `multipart/form-data; boundary=${BOUNDARY}`;
const JSON_TYPE = 'application/json';

/** The route's path with one parameter set to `value` as sent (already encoded) and the others left to fill. */
const withParam = (route: Route, param: string, value: string): string => route.path.replace(`{${param}}`, value);

/** A plausible value for a form or JSON field, so that a request is refused for its one malformed part. */
function plausible(schema: JsonSchema): string {
  if (schema.enum?.length) return String(schema.enum[0]);
  const type = [schema.type ?? schema.anyOf?.[0]?.type].flat()[0];
  return type === 'integer' || type === 'number' ? String(Math.max(schema.minimum ?? 1, 1)) : 'Sample';
}

interface Part {
  name?: string;
  filename?: string;
  value: string | Buffer;
}

/** A multipart body made by hand, so that it can be wrong in ways FormData never is. */
function multipart(parts: Part[], { close = true, boundary = BOUNDARY } = {}): Buffer {
  const chunks = parts.flatMap(({ name, filename, value }) => {
    const disposition = ['form-data', name === undefined ? [] : `name="${name}"`, filename === undefined ? [] : `filename="${filename}"`].flat().join('; ');
    const type = filename === undefined ? '' : 'Content-Type: image/png\r\n';
    return [Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`), Buffer.from(value), Buffer.from('\r\n')];
  });
  return Buffer.concat([...chunks, Buffer.from(close ? `--${boundary}--\r\n` : '')]);
}

const requiredTexts = (form: NonNullable<Route['form']>): Part[] =>
  form.required.filter((name) => name in form.texts).map((name) => ({ name, value: plausible(form.texts[name]!) }));
const imagePart = (form: NonNullable<Route['form']>, bytes: Buffer = png): Part => ({
  name: form.files[0] ?? 'image_file',
  filename: 'photo.png',
  value: bytes,
});

/** Signed-in routes without a token, with a token that is not one, and with a malformed body: 401 before anything else. */
function unauthenticated(route: Route): Attempt[] {
  if (!route.signedIn) return [];
  const base = { method: route.method, target: route.path, status: 401 };
  const attempts: Attempt[] = [
    { ...base, name: 'without a token' },
    { ...base, name: 'with a token that is not one', headers: { authorization: 'Bearer not.a.token' } },
  ];
  if (route.json) attempts.push({ ...base, name: 'without a token and with broken JSON', headers: { 'content-type': JSON_TYPE }, body: () => '{"' });
  if (route.form)
    attempts.push({ ...base, name: 'without a token and with a form without a boundary', headers: { 'content-type': 'multipart/form-data' }, body: () => 'x' });
  return attempts;
}

/** Broken %-encoding in the path (a parameter, or the end of a path without one) and in the query string. */
function badEncoding(route: Route): Attempt[] {
  const base = { method: route.method, token: route.signedIn, status: 400 };
  const inPath = (bad: string): string => (route.pathParams[0] ? withParam(route, route.pathParams[0], bad) : `${route.path}${bad}`);
  return BAD_ENCODINGS.flatMap((bad) => [
    { ...base, name: `with ${bad} in the path`, target: inPath(bad) },
    { ...base, name: `with ${bad} in the query string`, target: `${route.path}?${route.queryParams[0] ?? 'q'}=${bad}` },
  ]);
}

/** Path parameters that name nothing: unknown, too long for the router, longer than the headers may be, and `..` in every spelling. */
function badPathParams(route: Route): Attempt[] {
  const body = route.json ? () => JSON.stringify({ [Object.keys(route.json!.properties ?? {})[0] ?? 'name']: 'Sample' }) : undefined;
  const headers = body ? { 'content-type': JSON_TYPE } : undefined;
  return route.pathParams.flatMap((param) => {
    const base = { method: route.method, token: route.signedIn, ...(body ? { body, headers } : {}) };
    return [
      { ...base, name: `with an unknown ${param}`, target: withParam(route, param, 'unknown-0000') },
      { ...base, name: `with a ${param} of 300 characters`, target: withParam(route, param, 'a'.repeat(300)) },
      { ...base, name: `with a ${param} of 20000 characters`, target: withParam(route, param, 'a'.repeat(20_000)), status: 431 },
      { ...base, name: `with ${param} ..`, target: withParam(route, param, '..'), raw: true },
      { ...base, name: `with ${param} ../..`, target: withParam(route, param, '../..'), raw: true },
      { ...base, name: `with ${param} %2e%2e`, target: withParam(route, param, '%2e%2e'), raw: true },
      { ...base, name: `with ${param} ..%2F..%2Fstitchwise.sqlite`, target: withParam(route, param, '..%2F..%2Fstitchwise.sqlite') },
    ];
  });
}

/**
 * Every method a path does not answer (HEAD aside: its answer has no body): the 404 problem of a path with
 * nothing there. A method another route answers for this path through its parameters (`PATCH
 * /api/stitch/projects/{id}` for `/api/stitch/projects/import`) is that route's to answer, so it is left out.
 */
function unsupportedMethods(path: string, allowed: string[]): Attempt[] {
  const answeredThroughParameters = (method: string): boolean => ROUTES.some((route) => route.method === method && templateMatches(route.path, path));
  return METHODS.filter((method) => !allowed.includes(method) && !answeredThroughParameters(method)).map((method) => ({
    name: `${method} ${path}`,
    method,
    target: path,
    token: true,
    status: 404,
  }));
}

/** Whether a path template (`{name}` for a parameter) takes a path, segment by segment. */
function templateMatches(template: string, path: string): boolean {
  const wanted = template.split('/');
  const given = path.split('/');
  return wanted.length === given.length && wanted.every((segment, i) => segment === given[i] || segment.startsWith('{'));
}

/** Bodies of the wrong type for a route that reads JSON or a form: 415, but 400 for broken JSON (Fastify parses JSON first). */
function wrongContentTypes(route: Route): Attempt[] {
  if (!route.json && !route.form) return [];
  const base = { method: route.method, target: route.path, token: route.signedIn };
  const attempts: Attempt[] = [
    { ...base, name: 'with a text/plain body', headers: { 'content-type': 'text/plain' }, body: () => 'hello', status: 415 },
    { ...base, name: 'with an application/xml body', headers: { 'content-type': 'application/xml' }, body: () => '<idea>rose</idea>', status: 415 },
    { ...base, name: 'with a urlencoded form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: () => 'name=Sample', status: 415 },
    { ...base, name: 'with a body and no content type', body: () => '{"name":"Sample"}', raw: true, status: 415 },
    { ...base, name: 'with broken JSON', headers: { 'content-type': JSON_TYPE }, body: () => '{"name": ', status: 400 },
  ];
  if (route.form) attempts.push({ ...base, name: 'with a JSON body', headers: { 'content-type': JSON_TYPE }, body: () => '{"name":"Sample"}', status: 415 });
  if (route.json)
    attempts.push({
      ...base,
      name: 'with a multipart form',
      headers: { 'content-type': FORM },
      body: () => multipart([{ name: 'name', value: 'Sample' }]),
      status: 415,
    });
  return attempts;
}

/** Multipart bodies the form reader must refuse: cut, unnamed, swapped, doubled, oversized or too many parts. */
function badForms(route: Route): Attempt[] {
  const form = route.form;
  if (!form) return [];
  const base = { method: route.method, target: route.path, token: route.signedIn, headers: { 'content-type': FORM } };
  const valid = (): Part[] => [...requiredTexts(form), imagePart(form)];
  const textsAsFiles = Object.keys(form.texts).map((name) => ({ name, filename: `${name}.txt`, value: plausible(form.texts[name]!) }));
  return [
    { ...base, name: 'with multipart without a boundary', headers: { 'content-type': 'multipart/form-data' }, body: () => multipart(valid()), status: 400 },
    {
      ...base,
      name: 'with multipart with an empty boundary',
      headers: { 'content-type': 'multipart/form-data; boundary=' },
      body: () => multipart(valid()),
      status: 400,
    },
    {
      ...base,
      name: 'with multipart with a boundary the body does not use',
      headers: { 'content-type': 'multipart/form-data; boundary=another' },
      body: () => multipart(valid()),
      status: 400,
    },
    {
      ...base,
      name: 'with multipart cut off inside the file part',
      body: () => multipart([...requiredTexts(form), imagePart(form, png.subarray(0, png.length >> 1))], { close: false }),
      status: 400,
    },
    { ...base, name: 'with a file part without a name', body: () => multipart([...requiredTexts(form), { filename: 'photo.png', value: png }]), status: 400 },
    { ...base, name: 'with a text part without a name and no file', body: () => multipart([{ value: 'Sample' }]), status: 400 },
    {
      ...base,
      name: 'with the file field sent as text',
      body: () => multipart([...requiredTexts(form), { name: imagePart(form).name, value: 'photo.png' }]),
      status: 400,
    },
    ...(textsAsFiles.length ? [{ ...base, name: 'with the text fields sent as files and no image', body: () => multipart(textsAsFiles), status: 400 }] : []),
    { ...base, name: 'with two files', body: () => multipart([...requiredTexts(form), imagePart(form), imagePart(form)]), status: 400 },
    {
      ...base,
      name: `with a file over its ${form.maxFileBytes / 1024 / 1024} MB`,
      body: () => multipart([...requiredTexts(form), imagePart(form, Buffer.concat([png, Buffer.alloc(form.maxFileBytes)]))]),
      status: 413,
    },
    { ...base, name: 'with too many fields', body: () => multipart(Array.from({ length: 60 }, (_, i) => ({ name: `field${i}`, value: 'x' }))), status: 400 },
    { ...base, name: 'with an empty form', body: () => multipart([]), status: 400 },
    {
      ...base,
      name: 'with multipart/mixed',
      headers: { 'content-type': `multipart/mixed; boundary=${BOUNDARY}` },
      body: () => multipart(valid()),
      status: 415,
    },
  ];
}

/** Fastify's 1 MB for JSON bodies, except routes that take whole pattern documents, the list of owned threads (64 KB) and stitching progress (128 KB). */
const bodyLimitOf = (route: Route): number =>
  ['/api/stitch/patterns/export', '/api/stitch/projects/{id}/pattern'].includes(route.path)
    ? PATTERN_DOCUMENT_BODY_LIMIT
    : route.path === '/api/threads/owned'
      ? OWNED_THREADS_BODY_LIMIT
      : route.path === '/api/stitch/projects/{id}/progress'
        ? PROGRESS_BODY_LIMIT
        : 1024 * 1024;

/** JSON the route's schema must refuse: wrong shapes and types, huge numbers, deep nesting, prototype keys, and too much of it. */
function badJson(route: Route): Attempt[] {
  const schema = route.json;
  if (!schema) return [];
  const properties = Object.entries(schema.properties ?? {});
  const first = properties[0]?.[0] ?? 'name';
  const base = { method: route.method, target: route.path, token: route.signedIn, headers: { 'content-type': JSON_TYPE }, status: 400 };
  // As deep as the body limit allows, 50,000 at most: the parser and the schema must refuse it, not overflow the stack.
  const depth = Math.min(50_000, Math.floor((bodyLimitOf(route) - 100) / 2));
  const wrongType = (property: JsonSchema): unknown =>
    [property.type ?? property.anyOf?.map((s) => s.type)].flat().includes('string') ? 12345 : 'not a number';
  return [
    { ...base, name: 'with an empty JSON body', body: () => '' },
    { ...base, name: 'with a JSON syntax error', body: () => `{"${first}": "Sample",}` },
    { ...base, name: 'with an array where an object is expected', body: () => JSON.stringify([{ [first]: 'Sample' }]) },
    { ...base, name: 'with a string where an object is expected', body: () => '"Sample"' },
    { ...base, name: 'with null where an object is expected', body: () => 'null' },
    ...properties.map(([name, property]) => ({ ...base, name: `with ${name} of the wrong type`, body: () => JSON.stringify({ [name]: wrongType(property) }) })),
    { ...base, name: 'with a huge number', body: () => `{"${first}": 1e999999}` },
    { ...base, name: `nested ${depth} deep`, body: () => `{"${first}": ${'['.repeat(depth)}${']'.repeat(depth)}}` },
    { ...base, name: 'with a __proto__ key', body: () => `{"${first}": "Sample", "__proto__": {"admin": true}}` },
    { ...base, name: 'with a constructor.prototype key', body: () => `{"${first}": "Sample", "constructor": {"prototype": {"admin": true}}}` },
    { ...base, name: 'over its body limit', body: () => JSON.stringify({ [first]: 'x'.repeat(bodyLimitOf(route)) }), status: 413 },
  ];
}

/** Any body where none is read still has to be JSON when it says so: Fastify parses it for every method but GET and HEAD. */
function brokenJsonWithoutBodySchema(route: Route): Attempt[] {
  if (route.json || route.form || route.method === 'GET') return [];
  return [
    {
      name: 'with broken JSON',
      method: route.method,
      target: route.path,
      token: route.signedIn,
      headers: { 'content-type': JSON_TYPE },
      body: () => '{"',
      status: 400,
    },
  ];
}

const titled =
  (route: Route) =>
  (attempt: Attempt): Attempt => ({ ...attempt, name: `${route.method} ${route.path} ${attempt.name}` });

const PATHS = [...new Set(ROUTES.map((route) => route.path))];

const ATTEMPTS: { kind: string; attempts: Attempt[] }[] = [
  { kind: 'signed-in routes without a valid token', attempts: ROUTES.flatMap((route) => unauthenticated(route).map(titled(route))) },
  { kind: 'broken %-encoding', attempts: ROUTES.flatMap((route) => badEncoding(route).map(titled(route))) },
  { kind: 'bad path parameters', attempts: ROUTES.flatMap((route) => badPathParams(route).map(titled(route))) },
  {
    kind: 'unsupported methods',
    attempts: PATHS.flatMap((path) =>
      unsupportedMethods(
        path,
        ROUTES.filter((route) => route.path === path).map((route) => route.method),
      ),
    ),
  },
  { kind: 'wrong content types', attempts: ROUTES.flatMap((route) => [...wrongContentTypes(route), ...brokenJsonWithoutBodySchema(route)].map(titled(route))) },
  { kind: 'malformed multipart forms', attempts: ROUTES.flatMap((route) => badForms(route).map(titled(route))) },
  { kind: 'wrong JSON', attempts: ROUTES.flatMap((route) => badJson(route).map(titled(route))) },
];

/** Requests Node's HTTP parser refuses before any route: answered as problems too. */
const JSON_ROUTE = ROUTES.find((route) => route.json) ?? ROUTES[0]!;
const BROKEN_HTTP: Attempt[] = (
  [
    { name: 'a Content-Length that is not a number', headers: { 'content-length': 'ten' } },
    { name: 'both Content-Length and Transfer-Encoding', headers: { 'content-length': '2', 'transfer-encoding': 'chunked' } },
    { name: 'a header line without a colon', headers: { 'x-broken header line': '' } },
  ] as { name: string; headers: Record<string, string> }[]
).map((attempt) => ({ ...attempt, method: 'POST', target: JSON_ROUTE.path, body: () => '{}', raw: true, status: 400 }));

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));

async function send(context: Context, attempt: Attempt): Promise<Answer> {
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

const read = async (response: Response): Promise<Answer> => ({
  status: response.status,
  contentType: response.headers.get('content-type') ?? '',
  body: await response.text(),
});

/** fetch takes bytes as a Uint8Array, not a Node Buffer. */
const fetchable = (body: string | Buffer | FormData): string | Uint8Array<ArrayBuffer> | FormData => (Buffer.isBuffer(body) ? new Uint8Array(body) : body);

/** No stack frame and no path of the server's files or data in what a client sees. */
function expectNothingLeaked(answer: Answer, context: Context, described: string): void {
  expect(answer.body, described).not.toContain('    at ');
  expect(answer.body, described).not.toMatch(/\bat .*:\d+:\d+\)?$/m);
  expect(answer.body, described).not.toMatch(/\.(?:[cm]?js|ts):\d+/);
  for (const fragment of [REPOSITORY, context.dataDir, 'node_modules', 'file://']) expect(answer.body, described).not.toContain(fragment);
}

function expectProblem(answer: Answer, attempt: Attempt, context: Context): void {
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

/** A page of the built-in provider's own (the sign-in page again, or "this link has expired"), with a 4xx status. */
function expectPage(answer: Answer, context: Context, described: string): void {
  expect(answer.status, described).toBeGreaterThanOrEqual(400);
  expect(answer.status, described).toBeLessThan(500);
  expect(answer.contentType, described).toMatch(/^text\/html/);
  expect(answer.body, described).toMatch(/^<!doctype html>/i);
  expectNothingLeaked(answer, context, described);
}

describe.each(DATABASES)('malformed requests on $name', ({ create }) => {
  let database: DatabaseUnderTest;
  let server: TestServer;
  const context = {} as Context;

  beforeAll(async () => {
    database = await create();
    server = await startTestServer(database.environment);
    context.baseUrl = server.baseUrl;
    context.dataDir = server.config.dataDir;
    context.token = (await new OidcBrowser(server.baseUrl).signUp(newUser('malformed'))).access_token;
    const form = new FormData();
    form.append('project_name', 'Existing');
    form.append('max_side', '20');
    form.append('colors', '4');
    form.append('image_file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    const generated = await fetch(`${server.baseUrl}/api/stitch/generate`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${context.token}` },
    });
    expect(generated.status).toBe(200);
    const plan = (await generated.json()) as { project_id: string; pattern_url: string };
    context.projectId = plan.project_id;
    context.patternId = plan.pattern_url.split('/').pop()!;
    context.fileId = context.patternId;
  }, 60_000);
  afterAll(async () => {
    await server.stop();
    await database.dispose();
  });

  it('covers every route of the API document, and /files/{id}', () => {
    expect(ROUTES.length).toBeGreaterThan(20);
    expect(ROUTES).toContainEqual(expect.objectContaining({ method: 'PATCH', path: '/api/stitch/projects/{id}', signedIn: true }));
    expect(ROUTES.filter((route) => route.form).length).toBeGreaterThanOrEqual(8);
    expect(ROUTES).toContain(FILES_ROUTE);
  });

  it('has what the malformed requests need: the things they name exist', async () => {
    for (const path of ['/api/stitch/projects/{id}', '/files/{id}', '/api/dmc/threads/{id}']) {
      const answer = await send(context, { name: path, method: 'GET', target: path, token: true });
      expect(answer.status, path).toBe(200);
    }
  });

  // A loop rather than it.each, whose `$name` would cut the names short.
  for (const { kind, attempts } of [...ATTEMPTS, { kind: 'broken HTTP', attempts: BROKEN_HTTP }]) {
    describe(kind, () => {
      for (const attempt of attempts) {
        it(attempt.name, async () => {
          expectProblem(await send(context, attempt), attempt, context);
        });
      }
    });
  }

  describe("the identity provider's sign-in and sign-up forms", () => {
    let browser: OidcBrowser;
    let interaction: string;

    beforeAll(async () => {
      browser = new OidcBrowser(server.baseUrl);
      const { page } = await browser.authorize();
      const action = /action="(\/oidc\/interaction\/[^"/]+)\/login"/.exec(await page.text());
      expect(action).not.toBeNull();
      interaction = action![1]!;
    });

    /** Posts to the live interaction with its cookie, as the browser that opened it would. */
    const post = async (path: string, headers: Record<string, string>, body: string | FormData, raw = false): Promise<Answer> => {
      if (raw) {
        const attempt: Attempt = {
          name: path,
          method: 'POST',
          target: path,
          headers: { cookie: browser.jar.headerFor(`${server.baseUrl}${path}`), ...headers },
          body: () => body,
          raw,
        };
        return send(context, attempt);
      }
      const response = await browser.request(path, { method: 'POST', headers, body });
      return read(response);
    };
    const FORM_TYPE = { 'content-type': 'application/x-www-form-urlencoded' };

    describe.each(['login', 'signup'])('%s', (action) => {
      const path = (): string => `${interaction}/${action}`;

      it.each<{ name: string; headers: Record<string, string>; body: string; raw?: boolean; status: number }>([
        { name: 'broken JSON', headers: { 'content-type': JSON_TYPE }, body: '{"email": ', status: 400 },
        { name: 'an XML body', headers: { 'content-type': 'application/xml' }, body: '<email>a@example.com</email>', status: 415 },
        { name: 'a form over 16 KB', headers: FORM_TYPE, body: `email=${'a'.repeat(17 * 1024)}%40example.com&password=x`, status: 413 },
        { name: 'a body and no content type', headers: {}, body: 'email=a%40example.com', raw: true, status: 415 },
      ])('answers $name with a $status problem', async ({ headers, body, raw, status }) => {
        const answer = await post(path(), headers, body, raw);
        expectProblem(answer, { name: `POST ${path()}`, method: 'POST', target: path(), status }, context);
      });

      const multipartForm = (): FormData => {
        const form = new FormData();
        form.append('email', 'a@example.com');
        form.append('password', 'linen floss hoop');
        return form;
      };
      it.each<{ name: string; headers: Record<string, string>; body: () => string | FormData }>([
        { name: 'a multipart form', headers: {}, body: multipartForm },
        { name: 'a text/plain body', headers: { 'content-type': 'text/plain' }, body: () => 'email=a@example.com' },
        {
          name: 'JSON fields of the wrong types',
          headers: { 'content-type': JSON_TYPE },
          body: () => '{"email": {"$ne": 1}, "password": [1, 2], "name": 12345}',
        },
        { name: 'repeated fields', headers: FORM_TYPE, body: () => 'email=a%40example.com&email=b%40example.com&password=x&password=y' },
        { name: 'broken %-encoding in the form', headers: FORM_TYPE, body: () => 'email=%E0%A4%A&password=%zz&name=%' },
        { name: 'a NUL in the e-mail address', headers: FORM_TYPE, body: () => 'email=a%00%40example.com&password=linen%20floss%20hoop&name=A' },
        { name: 'an empty form', headers: FORM_TYPE, body: () => '' },
      ])('answers $name with its page again and a 4xx status', async ({ headers, body }) => {
        const answer = await post(path(), headers, body());
        expectPage(answer, context, `POST ${path()} → ${answer.status} ${answer.contentType}\n${answer.body.slice(0, 300)}`);
      });

      it('answers broken %-encoding in the path with a 400 problem', async () => {
        const target = `/oidc/interaction/%E0%A4%A/${action}`;
        const answer = await post(target, FORM_TYPE, 'email=a%40example.com');
        expectProblem(answer, { name: `POST ${target}`, method: 'POST', target, status: 400 }, context);
      });

      it('answers an unknown interaction with the "link has expired" page', async () => {
        const target = `/oidc/interaction/unknown-0000/${action}`;
        const response = await fetch(`${server.baseUrl}${target}`, { method: 'POST', headers: FORM_TYPE, body: 'email=%zz' });
        const answer = await read(response);
        expectPage(answer, context, `POST ${target} → ${answer.status}`);
        expect(answer.status).toBe(400);
      });
    });
  });

  describe("the identity provider's own endpoints (oidc-provider: OAuth errors or a plain 404)", () => {
    let endpoints: [string, string][];
    beforeAll(async () => {
      const discovery = (await (await fetch(`${server.baseUrl}/oidc/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
      endpoints = Object.entries(discovery).filter((entry): entry is [string, string] => entry[0].endsWith('_endpoint') && typeof entry[1] === 'string');
      expect(endpoints.map(([name]) => name)).toContain('token_endpoint');
    });

    it.each<{ name: string; method: string; headers: Record<string, string>; body: string }>([
      { name: 'broken JSON', method: 'POST', headers: { 'content-type': JSON_TYPE }, body: '{"grant_type": ' },
      { name: 'an XML body', method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<grant_type/>' },
      {
        name: 'a form of 300 KB',
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `client_id=${'a'.repeat(300 * 1024)}`,
      },
      {
        name: 'a form with broken %-encoding and odd keys',
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'a=%zz&&=&client_id[]=x',
      },
      { name: 'a multipart body without a boundary', method: 'POST', headers: { 'content-type': 'multipart/form-data' }, body: '--x\r\n' },
      { name: 'PUT', method: 'PUT', headers: {}, body: 'x' },
    ])('answer $name with a 4xx and no stack', async ({ method, headers, body }) => {
      for (const [name, url] of endpoints) {
        const response = await fetch(url, { method, headers, body, redirect: 'manual' });
        const answer = await read(response);
        const described = `${name} ${method} ${url} → ${answer.status} ${answer.contentType}\n${answer.body.slice(0, 300)}`;
        expect(answer.status, described).toBeGreaterThanOrEqual(400);
        expect(answer.status, described).toBeLessThan(500);
        if (answer.contentType.startsWith('application/json'))
          expect((JSON.parse(answer.body) as { error?: unknown }).error, described).toEqual(expect.any(String));
        expectNothingLeaked(answer, context, described);
      }
    });
  });
});
