import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../api/schemas';
import { needsSignInLibrary } from './AuthSetup';

const config = { auth: { issuer: 'http://localhost:3000/oidc', client_id: 'stitchwise-web' } } as AppConfig;
const storage = (entries: Record<string, string>) => ({ getItem: (key: string) => entries[key] ?? null });

describe('needsSignInLibrary', () => {
  it('loads the sign-in library for a user signed in before, under oidc-client-ts’s own key, and for the callback', () => {
    const signedIn = storage({ 'oidc.user:http://localhost:3000/oidc:stitchwise-web': '{"access_token":"t"}' });
    expect(needsSignInLibrary(config, '/', signedIn)).toBe(true);
    expect(needsSignInLibrary(config, '/callback', storage({}))).toBe(true);
  });

  it("leaves it out of a visitor's visit, of another provider's session, and where storage is refused", () => {
    expect(needsSignInLibrary(config, '/', storage({}))).toBe(false);
    expect(needsSignInLibrary(config, '/stitch/new', storage({ 'oidc.user:https://elsewhere.example:other': '{}' }))).toBe(false);
    const refusing = {
      getItem: () => {
        throw new DOMException('Access denied', 'SecurityError');
      },
    };
    expect(needsSignInLibrary(config, '/', refusing)).toBe(false);
    expect(needsSignInLibrary(config, '/', undefined)).toBe(false);
  });
});
