import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/database.js';

/**
 * Returns the named secret, creating it on first use. Several processes may start together:
 * the insert ignores a conflict and everyone then reads the one row that won.
 */
async function loadOrCreateSecret(db: Db, name: string, create: () => Promise<string>): Promise<string> {
  const existing = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.value;
  await db
    .insertInto('server_secrets')
    .values({ name, value: await create(), created_at: nowIso() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const stored = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return stored.value;
}

export interface SigningKeys {
  /** Private JWKs for the provider; the first one signs. */
  readonly privateKeys: JWK[];
  /** The same keys without private parts, for verifying. */
  readonly publicKeys: JWK[];
}

const PRIVATE_MEMBERS: readonly string[] = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'];

export function publicPart(key: JWK): JWK {
  return Object.fromEntries(Object.entries(key).filter(([member]) => !PRIVATE_MEMBERS.includes(member)));
}

/**
 * Token-signing keys of the built-in identity provider: an RSA key (RS256, what every OpenID
 * client supports), generated on first start and kept in the database so tokens stay valid across
 * restarts and every process signs with the same key. Rotation: add a key in front; old ones keep verifying.
 */
export async function loadSigningKeys(db: Db): Promise<SigningKeys> {
  const value = await loadOrCreateSecret(db, 'oidc_signing_keys', async () => {
    const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const jwk = await exportJWK(privateKey);
    const key: JWK = { ...jwk, alg: 'RS256', use: 'sig', kid: randomBytes(12).toString('base64url') };
    return JSON.stringify({ keys: [key] });
  });
  const privateKeys = (JSON.parse(value) as { keys: JWK[] }).keys;
  return { privateKeys, publicKeys: privateKeys.map(publicPart) };
}

/** Keys that sign the provider's cookies, newest first. */
export async function loadCookieKeys(db: Db): Promise<string[]> {
  const value = await loadOrCreateSecret(db, 'oidc_cookie_keys', () =>
    Promise.resolve(JSON.stringify([randomBytes(32).toString('base64url')])),
  );
  return JSON.parse(value) as string[];
}
