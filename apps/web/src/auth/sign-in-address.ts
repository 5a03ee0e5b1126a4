import type { AppConfig } from '../api/schemas';

/** What signing in means at the page's address. */
export type SignInRoute =
  | { kind: 'here' }
  /** The operator fixed Stitchwise's address: sign in there (this page's storage would not see the answer). */
  | { kind: 'elsewhere'; url: string }
  /** Sign-in cannot work from here, and only the operator can change that. */
  | { kind: 'impossible'; message: string };

export type SignInIntent = 'login' | 'signup';

/** The query parameter that makes the app start sign-in as soon as it opens at the right address. */
export const SIGN_IN_PARAMETER = 'sign_in';

/**
 * The browser keeps the OpenID state of a sign-in in the storage of the address it started at, and
 * the provider sends it back to `redirect_uri`: when the two differ the return finds no state ("No
 * matching state found in storage"). And PKCE needs the browser's Web Crypto, which only secure
 * contexts (https, or localhost) have. So sign-in starts only where both hold.
 */
export function signInRoute(
  auth: Pick<AppConfig['auth'], 'redirect_uri' | 'public_url_set'>,
  page: { origin: string; hasWebCrypto: boolean; sentHereToSignIn?: boolean },
  intent: SignInIntent,
): SignInRoute {
  const appOrigin = new URL(auth.redirect_uri).origin;
  if (page.origin !== appOrigin) {
    // Sent here from another address and still not there (a proxy moved the browser on): no second round.
    if (auth.public_url_set && !page.sentHereToSignIn) return { kind: 'elsewhere', url: `${appOrigin}/?${SIGN_IN_PARAMETER}=${intent}` };
    return {
      kind: 'impossible',
      message: `Sign-in does not work at ${page.origin}: the operator must set PUBLIC_URL to the address people open Stitchwise at, and restart the server.`,
    };
  }
  if (!page.hasWebCrypto) {
    return {
      kind: 'impossible',
      message: `Sign-in needs a secure connection, and ${page.origin} is not one: the operator must set PUBLIC_URL to an https address for Stitchwise.`,
    };
  }
  return { kind: 'here' };
}

/** The intent a page was opened with by `elsewhere`, if any. */
export function pendingSignIn(search: string): SignInIntent | undefined {
  const value = new URLSearchParams(search).get(SIGN_IN_PARAMETER);
  return value === 'login' || value === 'signup' ? value : undefined;
}
