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
    tags: ['services'],
    access: 'public',
    responses: {
      200: { description: 'The service', schema: Service },
      404: { description: 'No such service' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
});
