import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import { type Actor, forbidden, requirePerson, requirePersonWriting } from '../contract/actor';
import { AppError, notFound } from '../contract/errors';
import { partnerInvites, partnerMembers, partners, users } from '../db/schema';
import type { Deps } from '../deps';
import { enqueueNotification } from '../notifications/outbox';
import { partnerInviteEmail } from '../notifications/partner-emails';
import { siteOf } from '../notifications/site';
import {
  commissionRows,
  findPartnerBooking,
  partnerBookingPage,
  partnerStatementLines,
} from './partner-portal.queries';
import { findPartner } from './partners.queries';
import { newPublishableKey } from './publishable-keys';

/**
 * A partner's own portal (decision 081). Its people are signed-in users who are members of the
 * partner: a role derived from data, as a cleaner's is from their profile (decision 007). They read
 * the bookings the partner's widgets brought (guests' personal data left out), its commission and
 * statements, and manage its allowed origins, its key and its webhooks. An administrator may do
 * everything a member may; anyone else is told the partner does not exist.
 */

type PortalDeps = Pick<Deps, 'database' | 'clock' | 'config'> & Partial<Pick<Deps, 'requestUrl'>>;

/** Who acts on a partner's behalf: one of its people, or an administrator. */
export interface PartnerManager {
  userId: number | null;
  role: 'partner' | 'admin';
}

/** How long an invitation may be accepted. */
export const INVITE_DAYS = 7;
/** The longest a rotated key keeps working (a week: time to change every page's tag). */
export const MAX_GRACE_HOURS = 168;

/**
 * The caller may act for partner `partnerId`: an administrator, or a member of it. 401 signed
 * out; 404 for anyone else (the partner is not theirs to know of); a write refuses the assistant.
 */
export async function requirePartnerMember(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
  partnerId: number,
  intent: 'read' | 'write' = 'read',
): Promise<PartnerManager> {
  if (intent === 'write' && actor.kind === 'assistant') {
    throw forbidden('Forbidden: the assistant does not change anything for you');
  }
  if (actor.kind === 'admin') return { userId: actor.adminUserId, role: 'admin' };
  const person = intent === 'write' ? requirePersonWriting(actor) : requirePerson(actor);
  const member = await deps.database.db
    .select({ id: partnerMembers.id })
    .from(partnerMembers)
    .where(and(eq(partnerMembers.partnerId, partnerId), eq(partnerMembers.userId, person.userId)))
    .get();
  if (!member) throw notFound('Partner');
  return { userId: person.userId, role: 'partner' };
}

/** The partners whose portal the signed-in person may open (their memberships). */
export async function myPartners(deps: Pick<Deps, 'database'>, actor: Actor) {
  const person = requirePerson(actor);
  return deps.database.db
    .select({ id: partners.id, name: partners.name })
    .from(partnerMembers)
    .innerJoin(partners, eq(partners.id, partnerMembers.partnerId))
    .where(eq(partnerMembers.userId, person.userId))
    .orderBy(partners.name);
}

export function auditAs(manager: PartnerManager) {
  return { actorUserId: manager.userId, actorRole: manager.role };
}

/** The partner's portal overview: its key (and the previous one in its grace), origins, rate, people. */
export async function portalOverview(deps: PortalDeps, actor: Actor, partnerId: number) {
  const manager = await requirePartnerMember(deps, actor, partnerId);
  const partner = await findPartner(deps.database.db, partnerId);
  if (!partner) throw notFound('Partner');
  const members = await deps.database.db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(partnerMembers)
    .innerJoin(users, eq(users.id, partnerMembers.userId))
    .where(eq(partnerMembers.partnerId, partnerId))
    .orderBy(partnerMembers.id);
  const now = deps.clock.now();
  const graceLeft = partner.previousKeyExpiresAt && partner.previousKeyExpiresAt > now;
  return {
    manager,
    partner: {
      id: partner.id,
      name: partner.name,
      publishableKey: partner.publishableKey,
      previousKey: graceLeft ? partner.previousKey : null,
      previousKeyExpiresAt: graceLeft ? partner.previousKeyExpiresAt : null,
      allowedOrigins: partner.allowedOrigins,
      commissionRateBps: partner.commissionRateBps,
      isActive: partner.isActive,
    },
    members,
  };
}

