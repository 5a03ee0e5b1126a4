import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createAuthenticator } from './auth/authenticate.js';
import { ExternalIssuer, reloadingLocalKeySet, TokenVerifier } from './auth/token-verifier.js';
import { Users, userinfoFrom } from './auth/users.js';
import type { Config } from './config.js';
import { openDatabase, type Db } from './db/database.js';
import { registerErrorHandling } from './http/error-handling.js';
import { MULTIPART_LIMITS } from './http/multipart.js';
import { LocalAccounts } from './identity/local-accounts.js';
import { endAccountSessions, purgeExpiredOidcPayloads } from './identity/oidc-adapter.js';
import { createIdentityProvider } from './identity/provider.js';
import { registerIdentityRoutes } from './identity/routes.js';
import { loadCookieKeys, loadSigningKeys } from './identity/secrets.js';
import { ProjectsRepository } from './repositories/projects.js';
import { authRoutes, type AuthRouteOptions } from './routes/auth.js';
import { configRoutes } from './routes/config.js';
import { registerFileRoutes } from './routes/files.js';
import { healthRoutes } from './routes/health.js';
import { projectRoutes } from './routes/projects.js';
import { threadRoutes } from './routes/threads.js';
import { ProjectsService } from './services/projects.js';
import { LocalFileStore } from './storage/file-store.js';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

/** Builds the whole application from a validated configuration; `main.ts` starts it, tests inject into it. */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const db = await openDatabase(config.database);
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onClose', () => db.destroy());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(multipart, { limits: MULTIPART_LIMITS });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Stitchwise API',
        version,
        description: 'Colour analysis, DMC thread matching and stitch charts. Errors are application/problem+json.',
        license: { name: 'AGPL-3.0-or-later', url: 'https://www.gnu.org/licenses/agpl-3.0.html' },
      },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });

  const files = new LocalFileStore(join(config.dataDir, 'files'));
  const identity = await setUpIdentity(app, config, db);
  const auth = createAuthenticator(app, identity.verifier, identity.users);
  const projects = new ProjectsService(new ProjectsRepository(db), files, (id) => `${config.publicUrl}/files/${id}`);

  registerFileRoutes(app, files);
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { version });
      await api.register(configRoutes, { config });
      await api.register(threadRoutes);
      await api.register(authRoutes, { auth, ...identity.session });
      await api.register(projectRoutes, { projects, auth });
    },
    { prefix: '/api' },
  );

  return app;
}

/**
 * Token verification for the API, backed by either the built-in OpenID provider (mounted at /oidc,
 * its keys and state in the database) or the external issuer named in the settings.
 */
async function setUpIdentity(
  app: FastifyInstance,
  config: Config,
  db: Db,
): Promise<{ verifier: TokenVerifier; users: Users; session: Omit<AuthRouteOptions, 'auth'> }> {
  if (config.identity.kind === 'external') {
    const issuer = new ExternalIssuer(config.identity.issuer);
    const metadata = (): Promise<Awaited<ReturnType<ExternalIssuer['metadata']>> | undefined> => issuer.metadata().catch(() => undefined);
    return {
      verifier: new TokenVerifier(config.identity, issuer.keys),
      users: new Users(db, userinfoFrom(async () => (await metadata())?.userinfo_endpoint)),
      session: {
        endSessions: () => Promise.resolve(),
        endSessionUrl: async () => (await metadata())?.end_session_endpoint ?? null,
      },
    };
  }

  const accounts = new LocalAccounts(db);
  const signingKeys = await loadSigningKeys(db);
  const provider = createIdentityProvider({ config, db, accounts, signingKeys, cookieKeys: await loadCookieKeys(db) });
  await registerIdentityRoutes(app, provider, accounts);

  await purgeExpiredOidcPayloads(db);
  const purgeTimer = setInterval(() => {
    purgeExpiredOidcPayloads(db).catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not purge expired identity-provider records');
    });
  }, 15 * 60_000).unref();
  app.addHook('onClose', () => {
    clearInterval(purgeTimer);
  });

  const keys = reloadingLocalKeySet(
    async () => ({ keys: (await loadSigningKeys(db)).publicKeys }),
    { keys: signingKeys.publicKeys },
  );
  return {
    verifier: new TokenVerifier(config.identity, keys),
    users: new Users(db),
    session: {
      // Built-in accounts are the token subjects, so the user's subject names the provider account.
      endSessions: (user) => endAccountSessions(db, user.subject),
      endSessionUrl: () => Promise.resolve(`${config.identity.issuer}/session/end`),
    },
  };
}
