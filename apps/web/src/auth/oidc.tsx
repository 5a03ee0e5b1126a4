import { UserManager, WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';
import type { ReactNode } from 'react';
import { AuthProvider, useAuth as useOidcAuth } from 'react-oidc-context';
import type { AppConfig } from '../api/schemas';
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

function Bridge({ children }: { children: ReactNode }) {
  return <AuthContext value={useOidcAuth()}>{children}</AuthContext>;
}
