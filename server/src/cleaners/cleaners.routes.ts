import { Hono } from 'hono';
import { endpoint, inputOf } from '../contract/operations';
import type { AppEnv } from '../deps';
import { cleanersApi as api } from './cleaners.openapi';
import { renderCleaner, renderCleanerOverview, renderCleanerSearch } from './cleaners.resource';
import { cleanerOverview, getCleaner, searchCleanersAnswer } from './cleaners.service';

export const cleanersRoutes = new Hono<AppEnv>()
  .get(...endpoint(api.searchCleaners), async (c) => {
    const body = await searchCleanersAnswer(
      c.get('deps'),
      c.get('actor'),
      inputOf(c, api.searchCleaners).query,
      (page, viewer, catalogue) => renderCleanerSearch(c.get('operations'), page, viewer, c.req.query(), catalogue),
    );
    return c.body(body, 200, { 'content-type': 'application/json; charset=UTF-8' });
  })
  .get(...endpoint(api.getCleanerOverview), async (c) =>
    c.json(renderCleanerOverview(c.get('operations'), await cleanerOverview(c.get('deps'), c.get('actor')))),
  )
  .get(...endpoint(api.getCleaner), async (c) => {
    const { cleaner, viewer, catalogue } = await getCleaner(
      c.get('deps'),
      c.get('actor'),
      inputOf(c, api.getCleaner).param.id,
    );
    return c.json(renderCleaner(c.get('operations'), cleaner, viewer, catalogue));
  });
