import { createContext, useContext } from 'react';
import type { AuthContextProps } from 'react-oidc-context';

/**
 * The sign-in state and actions the app reads, in a context of its own: a visitor who never signed in
 * gets a signed-out value without the sign-in library (oidc-client-ts is loaded only when needed:
 * AuthSetup.tsx); a signed-in user, the sign-in callback and a sign-in started get react-oidc-context's.
 * Only the type comes from the library, so importing this module loads none of it.
 */
export const AuthContext = createContext<AppAuth | undefined>(undefined);

/** What the app uses of react-oidc-context's state and actions. */
export type AppAuth = Pick<AuthContextProps, 'isLoading' | 'isAuthenticated' | 'user' | 'error' | 'signinRedirect' | 'removeUser'>;

export function useAuth(): AppAuth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth outside AuthSetup');
  return auth;
}

/**
 * Whether a stored session still counts as signed in: its access token is valid, or it has expired but can be
 * renewed (a refresh token) or cannot be renewed yet (offline). Only the provider refusing the refresh token
 * ends it (auth/oidc.tsx), so screens are not torn down while a renewal is on its way or waits for a network.
 */
export function sessionHolds(user: { expired?: boolean; refresh_token?: string } | null | undefined, online: boolean): boolean {
  return !!user && (!user.expired || !online || !!user.refresh_token);
}
