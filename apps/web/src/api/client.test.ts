// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_PROBLEM } from '../offline/offline-caches';
import { api, ApiError, asForm, detailOf, failureMessage, getAccessToken, OFFLINE_MESSAGE, onTokenCleared, setAccessToken, statusOf, unwrap } from './client';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  setAccessToken(undefined);
});

/** The server, played by a stand-in for fetch: answers `status` and records each request. */
function answering(status: number, body: unknown = {}): Request[] {
  const seen: Request[] = [];
  vi.stubGlobal('fetch', (request: Request, init?: RequestInit) => {
    seen.push(new Request(request, init));
    const type = status >= 400 ? 'application/problem+json' : 'application/json';
    return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': type } }));
  });
  return seen;
}

describe('API client', () => {
  it('calls the same origin, with the bearer token while signed in and none otherwise', async () => {
    const seen = answering(200);
    await api.GET('/api/auth/me');
    setAccessToken('abc');
    await api.GET('/api/auth/me');
    expect(seen.map((request) => request.headers.get('authorization'))).toEqual([null, 'Bearer abc']);
    expect(new URL(seen[0]!.url).origin).toBe(window.location.origin);
  });

  it('gives up after 30 s', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    vi.stubGlobal('fetch', (_request: Request, init?: RequestInit) => {
      signal = init?.signal ?? undefined;
      return new Promise<Response>((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal?.reason as Error)));
    });
    const call = api.GET('/api/health');
    const outcome = expect(call).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(29_000);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1_500);
    await outcome;
    expect(signal?.aborted).toBe(true);
  });

  it('clears the token on any 401 and tells the sign-in state', async () => {
    let cleared = 0;
    const stop = onTokenCleared(() => cleared++);
    setAccessToken('abc');
    answering(401, { status: 401, detail: 'Sign in again.' });
    const result = await api.GET('/api/stitch/projects');
    expect(() => unwrap(result)).toThrow(ApiError);
    expect(getAccessToken()).toBeUndefined();
    expect(cleared).toBe(1);
    stop();
  });

  it('keeps the token on other errors, and reads their status and detail', async () => {
    setAccessToken('abc');
    answering(403, { status: 403, code: 'sign_in_required', detail: 'Sign in to use k-means.' });
    const failed = await api.GET('/api/stitch/projects').then((result) => {
      try {
        unwrap(result);
      } catch (caught) {
        return caught;
      }
      return undefined;
    });
    expect(statusOf(failed)).toBe(403);
    expect(detailOf(failed)).toBe('Sign in to use k-means.');
    expect(getAccessToken()).toBe('abc');
  });

  it('sends multipart forms with files as files and the rest as text', () => {
    const form = asForm({ image_file: new Blob(['png']), colors: 12, use_kmeans: 'true', project_name: undefined });
    expect([...form.keys()]).toEqual(['image_file', 'colors', 'use_kmeans']);
    expect(form.get('colors')).toBe('12');
    expect(form.get('image_file')).toBeInstanceOf(Blob);
  });
});

/** The error a failed call leaves, as the screens get it (TanStack Query's error). */
async function failureOf(call: Promise<{ data?: unknown; error?: unknown; response: Response }>): Promise<unknown> {
  try {
    unwrap(await call);
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
}

describe('failureMessage', () => {
  const SCREEN = 'The project could not be duplicated. Please try again.';
  const offline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

  it('says a call that could not reach the server offline needs a connection', async () => {
    offline();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const failure = await api.POST('/api/stitch/projects/{id}/duplicate', { params: { path: { id: 'p1' } } }).catch((error: unknown) => error);
    expect(failureMessage(failure, SCREEN)).toBe(OFFLINE_MESSAGE);
    expect(OFFLINE_MESSAGE).toMatch(/^You are offline\. .*needs a connection/);
  });

  it("gives the screen's message for a call that failed online without an answer", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const failure = await api.POST('/api/stitch/projects/{id}/duplicate', { params: { path: { id: 'p1' } } }).catch((error: unknown) => error);
    expect(failureMessage(failure, SCREEN)).toBe(SCREEN);
  });

  it('says a read the service worker answered offline with its problem (not kept on this device) needs a connection', async () => {
    offline();
    answering(503, { ...OFFLINE_PROBLEM, instance: '/api/stitch/projects/p1/export' });
    const failure = await failureOf(
      api.GET('/api/stitch/projects/{id}/export', {
        params: { path: { id: 'p1' }, query: { format: 'pdf', paper: 'a4', variant: 'color', fabric: '14' } },
        parseAs: 'blob',
      }),
    );
    expect(statusOf(failure)).toBe(503);
    expect(failureMessage(failure, 'The download could not be made. Please try again.')).toBe(OFFLINE_MESSAGE);
  });

  it("gives the screen's message for an answered 500, even offline (the service worker or the server did answer)", async () => {
    answering(500, { status: 500, detail: 'Internal error.' });
    const failure = await failureOf(api.POST('/api/stitch/projects/{id}/duplicate', { params: { path: { id: 'p1' } } }));
    expect(failureMessage(failure, SCREEN)).toBe(SCREEN);
    offline();
    expect(failureMessage(failure, SCREEN)).toBe(SCREEN);
  });

  it("gives the server's sentence for too many requests (429), and the screen's when it sent none", async () => {
    answering(429, { status: 429, code: 'rate_limited', detail: 'Too many downloads: try again in 40 seconds.' });
    const failure = await failureOf(api.POST('/api/stitch/projects/{id}/duplicate', { params: { path: { id: 'p1' } } }));
    expect(failureMessage(failure, SCREEN)).toBe('Too many downloads: try again in 40 seconds.');
    expect(failureMessage(new ApiError(429, undefined), SCREEN)).toBe(SCREEN);
  });

  it("gives the screen's message, not the server's sentence, for other refusals", () => {
    expect(failureMessage(new ApiError(403, { detail: 'Sign in to use k-means.' }), SCREEN)).toBe(SCREEN);
    expect(failureMessage(new ApiError(404, { detail: 'Not found.' }), SCREEN)).toBe(SCREEN);
  });
});
