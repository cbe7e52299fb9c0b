import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(8787),
  HOST: optionalText,
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
  BODY_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
  ADMIN_PASSWORD_HASH: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** A Stripe-compatible API (stripe-mock, a test's loopback server) instead of api.stripe.com; refused in production. */
  STRIPE_API_BASE_URL: optionalText.pipe(z.url().optional()),
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
  /** Node only: run the scheduled jobs in this process (turn off on all but one instance, or to run them by `npm run job`). */
  SCHEDULED_JOBS: z.enum(['true', 'false']).default('true'),
  /**
   * Partners' webhooks may go to loopback, private and link-local addresses (a partner's receiver on
   * this machine, tests). Default: `true` outside production, `false` in it (decision 079).
   */
  WEBHOOK_ALLOW_PRIVATE_URLS: z.enum(['true', 'false']).optional(),
  /** Browser tests only: a file holding milliseconds to add to the server's clock (never in production). */
  TEST_CLOCK_FILE: optionalText,
  /**
   * How much work a password hash costs: `production` (the default) or `test`, a few hundred times
   * cheaper, for test databases only (`NODE_ENV=test` defaults to it; refused in production).
   */
  PASSWORD_HASH_COST: z.enum(['production', 'test']).optional(),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  SEED_CLEANERS: z.coerce.number().int().min(0).max(1_000_000).default(500),
  BOOKING_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
  MAX_UNPAID_BOOKINGS: z.coerce.number().int().min(1).max(100_000).default(3),
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(5),
  UPLOAD_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(60),
  PARTNER_ADDRESS_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(300),
  /** The platform's fee on each charge, in basis points (1,500 = 15%); partners' commissions come out of it. */
  PLATFORM_FEE_BPS: z.coerce.number().int().min(0).max(10_000).default(1500),
  /** The loudly named opt-in to the local test-mode card provider in production: it takes no money. */
  UNSAFE_TEST_PAYMENTS_IN_PRODUCTION: z.enum(['true', 'false']).default('false'),
  SERVE_SOURCE_MAPS: z.enum(['true', 'false']).optional(),
  /** Node: serves `/metrics` to a scraper that sends it as a bearer token (decision 067). */
  METRICS_TOKEN: optionalText.pipe(
    z
      .string()
      .min(32, 'must be at least 32 characters (a random secret, e.g. `openssl rand -hex 32`)')
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces (it is sent in an Authorization header)')
      .optional(),
  ),
});

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

export type Env = z.input<typeof EnvSchema>;

/** Every variable the server reads: each is documented in docs/configuration.md. */
export const ENV_VARIABLES = Object.keys(EnvSchema.shape) as Array<keyof Env>;

