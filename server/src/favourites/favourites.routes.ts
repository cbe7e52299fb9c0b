import { FavouriteList, FavouriteState, IdParam } from '@spotless/sdk/schemas';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireUser } from '../auth/guards';
import type { AppEnv } from '../deps';
import { describe } from '../lib/openapi';
import { valid } from '../lib/validate';
import { listFavourites } from './favourites.queries';
import { renderFavouriteList, renderFavouriteState } from './favourites.resource';
import { favouriteState, forgetFavourite, saveFavourite } from './favourites.service';

const cleanerParam = z.object({ cleanerId: IdParam });

/** A signed-in user's saved cleaners (spec 01 §2.6–2.7; signed-out users keep the heart local). */
export const favouritesRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describe({
      operationId: 'listFavourites',
      security: 'user',
      summary: 'The signed-in user’s favourite cleaners',
      tags: ['favourites'],
      access: 'customer',
      responses: {
        200: { description: 'Favourite cleaner ids, newest first', schema: FavouriteList },
        401: { description: 'Signed out' },
      },
    }),
    async (c) => {
      const user = requireUser(c);
      const rows = await listFavourites(c.var.deps.database.db, user.id);
      return c.json(renderFavouriteList(c.var.operations, rows));
    },
  )
  .get(
    '/:cleanerId',
    describe({
      operationId: 'getFavourite',
      security: 'user',
      summary: 'Whether a cleaner is among the signed-in user’s favourites',
      tags: ['favourites'],
      access: 'customer',
      responses: {
        200: { description: 'The state, with the action that toggles it', schema: FavouriteState },
        400: { description: 'The id is not a positive integer' },
        401: { description: 'Signed out' },
        404: { description: 'No such cleaner' },
      },
    }),
    valid('param', cleanerParam),
    async (c) => {
      const user = requireUser(c);
      const { cleanerId } = c.req.valid('param');
      return c.json(
        renderFavouriteState(c.var.operations, cleanerId, await favouriteState(c.var.deps, user.id, cleanerId)),
      );
    },
  )
  .put(
    '/:cleanerId',
    describe({
      operationId: 'addFavourite',
      security: 'user',
      summary: 'Save a cleaner to favourites (idempotent)',
      tags: ['favourites'],
      access: 'customer',
      responses: {
        200: { description: 'Saved', schema: FavouriteState },
        400: { description: 'The id is not a positive integer' },
        401: { description: 'Signed out' },
        404: { description: 'No such cleaner' },
      },
    }),
    valid('param', cleanerParam),
    async (c) => {
      const user = requireUser(c);
      const { cleanerId } = c.req.valid('param');
      await saveFavourite(c.var.deps, user.id, cleanerId);
      return c.json(renderFavouriteState(c.var.operations, cleanerId, true));
    },
  )
  .delete(
    '/:cleanerId',
    describe({
      operationId: 'removeFavourite',
      security: 'user',
      summary: 'Remove a cleaner from favourites (idempotent)',
      tags: ['favourites'],
      access: 'customer',
      responses: {
        200: { description: 'Removed (or was not saved)', schema: FavouriteState },
        400: { description: 'The id is not a positive integer' },
        401: { description: 'Signed out' },
      },
    }),
    valid('param', cleanerParam),
    async (c) => {
      const user = requireUser(c);
      const { cleanerId } = c.req.valid('param');
      await forgetFavourite(c.var.deps, user.id, cleanerId);
      return c.json(renderFavouriteState(c.var.operations, cleanerId, false));
    },
  );
