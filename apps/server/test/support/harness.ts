import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { afterAll, beforeAll } from 'vitest';
import type { paths } from '../../../web/src/api/openapi.gen.js';
import { newUser, OidcBrowser, type Tokens } from './oidc-client.js';
import { sqliteUnderTest, startTestServer, type DatabaseUnderTest, type TestServer } from './test-server.js';

/**
 * One server test harness: a suite asks for a server on a database, with signed-up users, and gets
 * set-up and teardown (fastify/demo's `test/helper.ts` in spirit). Every call goes over real HTTP to the
 * real application; users sign up through the real OpenID provider.
 *
 *   describe.each(DATABASES)('projects on $name', (database) => {
 *     const suite = useTestServer({ database, users: ['alice', 'bob'] });
 *     it('…', async () => { const response = await suite.user('alice').api('/stitch/projects'); … });
 *   });
 */

/** `init` plus `json`, sent as an `application/json` body. */
export type ApiInit = RequestInit & { json?: unknown };

export interface ApiClient {
  /** The bearer token sent with every call (none for a visitor). */
  readonly token: string | undefined;
  /** A request to `/api{path}`, signed in as this client. */
  api(path: string, init?: ApiInit): Promise<Response>;
  /** The typed client of the contract (`/api/...` paths, typed bodies and answers). */
  readonly typed: Client<paths>;
}

export interface SignedUpUser extends ApiClient {
  readonly token: string;
  readonly tokens: Tokens;
  readonly email: string;
  readonly password: string;
}

export interface TestServerSuite {
  readonly server: TestServer;
  readonly baseUrl: string;
  /**
   * A user named in `users`, signed up before the suite's tests. The handle may be taken when the suite
   * is declared (`const alice = suite.user('alice')`); it reaches the user once the tests run.
   */
  user(label: string): SignedUpUser;
  /** A client that is not signed in. */
  readonly visitor: ApiClient;
  /** Signs up one more user through the provider. */
  signUp(label?: string): Promise<SignedUpUser>;
}

export interface TestServerOptions {
  /** The database the server runs on (one entry of `DATABASES`); SQLite when left out. */
  database?: { create: () => Promise<DatabaseUnderTest> };
  /** Settings beyond the database's, e.g. `{ USER_STORAGE_MB: '1' }`. */
  environment?: NodeJS.ProcessEnv;
  /** Replaces the server's clock. */
  now?: () => Date;
  /** Users to sign up before the tests, by label. */
  users?: string[];
}

/** A client of `baseUrl` that sends `token` (when given) with every call. */
export function apiClient(baseUrl: string, token?: string): ApiClient {
  const signIn: Middleware = {
    onRequest({ request }) {
      if (token) request.headers.set('authorization', `Bearer ${token}`);
      return request;
    },
  };
  const typed = createClient<paths>({ baseUrl });
  typed.use(signIn);
  return {
    token,
    typed,
    api(path, { json, ...init } = {}) {
      const headers = new Headers(init.headers);
      if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
      if (json !== undefined) headers.set('content-type', 'application/json');
      return fetch(`${baseUrl}/api${path}`, { ...init, headers, body: json === undefined ? init.body : JSON.stringify(json) });
    },
  };
}

/** Signs a new user up at `baseUrl` through the provider's own forms, as the browser would. */
export async function signUpAt(baseUrl: string, label = 'user'): Promise<SignedUpUser> {
  const credentials = newUser(label);
  const tokens = await new OidcBrowser(baseUrl).signUp(credentials);
  return { ...apiClient(baseUrl, tokens.access_token), token: tokens.access_token, tokens, email: credentials.email, password: credentials.password };
}

/** Registers the suite's set-up (`beforeAll`) and teardown (`afterAll`) and returns what its tests use. */
export function useTestServer(options: TestServerOptions = {}): TestServerSuite {
  let database: DatabaseUnderTest | undefined;
  let server: TestServer | undefined;
  let visitor: ApiClient | undefined;
  const users = new Map<string, SignedUpUser>();
  const started = (): TestServer => {
    if (!server) throw new Error('The test server is not started: use the suite inside a test');
    return server;
  };

  beforeAll(async () => {
    database = await (options.database?.create ?? sqliteUnderTest)();
    server = await startTestServer({ ...database.environment, ...options.environment }, undefined, options.now);
    visitor = apiClient(server.baseUrl);
    for (const label of options.users ?? []) users.set(label, await signUpAt(server.baseUrl, label));
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  return {
    get server() {
      return started();
    },
    get baseUrl() {
      return started().baseUrl;
    },
    visitor: {
      token: undefined,
      get typed() {
        started();
        return visitor!.typed;
      },
      api: (path, init) => {
        started();
        return visitor!.api(path, init);
      },
    },
    user(label) {
      if (!options.users?.includes(label)) throw new Error(`No user '${label}': name it in the suite's users`);
      const signedUp = (): SignedUpUser => {
        const user = users.get(label);
        if (!user) throw new Error(`User '${label}' is not signed up yet: use the handle inside a test`);
        return user;
      };
      return {
        get token() {
          return signedUp().token;
        },
        get tokens() {
          return signedUp().tokens;
        },
        get email() {
          return signedUp().email;
        },
        get password() {
          return signedUp().password;
        },
        get typed() {
          return signedUp().typed;
        },
        api: (path, init) => signedUp().api(path, init),
      };
    },
    signUp: (label) => signUpAt(started().baseUrl, label),
  };
}
