import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, OidcBrowser } from './support/oidc-client.js';
import { sqliteUnderTest, startTestServer, type DatabaseUnderTest, type TestServer, statusOf } from './support/test-server.js';

/**
 * An external OpenID provider configured by OIDC_ISSUER / OIDC_CLIENT_ID / OIDC_AUDIENCE. A second
 * Stitchwise server plays the outside provider: a real, standards-compliant one with discovery and JWKS.
 */
describe('an external identity provider set by settings', () => {
  const databases: DatabaseUnderTest[] = [];
  let provider: TestServer;
  let api: TestServer;

  beforeAll(async () => {
    databases.push(await sqliteUnderTest(), await sqliteUnderTest());
    provider = await startTestServer(databases[0]!.environment);
    api = await startTestServer({
      ...databases[1]!.environment,
      OIDC_ISSUER: provider.config.identity.issuer,
      OIDC_CLIENT_ID: 'stitchwise-web',
      OIDC_AUDIENCE: provider.config.identity.audience,
    });
  });
  afterAll(async () => {
    await api.stop();
    await provider.stop();
    for (const database of databases) await database.dispose();
  });

  it('verifies its tokens through discovery and its JWKS, and creates the user from the claims', async () => {
    const user = newUser('external');
    const tokens = await new OidcBrowser(provider.baseUrl).signUp(user);
    const me = await fetch(`${api.baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ name: user.name, email: user.email });
  });

  it('tells the web app to sign in there, and does not serve a provider of its own', async () => {
    const config = (await (await fetch(`${api.baseUrl}/api/config`)).json()) as { auth: Record<string, unknown> };
    expect(config.auth).toMatchObject({ provider: 'external', issuer: provider.config.identity.issuer, client_id: 'stitchwise-web' });
    expect(await statusOf(`${api.baseUrl}/oidc/.well-known/openid-configuration`)).toBe(404);
  });

  it("refuses the provider's ID token, whose audience is the client, not the API", async () => {
    const tokens = await new OidcBrowser(provider.baseUrl).signUp(newUser('idtoken'));
    const response = await fetch(`${api.baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${tokens.id_token}` } });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });
});
