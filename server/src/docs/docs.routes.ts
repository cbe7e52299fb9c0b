import { Hono } from 'hono';
import type { AppEnv } from '../deps';
import { generateOpenApi, type OpenApiDocument } from '../lib/openapi';
import { renderDocsPage } from './docs.page';

/** `/openapi.json` and a readable `/docs` page, both generated from the routes' own schemas. */
export function docsRoutes(root: Hono<AppEnv>) {
  let cached: OpenApiDocument | undefined;
  const document = () => {
    cached ??= generateOpenApi(root, {
      title: 'Spotless API',
      version: '1.0.0',
      description:
        'Find, book and pay home-cleaning professionals. Errors are `{ "error": { "code", "message", "fields"? } }`; lists are `{ items, total }` (paginated lists add `page` and `pageSize`).',
    });
    return cached;
  };
  return new Hono<AppEnv>()
    .get('/openapi.json', (c) => c.json(document()))
    .get('/docs', (c) => c.html(renderDocsPage(document())));
}
