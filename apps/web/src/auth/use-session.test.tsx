// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { User } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_CONFIG } from '../test/harness';
import { AuthContext, type AppAuth } from './auth-context';
import { ConfigContext } from './config-context';
import { OidcProvider } from './oidc';
import { useSession } from './use-session';
import { playedNetwork } from '../test/network';

/** What the header shows of the sign-in state. */
function SessionShown() {
  const session = useSession();
  if (session.isLoading) return <p>Loading</p>;
  return <p data-testid="session">{session.signedIn ? `Signed in as ${String(session.profile?.name)}` : 'Signed out'}</p>;
}

let network: ReturnType<typeof playedNetwork>;

beforeEach(() => {
  network = playedNetwork();
  localStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

/** A user signed in an hour ago, whose access token (valid for `lifetime` seconds) has or has not expired since. */
function userSignedIn(lifetime: number): User {
  const signedInAt = Math.floor(Date.now() / 1000) - 3600;
  return new User({
    access_token: 'access',
    refresh_token: 'refresh',
    token_type: 'Bearer',
    scope: TEST_CONFIG.auth.scopes,
    profile: { sub: 'u1', name: 'Ada', iss: TEST_CONFIG.auth.issuer, aud: TEST_CONFIG.auth.client_id, exp: signedInAt + lifetime, iat: signedInAt },
    expires_at: signedInAt + lifetime,
  });
}

/** The screens' sign-in state over a given auth state (as the app's context hands it on). */
function renderWith(auth: Partial<AppAuth>) {
  render(
    <ConfigContext value={TEST_CONFIG}>
      <AuthContext value={{ isLoading: false, error: undefined, ...auth } as AppAuth}>
        <SessionShown />
      </AuthContext>
    </ConfigContext>,
  );
}

describe('useSession', () => {
  it('counts a user whose token has expired and who cannot renew it as signed in while offline, and not once online', () => {
    const user = userSignedIn(60);
    user.refresh_token = undefined;
    expect(user.expired).toBe(true);
    network.online = false;
    renderWith({ isAuthenticated: true, user });
    expect(screen.getByTestId('session')).toHaveTextContent('Signed in as Ada');
    network.goOnline(true);
    expect(screen.getByTestId('session')).toHaveTextContent('Signed out');
    network.goOnline(false);
    expect(screen.getByTestId('session')).toHaveTextContent('Signed in as Ada');
  });

  it('keeps a user whose token has expired but who can renew it signed in online too, while it is renewed', () => {
    const user = userSignedIn(60);
    expect(user.expired).toBe(true);
    renderWith({ isAuthenticated: true, user });
    expect(screen.getByTestId('session')).toHaveTextContent('Signed in as Ada');
  });

  it('counts a user with a valid token as signed in online and offline', () => {
    renderWith({ isAuthenticated: true, user: userSignedIn(7200) });
    expect(screen.getByTestId('session')).toHaveTextContent('Signed in as Ada');
    network.goOnline(false);
    expect(screen.getByTestId('session')).toHaveTextContent('Signed in as Ada');
  });

  it('counts nobody as signed in offline without a user', () => {
    network.online = false;
    renderWith({ isAuthenticated: false, user: null });
    expect(screen.getByTestId('session')).toHaveTextContent('Signed out');
  });
});

/**
 * The same through the sign-in library's provider (auth/oidc.tsx), with the user kept in local storage as
 * it keeps them: the app opened the next day, offline, after the access token expired overnight.
 */
describe('a session kept offline (OidcProvider)', () => {
  const storeKey = `oidc.user:${TEST_CONFIG.auth.issuer}:${TEST_CONFIG.auth.client_id}`;

  /** The provider's side of the network: what was asked, and whether the network answers at all. */
  function provider(answering: (url: URL) => Response | undefined) {
    const asked: string[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      asked.push(`${request.method} ${url.pathname}`);
      if (!network.online) return Promise.reject(new TypeError('Failed to fetch'));
      const answer = answering(url);
      return answer ? Promise.resolve(answer) : Promise.reject(new TypeError('Failed to fetch'));
    });
    return asked;
  }

  function renderProvider() {
    render(
      <ConfigContext value={TEST_CONFIG}>
        <OidcProvider config={TEST_CONFIG}>
          <SessionShown />
        </OidcProvider>
      </ConfigContext>,
    );
  }

  afterEach(() => vi.unstubAllGlobals());

  it('keeps the user signed in with an expired token, offline and back online while the renewal gets no answer', async () => {
    localStorage.setItem(storeKey, userSignedIn(60).toStorageString());
    const asked = provider(() => undefined); // online, the provider cannot be reached either (a network without internet)
    network.online = false;
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('session')).toHaveTextContent('Signed in as Ada'));
    expect(asked).toEqual([]);

    network.goOnline(true);
    await waitFor(() => expect(asked).toEqual(['GET /oidc/.well-known/openid-configuration'])); // it tries to renew the session
    expect(screen.getByTestId('session')).toHaveTextContent('Signed in as Ada'); // the screens stay while it cannot
    expect(localStorage.getItem(storeKey)).not.toBeNull(); // a network failure does not sign out

    network.goOnline(false);
    await waitFor(() => expect(screen.getByTestId('session')).toHaveTextContent('Signed in as Ada'));
  });

  it('tries a failed renewal again when the connection returns, not over and over at once', async () => {
    localStorage.setItem(storeKey, userSignedIn(60).toStorageString());
    const asked = provider(() => undefined);
    network.online = false;
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('session')).toHaveTextContent('Signed in as Ada'));

    network.goOnline(true);
    await waitFor(() => expect(asked).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked).toHaveLength(1);

    network.goOnline(false);
    network.goOnline(true);
    await waitFor(() => expect(asked).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked).toHaveLength(2);
  });

  it('tries a renewal that got no answer again after a pause while online, and does not sign out', async () => {
    localStorage.setItem(storeKey, userSignedIn(60).toStorageString());
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const asked = provider(() => undefined);
      renderProvider();
      await waitFor(() => expect(asked).toHaveLength(1));
      await vi.advanceTimersByTimeAsync(5_000);
      expect(asked).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(11_000); // 15 s after the first
      await waitFor(() => expect(asked).toHaveLength(2));
      expect(screen.getByTestId('session')).toHaveTextContent('Signed in as Ada');
    } finally {
      vi.useRealTimers();
    }
  });

  /** The provider's discovery document and token endpoint; the token endpoint answers a refresh with `refresh`. */
  const providerAnswering = (refresh: () => Response) => (url: URL) => {
    const issuer = new URL(TEST_CONFIG.auth.issuer);
    if (url.pathname === `${issuer.pathname}/.well-known/openid-configuration`) {
      return Response.json({
        issuer: TEST_CONFIG.auth.issuer,
        authorization_endpoint: `${TEST_CONFIG.auth.issuer}/auth`,
        token_endpoint: `${TEST_CONFIG.auth.issuer}/token`,
        jwks_uri: `${TEST_CONFIG.auth.issuer}/jwks`,
      });
    }
    if (url.pathname === `${issuer.pathname}/token`) return refresh();
    return undefined;
  };

  it('renews an expired session with its refresh token when the connection returns', async () => {
    localStorage.setItem(storeKey, userSignedIn(60).toStorageString());
    const asked = provider(
      providerAnswering(() =>
        Response.json({ access_token: 'renewed', token_type: 'Bearer', expires_in: 3600, refresh_token: 'refresh-2', scope: TEST_CONFIG.auth.scopes }),
      ),
    );
    network.online = false;
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('session')).toHaveTextContent('Signed in as Ada'));
    expect(asked).toEqual([]);

    network.goOnline(true);
    await waitFor(() => expect(asked).toContain('POST /oidc/token'));
    await waitFor(() => expect(screen.getByTestId('session')).toHaveTextContent('Signed in as Ada'));
    expect(JSON.parse(localStorage.getItem(storeKey)!)).toMatchObject({ access_token: 'renewed', refresh_token: 'refresh-2' });
  });

  it('signs out when the provider refuses the refresh token once back online', async () => {
    localStorage.setItem(storeKey, userSignedIn(60).toStorageString());
    const asked = provider(providerAnswering(() => Response.json({ error: 'invalid_grant', error_description: 'Refresh token revoked' }, { status: 400 })));
    network.online = false;
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('session')).toHaveTextContent('Signed in as Ada'));

    network.goOnline(true);
    await waitFor(() => expect(asked).toContain('POST /oidc/token'));
    await waitFor(() => expect(localStorage.getItem(storeKey)).toBeNull());
    network.goOnline(false);
    expect(screen.getByTestId('session')).toHaveTextContent('Signed out');
  });
});
