import { request as httpRequest, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppAddress, loopbackOrigin } from '../src/identity/app-address.js';
import { loadConfig } from '../src/config.js';
import { apiClient, signUpAt, useTestServer } from './support/harness.js';
import { OidcBrowser } from './support/oidc-client.js';
import { freePort, sqliteUnderTest, startTestServer, type DatabaseUnderTest, type TestServer } from './support/test-server.js';

/** A request as the server sees it: the Host header the client wrote, and the address and port it really connected to. */
function arriving(host: string | undefined, localAddress: string, localPort: number): IncomingMessage {
  return { headers: host === undefined ? {} : { host }, socket: { localAddress, localPort } } as unknown as IncomingMessage;
}

describe('loopbackOrigin', () => {
  it.each([
    ['127.0.0.1:3000', '127.0.0.1', 'http://127.0.0.1:3000'],
    ['localhost:3000', '127.0.0.1', 'http://localhost:3000'],
    ['LocalHost:3000', '::1', 'http://localhost:3000'],
    ['[::1]:3000', '::1', 'http://[::1]:3000'],
    ['127.0.0.1:3000', '::ffff:127.0.0.1', 'http://127.0.0.1:3000'],
  ])('follows a browser on this machine that opened %s', (host, localAddress, origin) => {
    expect(loopbackOrigin(arriving(host, localAddress, 3000))).toBe(origin);
  });

  it.each([
    ['a name that is not loopback', 'stitch.example:3000', '127.0.0.1', 3000],
    ['a LAN address', '192.168.1.20:3000', '192.168.1.20', 3000],
    ['a loopback Host over a connection from the network', '127.0.0.1:3000', '192.168.1.20', 3000],
    ['another port than the connection came in on', '127.0.0.1:4000', '127.0.0.1', 3000],
    ['the default port when the server is not on it', 'localhost', '127.0.0.1', 3000],
    ['a Host with user information', 'evil.example@localhost:3000', '127.0.0.1', 3000],
    ['a Host with a path', 'localhost:3000/evil', '127.0.0.1', 3000],
    ['no Host at all', undefined, '127.0.0.1', 3000],
  ])('ignores %s', (_what, host, localAddress, localPort) => {
    expect(loopbackOrigin(arriving(host, localAddress, localPort))).toBeUndefined();
  });
});

describe('AppAddress', () => {
  const local = arriving('127.0.0.1:3000', '127.0.0.1', 3000);

  it('follows the loopback address only when PUBLIC_URL is unset and the provider is the built-in one', () => {
    expect(new AppAddress(loadConfig({})).baseUrlFor(local)).toBe('http://127.0.0.1:3000');
    expect(new AppAddress(loadConfig({ PUBLIC_URL: 'http://localhost:3000' })).baseUrlFor(local)).toBe('http://localhost:3000');
    const external = loadConfig({ OIDC_ISSUER: 'https://id.example', OIDC_CLIENT_ID: 'web', OIDC_AUDIENCE: 'api' });
    expect(new AppAddress(external).baseUrlFor(local)).toBe('http://localhost:3000');
  });

  it('allows calls from the configured origin and from the one this request followed, no other', () => {
    const address = new AppAddress(loadConfig({}));
    expect(address.allowsOrigin('http://localhost:3000', local)).toBe(true);
    expect(address.allowsOrigin('http://127.0.0.1:3000', local)).toBe(true);
    expect(address.allowsOrigin('http://127.0.0.2:3000', local)).toBe(false);
    expect(address.allowsOrigin('http://evil.example', local)).toBe(false);
  });
});

/** A GET with a Host header of our choosing, over a connection to 127.0.0.1. */
function getWithHost(port: number, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: '127.0.0.1', port, path, headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body });
      });
    });
    sent.once('error', reject);
    sent.end();
  });
}

type AuthConfig = { auth: Record<string, unknown> };
const authConfigAt = async (baseUrl: string): Promise<Record<string, unknown>> => ((await (await apiClient(baseUrl).api('/config')).json()) as AuthConfig).auth;

