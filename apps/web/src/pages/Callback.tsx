import { Link, Navigate } from 'react-router';
import { useAuth } from 'react-oidc-context';

/** Where the identity provider sends the browser back after sign-in. */
export function Callback() {
  const auth = useAuth();
  if (auth.isLoading) return <p className="min-h-screen bg-slate-50 p-16 text-center text-slate-600">Completing sign in...</p>;
  if (auth.error) {
    return (
      <div className="min-h-screen bg-slate-50 px-4 py-16">
        <div className="card mx-auto max-w-lg text-center">
          <h2 className="text-xl font-semibold text-red-700">Sign In Error</h2>
          <p className="mt-2 text-slate-600">{auth.error.message}</p>
          <Link to="/" className="btn-primary mt-4 inline-block">
            Return to Home
          </Link>
        </div>
      </div>
    );
  }
  return <Navigate to="/" replace />;
}
