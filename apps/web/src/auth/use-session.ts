import { useOnline } from '../lib/connection';
import { sessionHolds, useAuth } from './auth-context';
import { markClaimWanted } from '../pages/wizard/claim-storage';
import { useStartSignIn } from './start-sign-in';

/** Sign-in state and actions as the screens need them. */
export function useSession() {
  const auth = useAuth();
  const startSignIn = useStartSignIn();
  // Signing in from a visitor's result on screen: that result becomes the user's project afterwards.
  const startFromHere = (intent: 'login' | 'signup') => {
    markClaimWanted(window.location.search);
    return startSignIn(intent);
  };
  // An expired session stays signed in while it can still be renewed (auth-context.ts, auth/oidc.tsx).
  const online = useOnline();
  const signedIn = auth.isAuthenticated && sessionHolds(auth.user, online);
  return {
    isLoading: auth.isLoading,
    signedIn,
    error: auth.error,
    profile: signedIn ? auth.user?.profile : undefined,
    signIn: () => startFromHere('login'),
    /** 'Start Free Now': the provider's sign-up screen. */
    signUp: () => startFromHere('signup'),
    /** Ends the session at the server and the provider, then back to the site origin. */
    signOut: async () => {
      const { endServerSession } = await import('../api/session'); // the API client is not in the first download
      await endServerSession();
      await forgetOfflineDataSafely();
      await auth.removeUser();
      window.location.assign(window.location.origin);
    },
  };
}

/** Empties this user's offline copies (offline/kept-projects.ts, loaded only then); a browser that refuses still signs out. */
export async function forgetOfflineDataSafely(): Promise<void> {
  try {
    const { forgetOfflineData } = await import('../offline/kept-projects');
    await forgetOfflineData();
  } catch {
    // No cache storage here (some private modes): nothing was kept.
  }
}
