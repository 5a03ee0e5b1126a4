import { ConfigError } from '../refusals.js';
import rateLimit from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { ClientKey } from '../auth/client-key.js';
import type { TransientFiles } from '../repositories/transient-files.js';
import { MAX_UPLOAD_BYTES } from '../contract/fields.js';
import { HttpProblem } from './problem.js';

export interface RateLimitOptions {
  /** Requests per minute per client and endpoint. */
  perMinute: number;
  /** Counters shared by every process through Redis; in this process's memory when unset. */
  redis?: Redis | undefined;
  /** The client a request counts against: a user when signed in, else an address. */
  clientKey: (request: FastifyRequest) => Promise<string>;
}

/** Route config of a limited endpoint: `config: LIMITED`. Every other route (health, static files, reads) is never limited. */
export const LIMITED = { rateLimit: {} };

/**
 * Abuse limits on the heavy endpoints, checked when the request arrives, before its body is read.
 * Each limited route counts separately per client; over the limit the answer is 429 problem JSON
 * with Retry-After. If Redis fails, requests go through (availability over strictness), with a warning
 * logged by `connectRedis`.
 */
export async function registerRateLimits(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    max: options.perMinute,
    timeWindow: 60_000,
    keyGenerator: options.clientKey,
    ...(options.redis ? { redis: options.redis, nameSpace: 'stitchwise-rate-limit:', skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new HttpProblem(
        429,
        'rate_limited',
        `Too many requests: at most ${context.max} a minute. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`,
        undefined,
        { 'Retry-After': String(seconds) },
      );
    },
  });
}

/**
 * A client whose storage quota (a visitor's address: 429; a signed-in user: 507) cannot take the request's
 * upload (its declared length, at most 10 MB) is refused when the request arrives, not after the upload
 * was read and its work done; the quota is checked again, exactly, as each file is stored.
 */
export function registerStorageQuotaCheck(
  app: FastifyInstance,
  options: { clientKey: (request: FastifyRequest) => Promise<ClientKey>; transientFiles: TransientFiles },
): void {
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config.storesFiles) return;
    const client = await options.clientKey(request);
    const declared = Math.min(Number(request.headers['content-length']) || 0, MAX_UPLOAD_BYTES);
    await options.transientFiles.assertRoom(client, declared);
  });
}

/**
 * Connects to the Redis named by REDIS_URL, or stops start-up saying so: limits that silently
 * stopped being shared would let each process grant the whole budget.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  // It reconnects on its own; meanwhile the limits let requests through, which an operator must hear of (once a minute).
  let warnedAt = 0;
  redis.on('error', (error: Error) => {
    if (Date.now() - warnedAt < 60_000) return;
    warnedAt = Date.now();
    log.warn({ err: error }, 'Redis (REDIS_URL) is unreachable: abuse limits are not counted until it is back');
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new ConfigError(`REDIS_URL: cannot reach Redis at ${redactedUrl(url)} (${(error as Error).message}).`, { cause: error });
  }
  return redis;
}

function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured address';
  }
}
