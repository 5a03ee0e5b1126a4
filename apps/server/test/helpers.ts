import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

/** The real application, built from settings as an operator would give them, with logging silenced. */
export async function buildTestApp(environment: NodeJS.ProcessEnv = {}): Promise<FastifyInstance> {
  return buildApp(loadConfig({ LOG_LEVEL: 'silent', ...environment }));
}
