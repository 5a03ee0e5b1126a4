import { ErrorResponse, UserManager, WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { AuthProvider, useAuth as useOidcAuth } from 'react-oidc-context';
import type { AppConfig } from '../api/schemas';
import { useOnline } from '../lib/connection';
import { AuthContext } from './auth-context';

// The sign-in library's part of the app, in a chunk of its own: loaded for a signed-in user, the callback and
// a sign-in being started, never for a visitor's first visit (auth/AuthSetup.tsx decides).

/** OpenID settings from the server's /api/config: the built-in provider or the one an operator set. */
export function userManagerSettings(config: AppConfig): UserManagerSettings {
  const { auth } = config;
  return {
    authority: auth.issuer,
    client_id: auth.client_id,
    redirect_uri: auth.redirect_uri,
    post_logout_redirect_uri: auth.post_logout_redirect_uri,
    scope: auth.scopes,
    response_type: 'code',
    automaticSilentRenew: true,
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    // External providers such as Auth0 need the API's audience to issue a token for it; the built-in one defaults to it.
    ...(auth.provider === 'external' ? { extraQueryParams: { audience: auth.audience } } : {}),
  };
}

/** Sends the browser to the provider to sign in, without the React provider (a visitor's first sign-in). */
export async function signInRedirect(config: AppConfig, args: Parameters<UserManager['signinRedirect']>[0]): Promise<void> {
  await new UserManager(userManagerSettings(config)).signinRedirect(args);
}

/** react-oidc-context's provider, its state handed on through the app's own AuthContext. */
export function OidcProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  return (
    <AuthProvider
      {...userManagerSettings(config)}
      // The callback page replaces its own history entry with / (spec: Sign-in callback).
      onSigninCallback={() => window.history.replaceState({}, document.title, '/')}
    >
      <Bridge>{children}</Bridge>
    </AuthProvider>
  );
}

/**
 * Offline, a session whose access token has expired stays signed in (its kept projects open from the service
 * worker's copies, and marks and edits are kept on the device); when the network returns it is renewed with
 * its refresh token, and a refused renewal signs out as it would online.
 */
function Bridge({ children }: { children: ReactNode }) {
  const auth = useOidcAuth();
  const online = useOnline();
  const expired = !!auth.user?.expired;
  // One renewal each time the connection returns: react-oidc-context's signinSilent changes `auth` as it goes and
  // resolves null when it fails, so without this each failure would start the next at once.
  const renewing = useRef(false);
  useEffect(() => {
    if (!online) renewing.current = false;
    if (!online || !expired || auth.isLoading || auth.activeNavigator || renewing.current) return;
    renewing.current = true;
    void auth.signinSilent().then((user) => {
      if (user) renewing.current = false;
    });
  }, [online, expired, auth]);
  // The provider refused the refresh token (the failure is in `auth.error`): signed out. A network that failed again is tried when it returns.
  const refused = !!auth.user && auth.error?.source === 'signinSilent' && auth.error.innerError instanceof ErrorResponse;
  useEffect(() => {
    if (refused) void auth.removeUser();
  }, [refused, auth]);
  const keptOffline = !online && expired;
  const value = useMemo(() => (keptOffline ? { ...auth, isAuthenticated: true } : auth), [auth, keptOffline]);
  return <AuthContext value={value}>{children}</AuthContext>;
}
