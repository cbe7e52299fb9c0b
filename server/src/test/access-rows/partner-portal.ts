import { partnerInvites, partnerMembers, partners, users } from '../../db/schema';
import { sha256Hex } from '../../lib/digest';
import type { World } from '../access-fixtures';
import { all, partnerPeopleOnly, type Row, usersOnly } from './row';

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

let madeCount = 0;
/** A pending invitation of the portal's partner, made for the request (a revoke removes its own). */
async function newInvite(f: World, tokenHash?: string): Promise<number> {
  const n = ++madeCount;
  const partnerId = await portalPartner(f);
  const [row] = await f.ctx.database.write((tx) =>
    tx
      .insert(partnerInvites)
      .values({
        partnerId,
        email: `invited-${n}@portal.example`,
        tokenHash: tokenHash ?? `matrix-invite-${n}`,
        expiresAt: new Date(f.ctx.clock.now().getTime() + 86_400_000),
      })
      .returning({ id: partnerInvites.id }),
  );
  return row?.id as number;
}

/** One of the portal partner's people (an account of their own), made for the request. */
async function newMember(f: World): Promise<number> {
  const n = ++madeCount;
  const partnerId = await portalPartner(f);
  return f.ctx.database.write(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email: `member-${n}@portal.example`, firstName: 'Mia', passwordHash: 'x' })
      .returning({ id: users.id });
    const [member] = await tx
      .insert(partnerMembers)
      .values({ partnerId, userId: user?.id as number })
      .returning({ id: partnerMembers.id });
    return member?.id as number;
  });
}

/** A real invitation's token, for the preview every holder may read. */
const PREVIEWED_INVITE = 'matrix-portal-invitation-previewed-0123456789';
let previewed: Promise<number> | undefined;

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
  resendPartnerInvite: {
    request: async (f) => ({ path: `${await base(f)}/invites/${await newInvite(f)}/resend` }),
    expect: partnerPeopleOnly(200),
  },
  revokePartnerInvite: {
    request: async (f) => ({ path: `${await base(f)}/invites/${await newInvite(f)}` }),
    expect: partnerPeopleOnly(200),
  },
  removePartnerMember: {
    // One of its people: an administrator may remove anyone; nobody else knows the partner.
    request: async (f) => ({ path: `${await base(f)}/members/${await newMember(f)}` }),
    expect: partnerPeopleOnly(204),
  },
  // The holder of a good link, signed in or not, learns the partner's name (and nothing else).
  previewPartnerInvite: {
    request: async (f) => {
      previewed ??= newInvite(f, sha256Hex(PREVIEWED_INVITE));
      await previewed;
      return { path: '/api/partner-invites/preview', body: { token: PREVIEWED_INVITE } };
    },
    expect: all(200),
  },
  'previewPartnerInvite:forged': {
    request: () => ({ path: '/api/partner-invites/preview', body: { token: 'never-issued-invitation-0123456789' } }),
    expect: all(404),
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
