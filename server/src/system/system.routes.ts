import { Hono } from 'hono';
import { linkTo } from '../contract/hypermedia';
import { endpoint } from '../contract/operations';
import type { AppEnv } from '../deps';
import { systemApi as api } from './system.openapi';
import { renderRoot } from './system.resource';
import { checkReadiness, rootFacts } from './system.service';

export const systemRoutes = new Hono<AppEnv>()
  .get(...endpoint(api.getApiRoot), async (c) =>
    c.json(renderRoot(c.get('operations'), await rootFacts(c.get('deps'), c.get('actor')))),
  )
  .get(...endpoint(api.getHealth), (c) =>
    c.json({ status: 'ok' as const, links: { self: linkTo(c.get('operations'), 'getHealth') } }),
  )
  .get(...endpoint(api.getReadiness), async (c) => {
    await checkReadiness(c.get('deps'), c.get('actor'));
    return c.json({ status: 'ok' as const, links: { self: linkTo(c.get('operations'), 'getReadiness') } });
  });
