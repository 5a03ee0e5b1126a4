import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Refusal, type RefusalKind } from '../refusals.js';
import { closeRatherThanDrain } from './unread-bodies.js';
import { isMultipartForm } from './multipart.js';
import { HttpProblem, PROBLEM_CONTENT_TYPE, problemBody, type FieldError } from './problem.js';

const CODES_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'invalid_request',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  431: 'headers_too_large',
  503: 'unavailable',
};

/**
 * Every error leaves as problem+json. Bad input keeps its 4xx status with a readable detail;
 * anything unexpected is logged in full and answered as a bare 500, never with a stack trace.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.addHook('onRequest', refuseBrokenQuery);

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const problem = problemOf(error, request);
    if (closeRatherThanDrain(request.raw)) void reply.header('Connection', 'close');
    return reply.code(problem.status).headers(problem.headers).type(PROBLEM_CONTENT_TYPE).send(problemBody(problem));
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const problem = HttpProblem.notFound(`There is nothing at ${request.method} ${pathOf(request.url)}.`);
    return reply.code(404).type(PROBLEM_CONTENT_TYPE).send(problemBody(problem));
  });
}

/** The problem an error is answered with, logged as befits it (only real faults with their stack). */
export function problemOf(error: unknown, request: FastifyRequest): HttpProblem {
  const problem = toProblem(error as FastifyError, request);
  logProblem(request, problem, error as FastifyError);
  return problem;
}

/**
 * Errors Fastify meets before routing (a path with bad percent-encoding, a path parameter over its
 * length limit), answered as problems too: the `frameworkErrors` option of the Fastify instance.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const problem = routingProblem(error.code) ?? toProblem(error, request);
  logProblem(request, problem, error);
  void reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(problemBody(problem));
}

/** Fastify's messages for these quote the whole path back: a sentence of our own instead. */
function routingProblem(code: string): HttpProblem | undefined {
  if (code === 'FST_ERR_BAD_URL') return brokenAddress();
  if (code === 'FST_ERR_MAX_PARAM_LENGTH') return new HttpProblem(414, 'uri_too_long', 'The address is not valid: a part of it is too long.');
  return undefined;
}

const brokenAddress = (): HttpProblem => HttpProblem.badRequest('The address is not valid: it has a broken %-encoding.');

const pathOf = (url: string): string => url.split('?')[0] ?? url;

/**
 * A query string with broken %-encoding is refused like a path with one: Fastify's query parser would
 * quietly keep the broken text. The identity provider under /oidc reads its own query and answers it.
 */
const refuseBrokenQuery: onRequestHookHandler = (request, _reply, done) => {
  const query = request.url.slice(pathOf(request.url).length + 1);
  done(query.includes('%') && !OWN_QUERY.test(request.url) && !decodes(query) ? brokenAddress() : undefined);
};

const OWN_QUERY = /^\/oidc(?:[/?]|$)/;

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them — headers or an address over 16 KB,
 * a broken request line or Content-Length, a request not sent in time — answered as problems too,
 * in place of Fastify's own JSON shape: the `clientErrorHandler` option of the Fastify instance.
 */
export function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const problem = clientProblem(error.code);
  this.log.debug({ status: problem.status, code: error.code }, problem.detail);
  answerAndClose(socket, problem);
}

/** Writes a problem answer straight on a connection and closes it: for a request Fastify cannot answer in the usual way. */
export function answerAndClose(socket: Duplex, problem: HttpProblem): void {
  if (socket.writable) {
    const body = JSON.stringify(problemBody(problem));
    const head = `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`;
    // Closed once written (or after a second, for a client that reads nothing), whatever the client still sends.
    setTimeout(() => socket.destroy(), 1000).unref();
    socket.end(head + body, () => socket.destroy());
  } else socket.destroy();
}

function clientProblem(code: string | undefined): HttpProblem {
  if (code === 'HPE_HEADER_OVERFLOW') return new HttpProblem(431, 'headers_too_large', 'The request headers or its address are too long.');
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return new HttpProblem(408, 'request_timeout', 'The request was not sent in time. Please try again.');
  return HttpProblem.badRequest('The request could not be read: it is not valid HTTP.');
}

