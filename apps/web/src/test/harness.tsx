import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AuthContext, type AppAuth } from '../auth/auth-context';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { afterEach, vi } from 'vitest';
import { setAccessToken } from '../api/client';
import type { AppConfig } from '../api/schemas';
import { ConfigContext } from '../auth/config-context';

/**
 * Renders a screen as the app would, with the two outside parties played at their edge: the
 * HTTP server (a stand-in for `fetch` answering per route) and the identity provider (the sign-in state).
 */
export interface SentRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Headers;
  /** The fields of a multipart body. */
  form?: Record<string, FormDataEntryValue>;
  /** A JSON body. */
  json?: unknown;
}
/** An answer: its status, body and any headers besides the content type (a 201's Location). */
type Reply = { status: number; data?: unknown; headers?: Record<string, string> };
export type Answer = Reply | ((request: SentRequest) => Reply | Promise<Reply>);

export const TEST_CONFIG: AppConfig = {
  auth: {
    provider: 'builtin',
    issuer: `${window.location.origin}/oidc`,
    client_id: 'stitchwise-web',
    audience: `${window.location.origin}/api`,
    scopes: 'openid profile email offline_access',
    // Sign-in happens at the address the page is at (auth/sign-in-address.ts).
    redirect_uri: `${window.location.origin}/callback`,
    post_logout_redirect_uri: window.location.origin,
    signup_parameters: { prompt: 'create' },
    public_url_set: false,
  },
  ideas: { source: 'offline_sketch' },
  uploads: { max_bytes: 10 * 1024 * 1024, max_chart_bytes: 32 * 1024 * 1024 },
};

export interface Harness extends RenderResult {
  /** Requests the screen made, as "METHOD path". */
  requests: string[];
  signIn: { calls: number };
}

// jsdom has no object URLs; previews only need a string.
URL.createObjectURL = () => 'blob:preview';
URL.revokeObjectURL = () => undefined;

// Nor media queries: a screen is a wide one with a mouse unless a test stubs `matchMedia` as another.
window.matchMedia = (query: string) =>
  ({
    matches: query.startsWith('(min-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }) as unknown as MediaQueryList;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setAccessToken(undefined);
});

async function readRequest(request: Request): Promise<SentRequest> {
  const url = new URL(request.url);
  const type = request.headers.get('content-type') ?? '';
  const sent: SentRequest = { method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), headers: request.headers };
  if (type.startsWith('multipart/form-data')) sent.form = Object.fromEntries((await request.formData()).entries());
  else if (type.startsWith('application/json')) sent.json = await request.json();
  return sent;
}

function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable blob'));
    reader.readAsArrayBuffer(blob);
  });
}

async function toResponse({ status, data, headers }: Reply): Promise<Response> {
  // jsdom's Blob is not the one fetch's Response reads (nor has it arrayBuffer()), so its bytes are handed over.
  if (data instanceof Blob) return new Response(await bytesOf(data), { status, headers: { 'content-type': data.type } });
  const type = status >= 400 ? 'application/problem+json' : 'application/json';
  return new Response(data === undefined ? null : JSON.stringify(data), { status, headers: { 'content-type': type, ...headers } });
}

/**
 * XMLHttpRequest (generation sends with it, for upload progress) played through the stubbed `fetch`,
 * so the same answers serve both: the upload is reported whole, then the answer arrives.
 */
class FetchBackedXhr {
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: ((event: ProgressEvent) => void) | null = null;
  onprogress: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  timeout = 0;
  status = 0;
  responseText = '';
  private method = 'GET';
  private url = '';
  private aborted = false;
  private readonly headers = new Headers();
  private response: Response | undefined;

  open(method: string, url: string): void {
    [this.method, this.url] = [method, url];
  }
  setRequestHeader(name: string, value: string): void {
    this.headers.set(name, value);
  }
  getResponseHeader(name: string): string | null {
    return this.response?.headers.get(name) ?? null;
  }
  abort(): void {
    this.aborted = true;
    this.onabort?.(new ProgressEvent('abort'));
  }
  send(body?: FormData): void {
    void (async () => {
      try {
        const response = await fetch(
          new Request(new URL(this.url, window.location.origin), { method: this.method, headers: this.headers, body: body ?? null }),
        );
        if (this.aborted) return;
        this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded: 1, total: 1 }));
        this.response = response;
        this.status = response.status;
        this.responseText = await response.text();
        this.onload?.();
      } catch {
        if (!this.aborted) this.onerror?.();
      }
    })();
  }
}

/** Answers every `fetch` (and XMLHttpRequest) of the screen from `answers`, keyed "METHOD /path"; records what was asked. */
function serve(answers: Record<string, Answer>, requests: string[]): void {
  vi.stubGlobal('XMLHttpRequest', FetchBackedXhr);
  vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(input, window.location.origin), init);
    const sent = await readRequest(request);
    const key = `${sent.method} ${sent.path}`;
    requests.push(key);
    const answer = answers[key];
    if (!answer) throw new Error(`No answer for ${key}`);
    return toResponse(typeof answer === 'function' ? await answer(sent) : answer);
  });
}

export function renderScreen(
  element: ReactElement,
  {
    path = '/',
    route = '/',
    answers = {},
    auth = {},
  }: {
    path?: string;
    route?: string;
    answers?: Record<string, Answer>;
    auth?: Partial<AppAuth> & { signedIn?: boolean; name?: string | undefined };
  } = {},
): Harness {
  const requests: string[] = [];
  serve(answers, requests);

  const signIn = { calls: 0 };
  const signedIn = auth.signedIn ?? false;
  if (signedIn) setAccessToken('test-token');
  const authValue = {
    isLoading: false,
    isAuthenticated: signedIn,
    user: signedIn
      ? { access_token: 'test-token', expired: false, profile: { sub: 'u1', name: 'name' in auth ? auth.name : 'Ada Stitcher', email: 'ada@example.com' } }
      : null,
    error: undefined,
    signinRedirect: () => {
      signIn.calls++;
      return Promise.resolve();
    },
    removeUser: () => Promise.resolve(),
    ...auth,
  } as unknown as AppAuth;

  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <QueryClientProvider client={client}>
      <ConfigContext value={TEST_CONFIG}>
        <AuthContext value={authValue}>
          <MemoryRouter initialEntries={[route]}>
            <Routes>
              <Route path={path} element={element} />
              <Route path="*" element={<p>Elsewhere</p>} />
            </Routes>
          </MemoryRouter>
        </AuthContext>
      </ConfigContext>
      <ToastContainer />
    </QueryClientProvider>,
  );
  return { ...result, requests, signIn };
}
