import { LETTERING_BODY_LIMIT } from '../../src/contract/lettering.js';
import { OWNED_THREADS_BODY_LIMIT } from '../../src/contract/owned-threads.js';
import { PROGRESS_BODY_LIMIT } from '../../src/contract/progress.js';
import { PATTERN_DOCUMENT_BODY_LIMIT } from '../../src/contract/patterns.js';
import { png, ROUTES, templateMatches, type Attempt, type JsonSchema, type Route } from './malformed-routes.js';

/** The malformed requests made for every route of the document, by kind. */

const BAD_ENCODINGS = ['%E0%A4%A', '%zz'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const BOUNDARY = 'malformed-requests-boundary';
const FORM = `multipart/form-data; boundary=${BOUNDARY}`;
export const JSON_TYPE = 'application/json';

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
  /** A well-formed form sent as `type`. */
  const withType = (name: string, type: string, status: number): Attempt => ({
    ...base,
    name,
    headers: { 'content-type': type },
    body: () => multipart(valid()),
    status,
  });
  return [
    withType('with multipart without a boundary', 'multipart/form-data', 400),
    withType('with multipart with an empty boundary', 'multipart/form-data; boundary=', 400),
    withType('with multipart with a boundary the body does not use', 'multipart/form-data; boundary=another', 400),
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
    withType('with multipart/mixed', `multipart/mixed; boundary=${BOUNDARY}`, 415),
  ];
}

/**
 * Fastify's 1 MB for JSON bodies, except routes that take whole pattern documents, the list of owned threads (256 KB),
 * stitching progress (128 KB) and lettering (16 KB).
 */
const bodyLimitOf = (route: Route): number =>
  ['/api/stitch/patterns/export', '/api/stitch/projects/{id}/pattern'].includes(route.path)
    ? PATTERN_DOCUMENT_BODY_LIMIT
    : route.path === '/api/threads/owned'
      ? OWNED_THREADS_BODY_LIMIT
      : route.path === '/api/stitch/projects/{id}/progress'
        ? PROGRESS_BODY_LIMIT
        : route.path === '/api/stitch/lettering'
          ? LETTERING_BODY_LIMIT
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

/** Every route's attempts of one kind, each named after its route. */
const forEveryRoute = (attemptsOf: (route: Route) => Attempt[]): Attempt[] =>
  ROUTES.flatMap((route) => attemptsOf(route).map((attempt) => ({ ...attempt, name: `${route.method} ${route.path} ${attempt.name}` })));

const PATHS = [...new Set(ROUTES.map((route) => route.path))];

/** Requests malformed in their token, their address or their method. */
export const ADDRESS_ATTEMPTS: { kind: string; attempts: Attempt[] }[] = [
  { kind: 'signed-in routes without a valid token', attempts: forEveryRoute(unauthenticated) },
  { kind: 'broken %-encoding', attempts: forEveryRoute(badEncoding) },
  { kind: 'bad path parameters', attempts: forEveryRoute(badPathParams) },
  {
    kind: 'unsupported methods',
    attempts: PATHS.flatMap((path) =>
      unsupportedMethods(
        path,
        ROUTES.filter((route) => route.path === path).map((route) => route.method),
      ),
    ),
  },
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

/** Requests malformed in their body or their framing. */
export const BODY_ATTEMPTS: { kind: string; attempts: Attempt[] }[] = [
  { kind: 'wrong content types', attempts: forEveryRoute((route) => [...wrongContentTypes(route), ...brokenJsonWithoutBodySchema(route)]) },
  { kind: 'malformed multipart forms', attempts: forEveryRoute(badForms) },
  { kind: 'wrong JSON', attempts: forEveryRoute(badJson) },
  { kind: 'broken HTTP', attempts: BROKEN_HTTP },
];
