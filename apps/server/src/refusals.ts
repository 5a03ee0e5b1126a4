/**
 * Errors raised below the HTTP layer — adapters (image intake, URL fetching, worker pools), repositories,
 * storage — for reasons a client can act on. Code below the services never builds an HTTP answer;
 * http/error-handling.ts turns each kind into its status (invalid 400, too large 413, unsupported 415,
 * unprocessable 422, quota spent 429, busy 503).
 */
export type RefusalKind = 'invalid' | 'too_large' | 'unsupported' | 'unprocessable' | 'quota_spent' | 'busy';

export interface RefusalOptions {
  /** The request field at fault, and what is wrong with it. */
  field?: { name: string; message: string };
  /** When trying again may work (quota spent, busy). */
  retryAfterSeconds?: number;
}

export class Refusal extends Error {
  override readonly name = 'Refusal';

  /** `code`: a stable snake_case word; `detail`: a sentence a user can read. */
  constructor(
    readonly kind: RefusalKind,
    readonly code: string,
    readonly detail: string,
    readonly options: RefusalOptions = {},
  ) {
    // Expected, never logged with a stack: not capturing one keeps refusals (503 under load) cheap.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(detail);
    Error.stackTraceLimit = stackTraceLimit;
  }
}

/** Heavy work is at capacity: refused at once (503 with Retry-After) rather than a wait without bound. */
export function busy(): Refusal {
  return new Refusal('busy', 'busy', 'The server is busy processing other images. Please try again in a few seconds.', { retryAfterSeconds: 5 });
}

/** A setting that cannot work (a bucket that is not there, a Redis that cannot be reached): start-up stops, naming it. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}
