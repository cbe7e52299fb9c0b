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
    tags: ['favourites'],
    access: 'customer',
    responses: {
      200: { description: 'Removed (or was not saved)', schema: FavouriteState },
    },
    request: { param: cleanerParam },
  },
});