describe('signing in from the address the browser opened, with PUBLIC_URL unset', () => {
  const suite = useTestServer({ environment: { PUBLIC_URL: '' } });
  let port: number;
  let loopback: string;
  beforeAll(() => {
    port = suite.server.config.port;
    loopback = `http://127.0.0.1:${port}`;
  });

  it('defaults to localhost, and tells a browser at 127.0.0.1 to sign in at 127.0.0.1', async () => {
    expect(suite.server.config.publicUrl).toBe(`http://localhost:${port}`);
    expect(await authConfigAt(loopback)).toMatchObject({
      issuer: `${loopback}/oidc`,
      redirect_uri: `${loopback}/callback`,
      post_logout_redirect_uri: loopback,
      public_url_set: false,
    });
    expect(await authConfigAt(`http://localhost:${port}`)).toMatchObject({ redirect_uri: `http://localhost:${port}/callback` });
  });

  it.each(['evil.example', '192.168.1.20', '127.0.0.1:1'])('answers a Host of %s with the default address', async (host) => {
    const answer = await getWithHost(port, '/api/config', host.includes(':') ? host : `${host}:${port}`);
    expect(answer.status).toBe(200);
    expect((JSON.parse(answer.body) as AuthConfig).auth).toMatchObject({ redirect_uri: `http://localhost:${port}/callback` });
  });

  it('signs up and in at 127.0.0.1, with tokens from the one issuer the API trusts', async () => {
    const user = await signUpAt(loopback, 'loopback');
    const payload = JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(payload).toMatchObject({ iss: `http://localhost:${port}/oidc`, aud: `http://localhost:${port}/api` });
    const me = await user.api('/auth/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: user.email });
    await expect(new OidcBrowser(loopback).signIn(user)).resolves.toMatchObject({ token_type: 'Bearer' });
  });

  it.each([
    ['another loopback address', (port: number) => `http://127.0.0.2:${port}`],
    ['another port', () => 'http://127.0.0.1:1'],
    ['another host', () => 'http://evil.example'],
  ])('refuses to send the code to %s', async (_what, elsewhere) => {
    const { page } = await new OidcBrowser(loopback).authorize({ redirect_uri: `${elsewhere(port)}/callback` });
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain('redirect_uri');
    expect(html).toContain(`href="${loopback}"`); // the way back follows the browser too
  });

  it('lets the page at 127.0.0.1 call the token endpoint, and no page elsewhere', async () => {
    const { tokens } = await signUpAt(loopback, 'cors');
    const refresh = (origin: string): Promise<Response> =>
      fetch(`${loopback}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: 'stitchwise-web' }).toString(),
      });
    const refused = await refresh('http://evil.example');
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('not allowed');
    const allowed = await refresh(loopback);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(loopback);
  });
});

describe('with PUBLIC_URL set, sign-in happens only there', () => {
  // Set up here: the harness picks the port itself, and PUBLIC_URL must name it before the server starts.
  let database: DatabaseUnderTest;
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    database = await sqliteUnderTest();
    port = await freePort();
    server = await startTestServer({ ...database.environment, PUBLIC_URL: `http://localhost:${port}` }, port);
  });
  afterAll(async () => {
    await server.stop();
    await database.dispose();
  });

  it('tells a browser at 127.0.0.1 where sign-in returns, and that the operator chose it', async () => {
    expect(await authConfigAt(`http://127.0.0.1:${port}`)).toMatchObject({
      issuer: `http://localhost:${port}/oidc`,
      redirect_uri: `http://localhost:${port}/callback`,
      public_url_set: true,
    });
  });

  it('refuses a return to 127.0.0.1', async () => {
    const { page } = await new OidcBrowser(`http://127.0.0.1:${port}`).authorize({ redirect_uri: `http://127.0.0.1:${port}/callback` });
    expect(page.status).toBe(400);
  });
});
