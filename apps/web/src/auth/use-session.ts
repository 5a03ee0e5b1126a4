import { useAuth } from 'react-oidc-context';
import { endServerSession } from '../api/session';
import { useAppConfig } from './config-context';

/** Sign-in state and actions as the screens need them. */
export function useSession() {
  const auth = useAuth();
  const config = useAppConfig();
  const signedIn = auth.isAuthenticated && !!auth.user && !auth.user.expired;
  return {
    isLoading: auth.isLoading,
    signedIn,
    error: auth.error,
    profile: signedIn ? auth.user?.profile : undefined,
    signIn: () => auth.signinRedirect(),
    /** 'Start Free Now': the provider's sign-up screen. */
    signUp: () => auth.signinRedirect({ extraQueryParams: config.auth.signup_parameters }),
    /** Ends the session at the server and the provider, then back to the site origin. */
    signOut: async () => {
      await endServerSession();
      await auth.removeUser();
      window.location.assign(window.location.origin);
    },
  };
}
