import { FavouriteList, FavouriteState, IdParam } from '@spotless/sdk/schemas';
import { z } from 'zod';
import { defineOperations } from '../contract/operations';

export const cleanerParam = z.object({ cleanerId: IdParam });

/** The favourites operations: what each one is, who may call it and what it answers (OpenAPI, links and actions come from here). */
export const favouritesApi = defineOperations({
  listFavourites: {
    method: 'get',
    path: '/favourites',
    security: 'user',
    summary: 'The signed-in user’s favourite cleaners',
    description: 'The ids of the cleaners the signed-in customer has saved, most recently saved first.',
    tags: ['favourites'],
    access: 'customer',
    responses: {
      200: { description: 'Favourite cleaner ids, newest first', schema: FavouriteList },
    },
  },
  getFavourite: {
    method: 'get',
    path: '/favourites/:cleanerId',
    security: 'user',
    summary: 'Whether a cleaner is among the signed-in user’s favourites',
    description:
      "Whether a cleaner is among the signed-in customer's favourites, with the one action that toggles it (`add` or `remove`).",
    tags: ['favourites'],
    access: 'customer',
    responses: {
      200: { description: 'The state, with the action that toggles it', schema: FavouriteState },
      404: { description: 'No such cleaner' },
    },
    request: { param: cleanerParam },
  },
  addFavourite: {
    method: 'put',
    path: '/favourites/:cleanerId',
    security: 'user',
    summary: 'Save a cleaner to favourites (idempotent)',
    description:
      "Saves a cleaner to the signed-in customer's favourites. Saving one already saved changes nothing and answers the same.",
    tags: ['favourites'],
    access: 'customer',
    responses: {
      200: { description: 'Saved', schema: FavouriteState },
      404: { description: 'No such cleaner' },
    },
    request: { param: cleanerParam },
  },
  removeFavourite: {
    method: 'delete',
    path: '/favourites/:cleanerId',
    security: 'user',
    summary: 'Remove a cleaner from favourites (idempotent)',
    description:
      "Removes a cleaner from the signed-in customer's favourites. Removing one that is not saved changes nothing and answers the same.",
    tags: ['favourites'],
    access: 'customer',
    responses: {
      200: { description: 'Removed (or was not saved)', schema: FavouriteState },
    },
    request: { param: cleanerParam },
  },
});
