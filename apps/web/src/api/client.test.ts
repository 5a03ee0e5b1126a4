import { AxiosError, AxiosHeaders, type AxiosAdapter } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { api, getAccessToken, onTokenCleared, setAccessToken } from './client';

const realAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = realAdapter;
  setAccessToken(undefined);
});

function answering(status: number, seen: (string | undefined)[] = []): AxiosAdapter {
  return (config) => {
    seen.push(config.headers.Authorization as string | undefined);
    const response = { status, statusText: '', data: {}, headers: {}, config };
    return status >= 400 ? Promise.reject(new AxiosError('failed', String(status), config, {}, { ...response, headers: new AxiosHeaders() })) : Promise.resolve(response);
  };
}

describe('API client', () => {
  it('waits 30 s at most and sends JSON by default', () => {
    expect(api.defaults.timeout).toBe(30_000);
    expect(api.defaults.headers['Content-Type']).toBe('application/json');
  });

  it('sends the bearer token while signed in, and none otherwise', async () => {
    const seen: (string | undefined)[] = [];
    api.defaults.adapter = answering(200, seen);
    await api.get('/api/auth/me');
    setAccessToken('abc');
    await api.get('/api/auth/me');
    expect(seen).toEqual([undefined, 'Bearer abc']);
  });

  it('clears the token on any 401 and tells the sign-in state', async () => {
    let cleared = 0;
    const stop = onTokenCleared(() => cleared++);
    setAccessToken('abc');
    api.defaults.adapter = answering(401);
    await expect(api.get('/api/stitch/projects')).rejects.toThrow();
    expect(getAccessToken()).toBeUndefined();
    expect(cleared).toBe(1);
    stop();
  });

  it('keeps the token on other errors', async () => {
    setAccessToken('abc');
    api.defaults.adapter = answering(500);
    await expect(api.get('/api/stitch/projects')).rejects.toThrow();
    expect(getAccessToken()).toBe('abc');
  });
});
