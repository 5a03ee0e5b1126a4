import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { HttpProblem } from './problem.js';

export interface RateLimitOptions {
  /** Requests per minute per client and endpoint. */
  perMinute: number;
  /** Counters shared by every process through Redis; in this process's memory when unset. */
  redis?: Redis;
  /** The client a request counts against: a user when signed in, else an address. */
  clientKey: (request: FastifyRequest) => Promise<string>;
}

/** Route config of a limited endpoint: `config: LIMITED`. Every other route (health, static files, reads) is never limited. */
export const LIMITED = { rateLimit: {} };

/**
 * Abuse limits on the heavy endpoints, checked when the request arrives, before its body is read.
 * Each limited route counts separately per client; over the limit the answer is 429 problem JSON
 * with Retry-After. If Redis fails, requests go through (availability over strictness) with a warning.
 */
export async function registerRateLimits(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    max: options.perMinute,
    timeWindow: 60_000,
    keyGenerator: options.clientKey,
    ...(options.redis ? { redis: options.redis, nameSpace: 'stitchwise-rate-limit:', skipOnError: true } : {}),
    addHeadersOnExceeding: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true },
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
 * Connects to the Redis named by REDIS_URL, or stops start-up saying so: limits that silently
 * stopped being shared would let each process grant the whole budget.
 */
export async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', () => {}); // reconnects on its own; failures surface as skipped limits, logged by the plugin
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new Error(`REDIS_URL: cannot reach Redis at ${redactedUrl(url)} (${(error as Error).message}).`, { cause: error });
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
