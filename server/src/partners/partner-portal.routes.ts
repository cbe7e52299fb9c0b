import { type Context, Hono } from 'hono';
import { endpoint, inputOf } from '../contract/operations';
import type { AppEnv } from '../deps';
import {
  acceptPartnerInvite,
  invitePartnerMember,
  previewPartnerInvite,
  removePartnerMember,
  resendPartnerInvite,
  revokePartnerInvite,
} from './partner-people.service';
import { partnerPortalApi as api } from './partner-portal.openapi';
import {
  renderInvitePreview,
  renderPartnerBooking,
  renderPartnerBookingPage,
  renderPortal,
  renderPortalList,
  renderStatement,
  renderStatementList,
} from './partner-portal.resource';
import {
  myPartners,
  partnerBooking,
  partnerBookings,
  partnerStatement,
  partnerStatements,
  portalOverview,
  rotatePortalKey,
  updatePortalOrigins,
} from './partner-portal.service';
import { mintPreviewKey } from './preview-keys';

/** The portal as its answer shows it now (after a change, read again). */
async function portal(c: Context<AppEnv>, id: number) {
  const deps = c.get('deps');
  const overview = await portalOverview(deps, c.get('actor'), id);
  return renderPortal(c.get('operations'), overview, await mintPreviewKey(deps, id));
}

/** A partner's own portal (decision 081). */
export const partnerPortalRoutes = new Hono<AppEnv>()
  .get(...endpoint(api.listMyPartners), async (c) =>
    c.json(renderPortalList(c.get('operations'), await myPartners(c.get('deps'), c.get('actor')))),
  )
  .post(...endpoint(api.acceptPartnerInvite), async (c) => {
    await acceptPartnerInvite(c.get('deps'), c.get('actor'), inputOf(c, api.acceptPartnerInvite).json.token);
    return c.json(renderPortalList(c.get('operations'), await myPartners(c.get('deps'), c.get('actor'))));
  })
  .post(...endpoint(api.previewPartnerInvite), async (c) => {
    const { token } = inputOf(c, api.previewPartnerInvite).json;
    const preview = await previewPartnerInvite(c.get('deps'), c.get('actor'), token);
    return c.json(renderInvitePreview(c.get('operations'), preview));
  })
  .get(...endpoint(api.getPartnerPortal), async (c) =>
    c.json(await portal(c, inputOf(c, api.getPartnerPortal).param.id)),
  )
  .put(...endpoint(api.updatePartnerOrigins), async (c) => {
    const input = inputOf(c, api.updatePartnerOrigins);
    await updatePortalOrigins(c.get('deps'), c.get('actor'), input.param.id, input.json.allowedOrigins);
    return c.json(await portal(c, input.param.id));
  })
  .post(...endpoint(api.rotatePartnerKey), async (c) => {
    const input = inputOf(c, api.rotatePartnerKey);
    await rotatePortalKey(c.get('deps'), c.get('actor'), input.param.id, input.json.graceHours);
    return c.json(await portal(c, input.param.id));
  })
  .post(...endpoint(api.invitePartnerMember), async (c) => {
    const input = inputOf(c, api.invitePartnerMember);
    await invitePartnerMember(c.get('deps'), c.get('actor'), input.param.id, input.json.email);
    return c.json(await portal(c, input.param.id), 201);
  })
  .post(...endpoint(api.resendPartnerInvite), async (c) => {
    const { id, inviteId } = inputOf(c, api.resendPartnerInvite).param;
    await resendPartnerInvite(c.get('deps'), c.get('actor'), id, inviteId);
    return c.json(await portal(c, id));
  })
  .delete(...endpoint(api.revokePartnerInvite), async (c) => {
    const { id, inviteId } = inputOf(c, api.revokePartnerInvite).param;
    await revokePartnerInvite(c.get('deps'), c.get('actor'), id, inviteId);
    return c.json(await portal(c, id));
  })
  .delete(...endpoint(api.removePartnerMember), async (c) => {
    const { id, memberId } = inputOf(c, api.removePartnerMember).param;
    await removePartnerMember(c.get('deps'), c.get('actor'), id, memberId);
    return c.body(null, 204);
  })
  .get(...endpoint(api.listPartnerBookings), async (c) => {
    const input = inputOf(c, api.listPartnerBookings);
    const page = await partnerBookings(c.get('deps'), c.get('actor'), input.param.id, input.query);
    return c.json(renderPartnerBookingPage(c.get('operations'), input.param.id, page));
  })
  .get(...endpoint(api.getPartnerBooking), async (c) => {
    const { id, bookingId } = inputOf(c, api.getPartnerBooking).param;
    const row = await partnerBooking(c.get('deps'), c.get('actor'), id, bookingId);
    return c.json(renderPartnerBooking(c.get('operations'), id, row));
  })
  .get(...endpoint(api.listPartnerStatements), async (c) => {
    const { id } = inputOf(c, api.listPartnerStatements).param;
    return c.json(
      renderStatementList(c.get('operations'), id, await partnerStatements(c.get('deps'), c.get('actor'), id)),
    );
  })
  .get(...endpoint(api.getPartnerStatement), async (c) => {
    const { id, month } = inputOf(c, api.getPartnerStatement).param;
    return c.json(
      renderStatement(c.get('operations'), id, await partnerStatement(c.get('deps'), c.get('actor'), id, month)),
    );
  });
