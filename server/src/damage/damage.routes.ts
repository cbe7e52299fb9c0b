import { Hono } from 'hono';
import { endpoint, inputOf } from '../contract/operations';
import type { AppEnv } from '../deps';
import { photoHeaders, readPhotoUpload } from '../files/photos';
import { throttleUpload } from '../rate-limits/rate-limit';
import { damageApi as api } from './damage.openapi';
import { renderDamageReport, renderDamageReportList } from './damage.resource';
import { getDamageReport, listDamageReports, reportDamage, resolveDamageReport } from './damage.service';
import { addDamageReportPhotos, DAMAGE_PHOTOS, openDamageReportPhoto } from './damage-photos.service';

export const damageRoutes = new Hono<AppEnv>()
  .post(...endpoint(api.reportDamage), async (c) => {
    const input = inputOf(c, api.reportDamage);
    const report = await reportDamage(c.get('deps'), c.get('actor'), input.param.id, input.json);
    return c.json(renderDamageReport(c.get('operations'), report), 201);
  })
  .post(...endpoint(api.addDamageReportPhotos), async (c) => {
    const { id } = inputOf(c, api.addDamageReportPhotos).param;
    const deps = c.get('deps');
    const answer = await addDamageReportPhotos(deps, c.get('actor'), id, async (slots) => {
      await throttleUpload(c);
      return readPhotoUpload(c.req.raw, {
        owner: DAMAGE_PHOTOS,
        slots,
        images: deps.images,
        idleMs: deps.config.bodyIdleTimeoutMs,
      });
    });
    return c.json(renderDamageReport(c.get('operations'), answer), 201);
  })
  .get(...endpoint(api.getDamageReportPhoto), async (c) => {
    const { id, photoId } = inputOf(c, api.getDamageReportPhoto).param;
    const photo = await openDamageReportPhoto(c.get('deps'), c.get('actor'), id, photoId);
    return c.body(photo.body, 200, photoHeaders(photo, 'private'));
  })
  .get(...endpoint(api.listDamageReports), async (c) =>
    c.json(renderDamageReportList(c.get('operations'), await listDamageReports(c.get('deps'), c.get('actor')))),
  )
  .get(...endpoint(api.getDamageReport), async (c) =>
    c.json(
      renderDamageReport(
        c.get('operations'),
        await getDamageReport(c.get('deps'), c.get('actor'), inputOf(c, api.getDamageReport).param.id),
      ),
    ),
  )
  .post(...endpoint(api.resolveDamageReport), async (c) => {
    const input = inputOf(c, api.resolveDamageReport);
    const report = await resolveDamageReport(c.get('deps'), c.get('actor'), input.param.id, input.json);
    return c.json(renderDamageReport(c.get('operations'), report));
  });
