import { graceHoursText, MAX_GRACE_HOURS } from '@spotless/sdk/schemas';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import { type Actor, forbidden, requirePerson, requirePersonWriting } from '../contract/actor';
import { badRequest, notFound } from '../contract/errors';
import { partnerMembers, partners } from '../db/schema';
import type { Deps } from '../deps';
import {
  commissionRows,
  findPartnerBooking,
  partnerBookingPage,
  partnerStatementLines,
  pendingInviteRows,
  portalMemberRows,
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

/**
 * Whether `manager` may remove one of the partner's `memberCount` people: an administrator anyone;
 * one of its people anyone (themselves too) but the last, so a partner is never left with nobody.
 */
export const mayRemoveMember = (manager: PartnerManager, memberCount: number) =>
  manager.role === 'admin' || memberCount > 1;

/**
 * The partner's portal overview: its key (and the previous one in its grace), origins, rate, its
 * people (with what the caller may do to each) and its open invitations.
 */
export async function portalOverview(deps: PortalDeps, actor: Actor, partnerId: number) {
  const manager = await requirePartnerMember(deps, actor, partnerId);
  const partner = await findPartner(deps.database.db, partnerId);
  if (!partner) throw notFound('Partner');
  const now = deps.clock.now();
  const rows = await portalMemberRows(deps.database.db, partnerId);
  const removable = mayRemoveMember(manager, rows.length);
  const members = rows.map((m) => ({
    ...m,
    isYou: manager.role === 'partner' && m.userId === manager.userId,
    removable,
  }));
  const invites = await pendingInviteRows(deps.database.db, partnerId, now);
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
    invites,
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
  // As the schema cleans them (a caller other than the route gets the same): one spelling each.
  const origins = [...new Set(allowedOrigins.map((o) => o.trim().toLowerCase().replace(/\/+$/, '')))];
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
  if (!Number.isInteger(graceHours) || graceHours < 0 || graceHours > MAX_GRACE_HOURS) {
    throw badRequest('Invalid request body: graceHours', { graceHours: graceHoursText.invalid });
  }
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
