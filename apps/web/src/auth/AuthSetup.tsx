import { WebStorageStateStore } from 'oidc-client-ts';
import { useEffect, useRef, type ReactNode } from 'react';
import { AuthProvider, useAuth, type AuthProviderProps } from 'react-oidc-context';
import { onTokenCleared, setAccessToken } from '../api/access-token';
import { useServerConfig } from '../api/config';
import type { AppConfig } from '../api/schemas';
import { ConfigContext } from './config-context';
import { pendingSignIn, SIGN_IN_PARAMETER } from './sign-in-address';
import { useStartSignIn } from './start-sign-in';

/** OpenID settings from the server's /api/config: the built-in provider or the one an operator set. */
export function oidcSettings(config: AppConfig): AuthProviderProps {
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
    // The callback page replaces its own history entry with / (spec: Sign-in callback).
    onSigninCallback: () => {
      window.history.replaceState({}, document.title, '/');
    },
  };
}

/** Loads the settings, then provides sign-in to the app and keeps the API client's bearer token in step. */
export function AuthSetup({ children }: { children: ReactNode }) {
  const config = useServerConfig();
  if (config.isPending) return <FullPageMessage text="Loading…" />;
  if (config.isError) return <FullPageMessage text="Stitchwise cannot reach its server. Please reload the page in a moment." />;
  return (
    <ConfigContext value={config.data}>
      <AuthProvider {...oidcSettings(config.data)}>
        <TokenSync />
        <ContinueSignIn />
        {children}
      </AuthProvider>
    </ConfigContext>
  );
}

function TokenSync() {
  const auth = useAuth();
  const token = auth.user && !auth.user.expired ? auth.user.access_token : undefined;
  setAccessToken(token); // before children render, so their first calls carry it
  useEffect(() => onTokenCleared(() => void auth.removeUser()), [auth]);
  return null;
}

/** Starts the sign-in that a page at another address sent the browser here for (sign-in-address.ts). */
function ContinueSignIn() {
  const auth = useAuth();
  const startSignIn = useStartSignIn();
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current || auth.isLoading) return;
    const intent = pendingSignIn(window.location.search);
    if (!intent) return;
    handled.current = true;
    const url = new URL(window.location.href);
    url.searchParams.delete(SIGN_IN_PARAMETER);
    window.history.replaceState(window.history.state, '', url);
    if (!auth.isAuthenticated) void startSignIn(intent, { sentHereToSignIn: true });
  }, [auth.isLoading, auth.isAuthenticated, startSignIn]);
  return null;
}

function FullPageMessage({ text }: { text: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center p-8 text-slate-600" role="status">
      {text}
    </div>
  );
}
