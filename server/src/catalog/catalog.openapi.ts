import { IdParam, Service, ServiceList } from '@spotless/sdk/schemas';
import { z } from 'zod';
import { defineOperations } from '../contract/operations';

/** The services operations: what each one is, who may call it and what it answers (OpenAPI, links and actions come from here). */
export const servicesApi = defineOperations({
  listServices: {
    method: 'get',
    path: '/services',
    security: 'public',
    partners: true,
    summary: 'List the services customers can book',
    description:
      "Every cleaning service customers can book now: its name, description, kind, category, base price and length in minutes. A booking costs the cleaner's hourly rate for its length, never less than the service's base price.",
    tags: ['services'],
    access: 'public',
    responses: { 200: { description: 'Every active service', schema: ServiceList } },
  },
  getService: {
    method: 'get',
    path: '/services/:id',
    security: 'public',
    partners: true,
    summary: 'One service',
    description: 'One bookable service: its name, description, kind, category, base price and length in minutes.',
    tags: ['services'],
    access: 'public',
    responses: {
      200: { description: 'The service', schema: Service },
      404: { description: 'No such service' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
});
