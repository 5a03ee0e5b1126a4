import { availableParallelism } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './storage/s3-file-store.js';
import { ConfigError } from './refusals.js';

/**
 * The one place that reads the environment. Every setting has a default that works on one
 * machine with nothing set; a value that is present but wrong stops start-up with a clear message.
 */
export interface Config {
  readonly port: number;
  readonly host: string;
  /** External base URL, without a trailing slash. */
  readonly publicUrl: string;
  /**
   * Whether the operator set PUBLIC_URL. When unset, `publicUrl` is the default guess, and a browser on
   * this machine that opened the app by another loopback address signs in there (identity/app-address.ts).
   */
  readonly publicUrlSet: boolean;
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Absolute path of the data directory: SQLite file and stored files. */
  readonly dataDir: string;
  readonly database: { readonly kind: 'sqlite'; readonly file: string } | { readonly kind: 'postgres'; readonly url: string };
  readonly identity: IdentityConfig;
  /** Trust X-Forwarded-* headers from a TLS-offloading proxy in front of the server. */
  readonly trustProxy: boolean;
  /** Hosts and CIDRs that image-URL fetching may reach although they are private. */
  readonly imageUrlAllow: readonly string[];
  /** Threads of the heavy-work pool. */
  readonly workers: number;
  /** Where idea pictures come from. */
  readonly ideas: IdeasConfig;
  /** Abuse limits: requests per minute per client and heavy endpoint; Redis for counters shared by several processes. */
  readonly rateLimits: {
    readonly perMinute: number;
    readonly redisUrl: string | undefined;
    readonly signUpsPerDay: number;
    /** Heavy requests one client may have in flight at once (body arriving or work running). */
    readonly heavyAtOnce: number;
  };
  /** Bytes a visitor's address may have stored in 24 hours (uploads, cut-outs, results). */
  readonly visitorStorageBytes: number;
  /** Bytes each signed-in user may have stored: their projects' files, every kept chart version, their uploads. */
  readonly userStorageBytes: number;
  /** Where stored files live: `<dataDir>/files`, or an S3-compatible bucket when S3_BUCKET is set. */
  readonly storage: { readonly kind: 'local'; readonly directory: string } | ({ readonly kind: 's3' } & Readonly<S3Settings>);
}

export type IdeasConfig =
  | { readonly provider: 'offline' }
  | { readonly provider: 'openai'; readonly baseUrl: string; readonly apiKey: string; readonly model: string; readonly timeoutMs: number };

export interface IdentityConfig {
  /** `builtin`: the server's own OpenID provider under /oidc; `external`: one set by OIDC_ISSUER. */
  readonly kind: 'builtin' | 'external';
  readonly issuer: string;
  readonly clientId: string;
  /** The API's audience (resource indicator): access tokens must name it in `aud`. */
  readonly audience: string;
}

/** The scopes the web app asks for: OpenID identity, and `offline_access` for silent renewal. */
export const WEB_APP_SCOPES = 'openid profile email offline_access';
export const BUILTIN_CLIENT_ID = 'stitchwise-web';

const emptyAsUndefined = (value: unknown): unknown => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsUndefined, schema.optional());
const httpUrl = z.url({ protocol: /^https?$/ });

