/**
 * What a cleaner offers (docs/product/discovery.md; decision 071): the services of category
 * residential, the commercial ones when the cleaner offers commercial cleaning, and any whose type is
 * among the cleaner's service types. A cleaner with no service types offers nothing yet (the server
 * refuses to book them: `no_services`). One rule for every side: the server books and reschedules by
 * it and lists the `book` action's services by it; the profile, the booking page and the booking
 * widget show its list; the assistant may call it.
 */

/** The facts of a cleaner the rule reads. */
export interface ServiceOfferer {
  serviceTypes: readonly string[];
}

/** The facts of a service the rule reads. */
export interface OfferableService {
  type: string;
  category: string;
}

/** Whether `cleaner` offers `service`. */
export function offersService(cleaner: ServiceOfferer, service: OfferableService): boolean {
  if (cleaner.serviceTypes.length === 0) return false;
  return (
    service.category === 'residential' ||
    (service.category === 'commercial' && cleaner.serviceTypes.includes('commercial')) ||
    cleaner.serviceTypes.includes(service.type)
  );
}

/** The services of `services` that `cleaner` offers, in their order. */
export function servicesOffered<S extends OfferableService>(cleaner: ServiceOfferer, services: readonly S[]): S[] {
  return services.filter((service) => offersService(cleaner, service));
}

/** The refusal of a service the cleaner does not offer: the same words on the server and the page. */
export function serviceNotOfferedMessage(serviceName: string): string {
  return `This cleaner does not offer ${serviceName}: please choose one of their services`;
}
