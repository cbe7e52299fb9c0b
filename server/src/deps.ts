import type { Context } from 'hono';
import type { AuthState } from './auth/sessions';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Logger } from './lib/logger';
import type { PaymentProvider } from './payments/provider';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** Serves the built hosted app and SDK bundles; absent in API-only deployments and most tests. */
export interface Assets {
  serve(c: Context): Promise<Response | null>;
}

/** Everything the app needs from the outside world; entries (Node, Workers, tests) build it. */
export interface Deps {
  config: Config;
  database: Database;
  logger: Logger;
  clock: Clock;
  /** Card payments: Stripe when configured, else the local test-mode provider. */
  payments: PaymentProvider;
  assets?: Assets;
}

export interface AppEnv {
  Variables: {
    deps: Deps;
    requestId: string;
    /** Resolved once per request from the session cookies by `sessionMiddleware`. */
    auth: AuthState;
  };
}
