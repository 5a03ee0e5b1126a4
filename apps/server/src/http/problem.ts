import type { FieldError, Problem } from '../contract/problem.js';

export type { FieldError };

/**
 * An error a client should see, answered as RFC 9457 problem+json:
 * `detail` is a sentence a user can read, `code` a stable snake_case word for programs.
 */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors?: readonly FieldError[],
    /** Extra response headers, such as WWW-Authenticate or Retry-After. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    // An expected answer, never logged with a stack: not capturing one keeps refusals (429, 503) cheap under load.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(detail);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = 'HttpProblem';
  }

  static unauthorized(detail: string, wwwAuthenticate: string): HttpProblem {
    return new HttpProblem(401, 'unauthorized', detail, undefined, { 'WWW-Authenticate': wwwAuthenticate });
  }

  static badRequest(detail: string, errors?: readonly FieldError[]): HttpProblem {
    return new HttpProblem(400, 'invalid_request', detail, errors);
  }

  /** 400 naming every bad field, with a detail sentence made of their messages. */
  static invalidFields(errors: readonly FieldError[]): HttpProblem {
    // A message that is already a sentence for users ('Please enter a project name…') stands as it is.
    const described = errors.map(({ field, message }) =>
      /^[A-Z].*\.$/.test(message) ? message.slice(0, -1) : message.startsWith(field) ? message : `${field}: ${message}`,
    );
    return HttpProblem.badRequest(`${described.join('; ')}.`, errors);
  }

  static notFound(detail: string): HttpProblem {
    return new HttpProblem(404, 'not_found', detail);
  }
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  507: 'Insufficient Storage',
};

export function problemBody(problem: HttpProblem): Problem {
  return {
    type: `urn:stitchwise:problem:${problem.code}`,
    title: TITLES[problem.status] ?? (problem.status >= 500 ? 'Server Error' : 'Client Error'),
    status: problem.status,
    detail: problem.detail,
    code: problem.code,
    ...(problem.errors?.length ? { errors: [...problem.errors] } : {}),
  };
}
