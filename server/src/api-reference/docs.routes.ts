import { Hono } from 'hono';
import { ADMIN_SESSION_COOKIE, cookieName, SESSION_COOKIE } from '../auth/cookies';
import { generateOpenApi, type OpenApiDocument } from '../contract/openapi';
import type { Operation } from '../contract/operations';
import type { AppEnv } from '../deps';
import { renderDocsPage } from './docs.page';

/** `/openapi.json` and a readable `/docs` page, both generated from the operation table's schemas. */
export function docsRoutes(served: readonly Operation[]) {
  let cached: OpenApiDocument | undefined;
  const document = (config: AppEnv['Variables']['deps']['config']) => {
    cached ??= generateOpenApi(
      served,
      {
        title: 'Spotless API',
        version: '1.0.0',
        description:
          'Find, book and pay home-cleaning professionals. Start at `GET /api`: every resource carries `links` (where to go next) and `actions` (what this caller may do to it now, with the fields each accepts). Errors are `{ "error": { "code", "message", "fields"? } }`; lists are `{ items, total }` (paginated lists add `page` and `pageSize`).',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Spotless' },
      },
      {
        serverUrl: config.publicUrl,
        cookies: {
          user: cookieName(config, SESSION_COOKIE),
          admin: cookieName(config, ADMIN_SESSION_COOKIE),
        },
      },
    );
    return cached;
  };
  return new Hono<AppEnv>()
    .get('/openapi.json', (c) => c.json(document(c.get('deps').config)))
    .get('/docs', (c) => c.html(renderDocsPage(document(c.get('deps').config))));
}
