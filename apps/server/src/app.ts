import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createAuthenticator } from './auth/authenticate.js';
import { ExternalIssuer, reloadingLocalKeySet, TokenVerifier } from './auth/token-verifier.js';
import { Users, userinfoFrom } from './auth/users.js';
import type { Config } from './config.js';
import { openDatabase, type Db } from './db/database.js';
import { registerAdmission } from './http/admission.js';
import { registerCompression } from './http/compression.js';
import { closeIdleConnectionsOnClose } from './http/graceful-close.js';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './http/error-handling.js';
import { MULTIPART_LIMITS } from './http/multipart.js';
import { registerOpenApi, schemaValidator } from './http/openapi.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { connectRedis, registerRateLimits, registerStorageQuotaCheck } from './http/rate-limits.js';
import { LocalAccounts } from './identity/local-accounts.js';
import { endAccountSessions, purgeExpiredOidcPayloads } from './identity/oidc-adapter.js';
import { createIdentityProvider } from './identity/provider.js';
import { registerIdentityRoutes } from './identity/routes.js';
import { loadCookieKeys, loadSigningKeys } from './identity/secrets.js';
import { ConcurrencyLimit } from './images/concurrency-limit.js';
import { DecodedImageCache } from './images/decoded-cache.js';
import { ImageIntake } from './images/intake.js';
import { DEFAULT_URL_FETCH_POLICY } from './images/url-fetch.js';
import { WorkerPool } from './images/worker-pool.js';
import { WorkerProcess } from './images/worker-process.js';
import { scheduleMaintenance, type ClaimTurn } from './maintenance.js';
import { LocalAccountsRepository } from './repositories/local-accounts.js';
import { OidcPayloadsRepository } from './repositories/oidc-payloads.js';
import { ProjectsRepository } from './repositories/projects.js';
import { PatternVersionsRepository } from './repositories/pattern-versions.js';
import { ProgressRepository } from './repositories/progress.js';
import { ServerSecretsRepository } from './repositories/server-secrets.js';
import { TransientFiles } from './repositories/transient-files.js';
import { StorageUsageRepository } from './repositories/storage-usage.js';
import { ChartDrawingsRepository } from './repositories/chart-drawings.js';
import { FileReferences } from './repositories/file-references.js';
import { UsersRepository } from './repositories/users.js';
import { colorRoutes } from './routes/colors.js';
import { imageRoutes } from './routes/images.js';
import { BackgroundRemoval } from './services/shared/background-removal.js';
import { ChartStore } from './services/shared/chart-store.js';
import { ClaimTokens } from './services/shared/claim-tokens.js';
import { CurrentVersions } from './services/shared/current-versions.js';
import { ProjectViews } from './services/shared/project-views.js';
import { ColorsService } from './services/colors.js';
import { ImagesService } from './services/images.js';
import { authRoutes, type AuthRouteOptions } from './routes/auth.js';
import { configRoutes } from './routes/config.js';
import { registerFileRoutes } from './routes/files.js';
import { registerFileLinks } from './http/file-links.js';
import { exportRoutes } from './routes/exports.js';
import { healthRoutes } from './routes/health.js';
import { ideaRoutes } from './routes/ideas.js';
import { importRoutes } from './routes/imports.js';
import { letteringRoutes } from './routes/lettering.js';
import { projectRoutes } from './routes/projects.js';
import { patternVersionRoutes } from './routes/pattern-versions.js';
import { progressRoutes } from './routes/progress.js';
import { stitchRoutes } from './routes/stitch.js';
import { claimRoutes } from './routes/claims.js';
import { VisitorClaims } from './services/visitor-claims.js';
import { VisitorClaimsRepository } from './repositories/visitor-claims.js';
import { threadBrandRoutes } from './routes/thread-brands.js';
import { threadRoutes } from './routes/threads.js';
import { registerWebApp } from './routes/web-app.js';
import { ExportService } from './services/export.js';
import { IdeasService } from './services/ideas.js';
import { ImportService } from './services/import.js';
import { ProjectsService } from './services/projects.js';
import { PatternVersionsService } from './services/pattern-versions.js';
import { ProgressService } from './services/progress.js';
import { StitchService } from './services/stitch.js';
import { LetteringService } from './services/lettering.js';
import { measureUnsizedFiles, StorageQuota } from './services/shared/storage-quota.js';
import { LocalFileStore } from './storage/file-store.js';
import { S3FileStore } from './storage/s3-file-store.js';
import { LeftoverSweep } from './storage/leftover-sweep.js';
import { OfflineSketchGenerator } from './ideas/offline-sketch.js';
import { OpenAiImagesGenerator } from './ideas/openai-images.js';
import { CreditsRepository } from './repositories/credits.js';
import { MaintenanceTurns } from './repositories/maintenance-turns.js';
import { OwnedThreadsRepository } from './repositories/owned-threads.js';
import { ownedThreadRoutes } from './routes/owned-threads.js';
import { OwnedThreadsService } from './services/owned-threads.js';
import { ShoppingListService } from './services/shopping-list.js';

