import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { isHostedPage } from '@spotless/sdk/rules';
import type { Context } from 'hono';
import type { Assets } from './deps';
import { type PageChunks, parsePageChunks, withPagePreloads } from './lib/page-preloads';

/**
 * Serves the built hosted app (SPA: its pages get index.html so client routes work; any other
 * path, or a page whose address names nothing, gets it too, with status 404, and the app shows its
 * Not Found page) and the SDK bundles from disk.
 */
export function nodeAssets(options: { adminDist: string; sdkDist: string }): Assets {
  // `precompressed`: the build writes .br and .gz copies (scripts/precompress.mjs); the one the
  // browser accepts is sent, with Content-Encoding and Vary.
  const sdk = serveStatic({
    root: options.sdkDist,
    precompressed: true,
    rewriteRequestPath: (path) => path.replace(/^\/sdk/, ''),
  });
  const admin = serveStatic({ root: options.adminDist, precompressed: true });
  const indexFile = join(options.adminDist, 'index.html');
  let indexHtml: string | undefined;
  const chunksFile = join(options.adminDist, 'page-chunks.json');
  let pageChunks: PageChunks | undefined;

  const run = async (handler: ReturnType<typeof serveStatic>, c: Context): Promise<Response | null> => {
    // serveStatic answers with its return value, or calls next() when there is no such file.
    const response = await handler(c, async () => {});
    return response instanceof Response ? response : null;
  };

  return {
    async serve(c, { missing = false } = {}) {
      const path = c.req.path;
      if (path.startsWith('/sdk/') || path === '/embed.js') {
        c.header('Access-Control-Allow-Origin', '*');
        c.header('Cache-Control', 'public, max-age=300');
        if (path === '/embed.js') {
          return run(serveStatic({ path: join(options.sdkDist, 'embed.js'), precompressed: true }), c);
        }
        return run(sdk, c);
      }
      if (path.startsWith('/assets/')) {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      }
      const file = await run(admin, c);
      if (file) return file;
      if (/\.[a-z0-9]+$/i.test(path)) return null;
      indexHtml ??= existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
      if (!indexHtml) return c.text('The hosted app is not built: run `npm run build`.', 503);
      pageChunks ??= existsSync(chunksFile) ? parsePageChunks(readFileSync(chunksFile, 'utf8')) : {};
      c.header('Cache-Control', 'no-cache');
      // The app shows its Not Found page for any other path, and its page's "not found" for an
      // address naming nothing: the status says so too, and the reads known to fail are not preloaded.
      const status = isHostedPage(path) && !missing ? 200 : 404;
      return c.html(withPagePreloads(indexHtml, path, pageChunks, { reads: status === 200 }), status);
    },
  };
}