export interface Config {
  readonly env: 'development' | 'production' | 'test';
  readonly port: number;
  /** Listen address: 127.0.0.1 unless HOST is set. */
  readonly host: string;
  readonly publicUrl: string;
  /** The public URL is https: cookies are `Secure` (and `__Host-` where their path allows), HSTS applies. */
  readonly secureCookies: boolean;
  readonly database: { url: string; authToken: string | undefined };
  /** True when running on the embedded defaults: a local libSQL file outside production. */
  readonly embedded: boolean;
  /**
   * Demo accounts and the printed admin password: only on the embedded defaults while listening on
   * loopback, where nobody else can reach them (decision 006).
   */
  readonly demo: boolean;
  readonly dataDir: string;
  /** The work of a new password hash: `test` only for test databases (auth/password.ts). */
  readonly passwordHashCost: 'production' | 'test';
  readonly logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  readonly bodyLimitBytes: number;
  /** An upload whose body stops arriving for this long is answered 408 and its connection closed. */
  readonly bodyIdleTimeoutMs: number;
  /** Node: the most a whole request (headers and body) may take to arrive (Node answers 408). */
  readonly requestTimeoutMs: number;
  /**
   * The shared admin password's hash. It opens an admin session on its own only outside production;
   * in production only a signed-in named administrator opens one (decision 030).
   */
  readonly adminPasswordHash: string | undefined;
  /** The local test-mode card provider may run in production (UNSAFE_TEST_PAYMENTS_IN_PRODUCTION). */
  readonly unsafeTestPayments: boolean;
  /** Serve the hosted app's `.map` files (default: everywhere but production). */
  readonly serveSourceMaps: boolean;
  readonly stripe:
    | {
        secretKey: string;
        publishableKey: string | undefined;
        webhookSecret: string | undefined;
        /** `{ host, port, protocol }` for the `stripe` client when STRIPE_API_BASE_URL is set. */
        api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
      }
    | undefined;
  readonly openai: { apiKey: string; baseUrl: string | undefined; model: string } | undefined;
  readonly oauth: {
    readonly google: { clientId: string; clientSecret: string } | undefined;
    readonly github: { clientId: string; clientSecret: string } | undefined;
    /** Replaces the providers' real endpoints (GitHub Enterprise, or a loopback fake in tests). */
    readonly baseUrls: { google: string | undefined; github: string | undefined };
  };
  /** Read X-Forwarded-For for the client address (only behind a proxy that sets it). */
  readonly trustProxy: boolean;
  /** Node: schedule the jobs with node-cron in this process (Workers use Cron Triggers instead). */
  readonly scheduledJobs: boolean;
  /** Browser tests: the file whose number of milliseconds is added to the Node server's clock. */
  readonly testClockFile: string | undefined;
  /** Sign-in, sign-up and admin-login attempts per address per 15 minutes. */
  readonly authRateLimit: number;
  /** Bookings one account may make per hour. */
  readonly bookingRateLimit: number;
  /** Unpaid pending bookings one account may hold at once (each blocks a cleaner's time). */
  readonly maxUnpaidBookings: number;
  /** Contact-form messages per account (or address, signed out) per hour. */
  readonly contactRateLimit: number;
  /** Uploads (application documents and review-photo requests) per account per hour. */
  readonly uploadRateLimit: number;
  /** Requests a minute per address through partner keys, beside each key's own limit. */
  readonly partnerAddressRateLimit: number;
  /** The platform's fee on each charge, in basis points; each booking records the rate in force (decision 078). */
  readonly platformFeeBps: number;
  /**
   * Partners' webhook endpoints may be loopback, private or link-local addresses (and `http:` to
   * loopback): on for local development and tests, off in production unless set (decision 079).
   */
  readonly webhookAllowPrivateUrls: boolean;
  readonly seedCleaners: number;
  /**
   * The bearer token a metrics scraper sends to `/metrics` (Node only); without it there is no
   * `/metrics` (404).
   */
  readonly metricsToken: string | undefined;
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
  const unsafeTestPayments = e.UNSAFE_TEST_PAYMENTS_IN_PRODUCTION === 'true';
  if (e.NODE_ENV === 'production') {
    if (!e.DATABASE_URL) problems.push('DATABASE_URL: required in production');
    if (!e.PUBLIC_URL) problems.push('PUBLIC_URL: required in production');
    if (e.TEST_CLOCK_FILE) problems.push('TEST_CLOCK_FILE: a test clock is never allowed in production');
    if (e.PASSWORD_HASH_COST === 'test')
      problems.push('PASSWORD_HASH_COST: test-strength password hashes are never allowed in production');
    if (e.STRIPE_API_BASE_URL)
      problems.push('STRIPE_API_BASE_URL: a replacement Stripe API is never allowed in production');
    if (!e.STRIPE_SECRET_KEY && !unsafeTestPayments) {
      problems.push(
        'STRIPE_SECRET_KEY: required in production, or the local test-mode provider would take bookings without taking money (set UNSAFE_TEST_PAYMENTS_IN_PRODUCTION=true only for a staging site)',
      );
    }
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET)
    problems.push('STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set');
  if (problems.length > 0) throw new ConfigError(problems);

  const host = e.HOST ?? '127.0.0.1';
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');

  return deepFreeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    database: { url: e.DATABASE_URL ?? `file:${e.DATA_DIR}/spotless.db`, authToken: e.DATABASE_AUTH_TOKEN },
    embedded,
    demo: embedded && LOOPBACK_HOSTS.has(host),
    dataDir: e.DATA_DIR,
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    bodyIdleTimeoutMs: e.BODY_IDLE_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    adminPasswordHash: e.ADMIN_PASSWORD_HASH,
    passwordHashCost: e.PASSWORD_HASH_COST ?? (e.NODE_ENV === 'test' ? 'test' : 'production'),
    unsafeTestPayments,
    serveSourceMaps: e.SERVE_SOURCE_MAPS ? e.SERVE_SOURCE_MAPS === 'true' : e.NODE_ENV !== 'production',
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          api: stripeApiOf(e.STRIPE_API_BASE_URL),
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
    scheduledJobs: e.SCHEDULED_JOBS === 'true',
    testClockFile: e.TEST_CLOCK_FILE,
    authRateLimit: e.AUTH_RATE_LIMIT,
    bookingRateLimit: e.BOOKING_RATE_LIMIT,
    maxUnpaidBookings: e.MAX_UNPAID_BOOKINGS,
    contactRateLimit: e.CONTACT_RATE_LIMIT,
    uploadRateLimit: e.UPLOAD_RATE_LIMIT,
    partnerAddressRateLimit: e.PARTNER_ADDRESS_RATE_LIMIT,
    platformFeeBps: e.PLATFORM_FEE_BPS,
    webhookAllowPrivateUrls: e.WEBHOOK_ALLOW_PRIVATE_URLS
      ? e.WEBHOOK_ALLOW_PRIVATE_URLS === 'true'
      : e.NODE_ENV !== 'production',
    seedCleaners: e.SEED_CLEANERS,
    metricsToken: e.METRICS_TOKEN,
  });
}

/** Configuration is read-only once parsed: an entry that needs another value builds a new object. */
function deepFreeze<T>(value: T): Readonly<T> {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

function stripeApiOf(base: string | undefined): { host: string; port: number; protocol: 'http' | 'https' } | undefined {
  if (!base) return undefined;
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port) || (protocol === 'http' ? 80 : 443), protocol };
}