/** Time a client has to send a whole request, body included; a stalled body is dropped sooner (BODY_IDLE_MS). */
const REQUEST_TIMEOUT_MS = 120_000;

/** Decoded pixels kept for repeated colour picks: five 12-megapixel photos. */
const DECODED_IMAGE_CACHE_BYTES = 256 * 1024 * 1024;

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * Builds the whole application from a validated configuration; `main.ts` starts it, tests inject
 * into it. `now` is the clock for daily allowances (tests move it across midnight).
 */
export async function buildApp(config: Config, now: () => Date = () => new Date()): Promise<FastifyInstance> {
  const files = config.storage.kind === 's3' ? new S3FileStore(config.storage) : new LocalFileStore(config.storage.directory);
  await files.verify();
  const db = await openDatabase(config.database, files);
  const app = Fastify({
    logger: { level: config.logLevel },
    // One proxy in front: only it is trusted, so the client's address is the one it appended, never one the client wrote before it.
    trustProxy: config.trustProxy ? (_address: string, hop: number) => hop === 0 : false,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    requestTimeout: REQUEST_TIMEOUT_MS,
  }).withTypeProvider<ZodTypeProvider>();
  const redis = config.rateLimits.redisUrl
    ? await connectRedis(config.rateLimits.redisUrl, app.log).catch(async (error: unknown) => {
        await db.destroy();
        throw error;
      })
    : undefined;
  app.addHook('onClose', async () => {
    await db.destroy();
    await redis?.quit();
  });

  closeIdleConnectionsOnClose(app);
  app.setValidatorCompiler(schemaValidator);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await registerSecurityHeaders(app, config);
  await registerCompression(app);
  await app.register(multipart, { limits: MULTIPART_LIMITS });

  await registerOpenApi(app, { version, serverUrl: config.publicUrl });

  const fileUrl = registerFileLinks(app, config);
  const storageUsage = new StorageUsageRepository(db);
  const storageQuota = new StorageQuota(storageUsage, config.userStorageBytes);
  const transientFiles = new TransientFiles(db, files, config.visitorStorageBytes, storageQuota);
  const fileReferences = new FileReferences(db);
  const leftovers = new LeftoverSweep(files, () => fileReferences.all());
  const turns = new MaintenanceTurns(db);
  const claimTurn: ClaimTurn = (task, periodMs) => turns.claim(task, periodMs);
  scheduleMaintenance(
    app,
    {
      'delete expired temporary files': () => transientFiles.sweep(),
      'delete leftover files': () => leftovers.sweep(),
      'measure files stored before sizes were kept': () => measureUnsizedFiles(storageUsage, files),
    },
    claimTurn,
  );

  const identity = await setUpIdentity(app, config, db, claimTurn);
  const auth = createAuthenticator(app, identity.verifier, identity.users);
  await registerRateLimits(app, { perMinute: config.rateLimits.perMinute, clientKey: auth.clientKey, redis });
  registerStorageQuotaCheck(app, { clientKey: auth.clientKey, transientFiles });
  await identity.registerPages?.(); // after the rate limits, which its sign-up form has
  const projectsRepository = new ProjectsRepository(db);

  // Heavy work off the event loop: a pool for decoding and analysis, and a child process owning the segmentation model.
  const imagePool = new WorkerPool('image-worker', { threads: config.workers, maxQueue: config.workers * 8 });
  const segmentationPool = new WorkerProcess('segmentation-worker', { maxQueue: 4 });
  registerAdmission(app, {
    capacity: { image: imagePool.capacity, segmentation: segmentationPool.capacity },
    perClient: config.rateLimits.heavyAtOnce,
    clientKey: auth.clientKey,
  });
  app.addHook('onClose', async () => {
    await Promise.all([imagePool.close(), segmentationPool.close()]);
  });
  const backgroundRemoval = new BackgroundRemoval(segmentationPool, config.workers);
  const intake = new ImageIntake({ ...DEFAULT_URL_FETCH_POLICY, allow: config.imageUrlAllow });
  const decodeLimit = new ConcurrencyLimit(config.workers, config.workers * 8);
  const colors = new ColorsService(imagePool, decodeLimit, backgroundRemoval, transientFiles, new DecodedImageCache(DECODED_IMAGE_CACHE_BYTES), fileUrl);
  const images = new ImagesService(imagePool, backgroundRemoval, transientFiles, files, intake, fileUrl);
  const progressRepository = new ProgressRepository(db);
  const patternVersionsRepository = new PatternVersionsRepository(db);
  const charts = new ChartStore(files, imagePool, new ChartDrawingsRepository(db), storageUsage);
  const projectViews = new ProjectViews(projectsRepository, progressRepository, fileUrl);
  const projects = new ProjectsService(projectsRepository, files, charts, imagePool, projectViews, progressRepository, storageQuota);
  const currentVersions = new CurrentVersions(projectsRepository, patternVersionsRepository, charts);
  const patternVersions = new PatternVersionsService(
    projectsRepository,
    patternVersionsRepository,
    currentVersions,
    files,
    charts,
    fileUrl,
    progressRepository,
    storageQuota,
  );
  const claimKey = Buffer.from(
    await new ServerSecretsRepository(db).findOrCreate('visitor-claim-key', () => Promise.resolve(randomBytes(32).toString('base64url'))),
    'base64url',
  );
  const claimTokens = new ClaimTokens(claimKey, now);
  const claims = new VisitorClaims(claimTokens, new VisitorClaimsRepository(db), charts, projectViews, storageQuota, now);
  const ownedThreadsRepository = new OwnedThreadsRepository(db);
  const ownedThreads = new OwnedThreadsService(ownedThreadsRepository);
  const stitch = new StitchService(
    imagePool,
    backgroundRemoval,
    intake,
    files,
    transientFiles,
    projectsRepository,
    fileUrl,
    claimTokens,
    charts,
    ownedThreadsRepository,
    storageQuota,
  );
  const ideaGenerator = config.ideas.provider === 'openai' ? new OpenAiImagesGenerator(config.ideas) : new OfflineSketchGenerator();
  const ideas = new IdeasService(new CreditsRepository(db), ideaGenerator, transientFiles, fileUrl, app.log, now);

  scheduleMaintenance(app, { 'forget chart images nobody asked for': async () => charts.forgetUndrawn(await fileReferences.all()) }, claimTurn);
  registerFileRoutes(app, (id) => charts.file(id));
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { version, modelState: () => backgroundRemoval.modelState });
      await api.register(configRoutes, { config });
      await api.register(threadRoutes);
      await api.register(threadBrandRoutes);
      await api.register(colorRoutes, { colors, intake, auth });
      await api.register(imageRoutes, { images, intake, auth });
      await api.register(authRoutes, { auth, ...identity.session });
      await api.register(projectRoutes, { projects, intake, auth });
      await api.register(patternVersionRoutes, { versions: patternVersions, auth });
      await api.register(progressRoutes, { progress: new ProgressService(currentVersions, patternVersionsRepository, progressRepository, now), auth });
      await api.register(stitchRoutes, { stitch, intake, auth });
      await api.register(letteringRoutes, { lettering: new LetteringService(transientFiles, fileUrl), auth });
      await api.register(claimRoutes, { claims, auth });
      await api.register(ideaRoutes, { ideas, auth });
      await api.register(exportRoutes, { exports: new ExportService(imagePool, files), projects, auth });
      await api.register(ownedThreadRoutes, {
        owned: ownedThreads,
        shoppingLists: new ShoppingListService(projectViews, ownedThreadsRepository, charts),
        auth,
      });
      await api.register(importRoutes, { imports: new ImportService(imagePool, charts, projectsRepository, projectViews, storageQuota), auth });
    },
    { prefix: '/api' },
  );
  await registerWebApp(app);

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
  claimTurn: ClaimTurn,
): Promise<{ verifier: TokenVerifier; users: Users; session: Omit<AuthRouteOptions, 'auth'>; registerPages?: () => Promise<void> }> {
  if (config.identity.kind === 'external') {
    const issuer = new ExternalIssuer(config.identity.issuer);
    const metadata = (): Promise<Awaited<ReturnType<ExternalIssuer['metadata']>> | undefined> => issuer.metadata().catch(() => undefined);
    return {
      verifier: new TokenVerifier(config.identity, issuer.keys),
      users: new Users(
        new UsersRepository(db),
        userinfoFrom(async () => (await metadata())?.userinfo_endpoint),
      ),
      session: {
        endSessions: () => Promise.resolve(),
        endSessionUrl: async () => (await metadata())?.end_session_endpoint ?? null,
      },
    };
  }

  const accounts = new LocalAccounts(new LocalAccountsRepository(db));
  const secrets = new ServerSecretsRepository(db);
  const oidcPayloads = new OidcPayloadsRepository(db);
  const signingKeys = await loadSigningKeys(secrets);
  const provider = createIdentityProvider({ config, oidcPayloads, accounts, signingKeys, cookieKeys: await loadCookieKeys(secrets) });

  scheduleMaintenance(app, { 'purge expired identity records': () => purgeExpiredOidcPayloads(oidcPayloads) }, claimTurn);

  const keys = reloadingLocalKeySet(async () => ({ keys: (await loadSigningKeys(secrets)).publicKeys }), { keys: signingKeys.publicKeys });
  return {
    verifier: new TokenVerifier(config.identity, keys),
    users: new Users(new UsersRepository(db)),
    registerPages: () => registerIdentityRoutes(app, provider, accounts, { signUpsPerDay: config.rateLimits.signUpsPerDay }),
    session: {
      // Built-in accounts are the token subjects, so the user's subject names the provider account.
      endSessions: (user) => endAccountSessions(oidcPayloads, user.subject),
      endSessionUrl: () => Promise.resolve(`${config.identity.issuer}/session/end`),
    },
  };
}
