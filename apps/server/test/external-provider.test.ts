import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, useTestServer } from './support/harness.js';
import { newUser, OidcBrowser } from './support/oidc-client.js';
import { sqliteUnderTest, startTestServer, type DatabaseUnderTest, type TestServer, statusOf } from './support/test-server.js';

/**
 * An external OpenID provider configured by OIDC_ISSUER / OIDC_CLIENT_ID / OIDC_AUDIENCE. A second
 * Stitchwise server plays the outside provider: a real, standards-compliant one with discovery and JWKS.
 */
describe('an external identity provider set by settings', () => {
  const provider = useTestServer();
  // The server under test is set up here: its settings name the provider's address, known once the provider is started.
  let database: DatabaseUnderTest;
  let api: TestServer;

  beforeAll(async () => {
    database = await sqliteUnderTest();
    api = await startTestServer({
      ...database.environment,
      OIDC_ISSUER: provider.server.config.identity.issuer,
      OIDC_CLIENT_ID: 'stitchwise-web',
      OIDC_AUDIENCE: provider.server.config.identity.audience,
    });
  });
  afterAll(async () => {
    await api.stop();
    await database.dispose();
  });

  it('verifies its tokens through discovery and its JWKS, and creates the user from the claims', async () => {
    const user = newUser('external');
    const tokens = await new OidcBrowser(provider.baseUrl).signUp(user);
    const me = await apiClient(api.baseUrl, tokens.access_token).api('/auth/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ name: user.name, email: user.email });
  });

  it('tells the web app to sign in there, and does not serve a provider of its own', async () => {
    const config = (await (await apiClient(api.baseUrl).api('/config')).json()) as { auth: Record<string, unknown> };
    expect(config.auth).toMatchObject({ provider: 'external', issuer: provider.server.config.identity.issuer, client_id: 'stitchwise-web' });
    expect(await statusOf(`${api.baseUrl}/oidc/.well-known/openid-configuration`)).toBe(404);
  });

  it("refuses the provider's ID token, whose audience is the client, not the API", async () => {
    const { tokens } = await provider.signUp('idtoken');
    const response = await apiClient(api.baseUrl, tokens.id_token).api('/auth/me');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });
});
