import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpProblem, PROBLEM_CONTENT_TYPE, problemBody, type FieldError } from './problem.js';

const CODES_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'invalid_request',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'unavailable',
};

/**
 * Every error leaves as problem+json. Bad input keeps its 4xx status with a readable detail;
 * anything unexpected is logged in full and answered as a bare 500, never with a stack trace.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const problem = toProblem(error);
    if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(problem.status).headers(problem.headers).type(PROBLEM_CONTENT_TYPE).send(problemBody(problem));
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? request.url;
    const problem = HttpProblem.notFound(`There is nothing at ${request.method} ${path}.`);
    return reply.code(404).type(PROBLEM_CONTENT_TYPE).send(problemBody(problem));
  });
}

/**
 * Errors Fastify meets before routing (a path with bad percent-encoding), answered as problems too:
 * the `frameworkErrors` option of the Fastify instance.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const problem = HttpProblem.badRequest(error.code === 'FST_ERR_BAD_URL' ? 'The address is not valid: it has a broken %-encoding.' : sentence(error.message));
  void reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(problemBody(problem));
}

function toProblem(error: FastifyError): HttpProblem {
  if (error instanceof HttpProblem) return error;
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
