import { createLocalJWKSet, createRemoteJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { disallowedCharacter, printableText } from '@stitchwise/core';
import type { IdentityConfig } from '../config.js';

/** Asymmetric algorithms only: an HS256 token "signed" with a public key, or alg none, never verifies. */
export const ACCEPTED_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

export interface VerifiedToken {
  readonly issuer: string;
  readonly subject: string;
  readonly email?: string | undefined;
  readonly name?: string | undefined;
  readonly picture?: string | undefined;
}

export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';
}

/**
 * Verifies bearer access tokens: signature against the issuer's keys, issuer, audience, expiry
 * (required) and algorithm. The same code serves the built-in provider and an external one; only
 * where the keys come from differs.
 */
export class TokenVerifier {
  constructor(
    private readonly identity: IdentityConfig,
    private readonly keys: JWTVerifyGetKey,
  ) {}

  async verify(token: string): Promise<VerifiedToken> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.keys, {
        issuer: this.identity.issuer,
        audience: this.identity.audience,
        algorithms: ACCEPTED_ALGORITHMS,
        requiredClaims: ['exp', 'sub'],
        clockTolerance: 5,
      }));
    } catch (error) {
      throw new InvalidTokenError(describe(error), { cause: error });
    }
    return {
      issuer: this.identity.issuer,
      subject: payload.sub!,
      email: exactClaim(payload.email),
      name: displayClaim(payload.name),
      picture: exactClaim(payload.picture),
    };
  }
}

/*
 * Profile claims go to the database as they are, and an outside provider may put anything in them: a
 * NUL would fail the insert on PostgreSQL, and other controls would reach every page that shows them.
 */

/** A name to show: cleaned with `printableText` (one line, no controls), absent when empty or blank. */
export function displayClaim(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = printableText(value);
  return text.trim() ? text : undefined;
}

/** An e-mail address or a URL, which a changed character would falsify: absent when it holds any character text fields refuse. */
export function exactClaim(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() && !disallowedCharacter(value) ? value : undefined;
}

function describe(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'The access token has expired.';
  if (error instanceof joseErrors.JWTClaimValidationFailed) return `The access token's ${error.claim} claim is not accepted.`;
  if (error instanceof joseErrors.JWKSNoMatchingKey) return 'The access token is signed with an unknown key.';
  return 'The access token is not valid.';
}

/**
 * Keys of the built-in provider, read from the database. A token naming a key id we do not hold
 * triggers one reload (at most every 30 s), so a key added by another process is picked up.
 */
export function reloadingLocalKeySet(load: () => Promise<JSONWebKeySet>, initial: JSONWebKeySet): JWTVerifyGetKey {
  let keySet = createLocalJWKSet(initial);
  let known = new Set(initial.keys.map((key) => key.kid));
  let lastReload = 0;
  return async (header, token) => {
    if (header.kid && !known.has(header.kid) && Date.now() - lastReload > 30_000) {
      lastReload = Date.now();
      const fresh = await load();
      keySet = createLocalJWKSet(fresh);
      known = new Set(fresh.keys.map((key) => key.kid));
    }
    return keySet(header, token);
  };
}

interface DiscoveryDocument {
  issuer: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
  end_session_endpoint?: string;
}

/**
 * An external provider's metadata, read lazily from its discovery document so start-up does not
 * depend on the provider being reachable. jose's remote key set caches keys and refetches on an unknown kid.
 */
export class ExternalIssuer {
  private discovery?: Promise<DiscoveryDocument>;
  private keySet?: JWTVerifyGetKey;

  constructor(private readonly issuer: string) {}

  metadata(): Promise<DiscoveryDocument> {
    this.discovery ??= fetchDiscovery(this.issuer).catch((error: unknown) => {
      this.discovery = undefined; // try again on the next request
      throw error;
    });
    return this.discovery;
  }

  readonly keys: JWTVerifyGetKey = async (header, token) => {
    if (!this.keySet) {
      const { jwks_uri } = await this.metadata();
      this.keySet = createRemoteJWKSet(new URL(jwks_uri), { timeoutDuration: 5000, cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
    }
    return this.keySet(header, token);
  };
}

async function fetchDiscovery(issuer: string): Promise<DiscoveryDocument> {
  const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  const response = await fetch(url, { signal: AbortSignal.timeout(5000), headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Discovery at ${url} answered ${response.status}`);
  const document = (await response.json()) as DiscoveryDocument;
  if (typeof document.jwks_uri !== 'string') throw new Error(`Discovery at ${url} names no jwks_uri`);
  return document;
}
