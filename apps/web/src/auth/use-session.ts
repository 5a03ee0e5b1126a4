import { useOnline } from '../lib/connection';
import { forgetOfflineData } from '../offline/kept-projects';
import { useAuth } from './auth-context';
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
  // Offline, an expired session stays signed in until the network can renew it (auth/oidc.tsx).
  const online = useOnline();
  const signedIn = auth.isAuthenticated && !!auth.user && (!auth.user.expired || !online);
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
      await forgetOfflineData();
      await auth.removeUser();
      window.location.assign(window.location.origin);
    },
  };
}
