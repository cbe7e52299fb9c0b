import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(8787),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^(file:|libsql:|https?:|wss?:)/, 'must start with file:, libsql:, http(s): or ws(s):')
      .optional(),
  ),
  DATABASE_AUTH_TOKEN: optionalText,
  DATA_DIR: z.string().default('data'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  ADMIN_PASSWORD_HASH: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalText.pipe(z.url().optional()),
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GITHUB_CLIENT_ID: optionalText,
  GITHUB_CLIENT_SECRET: optionalText,
  GOOGLE_OAUTH_BASE_URL: optionalText.pipe(z.url().optional()),
  GITHUB_OAUTH_BASE_URL: optionalText.pipe(z.url().optional()),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  SEED_CLEANERS: z.coerce.number().int().min(0).max(1_000_000).default(500),
});

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  database: { url: string; authToken: string | undefined };
  /** True when running on the embedded defaults: a local libSQL file outside production. */
  embedded: boolean;
  dataDir: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  bodyLimitBytes: number;
  /** Set from configuration, or on the embedded defaults from the printed development password. */
  adminPasswordHash: string | undefined;
  stripe: { secretKey: string; publishableKey: string | undefined; webhookSecret: string | undefined } | undefined;
  openai: { apiKey: string; baseUrl: string | undefined; model: string } | undefined;
  oauth: {
    google: { clientId: string; clientSecret: string } | undefined;
    github: { clientId: string; clientSecret: string } | undefined;
    /** Replaces the providers' real endpoints (GitHub Enterprise, or a loopback fake in tests). */
    baseUrls: { google: string | undefined; github: string | undefined };
  };
  /** Read X-Forwarded-For for the client address (only behind a proxy that sets it). */
  trustProxy: boolean;
  /** Sign-in, sign-up and admin-login attempts per address per 15 minutes. */
  authRateLimit: number;
  seedCleaners: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once, at start; every bad field is named in the error. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`));
  }
  const e = result.data;
  const problems: string[] = [];
  const pair = (idName: string, id: string | undefined, secretName: string, secret: string | undefined) => {
    if (Boolean(id) !== Boolean(secret))
      problems.push(`${id ? secretName : idName}: required when ${id ? idName : secretName} is set`);
    return id && secret ? { clientId: id, clientSecret: secret } : undefined;
  };
  const google = pair('GOOGLE_CLIENT_ID', e.GOOGLE_CLIENT_ID, 'GOOGLE_CLIENT_SECRET', e.GOOGLE_CLIENT_SECRET);
  const github = pair('GITHUB_CLIENT_ID', e.GITHUB_CLIENT_ID, 'GITHUB_CLIENT_SECRET', e.GITHUB_CLIENT_SECRET);
  const embedded = !e.DATABASE_URL && e.NODE_ENV !== 'production';
  if (e.NODE_ENV === 'production') {
    if (!e.DATABASE_URL) problems.push('DATABASE_URL: required in production');
    if (!e.ADMIN_PASSWORD_HASH) problems.push('ADMIN_PASSWORD_HASH: required in production');
    if (!e.PUBLIC_URL) problems.push('PUBLIC_URL: required in production');
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET)
    problems.push('STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set');
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    database: { url: e.DATABASE_URL ?? `file:${e.DATA_DIR}/spotless.db`, authToken: e.DATABASE_AUTH_TOKEN },
    embedded,
    dataDir: e.DATA_DIR,
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    adminPasswordHash: e.ADMIN_PASSWORD_HASH,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
        }
      : undefined,
    openai: e.OPENAI_API_KEY
      ? { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL, model: e.OPENAI_MODEL }
      : undefined,
    oauth: {
      google,
      github,
      baseUrls: {
        google: e.GOOGLE_OAUTH_BASE_URL?.replace(/\/$/, ''),
        github: e.GITHUB_OAUTH_BASE_URL?.replace(/\/$/, ''),
      },
    },
    trustProxy: e.TRUST_PROXY === 'true',
    authRateLimit: e.AUTH_RATE_LIMIT,
    seedCleaners: e.SEED_CLEANERS,
  };
}
