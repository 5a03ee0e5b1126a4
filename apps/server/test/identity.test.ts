import { describe, expect, it } from 'vitest';
import { apiClient, useTestServer } from './support/harness.js';
import { newUser, OidcBrowser } from './support/oidc-client.js';
import { DATABASES } from './support/test-server.js';

describe.each(DATABASES)('built-in identity provider on $name', (database) => {
  const suite = useTestServer({ database });

  const me = (accessToken: string): Promise<Response> => apiClient(suite.baseUrl, accessToken).api('/auth/me');

  it('publishes discovery for the issuer under /oidc, code flow with PKCE only', async () => {
    const response = await fetch(`${suite.baseUrl}/oidc/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(`${suite.baseUrl}/oidc`);
    expect(discovery.response_types_supported).toEqual(['code']);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('opens sign-up directly for prompt=create, with labelled fields', async () => {
    const browser = new OidcBrowser(suite.baseUrl);
    const { page } = await browser.authorize({ prompt: 'create' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('<h1>Create your account</h1>');
    for (const field of ['name', 'email', 'password']) expect(html).toMatch(new RegExp(`<label for="${field}">[^<]+</label>\\s*<input id="${field}"`));
    expect(html).toContain('autocomplete="new-password"');
  });

  it('signs a new user up and gives a JWT access token for the API', async () => {
    const user = newUser('signup');
    const tokens = await new OidcBrowser(suite.baseUrl).signUp(user);
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.refresh_token).toBeTruthy();
    const [header, payload] = tokens.access_token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>);
    expect(header).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    expect(payload).toMatchObject({ iss: `${suite.baseUrl}/oidc`, aud: `${suite.baseUrl}/api`, email: user.email, name: user.name });

    const response = await me(tokens.access_token);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ name: user.name, email: user.email, picture: null });
  });

  it('signs an existing user in, and the same user comes back', async () => {
    const user = await suite.signUp('signin');
    const second = await new OidcBrowser(suite.baseUrl).signIn({ email: user.email.toUpperCase(), password: user.password });
    const [a, b] = await Promise.all([user.api('/auth/me'), me(second.access_token)]);
    expect(((await a.json()) as { id: string }).id).toBe(((await b.json()) as { id: string }).id);
  });

  it('says clearly when the password is wrong, and when the e-mail is unknown, in the same words', async () => {
    const user = await suite.signUp('wrong');
    for (const credentials of [
      { email: user.email, password: 'not the password at all' },
      { email: 'nobody-here@example.com', password: user.password },
    ]) {
      const browser = new OidcBrowser(suite.baseUrl);
      const { page } = await browser.authorize();
      const refused = await browser.submit(page, 'login', credentials);
      expect(refused.status).toBe(401);
      const html = await refused.text();
      expect(html).toContain('role="alert"');
      expect(html).toContain('The e-mail address or password is incorrect.');
      expect(html).toContain(`value="${credentials.email}"`);
    }
  });

  it('pauses sign-in for an address after ten wrong passwords, even with the right one', async () => {
    const user = await suite.signUp('guess');
    const attempt = async (password: string): Promise<Response> => {
      const browser = new OidcBrowser(suite.baseUrl);
      const { page } = await browser.authorize();
      return browser.submit(page, 'login', { email: user.email, password });
    };
    for (let i = 0; i < 10; i++) expect((await attempt(`wrong guess ${i}`)).status).toBe(401);
    const throttled = await attempt(user.password);
    expect(throttled.status).toBe(429);
    expect(await throttled.text()).toContain('Too many wrong passwords for this e-mail address.');
    // Other addresses are not affected.
    await expect(suite.signUp('bystander')).resolves.toMatchObject({ tokens: { token_type: 'Bearer' } });
  });

  it('refuses a second account with the same e-mail address, whatever its case', async () => {
    const user = newUser('dupe');
    await new OidcBrowser(suite.baseUrl).signUp(user);
    const browser = new OidcBrowser(suite.baseUrl);
    const { page } = await browser.authorize({ prompt: 'create' });
    const refused = await browser.submit(page, 'signup', { ...user, email: user.email.toUpperCase(), password: 'another long passphrase' });
    expect(refused.status).toBe(409);
    const html = await refused.text();
    expect(html).toContain('An account with this e-mail address already exists. Sign in instead.');
    expect(html).toMatch(/id="email"[^>]*aria-invalid="true"[^>]*aria-describedby="email-error"/);
  });

  it.each([
    ['short1', 'Use at least 10 characters.'],
    ['aaaaaaaaaaaa', 'more variety'],
    ['password123', 'too common'],
  ])('applies the password policy to %s', async (password, message) => {
    const browser = new OidcBrowser(suite.baseUrl);
    const { page } = await browser.authorize({ prompt: 'create' });
    const refused = await browser.submit(page, 'signup', { ...newUser('policy'), password });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(message);
  });

  it('renews tokens with the refresh token, and ends every session on logout', async () => {
    const user = newUser('logout');
    const browser = new OidcBrowser(suite.baseUrl);
    const tokens = await browser.signUp(user);
    const refresh = (token: string): Promise<Response> =>
      fetch(`${suite.baseUrl}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token, client_id: 'stitchwise-web' }).toString(),
      });
    const renewed = await refresh(tokens.refresh_token!);
    expect(renewed.status).toBe(200);
    const renewedTokens = (await renewed.json()) as { access_token: string; refresh_token: string };
    expect((await me(renewedTokens.access_token)).status).toBe(200);

    // While signed in, the browser's session lets a silent request (prompt=none) succeed.
    const silent = await browser.authorize({ prompt: 'none' });
    expect(new URL(silent.page.headers.get('location')!).searchParams.get('code')).toBeTruthy();

    const logout = await apiClient(suite.baseUrl, renewedTokens.access_token).api('/auth/logout', { method: 'POST' });
    expect(logout.status).toBe(200);
    expect(await logout.json()).toEqual({ signed_out: true, end_session_url: `${suite.baseUrl}/oidc/session/end` });

    expect((await refresh(renewedTokens.refresh_token)).status).toBe(400);
    const after = await browser.authorize({ prompt: 'none' });
    expect(new URL(after.page.headers.get('location')!).searchParams.get('error')).toBe('login_required');
  });

  it('reports status without a token, with a valid one and with a broken one', async () => {
    const user = await suite.signUp('status');
    const status = async (authorization?: string): Promise<unknown> =>
      (await suite.visitor.api('/auth/status', { headers: authorization ? { authorization } : {} })).json();
    expect(await status()).toEqual({ authenticated: false });
    expect(await status('Bearer not-a-token')).toEqual({ authenticated: false });
    expect(await status(`Bearer ${user.token}`)).toMatchObject({ authenticated: true, user: { email: expect.any(String) } });
  });

  it('tells the web app how to sign in', async () => {
    const config = (await (await suite.visitor.api('/config')).json()) as { auth: Record<string, unknown> };
    expect(config.auth).toMatchObject({
      provider: 'builtin',
      issuer: `${suite.baseUrl}/oidc`,
      client_id: 'stitchwise-web',
      audience: `${suite.baseUrl}/api`,
      redirect_uri: `${suite.baseUrl}/callback`,
      signup_parameters: { prompt: 'create' },
    });
    expect(String(config.auth.scopes).split(' ')).toContain('openid');
  });
});
