import { Hono } from 'hono';
import { endpoint, inputOf } from '../contract/operations';
import type { AppEnv } from '../deps';
import { damageApi as api } from './damage.openapi';
import { renderDamageReport, renderDamageReportList } from './damage.resource';
import { getDamageReport, listDamageReports, reportDamage, resolveDamageReport } from './damage.service';

export const damageRoutes = new Hono<AppEnv>()
  .post(...endpoint(api.reportDamage), async (c) => {
    const input = inputOf(c, api.reportDamage);
    const report = await reportDamage(c.get('deps'), c.get('actor'), input.param.id, input.json);
    return c.json(renderDamageReport(c.get('operations'), report, false), 201);
  })
  .get(...endpoint(api.listDamageReports), async (c) =>
    c.json(renderDamageReportList(c.get('operations'), await listDamageReports(c.get('deps'), c.get('actor')))),
  )
  .get(...endpoint(api.getDamageReport), async (c) =>
    c.json(
      renderDamageReport(
        c.get('operations'),
        await getDamageReport(c.get('deps'), c.get('actor'), inputOf(c, api.getDamageReport).param.id),
        true,
      ),
    ),
  )
  .post(...endpoint(api.resolveDamageReport), async (c) => {
    const input = inputOf(c, api.resolveDamageReport);
    const report = await resolveDamageReport(c.get('deps'), c.get('actor'), input.param.id, input.json);
    return c.json(renderDamageReport(c.get('operations'), report, true));
  });
