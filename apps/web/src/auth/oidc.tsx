import { ErrorResponse, UserManager, WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AuthProvider, useAuth as useOidcAuth } from 'react-oidc-context';
import type { AppConfig } from '../api/schemas';
import { useOnline } from '../lib/connection';
import { AuthContext, sessionHolds } from './auth-context';
import { forgetOfflineDataSafely } from './use-session';

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

/** How long after a renewal that got no answer it is tried again, growing to at most 5 minutes. */
const RENEWAL_RETRY_MS = [15_000, 30_000, 60_000, 300_000];

/**
 * A session whose access token expired (overnight, or while offline) stays signed in while it can be renewed
 * (`sessionHolds`): its kept projects open from the service worker's copies, and marks and edits are kept on the
 * device. Online, it is renewed with its refresh token; a renewal that gets no answer (a network without
 * internet) is tried again later, and only the provider refusing the token signs out.
 */
function Bridge({ children }: { children: ReactNode }) {
  const auth = useOidcAuth();
  const online = useOnline();
  const expired = !!auth.user?.expired;
  // One renewal at a time: react-oidc-context's signinSilent changes `auth` as it goes and resolves null when it
  // fails, so without this each failure would start the next at once. `attempt` starts the next after a pause.
  const renewing = useRef(false);
  const failures = useRef(0);
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!online) {
      // The connection went: when it returns, try at once rather than after the pause.
      clearTimeout(pause.current);
      renewing.current = false;
      failures.current = 0;
    }
    if (!online || !expired || auth.isLoading || auth.activeNavigator || renewing.current) return;
    renewing.current = true;
    void auth.signinSilent().then((user) => {
      if (user) {
        failures.current = 0;
        renewing.current = false;
        return;
      }
      pause.current = setTimeout(
        () => {
          renewing.current = false;
          setAttempt((count) => count + 1);
        },
        RENEWAL_RETRY_MS[Math.min(failures.current++, RENEWAL_RETRY_MS.length - 1)],
      );
    });
  }, [online, expired, auth, attempt]);
  useEffect(() => () => clearTimeout(pause.current), []);
  // The provider refused the refresh token (the failure is in `auth.error`): signed out, and the offline copies go.
  const refused = !!auth.user && auth.error?.source === 'signinSilent' && auth.error.innerError instanceof ErrorResponse;
  useEffect(() => {
    if (refused) void forgetOfflineDataSafely().then(() => auth.removeUser());
  }, [refused, auth]);
  const holds = !refused && sessionHolds(auth.user, online);
  const value = useMemo(() => (holds && !auth.isAuthenticated ? { ...auth, isAuthenticated: true } : auth), [auth, holds]);
  return <AuthContext value={value}>{children}</AuthContext>;
}
