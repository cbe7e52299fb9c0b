import { Cleaner, CleanerOverview, CleanerSearchPage, CleanerSearchQuery, IdParam } from '@spotless/sdk/schemas';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../deps';
import { notFound } from '../lib/errors';
import { describe } from '../lib/openapi';
import { signedInUserId } from '../lib/signed-in';
import { valid } from '../lib/validate';
import { findActiveCleaner, toCleanerDto } from './cleaners.queries';
import { renderCleaner, renderCleanerOverview, renderCleanerSearch } from './cleaners.resource';
import { audienceKey, cleanerOverview, cleanerViewerOf } from './cleaners.service';
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
    '/profile/overview',
    describe({
      operationId: 'getCleanerOverview',
      security: 'user',
      summary: 'The signed-in cleaner’s dashboard figures',
      description:
        'From the data, on every call: `totalBookings` (every booking with the cleaner, any status), `completedBookings`, `cancelledBookings`, `upcomingBookings` (pending or confirmed); `totalEarnings` — the cleaner’s charged payments (succeeded, or refunded after succeeding) less every refund that did not fail, in dollars; `averageRating` and `reviewCount` of published reviews (kept in step with each review); `completionRate` — completed ÷ (completed + cancelled), a whole percent, null before any booking ended. The 5 latest bookings are `links.bookings` with `limit=5`.',
      tags: ['cleaners'],
      access: 'a signed-in user with an active cleaner profile',
      responses: {
        200: { description: 'The figures', schema: CleanerOverview },
        401: { description: 'Signed out' },
        404: { description: 'No active cleaner profile (code `cleaner_profile_not_found`)' },
      },
    }),
    async (c) => {
      const overview = await cleanerOverview(c.var.deps, signedInUserId(c));
      return c.json(renderCleanerOverview(c.var.operations, overview));
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
