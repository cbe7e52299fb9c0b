import { Hono } from 'hono';
import { endpoint, inputOf } from '../contract/operations';
import type { AppEnv } from '../deps';
import { servicesApi as api } from './catalog.openapi';
import { renderService, renderServiceList } from './catalog.resource';
import { getService, listServices } from './catalog.service';

export const servicesRoutes = new Hono<AppEnv>()
  .get(...endpoint(api.listServices), async (c) =>
    c.json(renderServiceList(c.get('operations'), await listServices(c.get('deps'), c.get('actor')))),
  )
  .get(...endpoint(api.getService), async (c) => {
    const { id } = inputOf(c, api.getService).param;
    return c.json(renderService(c.get('operations'), await getService(c.get('deps'), c.get('actor'), id)));
  });
