import type { FavouriteList, FavouriteState } from '@spotless/sdk/schemas';
import { actionTo, linkTo, type Operations } from '../contract/hypermedia';

const linksOf = (ops: Operations, cleanerId: number) => ({
  self: linkTo(ops, 'getFavourite', { cleanerId }),
  cleaner: linkTo(ops, 'getCleaner', { id: cleanerId }),
});

const removeAction = (ops: Operations, cleanerId: number) =>
  actionTo(ops, 'remove', 'removeFavourite', { title: 'Remove from Favourites', params: { cleanerId } }) as NonNullable<
    FavouriteState['actions']['remove']
  >;

export function renderFavouriteState(ops: Operations, cleanerId: number, favourite: boolean): FavouriteState {
  return {
    cleanerId,
    favourite,
    links: linksOf(ops, cleanerId),
    actions: favourite
      ? { remove: removeAction(ops, cleanerId) }
      : {
          add: actionTo(ops, 'add', 'addFavourite', {
            title: 'Save to Favourites',
            params: { cleanerId },
          }) as NonNullable<FavouriteState['actions']['add']>,
        },
  };
}

export function renderFavouriteList(
  ops: Operations,
  rows: Array<{ cleanerId: number; createdAt: Date }>,
): FavouriteList {
  return {
    items: rows.map((row) => ({
      cleanerId: row.cleanerId,
      createdAt: row.createdAt.toISOString(),
      links: linksOf(ops, row.cleanerId),
      actions: { remove: removeAction(ops, row.cleanerId) },
    })),
    total: rows.length,
    links: { self: linkTo(ops, 'listFavourites') },
  };
}
