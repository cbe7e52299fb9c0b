import type { Service } from '../client/index';

/** The service kind a search's service type books: house cleaning is the regular clean. */
const KIND_OF_SEARCH: Record<string, Service['type']> = {
  residential: 'regular',
  deep: 'deep',
  moveout: 'moveout',
  commercial: 'commercial',
};

/**
 * The service a booking opens with, among those it offers: the one asked for by id (a proposal of
 * the assistant), else the first of the kind the visitor searched for (`serviceType`: a search's
 * `moveout` opens on move-out cleaning), else the first offered.
 */
export function defaultServiceId(
  services: readonly Pick<Service, 'id' | 'type'>[],
  wanted: { serviceId?: number | undefined; serviceType?: string | undefined },
): number | null {
  const kind = wanted.serviceType === undefined ? undefined : KIND_OF_SEARCH[wanted.serviceType];
  const chosen =
    services.find((s) => s.id === wanted.serviceId) ?? services.find((s) => kind !== undefined && s.type === kind);
  return (chosen ?? services[0])?.id ?? null;
}
