import { Cleaner, CleanerSearchPage, CleanerSearchQuery, IdParam } from '@spotless/sdk/schemas';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../deps';
import { notFound } from '../lib/errors';
import { describe } from '../lib/openapi';
import { valid } from '../lib/validate';
import { findActiveCleaner, toCleanerDto } from './cleaners.queries';
import { renderCleaner, renderCleanerSearch } from './cleaners.resource';
import { audienceKey, cleanerViewerOf } from './cleaners.service';
import { searchCleaners } from './search.queries';
import { searchCacheFor } from './search-cache';

export const cleanersRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describe({
      operationId: 'searchCleaners',
      security: 'public',
      summary: 'List and search cleaners',
      description:
        'Answers the listing (location, serviceType, sortBy) and the advanced search (query, city, state, zipCode, latitude/longitude, radius, minRating, maxPrice, isVerified, isInsured, isBonded, sortBy, sortOrder). A location or city the built-in city table knows, or given coordinates, keep cleaners within `radius` miles (default 25), each with `distance`. Keywords match names, bio, services and coverage areas (prefix, ranked by relevance when no sortBy is given). `stats` cover every match.',
      tags: ['cleaners'],
      access: 'public',
      responses: {
        200: { description: 'One page of cleaners with stats over all matches', schema: CleanerSearchPage },
        400: { description: 'A parameter is out of range or malformed' },
      },
    }),
    valid('query', CleanerSearchQuery),
    async (c) => {
      const input = c.req.valid('query');
      const { client } = c.var.deps.database;
      const cache = searchCacheFor(client);
      const viewer = await cleanerViewerOf(c.var.deps.database.db, c.var.auth.user?.id ?? null);
      const compute = async () =>
        JSON.stringify(
          renderCleanerSearch(c.var.operations, await searchCleaners(client, input), viewer, c.req.query()),
        );
      // What a cleaner offers depends on who looks (signed in, themself): one cached answer per audience.
      const key = `${audienceKey(viewer)} ${JSON.stringify(input)}`;
      const body = cache.enabled
        ? await cache.answers.getOrCompute(key, await cache.version.get(), compute)
        : await compute();
      return c.body(body, 200, { 'content-type': 'application/json; charset=UTF-8' });
    },
  )
  .get(
    '/:id',
    describe({
      operationId: 'getCleaner',
      security: 'public',
      summary: 'One cleaner’s public profile',
      tags: ['cleaners'],
      access: 'public',
      responses: {
        200: { description: 'The cleaner', schema: Cleaner },
        400: { description: 'The id is not a positive integer' },
        404: { description: 'No such cleaner' },
      },
    }),
    valid('param', z.object({ id: IdParam })),
    async (c) => {
      const row = await findActiveCleaner(c.var.deps.database.db, c.req.valid('param').id);
      if (!row) throw notFound('Cleaner');
      const viewer = await cleanerViewerOf(c.var.deps.database.db, c.var.auth.user?.id ?? null);
      return c.json(renderCleaner(c.var.operations, toCleanerDto(row), viewer));
    },
  );
