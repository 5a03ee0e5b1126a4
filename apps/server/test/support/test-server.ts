import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { freePort } from './free-port.js';

export { freePort };

export interface TestServer {
  app: FastifyInstance;
  config: Config;
  baseUrl: string;
  /** Stops the server; the data directory and database stay, so a new server can reopen them. */
  stop(): Promise<void>;
}

/** Tests that are not about abuse limits send many requests from one address; they set their own limit to test it. */
export const UNLIMITED = '1000000';

/** The real application listening on a real port, as a browser or client would reach it; `now` replaces its clock. */
export async function startTestServer(environment: NodeJS.ProcessEnv, port?: number, now?: () => Date): Promise<TestServer> {
  const chosenPort = port ?? (await freePort());
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: UNLIMITED,
    SIGN_UPS_PER_DAY: UNLIMITED,
    HEAVY_REQUESTS_AT_ONCE: '1000',
    HOST: '127.0.0.1',
    PORT: String(chosenPort),
    PUBLIC_URL: `http://127.0.0.1:${chosenPort}`,
    ...environment,
  });
  const app = await buildApp(config, now);
  await app.listen({ port: chosenPort, host: '127.0.0.1' });
  return {
    app,
    config,
    baseUrl: config.publicUrl,
    async stop() {
      const closing = app.close();
      // A response body a test never read keeps its connection busy, and close() would wait for it forever.
      app.server.closeAllConnections();
      await closing;
    },
  };
}

export interface DatabaseUnderTest {
  name: 'SQLite' | 'PostgreSQL';
  /** Settings that point a server at this database and data directory. */
  environment: NodeJS.ProcessEnv;
  dispose(): Promise<void>;
}

/** A fresh SQLite file in a temporary data directory. */
export async function sqliteUnderTest(): Promise<DatabaseUnderTest> {
  const dataDir = await mkdtemp(join(tmpdir(), 'stitchwise-test-'));
  return { name: 'SQLite', environment: { DATA_DIR: dataDir }, dispose: () => rm(dataDir, { recursive: true, force: true }) };
}

export const POSTGRES_URL = process.env.TEST_DATABASE_URL;

/** A fresh schema in the PostgreSQL test database, so test files never see each other's rows. */
export async function postgresUnderTest(): Promise<DatabaseUnderTest> {
  if (!POSTGRES_URL) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const dataDir = await mkdtemp(join(tmpdir(), 'stitchwise-test-'));
  return {
    name: 'PostgreSQL',
    environment: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async dispose() {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The databases the suite runs against: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DATABASES: { name: string; create: () => Promise<DatabaseUnderTest> }[] = [
  { name: 'SQLite', create: sqliteUnderTest },
  ...(POSTGRES_URL ? [{ name: 'PostgreSQL', create: postgresUnderTest }] : []),
];

/**
 * The status of a GET, with the body read to the end: a response left unread keeps the server's
 * connection busy, and closing the server then waits for it.
 */
export async function statusOf(url: string): Promise<number> {
  const response = await fetch(url);
  await response.arrayBuffer();
  return response.status;
}
