import { createClient } from '@libsql/client/web';
import { isHostedPage } from '@spotless/sdk/rules';
import { createApp } from './app';
import { parseConfig } from './config';
import { wrapClient } from './db/client';
import { systemClock } from './deps';
import { type R2BucketLike, r2FileStorage, unavailableFileStorage } from './files/file-storage';
import { inProcessImageCleaner } from './files/image-cleaner';
import { JOBS, type JobDeps, runJob } from './jobs/registry';
import { createLogger } from './lib/logger';
import { parsePageChunks, withPagePreloads } from './lib/page-preloads';
import { logMailer } from './notifications/outbox';
import { createPaymentProvider } from './payments/create-provider';

/**
 * Cloudflare Workers entry: the same `createApp(deps)` as on Node, over libSQL's HTTP client
 * (Turso) and the Workers static-assets binding. Migrations are applied before deploy
 * (`npm run db:migrate -w server` against DATABASE_URL), not per isolate.
 */
interface WorkerEnv {
  ASSETS?: { fetch(request: Request): Promise<Response> };
  /** The R2 bucket for uploaded files (wrangler.toml `[[r2_buckets]]`). */
  FILES?: R2BucketLike;
  [name: string]: unknown;
}

type Built = { app: ReturnType<typeof createApp>; jobDeps: JobDeps };

const isHtml = (response: Response) => (response.headers.get('content-type') ?? '').includes('text/html');

/** The hosted app's HTML naming its page's lazily loaded files (decision 059), read from the assets' page-chunks.json. */
async function withPreloads(
  response: Response,
  request: Request,
  assets: { fetch(request: Request): Promise<Response> },
  reads: boolean,
): Promise<string> {
  const html = await response.text();
  const chunks = await assets.fetch(new Request(new URL('/page-chunks.json', request.url)));
  // Without the file the single-page fallback answers index.html: then the page loads as before.
  if (!chunks.ok || !(chunks.headers.get('content-type') ?? '').includes('json')) return html;
  return withPagePreloads(html, new URL(request.url).pathname, parsePageChunks(await chunks.text()), { reads });
}

let built: Built | undefined;

function build(env: WorkerEnv): Built {
  const strings = Object.fromEntries(Object.entries(env).filter(([, v]) => typeof v === 'string')) as Record<
    string,
    string
  >;
  const config = parseConfig(strings);
  // An isolate may not let one request wait on a promise another resolves: no write queue (a libSQL
  // server serialises writers itself) and no limit on the client's concurrent requests (its queue
  // would hand one request's turn to another).
  const client = createClient({
    url: config.database.url,
    authToken: config.database.authToken,
    concurrency: Number.MAX_SAFE_INTEGER,
  });
  const database = wrapClient(client, { serialiseWrites: false });
  const assets = env.ASSETS;
  const logger = createLogger(config.logLevel);
  const payments = createPaymentProvider(config, systemClock, database);
  const mailer = logMailer(logger);
  const app = createApp({
    config,
    database,
    logger,
    clock: systemClock,
    payments,
    mailer,
    files: env.FILES ? r2FileStorage(env.FILES) : unavailableFileStorage(),
    // No threads in an isolate: pictures are cleaned in the request, bounded by the pixel cap.
    images: inProcessImageCleaner,
    // The platform's responses have immutable headers: copy them so the security headers can be set.
    assets: assets
      ? {
          serve: async (c, options = {}) => {
            const response = await assets.fetch(c.req.raw);
            // The platform's single-page fallback answers every path 200; any path that is not a
            // page of the app (nor a file) is the app's Not Found page, with status 404, and so is
            // a page whose address names nothing (`missing`), without preloading its failing reads.
            const html = response.status === 200 && isHtml(response) && !/\.[a-z0-9]+$/i.test(c.req.path);
            const notAPage = html && !isHostedPage(c.req.path);
            const page = html && !notAPage;
            const body = page ? await withPreloads(response, c.req.raw, assets, !options.missing) : response.body;
            const copy = new Response(body, {
              status: notAPage || (page && options.missing) ? 404 : response.status,
              statusText: response.statusText,
              headers: response.headers,
            });
            if (page) copy.headers.delete('content-length');
            // The SDK bundles (staged into the assets under /sdk/) are loaded by partner sites.
            if (c.req.path.startsWith('/sdk/') || c.req.path === '/embed.js') {
              copy.headers.set('Access-Control-Allow-Origin', '*');
              copy.headers.set('Cache-Control', 'public, max-age=300');
            }
            return copy;
          },
        }
      : undefined,
  });
  return { app, jobDeps: { config, database, logger, clock: systemClock, payments, mailer } };
}

interface ScheduledController {
  cron: string;
}
interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
}

export default {
  fetch(request: Request, env: WorkerEnv, ctx: unknown) {
    built ??= build(env);
    return built.app.fetch(request, env, ctx as never);
  },
  /** Cron Triggers (wrangler.toml `[triggers]`): runs the jobs whose node-cron schedule is this cron. */
  scheduled(controller: ScheduledController, env: WorkerEnv, ctx: ExecutionContext) {
    built ??= build(env);
    const { jobDeps } = built;
    for (const job of JOBS.filter((j) => j.schedule === controller.cron)) ctx.waitUntil(runJob(job, jobDeps));
  },
};
