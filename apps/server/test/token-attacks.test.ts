import { exportSPKI, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { apiClient, useTestServer } from './support/harness.js';
import type { Tokens } from './support/oidc-client.js';
import { DATABASES, type TestServer } from './support/test-server.js';

/** The provider's signing key, read from the server's database: tokens signed with it are validly signed. */
async function signingKeyOf(server: TestServer): Promise<JWK> {
  const db = await openDatabase(server.config.database);
  const secret = await db.selectFrom('server_secrets').select('value').where('name', '=', 'oidc_signing_keys').executeTakeFirstOrThrow();
  await db.destroy();
  return (JSON.parse(secret.value) as { keys: JWK[] }).keys[0]!;
}

const suite = useTestServer({ users: ['attack'] });
let tokens: Tokens;
let subject: string;
let realKey: JWK;

beforeAll(async () => {
  tokens = suite.user('attack').tokens;
  subject = (JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
  // The attacker does not have this key; the test reads it to forge tokens that are validly signed but wrong in one claim.
  realKey = await signingKeyOf(suite.server);
});

const now = (): number => Math.floor(Date.now() / 1000);
const base64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

const call = (token: string): Promise<Response> => apiClient(suite.baseUrl, token).api('/stitch/projects');

async function forge(claims: Record<string, unknown>, options: { key?: JWK; kid?: string } = {}): Promise<string> {
  const key = options.key ?? realKey;
  const jwt = new SignJWT({ email: 'mallory@example.com', ...claims }).setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: options.kid ?? key.kid! });
  return jwt.sign(await importJWK(key, 'RS256'));
}

const validClaims = (): Record<string, unknown> => ({
  iss: `${suite.baseUrl}/oidc`,
  aud: `${suite.baseUrl}/api`,
  sub: subject,
  iat: now(),
  exp: now() + 600,
});

describe('bearer token verification', () => {
  it('accepts the token from the provider and a correctly signed one (the forging below is sound)', async () => {
    expect((await call(tokens.access_token)).status).toBe(200);
    expect((await call(await forge(validClaims()))).status).toBe(200);
  });

  const refused = async (token: string): Promise<void> => {
    const response = await call(token);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer realm="stitchwise", error="invalid_token"/);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await response.json()).toMatchObject({ status: 401, code: 'unauthorized' });
  };

  it('refuses alg none', async () => {
    await refused(`${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(validClaims())}.`);
    await refused(`${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(validClaims())}`);
  });

  it('refuses HS256 signed with the public key as the secret', async () => {
    const publicKey = await importJWK({ kty: realKey.kty, n: realKey.n, e: realKey.e }, 'RS256');
    for (const secret of [await exportSPKI(publicKey as Parameters<typeof exportSPKI>[0]), JSON.stringify({ kty: realKey.kty, n: realKey.n, e: realKey.e })]) {
      const token = await new SignJWT(validClaims()).setProtectedHeader({ alg: 'HS256', kid: realKey.kid! }).sign(new TextEncoder().encode(secret));
      await refused(token);
    }
  });

  it('refuses an expired token, and one without exp', async () => {
    await refused(await forge({ ...validClaims(), iat: now() - 7200, exp: now() - 3600 }));
    const { exp: _, ...withoutExpiry } = validClaims();
    await refused(await forge(withoutExpiry));
  });

  it('refuses a wrong issuer and a wrong audience', async () => {
    await refused(await forge({ ...validClaims(), iss: 'https://evil.example/oidc' }));
    await refused(await forge({ ...validClaims(), aud: 'stitchwise-web' }));
    await refused(await forge({ ...validClaims(), aud: 'https://other-api.example' }));
  });

  it('refuses the ID token, whose audience is the client, not the API', async () => {
    await refused(tokens.id_token);
  });

  it('refuses a token from an unknown key, and one from another key claiming the real kid', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const { exportJWK } = await import('jose');
    const attackerKey = { ...(await exportJWK(privateKey)), kid: 'attacker' };
    await refused(await forge(validClaims(), { key: attackerKey }));
    await refused(await forge(validClaims(), { key: attackerKey, kid: realKey.kid! }));
  });

  it('refuses garbage and a tampered payload', async () => {
    await refused('garbage');
    await refused('a.b.c');
    const [header, , signature] = tokens.access_token.split('.');
    await refused(`${header}.${base64url({ ...validClaims(), sub: 'someone-else' })}.${signature}`);
  });

  it('answers a missing or malformed Authorization header with 401 and a Bearer challenge', async () => {
    const missing = await suite.visitor.api('/stitch/projects');
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="stitchwise"');
    expect(await missing.json()).toMatchObject({ detail: 'Authentication required. Please sign in.' });
    for (const authorization of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer a b']) {
      const response = await suite.visitor.api('/stitch/projects', { headers: { authorization } });
      expect(response.status).toBe(401);
    }
  });
});

describe.each(DATABASES)('profile claims with disallowed characters on $name', (database) => {
  // A first sign-up makes sure the provider's signing key exists; the test reads it to sign claims a provider might send.
  const claims = useTestServer({ database, users: ['claims'] });
  let key: JWK;

  beforeAll(async () => {
    key = await signingKeyOf(claims.server);
  });

  const signed = async (values: Record<string, unknown>): Promise<string> =>
    new SignJWT({ iss: `${claims.baseUrl}/oidc`, aud: `${claims.baseUrl}/api`, iat: now(), exp: now() + 600, ...values })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: key.kid! })
      .sign(await importJWK(key, 'RS256'));
  const me = (token: string): Promise<Response> => apiClient(claims.baseUrl, token).api('/auth/me');

  it('signs in a token whose name holds a NUL, with the name cleaned, and drops an e-mail or picture holding one', async () => {
    const token = await signed({
      sub: 'nul-in-claims',
      name: 'Ann\u0000e\u0001 Smith\u000b\ud800',
      email: 'ann\u0000@example.com',
      picture: 'https://example.com/ann\u0000.png',
    });
    const response = await me(token);
    expect(response.status).toBe(200);
    const user = (await response.json()) as { name?: string | null; email?: string | null; picture?: string | null };
    expect(user.name).toBe('Ann\uFFFDe\uFFFD Smith \uFFFD');
    expect(user.email ?? null).toBeNull();
    expect(user.picture ?? null).toBeNull();

    // A later token with clean claims fills them in; one whose name is only white-space controls leaves the stored name alone.
    expect(await (await me(await signed({ sub: 'nul-in-claims', name: 'Ann Smith', email: 'ann@example.com' }))).json()).toMatchObject({
      name: 'Ann Smith',
      email: 'ann@example.com',
    });
    const again = await me(await signed({ sub: 'nul-in-claims', name: '\u000b\t\u2028' }));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ name: 'Ann Smith', email: 'ann@example.com' });
  });
});
