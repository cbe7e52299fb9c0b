import type { Service } from '@spotless/sdk/schemas';
import { type Actor, requirePublic } from '../contract/actor';
import { notFound } from '../contract/errors';
import type { Data } from '../contract/hypermedia';
import type { Deps } from '../deps';
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
