import { Hono } from 'hono';
import { endpoint, inputOf } from '../contract/operations';
import type { AppEnv } from '../deps';
import { favouritesApi as api } from './favourites.openapi';
import { renderFavouriteList, renderFavouriteState } from './favourites.resource';
import { favouriteState, forgetFavourite, listFavouritesOf, saveFavourite } from './favourites.service';

/** A signed-in user's saved cleaners (docs/product/discovery.md; signed-out users keep the heart local). */
export const favouritesRoutes = new Hono<AppEnv>()
  .get(...endpoint(api.listFavourites), async (c) =>
    c.json(renderFavouriteList(c.get('operations'), await listFavouritesOf(c.get('deps'), c.get('actor')))),
  )
  .get(...endpoint(api.getFavourite), async (c) => {
    const { cleanerId } = inputOf(c, api.getFavourite).param;
    const saved = await favouriteState(c.get('deps'), c.get('actor'), cleanerId);
    return c.json(renderFavouriteState(c.get('operations'), cleanerId, saved));
  })
  .put(...endpoint(api.addFavourite), async (c) => {
    const { cleanerId } = inputOf(c, api.addFavourite).param;
    await saveFavourite(c.get('deps'), c.get('actor'), cleanerId);
    return c.json(renderFavouriteState(c.get('operations'), cleanerId, true));
  })
  .delete(...endpoint(api.removeFavourite), async (c) => {
    const { cleanerId } = inputOf(c, api.removeFavourite).param;
    await forgetFavourite(c.get('deps'), c.get('actor'), cleanerId);
    return c.json(renderFavouriteState(c.get('operations'), cleanerId, false));
  });
