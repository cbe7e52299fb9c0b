import { Cleaner, CleanerListQuery, CleanerPage, IdParam } from '@spotless/sdk/schemas';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../deps';
import { notFound } from '../lib/errors';
import { describe } from '../lib/openapi';
import { valid } from '../lib/validate';
import { findActiveCleaner, listCleaners, toCleanerDto } from './cleaners.queries';

export const cleanersRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describe({
      summary: 'List cleaners (location, service type, sort, page)',
      description:
        'A location text is resolved through the built-in city table and matches cleaners within 25 miles, each with `distance`; other text matches city, state or ZIP prefix.',
      tags: ['cleaners'],
      access: 'public',
      responses: {
        200: { description: 'One page of cleaners', schema: CleanerPage },
        400: { description: 'A parameter is out of range or malformed' },
      },
    }),
    valid('query', CleanerListQuery),
    async (c) => {
      const query = c.req.valid('query');
      const page = await listCleaners(c.var.deps.database.db, {
        ...query,
        serviceType: query.serviceType === 'all' ? undefined : query.serviceType,
      });
      return c.json(page);
    },
  )
  .get(
    '/:id',
    describe({
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
      return c.json(toCleanerDto(row));
    },
  );
