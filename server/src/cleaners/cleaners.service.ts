import type { Cleaner, CleanerOverview, CleanerSearchQuery } from '@spotless/sdk/schemas';
import type { z } from 'zod';
import { listActiveServices } from '../catalog/catalog.queries';
import { type Actor, cleanerIdOf, isAdmin, personOf, requirePerson, requirePublic } from '../contract/actor';
import { AppError, notFound } from '../contract/errors';
import type { Data } from '../contract/hypermedia';
import type { Queryable } from '../db/client';
import type { Deps } from '../deps';
import { type SearchResult, searchCleaners } from '../search/search.queries';
import { searchCacheFor } from '../search/search-cache';
import { searchFactsOf } from '../search/search-facts.sync';
import { cleanerOverviewFigures, findActiveCleaner, findActiveCleanerByUser, toCleanerDto } from './cleaners.queries';
import { overviewOf } from './overview';

/**
 * Who looks at a cleaner, as far as what they may do to them: signed in or not, and which cleaner
 * they are themselves (nobody books themself).
 */
export interface CleanerViewer {
  userId: number | null;
  ownCleanerId: number | null;
  /** A partner's widget: it books as a guest (decision 049). */
  partner?: boolean;
}

export type BookRefusal = 'self' | 'no_services' | 'sign_in';

/**
 * The one rule for booking a cleaner: the cleaner offers at least one service type, nobody books
 * themself, and the booker is signed in or is a partner's guest (decision 049). `createBooking`
 * refuses by it; the `book` and `bookAsGuest` actions and the `book` page link are listed by it.
 */
export function bookRefusal(
  cleaner: { id: number; serviceTypes: readonly string[] },
  viewer: CleanerViewer,
): BookRefusal | null {
  if (viewer.ownCleanerId === cleaner.id) return 'self';
  if (cleaner.serviceTypes.length === 0) return 'no_services';
  if (viewer.userId === null && !viewer.partner) return 'sign_in';
  return null;
}

/** How an actor looks at cleaners: who they are, and which cleaner they are themselves. */
export function cleanerViewerOf(actor: Actor): CleanerViewer {
  return {
    userId: personOf(actor)?.userId ?? null,
    ownCleanerId: cleanerIdOf(actor),
    ...(actor.kind === 'partner' ? { partner: true } : {}),
  };
}

/** Viewers who see the same actions on every cleaner share cached search answers. */
export function audienceKey(viewer: CleanerViewer): string {
  if (viewer.partner) return 'partner';
  if (viewer.userId === null) return 'anonymous';
  return viewer.ownCleanerId === null ? 'customer' : `cleaner:${viewer.ownCleanerId}`;
}

/** The signed-in user's own active cleaner profile, or 404 `cleaner_profile_not_found` (docs/product/cleaners.md). */
async function ownCleanerId(db: Queryable, userId: number): Promise<number> {
  const own = await findActiveCleanerByUser(db, userId);
  if (!own) throw new AppError(404, 'cleaner_profile_not_found', 'Cleaner Profile Not Found');
  return own.id;
}

/** The cleaner dashboard's overview for the signed-in cleaner, from their bookings, payments and reviews. */
export async function cleanerOverview(deps: Pick<Deps, 'database'>, actor: Actor): Promise<Data<CleanerOverview>> {
  const { userId } = requirePerson(actor);
  const { db } = deps.database;
  const cleanerId = await ownCleanerId(db, userId);
  return overviewOf(cleanerId, await cleanerOverviewFigures(db, cleanerId));
}

/** A service of the catalogue as the cleaner's `book` actions list it (decision 071). */
export interface CatalogueEntry {
  id: number;
  name: string;
  type: string;
  category: string;
}

/** The bookable services, for listing what each cleaner offers (the rule is the SDK's `servicesOffered`). */
export async function catalogueOf(db: Queryable): Promise<CatalogueEntry[]> {
  return (await listActiveServices(db)).map(({ id, name, type, category }) => ({ id, name, type, category }));
}

/**
 * One active cleaner's public profile, with how this actor relates to them and the catalogue their
 * `book` action lists their services from; 404 otherwise. Administrators also see how many
 * confirmed jobs the cleaner withdrew from (decision 071).
 */
export async function getCleaner(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
  id: number,
): Promise<{ cleaner: Data<Cleaner>; viewer: CleanerViewer; catalogue: CatalogueEntry[] }> {
  requirePublic(actor);
  const { db } = deps.database;
  const [row, catalogue] = await Promise.all([findActiveCleaner(db, id), catalogueOf(db)]);
  if (!row) throw notFound('Cleaner');
  const cleaner = toCleanerDto(row);
  if (isAdmin(actor)) cleaner.withdrawals = row.withdrawnJobs;
  return { cleaner, viewer: cleanerViewerOf(actor), catalogue };
}

/**
 * The listing and the advanced search (decision 010), rendered by `render` and cached per
 * audience: what a cleaner offers depends on who looks (signed in, themself), so viewers who see
 * the same actions share answers. Answers the JSON text to send.
 */
export async function searchCleanersAnswer(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
  input: z.output<typeof CleanerSearchQuery>,
  render: (result: SearchResult, viewer: CleanerViewer, catalogue: CatalogueEntry[]) => unknown,
): Promise<string> {
  requirePublic(actor);
  const query = searchQueryOf(input);
  const { client } = deps.database;
  const cache = searchCacheFor(client);
  const viewer = cleanerViewerOf(actor);
  const compute = async () => {
    const [result, catalogue] = await Promise.all([
      searchCleaners(client, query, searchFactsOf(client)),
      catalogueOf(deps.database.db),
    ]);
    return JSON.stringify(render(result, viewer, catalogue));
  };
  const key = `${audienceKey(viewer)} ${JSON.stringify(query)}`;
  return cache.enabled ? cache.answers.getOrCompute(key, await cache.version.get(), compute) : compute();
}

/** The listing's `sort` is `sortBy`'s alias; `sortBy` wins. */
function searchQueryOf(input: z.output<typeof CleanerSearchQuery>) {
  const { sort, ...rest } = input;
  return { ...rest, sortBy: input.sortBy ?? sort };
}

/** The same search as `searchCleanersAnswer`, as data and uncached: what the assistant reads. */
export async function searchCleanersData(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
  input: z.output<typeof CleanerSearchQuery>,
): Promise<SearchResult> {
  requirePublic(actor);
  const { client } = deps.database;
  return searchCleaners(client, searchQueryOf(input), searchFactsOf(client));
}
