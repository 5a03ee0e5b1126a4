// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, asForm, detailOf, getAccessToken, onTokenCleared, setAccessToken, statusOf, unwrap } from './client';

afterEach(() => {
  vi.unstubAllGlobals();
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
