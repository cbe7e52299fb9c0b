import { IdParam, Service, ServiceList } from '@spotless/sdk/schemas';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../deps';
import { notFound } from '../lib/errors';
import { describe } from '../lib/openapi';
import { valid } from '../lib/validate';
import { findService, listActiveServices, toServiceDto } from './services.queries';
import { renderService, renderServiceList } from './services.resource';

export const servicesRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describe({
      operationId: 'listServices',
      security: 'public',
      summary: 'List the services customers can book',
      tags: ['services'],
      access: 'public',
      responses: { 200: { description: 'Every active service', schema: ServiceList } },
    }),
    async (c) => {
      const rows = await listActiveServices(c.var.deps.database.db);
      return c.json(renderServiceList(c.var.operations, rows.map(toServiceDto)));
    },
  )
  .get(
    '/:id',
    describe({
      operationId: 'getService',
      security: 'public',
      summary: 'One service',
      tags: ['services'],
      access: 'public',
      responses: {
        200: { description: 'The service', schema: Service },
        400: { description: 'The id is not a positive integer' },
        404: { description: 'No such service' },
      },
    }),
    valid('param', z.object({ id: IdParam })),
    async (c) => {
      const row = await findService(c.var.deps.database.db, c.req.valid('param').id);
      if (!row?.isActive) throw notFound('Service');
      return c.json(renderService(c.var.operations, toServiceDto(row)));
    },
  );
