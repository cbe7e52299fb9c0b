import { Hono } from 'hono';
import { requireUser } from '../auth/guards';
import type { AppEnv } from '../deps';
import { endpoint, inputOf } from '../lib/operations';
import { favouritesApi as api } from './favourites.openapi';
import { listFavourites } from './favourites.queries';
import { renderFavouriteList, renderFavouriteState } from './favourites.resource';
import { favouriteState, forgetFavourite, saveFavourite } from './favourites.service';

/** A signed-in user's saved cleaners (spec 01 §2.6–2.7; signed-out users keep the heart local). */
export const favouritesRoutes = new Hono<AppEnv>()
  .get(...endpoint(api.listFavourites), async (c) => {
    const user = requireUser(c);
    const rows = await listFavourites(c.var.deps.database.db, user.id);
    return c.json(renderFavouriteList(c.var.operations, rows));
  })
  .get(...endpoint(api.getFavourite), async (c) => {
    const user = requireUser(c);
    const { cleanerId } = inputOf(c, api.getFavourite).param;
    return c.json(
      renderFavouriteState(c.var.operations, cleanerId, await favouriteState(c.var.deps, user.id, cleanerId)),
    );
  })
  .put(...endpoint(api.addFavourite), async (c) => {
    const user = requireUser(c);
    const { cleanerId } = inputOf(c, api.addFavourite).param;
    await saveFavourite(c.var.deps, user.id, cleanerId);
    return c.json(renderFavouriteState(c.var.operations, cleanerId, true));
  })
  .delete(...endpoint(api.removeFavourite), async (c) => {
    const user = requireUser(c);
    const { cleanerId } = inputOf(c, api.removeFavourite).param;
    await forgetFavourite(c.var.deps, user.id, cleanerId);
    return c.json(renderFavouriteState(c.var.operations, cleanerId, false));
  });
