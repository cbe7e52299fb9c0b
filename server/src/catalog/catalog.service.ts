import type { Service } from '@spotless/sdk/schemas';
import type { Deps } from '../deps';
import { type Actor, requirePublic } from '../lib/actor';
import { notFound } from '../lib/errors';
import type { Data } from '../lib/hypermedia';
import { findService, listActiveServices, toServiceDto } from './catalog.queries';

type ServiceDeps = Pick<Deps, 'database'>;

/** The services customers can book: public. */
export async function listServices(deps: ServiceDeps, actor: Actor): Promise<Data<Service>[]> {
  requirePublic(actor);
  const rows = await listActiveServices(deps.database.db);
  return rows.map(toServiceDto);
}

/** One bookable service; 404 for a retired or unknown one. */
export async function getService(deps: ServiceDeps, actor: Actor, id: number): Promise<Data<Service>> {
  requirePublic(actor);
  const row = await findService(deps.database.db, id);
  if (!row?.isActive) throw notFound('Service');
  return toServiceDto(row);
}
