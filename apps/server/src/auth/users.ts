import { randomUUID } from 'node:crypto';
import { nowIso } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import type { UsersRepository } from '../repositories/users.js';
import type { VerifiedToken } from './token-verifier.js';
import { displayClaim, exactClaim } from './token-verifier.js';

export interface Profile {
  email?: string | undefined;
  name?: string | undefined;
  picture?: string | undefined;
}

/** Reads name, e-mail and picture from the provider's userinfo endpoint when a token lacks them. */
export type UserinfoLookup = (accessToken: string) => Promise<Profile>;

/** The API's users, one row per (issuer, subject), kept up to date from token claims. */
export class Users {
  constructor(
    private readonly repository: UsersRepository,
    private readonly userinfo?: UserinfoLookup,
  ) {}

  async fromToken(token: VerifiedToken, accessToken: string): Promise<UserRow> {
    const existing = await this.repository.findBySubject(token.issuer, token.subject);
    let profile: Profile = { email: token.email, name: token.name, picture: token.picture };
    const missing = (key: 'email' | 'name'): boolean => !profile[key] && !existing?.[key];
    if (this.userinfo && (missing('email') || missing('name'))) {
      profile = { ...(await this.userinfo(accessToken).catch(() => ({}))), ...definedOnly(profile) };
    }

    if (!existing) {
      const now = nowIso();
      // A concurrent first request may have added the user meanwhile: then its row is the one returned.
      await this.repository.insertIfAbsent({
        id: randomUUID(),
        issuer: token.issuer,
        subject: token.subject,
        email: profile.email ?? null,
        name: profile.name ?? null,
        picture: profile.picture ?? null,
        created_at: now,
        updated_at: now,
      });
      return (await this.repository.findBySubject(token.issuer, token.subject))!;
    }

    const changes = Object.fromEntries(
      (['email', 'name', 'picture'] as const).filter((key) => profile[key] !== undefined && profile[key] !== existing[key]).map((key) => [key, profile[key]]),
    );
    if (Object.keys(changes).length === 0) return existing;
    const updated_at = nowIso();
    await this.repository.update(existing.id, changes, updated_at);
    return { ...existing, ...changes, updated_at };
  }
}

function definedOnly(profile: Profile): Profile {
  return Object.fromEntries(Object.entries(profile).filter(([, value]) => value !== undefined));
}

/** A userinfo lookup against an external provider's endpoint. */
export function userinfoFrom(endpoint: () => Promise<string | undefined>): UserinfoLookup {
  return async (accessToken) => {
    const url = await endpoint();
    if (!url) return {};
    const response = await fetch(url, { headers: { authorization: `Bearer ${accessToken}` }, signal: AbortSignal.timeout(5000) });
    if (!response.ok) return {};
    const body = (await response.json()) as Record<string, unknown>;
    return { email: exactClaim(body.email), name: displayClaim(body.name) ?? displayClaim(body.nickname), picture: exactClaim(body.picture) };
  };
}
