import type { Cleaner, Service } from '@spotless/sdk';

/**
 * The profile offers services (docs/product/discovery.md) in category residential, commercial ones
 * when the cleaner offers commercial cleaning, and any whose type is among the cleaner's service
 * types.
 */
export function availableServices(services: readonly Service[], cleaner: Pick<Cleaner, 'serviceTypes'>): Service[] {
  const types = new Set<string>(cleaner.serviceTypes);
  return services.filter(
    (service) =>
      service.category === 'residential' ||
      (service.category === 'commercial' && types.has('commercial')) ||
      types.has(service.type),
  );
}
