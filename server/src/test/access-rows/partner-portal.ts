import { partners } from '../../db/schema';
import type { World } from '../access-fixtures';
import { partnerPeopleOnly, type Row, usersOnly } from './row';

/**
 * A partner's own portal (decision 081): its people and administrators. The changes go to a
 * partner of their own, so rotating its key or changing its origins moves nothing the matrix's
 * partner keys use.
 */

let made: Promise<number> | undefined;
const portalPartner = (f: World) => {
  made ??= f.ctx.database
    .write((tx) =>
      tx
        .insert(partners)
        .values({ name: 'Matrix Portal Realty', publishableKey: 'pk_matrixportal000000000000', allowedOrigins: [] })
        .returning({ id: partners.id }),
    )
    .then(([row]) => row?.id as number);
  return made;
};
const base = async (f: World) => `/api/partner-portal/${await portalPartner(f)}`;

export const PARTNER_PORTAL_ROWS: Record<string, Row> = {
  listMyPartners: { request: () => ({ path: '/api/partner-portal' }), expect: usersOnly(200) },
  getPartnerPortal: { request: async (f) => ({ path: await base(f) }), expect: partnerPeopleOnly(200) },
  updatePartnerOrigins: {
    request: async (f) => ({ path: `${await base(f)}/origins`, body: { allowedOrigins: ['https://portal.example'] } }),
    expect: partnerPeopleOnly(200),
  },
  rotatePartnerKey: {
    request: async (f) => ({ path: `${await base(f)}/key`, body: { graceHours: 1 } }),
    expect: partnerPeopleOnly(200),
    // The portal answer carries the keys: publishable, as on every partner's page.
  },
  invitePartnerMember: {
    request: async (f) => ({ path: `${await base(f)}/invites`, body: { email: 'colleague@portal.example' } }),
    expect: partnerPeopleOnly(201),
  },
  // A token nobody was sent: the signed-in are told it is not valid.
  acceptPartnerInvite: {
    request: () => ({ path: '/api/partner-invites/accept', body: { token: 'not-a-real-invitation-token' } }),
    expect: usersOnly(404),
  },
  listPartnerBookings: {
    request: async (f) => ({ path: `${await base(f)}/bookings` }),
    expect: partnerPeopleOnly(200),
  },
  getPartnerBooking: {
    // Partner one's guest booking, asked for under another partner's portal: not theirs.
    request: async (f) => ({ path: `${await base(f)}/bookings/${f.guestBookingId}` }),
    expect: partnerPeopleOnly(404),
  },
  listPartnerStatements: {
    request: async (f) => ({ path: `${await base(f)}/statements` }),
    expect: partnerPeopleOnly(200),
  },
  getPartnerStatement: {
    request: async (f) => ({ path: `${await base(f)}/statements/2027-06` }),
    expect: partnerPeopleOnly(200),
  },
};
