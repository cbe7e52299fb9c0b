import { Hono } from 'hono';
import { endpoint, inputOf } from '../contract/operations';
import type { AppEnv } from '../deps';
import { partnersApi as api } from './partners.openapi';
import { renderPartner, renderPartnerList } from './partners.resource';
import { createPartner, getPartner, listPartners, updatePartner } from './partners.service';

export const partnersRoutes = new Hono<AppEnv>()
  .get(...endpoint(api.listPartners), async (c) =>
    c.json(
      renderPartnerList(
        c.get('operations'),
        await listPartners(c.get('deps'), c.get('actor')),
        c.get('deps').config.platformFeeBps,
      ),
    ),
  )
  .post(...endpoint(api.createPartner), async (c) => {
    const partner = await createPartner(c.get('deps'), c.get('actor'), inputOf(c, api.createPartner).json);
    const body = renderPartner(c.get('operations'), partner, c.get('deps').config.platformFeeBps);
    return c.json(body, 201, { Location: body.links.self.href });
  })
  .get(...endpoint(api.getPartner), async (c) => {
    const { id } = inputOf(c, api.getPartner).param;
    return c.json(
      renderPartner(
        c.get('operations'),
        await getPartner(c.get('deps'), c.get('actor'), id),
        c.get('deps').config.platformFeeBps,
      ),
    );
  })
  .patch(...endpoint(api.updatePartner), async (c) => {
    const input = inputOf(c, api.updatePartner);
    return c.json(
      renderPartner(
        c.get('operations'),
        await updatePartner(c.get('deps'), c.get('actor'), input.param.id, input.json),
        c.get('deps').config.platformFeeBps,
      ),
    );
  });
