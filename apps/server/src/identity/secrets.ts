import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { ServerSecretsRepository } from '../repositories/server-secrets.js';

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
export async function loadSigningKeys(secrets: ServerSecretsRepository): Promise<SigningKeys> {
  const value = await secrets.findOrCreate('oidc_signing_keys', async () => {
    const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const jwk = await exportJWK(privateKey);
    const key: JWK = { ...jwk, alg: 'RS256', use: 'sig', kid: randomBytes(12).toString('base64url') };
    return JSON.stringify({ keys: [key] });
  });
  const privateKeys = (JSON.parse(value) as { keys: JWK[] }).keys;
  return { privateKeys, publicKeys: privateKeys.map(publicPart) };
}

/** Keys that sign the provider's cookies, newest first. */
export async function loadCookieKeys(secrets: ServerSecretsRepository): Promise<string[]> {
  const value = await secrets.findOrCreate('oidc_cookie_keys', () => Promise.resolve(JSON.stringify([randomBytes(32).toString('base64url')])));
  return JSON.parse(value) as string[];
}
