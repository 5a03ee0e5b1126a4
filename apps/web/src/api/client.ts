import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './openapi.gen';
import type { Problem } from './schemas';
import { isOnline } from '../lib/connection';
import { OFFLINE_PROBLEM } from '../offline/offline-caches';
import { API_BASE_URL, forgetRefusedToken, getAccessToken } from './access-token';

/** How long a call may wait for its answer; generation, ideas and PDF exports pass a longer one. */
const DEFAULT_TIMEOUT_MS = 30_000;
export const LONG_TIMEOUT_MS = 180_000;

export { API_BASE_URL, forgetRefusedToken, getAccessToken, onTokenCleared, setAccessToken } from './access-token';

const session: Middleware = {
  onRequest({ request }) {
    const token = getAccessToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
  onResponse({ response }) {
    if (response.status === 401) forgetRefusedToken();
    return response;
  },
};

/**
 * `fetch` that gives up when the whole answer, body included, has not come after `ms` (a timer, so
 * tests can move the clock); the global fetch is looked up per call, so tests can stand in for the server.
 */
export function fetchWithTimeout(ms: number): (request: Request) => Promise<Response> {
  return async (request) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('The server took too long to answer.', 'TimeoutError')), ms);
    const stop = () => controller.abort(request.signal.reason);
    if (request.signal.aborted) stop();
    else request.signal.addEventListener('abort', stop, { once: true });
    try {
      return await globalThis.fetch(request, { signal: controller.signal });
    } catch (error) {
      clearTimeout(timer);
      throw error;
    }
  };
}

/**
 * The typed API client: paths, bodies and answers come from the OpenAPI document the server
 * generates (openapi.gen.ts). Bearer token while signed in, any 401 clears it, 30 s timeout.
 */
export const api = createClient<paths>({ baseUrl: API_BASE_URL, fetch: fetchWithTimeout(DEFAULT_TIMEOUT_MS) });
api.use(session);

/** A call the server answered with an error: its status and problem body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly problem: Partial<Problem> | undefined,
  ) {
    super(problem?.detail ?? `The server answered ${status}`);
  }
}

/** The answer's data, or an ApiError for TanStack Query to hold. */
export function unwrap<Data>(result: { data?: Data; error?: unknown; response: Response }): Data {
  if (!result.response.ok) {
    const problem = typeof result.error === 'object' && result.error !== null ? (result.error as Partial<Problem>) : undefined;
    throw new ApiError(result.response.status, problem);
  }
  return result.data as Data;
}

/** HTTP status of a failed call, if the server answered. */
export function statusOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

/** The server's `detail` sentence of a failed call, if it sent one. */
export function detailOf(error: unknown): string | undefined {
  return error instanceof ApiError && typeof error.problem?.detail === 'string' ? error.problem.detail : undefined;
}

/** What a call that needs the server says without a network. */
export const OFFLINE_MESSAGE = 'You are offline. This needs a connection to the Stitchwise server; please try again when you are back online.';

/** Whether a call failed for want of a network: no answer while offline, or the service worker's offline problem. */
export function isOfflineAnswer(error: unknown): boolean {
  if (statusOf(error) === undefined && !isOnline()) return true;
  return error instanceof ApiError && error.problem?.code === OFFLINE_PROBLEM.code;
}

/**
 * What to tell the user when a call failed: offline, that it needs a connection (as for a read the service
 * worker answered with its offline problem: not kept on this device); for too many requests (429), the
 * server's sentence saying how long to wait; otherwise the screen's own message.
 */
export function failureMessage(error: unknown, otherwise: string): string {
  if (isOfflineAnswer(error)) return OFFLINE_MESSAGE;
  return (statusOf(error) === 429 ? detailOf(error) : undefined) ?? otherwise;
}

/** A multipart body: files as they are, other values as text, undefined left out. */
export function asForm(body: Record<string, Blob | string | number | boolean | readonly string[] | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined) continue;
    // A list is sent as one field, its items separated by commas (as the contract reads them).
    form.append(name, value instanceof Blob ? value : typeof value === 'object' ? value.join(',') : String(value));
  }
  return form;
}
