import { createHash, randomBytes } from 'node:crypto';

/**
 * A browser-like client of the built-in OpenID provider: it follows the Authorization Code flow with
 * PKCE over real HTTP, keeping cookies as a browser would, and fills in the provider's own forms.
 * Tests get their tokens only this way; nothing bypasses the provider or the token verification.
 */
export class CookieJar {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired = attributes.some((a) => /^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now()) || attributes.some((a) => /^max-age=0$/i.test(a));
      const key = `${name};${path}`;
      if (expired || value === '') this.cookies.delete(key);
      else this.cookies.set(key, { value, path });
    }
  }

  headerFor(url: string): string {
    const path = new URL(url).pathname;
    return [...this.cookies.entries()]
      .filter(([, cookie]) => path.startsWith(cookie.path))
      .map(([key, cookie]) => `${key.slice(0, key.indexOf(';'))}=${cookie.value}`)
      .join('; ');
  }
}

export interface Tokens {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  expires_in: number;
  token_type: string;
}

export interface Credentials {
  name?: string;
  email: string;
  password: string;
}

export class OidcBrowser {
  readonly jar = new CookieJar();

  constructor(
    readonly baseUrl: string,
    readonly clientId = 'stitchwise-web',
  ) {}

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const absolute = new URL(url, this.baseUrl).toString();
    const headers = new Headers(init.headers);
    const cookie = this.jar.headerFor(absolute);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(absolute, { ...init, headers, redirect: 'manual' });
    this.jar.store(response);
    return response;
  }

  /** Follows redirects inside the provider until one leaves it (to the app) or a page is shown. */
  async follow(response: Response): Promise<Response> {
    let current = response;
    for (let hops = 0; hops < 10 && current.status >= 300 && current.status < 400; hops++) {
      const location = current.headers.get('location')!;
      const next = new URL(location, this.baseUrl);
      if (next.pathname === '/callback') return current;
      current = await this.request(next.toString());
    }
    return current;
  }

  /** Starts an authorization request; returns the page the provider shows and what finishing needs. */
  async authorize(extra: Record<string, string> = {}): Promise<{ page: Response; verifier: string; state: string }> {
    const verifier = randomBytes(32).toString('base64url');
    const state = randomBytes(12).toString('base64url');
    const url = new URL('/oidc/auth', this.baseUrl);
    url.search = new URLSearchParams({
      client_id: this.clientId,
      response_type: 'code',
      redirect_uri: `${this.baseUrl}/callback`,
      scope: 'openid profile email offline_access',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state,
      nonce: randomBytes(12).toString('base64url'),
      ...extra,
    }).toString();
    const page = await this.follow(await this.request(url.toString()));
    return { page, verifier, state };
  }

  /** Posts a form of the provider's pages, as the browser would when the user presses the button. */
  async submit(page: Response, action: 'login' | 'signup', fields: Record<string, string>): Promise<Response> {
    const html = await page.text();
    const match = new RegExp(`action="(/oidc/interaction/[^"]+/${action})"`).exec(html);
    if (!match) throw new Error(`The page has no ${action} form:\n${html.slice(0, 500)}`);
    return this.request(match[1]!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Exchanges the code the provider sent to the app's callback for tokens. */
  async exchange(callbackRedirect: Response, verifier: string, state: string): Promise<Tokens> {
    const location = new URL(callbackRedirect.headers.get('location') ?? '', this.baseUrl);
    if (location.pathname !== '/callback') throw new Error(`Expected a redirect to /callback, got ${callbackRedirect.status} ${location.toString()}`);
    if (location.searchParams.get('state') !== state) throw new Error('state mismatch');
    const code = location.searchParams.get('code');
    if (!code) throw new Error(`No code: ${location.search}`);
    const response = await fetch(new URL('/oidc/token', this.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: `${this.baseUrl}/callback`,
        client_id: this.clientId,
        code_verifier: verifier,
      }).toString(),
    });
    if (!response.ok) throw new Error(`Token exchange failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as Tokens;
  }

  /** Sign-up through `prompt=create`, as the 'Start Free Now' button does. */
  async signUp(credentials: Required<Credentials>): Promise<Tokens> {
    const { page, verifier, state } = await this.authorize({ prompt: 'create' });
    const submitted = await this.submit(page, 'signup', credentials);
    if (submitted.status !== 303) throw new Error(`Sign-up refused (${submitted.status}): ${await submitted.text()}`);
    return this.exchange(await this.follow(submitted), verifier, state);
  }

  /** Sign-in with the provider's sign-in form. */
  async signIn(credentials: Credentials): Promise<Tokens> {
    const { page, verifier, state } = await this.authorize();
    const submitted = await this.submit(page, 'login', { email: credentials.email, password: credentials.password });
    if (submitted.status !== 303) throw new Error(`Sign-in refused (${submitted.status})`);
    return this.exchange(await this.follow(submitted), verifier, state);
  }
}

let counter = 0;
/** Distinct, valid credentials for a new test user. */
export function newUser(label = 'user'): Required<Credentials> {
  counter += 1;
  const id = `${label}${counter}-${randomBytes(4).toString('hex')}`;
  return { name: `Test ${label} ${counter}`, email: `${id}@example.com`, password: `linen floss hoop ${id}` };
}