const environmentSchema = z
  .object({
    PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
    HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
    PUBLIC_URL: optional(httpUrl),
    LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
    DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
    DATABASE_URL: optional(
      z.string().refine((url) => /^(postgres|postgresql):\/\//.test(url) || /^(sqlite|file):/.test(url), {
        message: 'must be a postgres:// URL, or sqlite:<path> for a SQLite file',
      }),
    ),
    OIDC_ISSUER: optional(httpUrl),
    OIDC_CLIENT_ID: optional(z.string()),
    OIDC_AUDIENCE: optional(z.string()),
    TRUST_PROXY: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false')),
    IMAGE_URL_ALLOW: z.preprocess(emptyAsUndefined, z.string().default('')),
    WORKERS: optional(z.coerce.number().int().min(1).max(64)),
    IDEAS_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['offline', 'openai']).default('offline')),
    OPENAI_BASE_URL: z.preprocess(emptyAsUndefined, httpUrl.default('https://api.openai.com/v1')),
    OPENAI_API_KEY: optional(z.string()),
    OPENAI_IMAGE_MODEL: z.preprocess(emptyAsUndefined, z.string().default('gpt-image-1')),
    RATE_LIMIT_PER_MINUTE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1_000_000).default(60)),
    SIGN_UPS_PER_DAY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1_000_000).default(20)),
    HEAVY_REQUESTS_AT_ONCE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1000).default(4)),
    REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')),
    VISITOR_STORAGE_MB_PER_DAY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1_000_000).default(100)),
    USER_STORAGE_MB: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100_000_000).default(1024)),
    OPENAI_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1000).max(600_000).default(120_000)),
    S3_BUCKET: optional(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens')),
    S3_ENDPOINT: optional(httpUrl),
    S3_REGION: z.preprocess(emptyAsUndefined, z.string().default('us-east-1')),
    S3_ACCESS_KEY_ID: optional(z.string()),
    S3_SECRET_ACCESS_KEY: optional(z.string()),
    S3_FORCE_PATH_STYLE: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false')),
  })
  .superRefine((env, context) => {
    if (env.IDEAS_PROVIDER === 'openai' && !env.OPENAI_API_KEY) {
      context.addIssue({ code: 'custom', path: ['OPENAI_API_KEY'], message: 'is required when IDEAS_PROVIDER is openai' });
    }
    if (env.OIDC_ISSUER && (!env.OIDC_CLIENT_ID || !env.OIDC_AUDIENCE)) {
      for (const name of ['OIDC_CLIENT_ID', 'OIDC_AUDIENCE'] as const) {
        if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: 'is required when OIDC_ISSUER is set' });
      }
    }
    if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
      const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      context.addIssue({
        code: 'custom',
        path: [missing],
        message: 'is required with the other S3 key (or leave both unset for the usual AWS credential chain)',
      });
    }
  });

export { ConfigError };

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid settings in the environment:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const dataDir = isAbsolute(env.DATA_DIR) ? env.DATA_DIR : resolve(env.DATA_DIR);
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    publicUrlSet: env.PUBLIC_URL !== undefined,
    logLevel: env.LOG_LEVEL,
    dataDir,
    database: databaseConfig(env.DATABASE_URL, dataDir),
    identity:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_AUDIENCE
        ? { kind: 'external', issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, audience: env.OIDC_AUDIENCE }
        : { kind: 'builtin', issuer: `${publicUrl}/oidc`, clientId: BUILTIN_CLIENT_ID, audience: `${publicUrl}/api` },
    trustProxy: env.TRUST_PROXY === 'true',
    imageUrlAllow: env.IMAGE_URL_ALLOW.split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
    workers: env.WORKERS ?? availableParallelism(),
    ideas:
      env.IDEAS_PROVIDER === 'openai' && env.OPENAI_API_KEY
        ? { provider: 'openai', baseUrl: env.OPENAI_BASE_URL, apiKey: env.OPENAI_API_KEY, model: env.OPENAI_IMAGE_MODEL, timeoutMs: env.OPENAI_TIMEOUT_MS }
        : { provider: 'offline' },
    rateLimits: {
      perMinute: env.RATE_LIMIT_PER_MINUTE,
      redisUrl: env.REDIS_URL,
      signUpsPerDay: env.SIGN_UPS_PER_DAY,
      heavyAtOnce: env.HEAVY_REQUESTS_AT_ONCE,
    },
    visitorStorageBytes: env.VISITOR_STORAGE_MB_PER_DAY * 1024 * 1024,
    userStorageBytes: env.USER_STORAGE_MB * 1024 * 1024,
    storage: env.S3_BUCKET
      ? {
          kind: 's3',
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
          ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
          ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : {}),
        }
      : { kind: 'local', directory: join(dataDir, 'files') },
  };
}

function databaseConfig(url: string | undefined, dataDir: string): Config['database'] {
  if (url && /^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url };
  const file = url ? url.replace(/^(sqlite|file):(\/\/)?/, '') : 'stitchwise.sqlite';
  return { kind: 'sqlite', file: isAbsolute(file) ? file : resolve(dataDir, file) };
}
