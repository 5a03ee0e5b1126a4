import Provider, { errors, interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { WEB_APP_SCOPES, type Config } from '../config.js';
import type { OidcPayloadsRepository } from '../repositories/oidc-payloads.js';
import { AppAddress } from './app-address.js';
import type { LocalAccounts } from './local-accounts.js';
import { DatabaseOidcAdapter } from './oidc-adapter.js';
import { messagePage, page, signOutPage, escapeHtml } from './pages.js';
import type { SigningKeys } from './secrets.js';

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
const DAY = 24 * 60 * 60;

interface ProviderDependencies {
  config: Config;
  oidcPayloads: OidcPayloadsRepository;
  accounts: LocalAccounts;
  signingKeys: SigningKeys;
  cookieKeys: string[];
}

/**
 * The built-in OpenID provider (oidc-provider) for when no external issuer is configured.
 * One public client, the web app, using Authorization Code with PKCE; access tokens are RS256 JWTs
 * for the API's audience (resource indicators); all state lives in the database.
 */
export function createIdentityProvider({ config, oidcPayloads, accounts, signingKeys, cookieKeys }: ProviderDependencies): Provider {
  const { issuer, clientId, audience } = config.identity;
  const address = new AppAddress(config);

  // `prompt=create` (OpenID Connect "Initiating User Registration") opens the sign-up form directly.
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'create', requestable: true }), 0);

  const accountClaims = async (accountId: string): Promise<{ email: string; name: string } | undefined> => {
    const account = await accounts.findById(accountId);
    return account ? { email: account.email, name: account.name } : undefined;
  };

  const configuration: Configuration = {
    adapter: (model: string) => new DatabaseOidcAdapter(oidcPayloads, model),
    clients: [
      {
        client_id: clientId,
        client_name: 'Stitchwise',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${config.publicUrl}/callback`],
        post_logout_redirect_uris: [config.publicUrl, `${config.publicUrl}/`],
        scope: WEB_APP_SCOPES,
      },
    ],
    jwks: { keys: signingKeys.privateKeys },
    cookies: { keys: cookieKeys },
    async findAccount(_ctx, sub) {
      const claims = await accountClaims(sub);
      if (!claims) return undefined;
      return { accountId: sub, claims: () => ({ sub, ...claims, email_verified: false }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    pkce: { required: () => true },
    responseTypes: ['code'],
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, resourceIndicator) {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: '',
            audience,
            accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.body = signOutPage(form);
        },
        postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = messagePage('Signed out', 'You have signed out of Stitchwise.', { href: address.baseUrlFor(ctx.req), label: 'Back to Stitchwise' });
        },
      },
    },
    // The web app is our own first-party client: grant it what it asks for without a consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { oidc } = ctx;
      if (!oidc.client || !oidc.session?.accountId) return undefined;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      const grant = grantId
        ? await oidc.provider.Grant.find(grantId)
        : new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
      if (!grant) return undefined;
      grant.addOIDCScope(WEB_APP_SCOPES);
      grant.addOIDCClaims(['sub', 'email', 'email_verified', 'name']);
      grant.addResourceScope(audience, '');
      await grant.save();
      return grant;
    },
    // The API needs the user's name and e-mail; carrying them in the access token saves a userinfo call.
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      return accountClaims(token.accountId);
    },
    // Refresh tokens let the web app renew silently; OpenID drops offline_access without a consent
    // prompt, which a first-party app never shows, so issue them whenever the client may use them.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    interactions: {
      policy,
      url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}`,
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_TTL_SECONDS,
      Interaction: 60 * 60,
      Grant: 30 * DAY,
      Session: 30 * DAY,
      RefreshToken: 30 * DAY,
    },
    clientBasedCORS: (ctx, origin) => address.allowsOrigin(origin, ctx.req),
    renderError(ctx, out) {
      ctx.type = 'html';
      const description = typeof out.error_description === 'string' ? out.error_description : 'The sign-in request could not be completed.';
      ctx.body = page(
        'Sign-in problem',
        `<h1>Sign-in problem</h1><p class="lead">${escapeHtml(description)}</p><a class="button" href="${escapeHtml(address.baseUrlFor(ctx.req))}">Back to Stitchwise</a>`,
      );
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.proxy = config.trustProxy;
  allowReturnToTheBrowsersAddress(provider, address);
  return provider;
}

/**
 * The client's registered return addresses are PUBLIC_URL's; beside them, the web app's own address
 * for the request being served (AppAddress: a loopback address when PUBLIC_URL is unset). This is
 * oidc-provider's documented way to widen redirect URI checks: the client model's methods.
 */
function allowReturnToTheBrowsersAddress(provider: Provider, address: AppAddress): void {
  const client = provider.Client.prototype;
  // Called below with the client as `this`, as oidc-provider calls them.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const { redirectUriAllowed, postLogoutRedirectUriAllowed } = client;
  const appBaseUrl = (): string | undefined => {
    const request = Provider.ctx?.req;
    return request ? address.baseUrlFor(request) : undefined;
  };
  client.redirectUriAllowed = function (this: typeof client, uri: string): boolean {
    const base = appBaseUrl();
    return redirectUriAllowed.call(this, uri) || (base !== undefined && uri === `${base}/callback`);
  };
  client.postLogoutRedirectUriAllowed = function (this: typeof client, uri: string): boolean {
    const base = appBaseUrl();
    return postLogoutRedirectUriAllowed.call(this, uri) || (base !== undefined && (uri === base || uri === `${base}/`));
  };
}
