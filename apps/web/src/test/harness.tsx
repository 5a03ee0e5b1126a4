import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import type { ReactElement } from 'react';
import { AuthContext, type AuthContextProps } from 'react-oidc-context';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { afterEach } from 'vitest';
import { api, setAccessToken } from '../api/client';
import type { AppConfig } from '../api/types';
import { ConfigContext } from '../auth/config-context';

/**
 * Renders a screen as the app would, with the two outside parties played at their edge: the
 * HTTP API (an axios adapter answering per route) and the identity provider (the sign-in state).
 */
export type Answer = { status: number; data?: unknown } | ((request: InternalAxiosRequestConfig) => { status: number; data?: unknown } | Promise<{ status: number; data?: unknown }>);

export const TEST_CONFIG: AppConfig = {
  auth: {
    provider: 'builtin',
    issuer: 'http://localhost/oidc',
    client_id: 'stitchwise-web',
    audience: 'http://localhost/api',
    scopes: 'openid profile email offline_access',
    redirect_uri: 'http://localhost/callback',
    post_logout_redirect_uri: 'http://localhost',
    signup_parameters: { prompt: 'create' },
  },
  features: { ai_ideas: true },
  ideas: { source: 'offline_sketch' },
};

export interface Harness extends RenderResult {
  /** Requests the screen made, as "METHOD path". */
  requests: string[];
  signIn: { calls: number };
}

// jsdom has no object URLs; previews only need a string.
URL.createObjectURL = () => 'blob:preview';
URL.revokeObjectURL = () => undefined;

const realAdapter = api.defaults.adapter;
afterEach(() => {
  cleanup();
  api.defaults.adapter = realAdapter;
  setAccessToken(undefined);
});

export function renderScreen(
  element: ReactElement,
  { path = '/', route = '/', answers = {}, auth = {} }: { path?: string; route?: string; answers?: Record<string, Answer>; auth?: Partial<AuthContextProps> & { signedIn?: boolean; name?: string | undefined } } = {},
): Harness {
  const requests: string[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const key = `${(config.method ?? 'get').toUpperCase()} ${config.url ?? ''}`;
    requests.push(key);
    const answer = answers[key];
    if (!answer) throw new Error(`No answer for ${key}`);
    const { status, data } = typeof answer === 'function' ? await answer(config) : answer;
    const response = { status, statusText: String(status), data, headers: {}, config, request: {} };
    if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, String(status), config, {}, { ...response, headers: new AxiosHeaders() });
    return response;
  };
  api.defaults.adapter = adapter;

  const signIn = { calls: 0 };
  const signedIn = auth.signedIn ?? false;
  if (signedIn) setAccessToken('test-token');
  const authValue = {
    isLoading: false,
    isAuthenticated: signedIn,
    user: signedIn ? { access_token: 'test-token', expired: false, profile: { sub: 'u1', name: 'name' in auth ? auth.name : 'Ada Stitcher', email: 'ada@example.com' } } : null,
    error: undefined,
    signinRedirect: () => {
      signIn.calls++;
      return Promise.resolve();
    },
    removeUser: () => Promise.resolve(),
    ...auth,
  } as unknown as AuthContextProps;

  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <QueryClientProvider client={client}>
      <ConfigContext value={TEST_CONFIG}>
        <AuthContext.Provider value={authValue}>
          <MemoryRouter initialEntries={[route]}>
            <Routes>
              <Route path={path} element={element} />
              <Route path="*" element={<p>Elsewhere</p>} />
            </Routes>
          </MemoryRouter>
        </AuthContext.Provider>
      </ConfigContext>
      <ToastContainer />
    </QueryClientProvider>,
  );
  return { ...result, requests, signIn };
}
