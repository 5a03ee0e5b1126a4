import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { UNLIMITED } from './support/test-server.js';

/**
 * The real application with its own empty SQLite database in a temporary data directory,
 * logging silenced; for tests that inject requests and need no sign-in.
 */
export async function buildTestApp(environment: NodeJS.ProcessEnv = {}): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'stitchwise-test-'));
  const app = await buildApp(
    loadConfig({
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: UNLIMITED,
      SIGN_UPS_PER_DAY: UNLIMITED,
      HEAVY_REQUESTS_AT_ONCE: '1000',
      DATA_DIR: dataDir,
      ...environment,
    }),
  );
  app.addHook('onClose', () => {
    rmSync(dataDir, { recursive: true, force: true });
  });
  return app;
}
