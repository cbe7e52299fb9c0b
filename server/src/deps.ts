import type { Context } from 'hono';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Logger } from './lib/logger';

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
  assets?: Assets;
}

export interface AppEnv {
  Variables: {
    deps: Deps;
    requestId: string;
  };
}
