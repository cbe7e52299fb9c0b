import type { Service, ServiceList } from '@spotless/sdk/schemas';
import { type Data, linkTo, type Operations } from '../contract/hypermedia';

export function renderService(ops: Operations, service: Data<Service>): Service {
  return {
    ...service,
    links: { self: linkTo(ops, 'getService', { id: service.id }), services: linkTo(ops, 'listServices') },
    actions: {},
  };
}

export function renderServiceList(ops: Operations, services: Data<Service>[]): ServiceList {
  return {
    items: services.map((service) => renderService(ops, service)),
    total: services.length,
    links: { self: linkTo(ops, 'listServices') },
  };
}
