import { z } from 'zod';

/** The signed-in user's favourite cleaners. */
export const FavouriteList = z
  .object({ items: z.array(z.object({ cleanerId: z.number().int(), createdAt: z.string() })), total: z.number().int() })
  .meta({ id: 'FavouriteList' });
export type FavouriteList = z.infer<typeof FavouriteList>;

export const FavouriteState = z
  .object({ cleanerId: z.number().int(), favourite: z.boolean() })
  .meta({ id: 'FavouriteState' });
export type FavouriteState = z.infer<typeof FavouriteState>;
