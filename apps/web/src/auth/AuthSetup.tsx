import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { onTokenCleared, setAccessToken } from '../api/access-token';
import { useServerConfig } from '../api/config';
import type { AppConfig } from '../api/schemas';
import { AuthContext, useAuth, type AppAuth } from './auth-context';
import { ConfigContext } from './config-context';
import { pendingSignIn, SIGN_IN_PARAMETER } from './sign-in-address';
import { useStartSignIn } from './start-sign-in';
import { forgetOfflineDataSafely } from './use-session';

const OidcProvider = lazy(() => import('./oidc').then((module) => ({ default: module.OidcProvider })));

/**
 * Whether this visit needs the sign-in library from the start: a user signed in before (their session is
 * kept in local storage, where oidc-client-ts's user store puts it) or the provider's return to /callback.
 * A visitor's first visit does not: the home page loads without it, and signing in loads it then.
 */
export function needsSignInLibrary(config: AppConfig, pathname: string, storage: Pick<Storage, 'getItem'> | undefined): boolean {
  if (pathname === '/callback') return true;
  try {
    return !!storage?.getItem(`oidc.user:${config.auth.issuer}:${config.auth.client_id}`);
  } catch {
    return false;
  }
}

/** A visitor's sign-in state: signed out, with sign-in loading the library and going to the provider. */
export function signedOutAuth(config: AppConfig): AppAuth {
  return {
    isLoading: false,
    isAuthenticated: false,
    user: null,
    error: undefined,
    signinRedirect: async (args) => {
      const { signInRedirect } = await import('./oidc');
      await signInRedirect(config, args);
    },
    removeUser: () => Promise.resolve(),
  };
}

/** Loads the settings, then provides sign-in to the app and keeps the API client's bearer token in step. */
export function AuthSetup({ children }: { children: ReactNode }) {
  const config = useServerConfig();
  if (config.isPending) return <FullPageMessage text="Loading…" />;
  if (config.isError) return <FullPageMessage text="Stitchwise cannot reach its server. Please reload the page in a moment." />;
  return (
    <ConfigContext value={config.data}>
      <SignInState config={config.data}>
        <TokenSync />
        <ContinueSignIn />
        {children}
      </SignInState>
    </ConfigContext>
  );
}

/** The sign-in library's provider when this visit needs it (decided once, on load), a visitor's signed-out state otherwise. */
function SignInState({ config, children }: { config: AppConfig; children: ReactNode }) {
  const [needed] = useState(() => needsSignInLibrary(config, window.location.pathname, window.localStorage));
  const visitor = useMemo(() => signedOutAuth(config), [config]);
  if (!needed) return <AuthContext value={visitor}>{children}</AuthContext>;
  return (
    <Suspense fallback={<FullPageMessage text="Loading…" />}>
      <OidcProvider config={config}>{children}</OidcProvider>
    </Suspense>
  );
}

function TokenSync() {
  const auth = useAuth();
  const token = auth.user && !auth.user.expired ? auth.user.access_token : undefined;
  setAccessToken(token); // before children render, so their first calls carry it
  // A refused token signs out, and what was kept offline for that user goes with it.
  useEffect(() => onTokenCleared(() => void forgetOfflineDataSafely().then(() => auth.removeUser())), [auth]);
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
