// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthContext, type AppAuth } from './auth-context';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { TEST_CONFIG } from '../test/harness';
import { ConfigContext } from './config-context';
import { useSession } from './use-session';

function SignInButtons() {
  const session = useSession();
  return (
    <>
      <button type="button" onClick={() => void session.signIn()}>
        Sign In
      </button>
      <button type="button" onClick={() => void session.signUp()}>
        Start Free Now
      </button>
    </>
  );
}

/** The buttons on a page at jsdom's address, with sign-in returning to `redirectUri`. */
function renderAt(redirectUri: string, publicUrlSet: boolean) {
  const redirects: unknown[] = [];
  const signinRedirect = (args?: unknown): Promise<void> => {
    redirects.push(args);
    return Promise.resolve();
  };
  const auth = { isLoading: false, isAuthenticated: false, user: null, signinRedirect };
  render(
    <ConfigContext value={{ ...TEST_CONFIG, auth: { ...TEST_CONFIG.auth, redirect_uri: redirectUri, public_url_set: publicUrlSet } }}>
      <AuthContext value={auth as unknown as AppAuth}>
        <SignInButtons />
      </AuthContext>
      <ToastContainer />
    </ConfigContext>,
  );
  return redirects;
}

describe('starting sign-in', () => {
  it('goes to the provider from the address sign-in returns to, with the sign-up hint for Start Free Now', async () => {
    const user = userEvent.setup();
    const redirects = renderAt(`${window.location.origin}/callback`, false);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await user.click(screen.getByRole('button', { name: 'Start Free Now' }));
    expect(redirects).toEqual([undefined, { extraQueryParams: { prompt: 'create' } }]);
  });

  it('from another address, says plainly that the operator must set PUBLIC_URL, and does not leave', async () => {
    const user = userEvent.setup();
    const redirects = renderAt('http://localhost:1/callback', false);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(/the operator must set PUBLIC_URL to the address people open Stitchwise at/)).toBeInTheDocument();
    expect(redirects).toEqual([]);
  });
});
