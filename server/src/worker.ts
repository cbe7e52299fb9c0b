import { createClient } from '@libsql/client/web';
import { createApp } from './app';
import { parseConfig } from './config';
import { wrapClient } from './db/client';
import { systemClock } from './deps';
import { createLogger } from './lib/logger';
import { createPaymentProvider } from './payments/create-provider';

/**
 * Cloudflare Workers entry: the same `createApp(deps)` as on Node, over libSQL's HTTP client
 * (Turso) and the Workers static-assets binding. Migrations are applied before deploy
 * (`npm run db:migrate -w server` against DATABASE_URL), not per isolate.
 */
interface WorkerEnv {
  ASSETS?: { fetch(request: Request): Promise<Response> };
  [name: string]: unknown;
}

let built: { app: ReturnType<typeof createApp> } | undefined;

function build(env: WorkerEnv) {
  const strings = Object.fromEntries(Object.entries(env).filter(([, v]) => typeof v === 'string')) as Record<
    string,
    string
  >;
  const config = parseConfig(strings);
  const database = wrapClient(createClient({ url: config.database.url, authToken: config.database.authToken }));
  const assets = env.ASSETS;
  const app = createApp({
    config,
    database,
    logger: createLogger(config.logLevel),
    clock: systemClock,
    payments: createPaymentProvider(config, systemClock),
    assets: assets ? { serve: (c) => assets.fetch(c.req.raw) } : undefined,
  });
  return { app };
}

export default {
  fetch(request: Request, env: WorkerEnv, ctx: unknown) {
    built ??= build(env);
    return built.app.fetch(request, env, ctx as never);
  },
};