/** The partner's own origins, replaced (the same patterns as an administrator's form); audited. */
export async function updatePortalOrigins(
  deps: PortalDeps,
  actor: Actor,
  partnerId: number,
  allowedOrigins: string[],
): Promise<void> {
  const manager = await requirePartnerMember(deps, actor, partnerId, 'write');
  const now = deps.clock.now();
  const origins = [...new Set(allowedOrigins)];
  await deps.database.write(async (tx) => {
    await tx.update(partners).set({ allowedOrigins: origins, updatedAt: now }).where(eq(partners.id, partnerId));
    await recordAudit(tx, {
      createdAt: now,
      ...auditAs(manager),
      action: 'partner.origins_changed',
      entityType: 'partner',
      entityId: String(partnerId),
      details: { allowedOrigins: origins },
    });
  });
}

/**
 * A new key for the partner's tags; the old one keeps working for `graceHours` (0: stops at once),
 * so the pages that carry it can be changed first. A key rotated before its grace ended is gone.
 */
export async function rotatePortalKey(
  deps: PortalDeps,
  actor: Actor,
  partnerId: number,
  graceHours: number,
): Promise<void> {
  const manager = await requirePartnerMember(deps, actor, partnerId, 'write');
  const now = deps.clock.now();
  await deps.database.write(async (tx) => {
    const partner = await findPartner(tx, partnerId);
    if (!partner) throw notFound('Partner');
    await tx
      .update(partners)
      .set({
        publishableKey: newPublishableKey(),
        previousKey: graceHours > 0 ? partner.publishableKey : null,
        previousKeyExpiresAt: graceHours > 0 ? new Date(now.getTime() + graceHours * 3_600_000) : null,
        updatedAt: now,
      })
      .where(eq(partners.id, partnerId));
    await recordAudit(tx, {
      createdAt: now,
      ...auditAs(manager),
      action: 'partner.key_rotated',
      entityType: 'partner',
      entityId: String(partnerId),
      details: { graceHours },
    });
  });
}

const hashOf = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

/**
 * Invites someone to the partner's portal by e-mail (an administrator the first one, any member
 * their colleagues): a single-use link, good for `INVITE_DAYS`, that joins the account it is opened
 * with to the partner.
 */
export async function invitePartnerMember(
  deps: PortalDeps,
  actor: Actor,
  partnerId: number,
  email: string,
): Promise<{ email: string; expiresAt: Date }> {
  const manager = await requirePartnerMember(deps, actor, partnerId, 'write');
  const partner = await findPartner(deps.database.db, partnerId);
  if (!partner) throw notFound('Partner');
  const now = deps.clock.now();
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  const token = encodeBase32LowerCaseNoPadding(bytes);
  const expiresAt = new Date(now.getTime() + INVITE_DAYS * 86_400_000);
  const address = email.trim().toLowerCase();
  await deps.database.write(async (tx) => {
    await tx.insert(partnerInvites).values({
      partnerId,
      email: address,
      tokenHash: hashOf(token),
      invitedByUserId: manager.userId,
      expiresAt,
      createdAt: now,
    });
    await recordAudit(tx, {
      createdAt: now,
      ...auditAs(manager),
      action: 'partner.member_invited',
      entityType: 'partner',
      entityId: String(partnerId),
      details: { email: address },
    });
    await enqueueNotification(tx, now, {
      type: 'partner_invite',
      recipientEmail: address,
      ...partnerInviteEmail(siteOf(deps), { partnerName: partner.name, token, days: INVITE_DAYS }),
    });
  });
  return { email: address, expiresAt };
}

