import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { encodePng, multipartBody } from './support/images.js';
import { newUser, OidcBrowser } from './support/oidc-client.js';
import { sqliteUnderTest, startTestServer, type DatabaseUnderTest, statusOf } from './support/test-server.js';

describe('a restart of the server on the same SQLite file', () => {
  let database: DatabaseUnderTest | undefined;
  afterAll(async () => {
    await database?.dispose();
  });

  it('keeps users, browser sessions, signing keys, refresh tokens and projects', async () => {
    database = await sqliteUnderTest();
    const first = await startTestServer(database.environment);
    const user = newUser('restart');
    const browser = new OidcBrowser(first.baseUrl);
    const tokens = await browser.signUp(user);
    const created = await fetch(`${first.baseUrl}/api/stitch/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access_token}` },
      body: multipartBody(
        { name: 'Survives restarts' },
        { field: 'image', filename: 'a.png', contentType: 'image/png', bytes: encodePng(8, 8, () => [200, 10, 10]) },
      ),
    });
    const project = (await created.json()) as { id: string; outputs: { input_image_url: string } };
    await first.stop();

    const port = Number(new URL(first.baseUrl).port);
    const second = await startTestServer(database.environment, port);
    try {
      // The access token issued before the restart still verifies: the signing key was kept.
      const list = await fetch(`${second.baseUrl}/api/stitch/projects`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
      expect(list.status).toBe(200);
      expect(((await list.json()) as { projects: { id: string }[] }).projects.map((p) => p.id)).toEqual([project.id]);
      expect(await statusOf(project.outputs.input_image_url)).toBe(200);

      // The browser's session survived: a silent authorization succeeds without signing in again.
      const silent = await browser.authorize({ prompt: 'none' });
      expect(new URL(silent.page.headers.get('location')!).searchParams.get('code')).toBeTruthy();

      // So did the refresh token.
      const refreshed = await fetch(`${second.baseUrl}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: 'stitchwise-web' }).toString(),
      });
      expect(refreshed.status).toBe(200);

      // And the account: signing in with the same password works.
      await expect(new OidcBrowser(second.baseUrl).signIn(user)).resolves.toMatchObject({ token_type: 'Bearer' });
    } finally {
      await second.stop();
    }
  });

  it('lets a second process on the same database verify tokens the first one issued', async () => {
    const shared = await sqliteUnderTest();
    const first = await startTestServer(shared.environment);
    try {
      const tokens = await new OidcBrowser(first.baseUrl).signUp(newUser('shared'));
      // Another process behind the same public URL, sharing the database (not listening; requests are injected).
      const other = await buildApp(first.config);
      const response = await other.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${tokens.access_token}` } });
      expect(response.statusCode).toBe(200);
      await other.close();
    } finally {
      await first.stop();
      await shared.dispose();
    }
  });
});
