import { describe, expect, it } from 'vitest';
import { pendingSignIn, signInRoute } from './sign-in-address';

const at = (origin: string, extra: { hasWebCrypto?: boolean; sentHereToSignIn?: boolean } = {}) => ({ origin, hasWebCrypto: true, ...extra });
const returningTo = (origin: string, publicUrlSet: boolean) => ({ redirect_uri: `${origin}/callback`, public_url_set: publicUrlSet });

describe('signInRoute', () => {
  it('signs in here when the provider returns to this address', () => {
    expect(signInRoute(returningTo('http://127.0.0.1:3000', false), at('http://127.0.0.1:3000'), 'login')).toEqual({ kind: 'here' });
    expect(signInRoute(returningTo('https://stitch.example', true), at('https://stitch.example'), 'signup')).toEqual({ kind: 'here' });
  });

  it("sends the browser to the operator's PUBLIC_URL to sign in there, with what it was about to do", () => {
    expect(signInRoute(returningTo('http://localhost:3261', true), at('http://127.0.0.1:3261'), 'signup')).toEqual({
      kind: 'elsewhere',
      url: 'http://localhost:3261/?sign_in=signup',
    });
  });

  it('says the operator must set PUBLIC_URL when the address is only the default guess', () => {
    const route = signInRoute(returningTo('http://localhost:3000', false), at('http://192.168.1.20:3000'), 'login');
    expect(route).toEqual({
      kind: 'impossible',
      message:
        'Sign-in does not work at http://192.168.1.20:3000: the operator must set PUBLIC_URL to the address people open Stitchwise at, and restart the server.',
    });
  });

  it('does not send the browser round again when PUBLIC_URL is not where it arrived', () => {
    const route = signInRoute(returningTo('http://stitch.example', true), at('https://stitch.example', { sentHereToSignIn: true }), 'login');
    expect(route.kind).toBe('impossible');
    expect(route.kind === 'impossible' && route.message).toContain('PUBLIC_URL');
  });

  it('asks for https where the browser withholds the Web Crypto that PKCE needs', () => {
    const route = signInRoute(returningTo('http://192.168.1.20:3000', true), at('http://192.168.1.20:3000', { hasWebCrypto: false }), 'login');
    expect(route.kind === 'impossible' && route.message).toBe(
      'Sign-in needs a secure connection, and http://192.168.1.20:3000 is not one: the operator must set PUBLIC_URL to an https address for Stitchwise.',
    );
  });
});

describe('pendingSignIn', () => {
  it('reads only the two intents', () => {
    expect(pendingSignIn('?sign_in=login')).toBe('login');
    expect(pendingSignIn('?a=1&sign_in=signup')).toBe('signup');
    expect(pendingSignIn('?sign_in=https://evil.example')).toBeUndefined();
    expect(pendingSignIn('')).toBeUndefined();
  });
});
