import { Hono } from 'hono';
import type { AppEnv } from '../deps';
import { notFound } from '../lib/errors';
import { endpoint, inputOf } from '../lib/operations';
import { signedInUserId } from '../lib/signed-in';
import { cleanersApi as api } from './cleaners.openapi';
import { findActiveCleaner, toCleanerDto } from './cleaners.queries';
import { renderCleaner, renderCleanerOverview, renderCleanerSearch } from './cleaners.resource';
import { audienceKey, cleanerOverview, cleanerViewerOf } from './cleaners.service';
import { searchCleaners } from './search.queries';
import { searchCacheFor } from './search-cache';

export const cleanersRoutes = new Hono<AppEnv>()
  .get(...endpoint(api.searchCleaners), async (c) => {
    const input = inputOf(c, api.searchCleaners).query;
    const { client } = c.var.deps.database;
    const cache = searchCacheFor(client);
    const viewer = await cleanerViewerOf(c.var.deps.database.db, c.var.auth.user?.id ?? null);
    const compute = async () =>
      JSON.stringify(renderCleanerSearch(c.var.operations, await searchCleaners(client, input), viewer, c.req.query()));
    // What a cleaner offers depends on who looks (signed in, themself): one cached answer per audience.
    const key = `${audienceKey(viewer)} ${JSON.stringify(input)}`;
    const body = cache.enabled
      ? await cache.answers.getOrCompute(key, await cache.version.get(), compute)
      : await compute();
    return c.body(body, 200, { 'content-type': 'application/json; charset=UTF-8' });
  })
  .get(...endpoint(api.getCleanerOverview), async (c) => {
    const overview = await cleanerOverview(c.var.deps, signedInUserId(c));
    return c.json(renderCleanerOverview(c.var.operations, overview));
  })
  .get(...endpoint(api.getCleaner), async (c) => {
    const row = await findActiveCleaner(c.var.deps.database.db, inputOf(c, api.getCleaner).param.id);
    if (!row) throw notFound('Cleaner');
    const viewer = await cleanerViewerOf(c.var.deps.database.db, c.var.auth.user?.id ?? null);
    return c.json(renderCleaner(c.var.operations, toCleanerDto(row), viewer));
  });
