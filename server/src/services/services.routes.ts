import { Hono } from 'hono';
import type { AppEnv } from '../deps';
import { notFound } from '../lib/errors';
import { endpoint, inputOf } from '../lib/operations';
import { servicesApi as api } from './services.openapi';
import { findService, listActiveServices, toServiceDto } from './services.queries';
import { renderService, renderServiceList } from './services.resource';

export const servicesRoutes = new Hono<AppEnv>()
  .get(...endpoint(api.listServices), async (c) => {
    const rows = await listActiveServices(c.var.deps.database.db);
    return c.json(renderServiceList(c.var.operations, rows.map(toServiceDto)));
  })
  .get(...endpoint(api.getService), async (c) => {
    const row = await findService(c.var.deps.database.db, inputOf(c, api.getService).param.id);
    if (!row?.isActive) throw notFound('Service');
    return c.json(renderService(c.var.operations, toServiceDto(row)));
  });
