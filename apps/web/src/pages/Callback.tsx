import { Link, Navigate } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { useDocumentTitle } from '../lib/use-document-title';

/** oidc-client-ts's words when the return carries a state this address's storage never saw. */
const STATE_NOT_FOUND = /No matching state found in storage/i;

/** Where the identity provider sends the browser back after sign-in. */
export function Callback() {
  const auth = useAuth();
  useDocumentTitle(auth.error ? 'Sign In Error' : 'Completing sign in');
  // Outside the layout: its own main landmark.
  if (auth.isLoading)
    return (
      <main className="min-h-screen bg-slate-50 p-16">
        <h1 className="text-center text-slate-600">Completing sign in...</h1>
      </main>
    );
  if (auth.error) {
    return (
      <main className="min-h-screen bg-slate-50 px-4 py-16">
        <div className="card mx-auto max-w-lg text-center">
          <h1 className="text-xl font-semibold text-red-700">Sign In Error</h1>
          <p className="mt-2 text-slate-600">{auth.error.message}</p>
          {STATE_NOT_FOUND.test(auth.error.message) && (
            <p className="mt-2 text-sm text-slate-600" data-testid="sign-in-address-hint">
              This sign-in was started at another address than this one, or was already completed. Sign in again from here; if this keeps happening, the
              operator must set PUBLIC_URL to the address people open Stitchwise at.
            </p>
          )}
          <Link to="/" className="btn-primary mt-4 inline-block">
            Return to Home
          </Link>
        </div>
      </main>
    );
  }
  return <Navigate to="/" replace />;
}