/**
 * Only real faults are errors, with their stack. Expected answers — bad input, limits, busy, a client
 * that went away mid-upload — are routine: one line at info (busy, limited) or debug (other 4xx).
 */
function logProblem(request: FastifyRequest, problem: HttpProblem, error: FastifyError): void {
  if (problem.status === 500) request.log.error({ err: error }, 'request failed');
  else if (problem.status === 429 || problem.status >= 500) request.log.info({ status: problem.status, code: problem.code }, problem.detail);
  else request.log.debug({ status: problem.status, code: problem.code }, problem.detail);
}

function toProblem(error: FastifyError, request: FastifyRequest): HttpProblem {
  if (error instanceof HttpProblem) return error;
  if (error instanceof Refusal) return problemOfRefusal(error);
  // Work stopped because its client went away (see clientGone): routine, and no one is left to answer.
  if (error.name === 'AbortError' && request.raw.socket.destroyed)
    return new HttpProblem(400, 'client_gone', 'The request was closed before its answer was ready.');
  const unreadable = bodyProblem(error.code, request);
  if (unreadable) return unreadable;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: FieldError[] = error.validation.map((issue) => ({
      field: fieldName(issue.instancePath, issue.params),
      message: issue.message ?? 'is not valid',
    }));
    return HttpProblem.invalidFields(errors);
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return new HttpProblem(status, CODES_BY_STATUS[status] ?? 'invalid_request', sentence(error.message));
  }
  if (status === 503) return new HttpProblem(503, 'unavailable', 'The service is busy. Please try again shortly.');
  return new HttpProblem(500, 'internal_error', 'Something went wrong on our side. Please try again.');
}

const REFUSAL_STATUS: Readonly<Record<RefusalKind, number>> = {
  invalid: 400,
  too_large: 413,
  unsupported: 415,
  unprocessable: 422,
  quota_spent: 429,
  busy: 503,
};

/** The answer to a refusal raised below the HTTP layer (refusals.ts). */
export function problemOfRefusal({ kind, code, detail, options }: Refusal): HttpProblem {
  const errors = options.field ? [{ field: options.field.name, message: options.field.message }] : undefined;
  const headers: Record<string, string> = options.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(options.retryAfterSeconds) };
  return new HttpProblem(REFUSAL_STATUS[kind], code, detail, errors, headers);
}

/**
 * Fastify's own refusals of a body, before any route sees it (FST_ERR_CTP_*), each with a code of its
 * own and a sentence saying what to send instead.
 */
function bodyProblem(code: string, request: FastifyRequest): HttpProblem | undefined {
  switch (code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return unsupportedMediaType(request);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpProblem(413, 'payload_too_large', 'The request body is larger than this address accepts.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new HttpProblem(400, 'malformed_json', 'The body is not valid JSON.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new HttpProblem(400, 'malformed_json', 'The body is empty, but its content type says JSON.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return HttpProblem.badRequest('The body is not as long as its Content-Length says.');
    default:
      return undefined;
  }
}

/** 415 naming what the route reads: its form, its JSON, or nothing in particular (no body schema). */
export function unsupportedMediaType(request: FastifyRequest): HttpProblem {
  const body = request.routeOptions.schema?.body;
  const detail =
    body === undefined
      ? 'This content type is not accepted here.'
      : `Send this request as ${isMultipartForm(body) ? 'multipart/form-data' : 'JSON (application/json)'}.`;
  return new HttpProblem(415, 'unsupported_media_type', detail);
}

/** `/count` → `count`, `/items/0/name` → `items.0.name`; a missing required key is named from params. */
function fieldName(instancePath: string, params: Record<string, unknown>): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (path) return path;
  const missing = params['missingProperty'];
  return typeof missing === 'string' ? missing : 'request';
}

function sentence(message: string): string {
  const trimmed = message.trim();
  if (!trimmed) return 'The request could not be processed.';
  const capitalised = trimmed[0]!.toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}
