import { useAuth } from './auth-context';
import { useAppConfig } from './config-context';
import { signInRoute, type SignInIntent } from './sign-in-address';

/** Starts sign-in where it can finish: here, at the operator's address, or not at all, saying why. */
export function useStartSignIn(): (intent: SignInIntent, options?: { sentHereToSignIn?: boolean }) => Promise<void> {
  const auth = useAuth();
  const config = useAppConfig();
  return async (intent, { sentHereToSignIn = false } = {}) => {
    // The DOM types promise `crypto.subtle`, but outside secure contexts browsers leave it out.
    const hasWebCrypto = (window.crypto.subtle as SubtleCrypto | undefined) !== undefined;
    const route = signInRoute(config.auth, { origin: window.location.origin, hasWebCrypto, sentHereToSignIn }, intent);
    if (route.kind === 'elsewhere') {
      window.location.assign(route.url);
      return;
    }
    if (route.kind === 'impossible') {
      // Loaded when needed: the toasts are not part of the home page's first download.
      const { toast } = await import('react-toastify');
      return void toast.error(route.message, { autoClose: false, toastId: 'sign-in-address' });
    }
    await auth.signinRedirect(intent === 'signup' ? { extraQueryParams: config.auth.signup_parameters } : undefined);
  };
}
