import { z } from 'zod';

/**
 * The one place that reads the environment. Every setting has a default that works on one
 * machine with nothing set; a value that is present but wrong stops start-up with a clear message.
 */
export interface Config {
  readonly port: number;
  readonly host: string;
  /** External base URL, without a trailing slash. */
  readonly publicUrl: string;
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

const emptyAsUndefined = (value: unknown): unknown => (value === '' ? undefined : value);

const environmentSchema = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid settings in the environment:\n  ${problems.join('\n  ')}`);
  }
  const { PORT, HOST, PUBLIC_URL, LOG_LEVEL } = parsed.data;
  return {
    port: PORT,
    host: HOST,
    publicUrl: (PUBLIC_URL ?? `http://localhost:${PORT}`).replace(/\/+$/, ''),
    logLevel: LOG_LEVEL,
  };
}
