import { z } from 'zod';
import { actionOf, linkTo } from './hypermedia';

const FavouriteLinks = z.object({ self: linkTo('getFavourite'), cleaner: linkTo('getCleaner') });

/** The signed-in user's favourite cleaners. */
export const FavouriteList = z
  .object({
    items: z.array(
      z.object({
        cleanerId: z.number().int(),
        createdAt: z.string(),
        links: FavouriteLinks,
        actions: z.object({ remove: actionOf('remove', 'DELETE', 'removeFavourite') }),
      }),
    ),
    total: z.number().int(),
    links: z.object({ self: linkTo('listFavourites') }),
  })
  .meta({ id: 'FavouriteList' });
export type FavouriteList = z.infer<typeof FavouriteList>;

export const FavouriteState = z
  .object({
    cleanerId: z.number().int(),
    favourite: z.boolean(),
    links: FavouriteLinks,
    actions: z.object({
      add: actionOf('add', 'PUT', 'addFavourite').optional(),
      remove: actionOf('remove', 'DELETE', 'removeFavourite').optional(),
    }),
  })
  .meta({ id: 'FavouriteState' });
export type FavouriteState = z.infer<typeof FavouriteState>;