/**
 * Accepts an invitation as the signed-in person: they become a member of its partner. A token
 * that is unknown, used or past its date is 404 — it says nothing about the partner.
 */
export async function acceptPartnerInvite(
  deps: PortalDeps,
  actor: Actor,
  token: string,
): Promise<{ partnerId: number }> {
  const person = requirePersonWriting(actor);
  const now = deps.clock.now();
  const joined = await deps.database.write(async (tx) => {
    const [invite] = await tx
      .update(partnerInvites)
      .set({ acceptedAt: now, acceptedByUserId: person.userId })
      .where(
        and(
          eq(partnerInvites.tokenHash, hashOf(token)),
          isNull(partnerInvites.acceptedAt),
          gt(partnerInvites.expiresAt, now),
        ),
      )
      .returning({ partnerId: partnerInvites.partnerId, invitedBy: partnerInvites.invitedByUserId });
    if (!invite) return null;
    await tx
      .insert(partnerMembers)
      .values({ partnerId: invite.partnerId, userId: person.userId, invitedByUserId: invite.invitedBy, createdAt: now })
      .onConflictDoNothing();
    await recordAudit(tx, {
      createdAt: now,
      actorUserId: person.userId,
      actorRole: 'partner',
      action: 'partner.member_joined',
      entityType: 'partner',
      entityId: String(invite.partnerId),
      details: {},
    });
    return invite.partnerId;
  });
  if (joined === null) throw new AppError(404, 'not_found', 'This invitation is not valid: ask for a new one');
  return { partnerId: joined };
}

/** The portal's recent invitations, for its people to see who was asked. */
export async function pendingInvites(deps: Pick<Deps, 'database' | 'clock'>, partnerId: number) {
  return deps.database.db
    .select({ email: partnerInvites.email, expiresAt: partnerInvites.expiresAt })
    .from(partnerInvites)
    .where(
      and(
        eq(partnerInvites.partnerId, partnerId),
        isNull(partnerInvites.acceptedAt),
        gt(partnerInvites.expiresAt, deps.clock.now()),
      ),
    )
    .orderBy(desc(partnerInvites.id))
    .limit(20);
}

/** A page of the bookings the partner's widgets brought, newest first (nothing of the guest's). */
export async function partnerBookings(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
  partnerId: number,
  query: { page: number; pageSize: number },
) {
  await requirePartnerMember(deps, actor, partnerId);
  const { rows, total } = await partnerBookingPage(deps.database.db, partnerId, {
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return { rows, total, page: query.page, pageSize: query.pageSize };
}

/** One booking the partner's widgets brought (404 for any other). */
export async function partnerBooking(deps: Pick<Deps, 'database'>, actor: Actor, partnerId: number, bookingId: number) {
  await requirePartnerMember(deps, actor, partnerId);
  const row = await findPartnerBooking(deps.database.db, partnerId, bookingId);
  if (!row) throw notFound('Booking');
  return row;
}

/** The partner's commission per month: accrued, paid out, payable. */
export async function partnerStatements(deps: Pick<Deps, 'database'>, actor: Actor, partnerId: number) {
  await requirePartnerMember(deps, actor, partnerId);
  return commissionRows(deps.database.db, partnerId);
}

/** One month's statement: its totals and every line of the partner's account that month. */
export async function partnerStatement(deps: Pick<Deps, 'database'>, actor: Actor, partnerId: number, month: string) {
  await requirePartnerMember(deps, actor, partnerId);
  const lines = await partnerStatementLines(deps.database.db, partnerId, month);
  let accruedCents = 0;
  let paidCents = 0;
  for (const line of lines) {
    if (line.kind === 'payout' || line.kind === 'reversal') paidCents -= line.cents;
    else accruedCents += line.cents;
  }
  return { month, accruedCents, paidCents, lines };
}
