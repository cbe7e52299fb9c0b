import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import { type Actor, personOf, requirePersonWriting, requirePublicWriting } from '../contract/actor';
import { AppError, notFound } from '../contract/errors';
import type { Tx } from '../db/client';
import { partnerInvites, partnerMembers, partners, users } from '../db/schema';
import type { Deps } from '../deps';
import { sha256Hex } from '../lib/digest';
import { enqueueNotification, withdrawNotifications } from '../notifications/outbox';
import { partnerInviteEmail } from '../notifications/partner-emails';
import { siteOf } from '../notifications/site';
import { auditAs, mayRemoveMember, type PartnerManager, requirePartnerMember } from './partner-portal.service';
import { findPartner } from './partners.queries';

/**
 * A partner's people (decision 081): invitations by e-mail — one pending per address, resent or
 * revoked by its people — accepted as whoever is signed in, and members removed (never the last by
 * one of them; an administrator may remove anyone). Every change refuses the assistant.
 */

type PeopleDeps = Pick<Deps, 'database' | 'clock' | 'config'> & Partial<Pick<Deps, 'requestUrl'>>;

/** How long an invitation may be accepted. */
export const INVITE_DAYS = 7;

/** A new invitation token (160 random bits) and the date it stops working. */
function newInvitation(now: Date) {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  const token = encodeBase32LowerCaseNoPadding(bytes);
  return { token, tokenHash: sha256Hex(token), expiresAt: new Date(now.getTime() + INVITE_DAYS * 86_400_000) };
}

const invalidInvite = () => new AppError(404, 'not_found', 'This invitation is not valid: ask for a new one');

async function partnerNameOf(deps: PeopleDeps, partnerId: number): Promise<string> {
  const partner = await findPartner(deps.database.db, partnerId);
  if (!partner) throw notFound('Partner');
  return partner.name;
}

function audit(tx: Tx, manager: PartnerManager, now: Date, action: string, partnerId: number, details: object) {
  return recordAudit(tx, {
    createdAt: now,
    ...auditAs(manager),
    action,
    entityType: 'partner',
    entityId: String(partnerId),
    details,
  });
}

/** The outbox key of every invitation e-mail to `to` for the partner: withdrawn with the invitation. */
const inviteMailKey = (partnerId: number, to: string) => `partner_invite:${partnerId}:${to}:`;

function mailInvitation(
  tx: Tx,
  deps: PeopleDeps,
  now: Date,
  partnerId: number,
  to: string,
  partnerName: string,
  token: string,
) {
  return enqueueNotification(tx, now, {
    type: 'partner_invite',
    recipientEmail: to,
    dedupeKey: `${inviteMailKey(partnerId, to)}${sha256Hex(token)}`,
    ...partnerInviteEmail(siteOf(deps), { partnerName, token, days: INVITE_DAYS }),
  });
}

/**
 * Invites someone to the partner's portal by e-mail (an administrator the first one, any member
 * their colleagues): a single-use link, good for `INVITE_DAYS`, that joins the account it is opened
 * with to the partner. An invitation still pending for the same address is replaced: its link stops
 * working, so an address has one invitation at a time.
 */
export async function invitePartnerMember(
  deps: PeopleDeps,
  actor: Actor,
  partnerId: number,
  email: string,
): Promise<{ email: string; expiresAt: Date }> {
  const manager = await requirePartnerMember(deps, actor, partnerId, 'write');
  const partnerName = await partnerNameOf(deps, partnerId);
  const now = deps.clock.now();
  const invitation = newInvitation(now);
  const address = email.trim().toLowerCase();
  const already = await deps.database.db
    .select({ id: partnerMembers.id })
    .from(partnerMembers)
    .innerJoin(users, eq(users.id, partnerMembers.userId))
    .where(and(eq(partnerMembers.partnerId, partnerId), eq(users.email, address)))
    .get();
  if (already)
    throw new AppError(409, 'already_member', 'This person is already one of the partner’s people', {
      email: 'Already one of your people: no invitation needed',
    });
  await deps.database.write(async (tx) => {
    const replaced = await tx
      .delete(partnerInvites)
      .where(
        and(
          eq(partnerInvites.partnerId, partnerId),
          eq(partnerInvites.email, address),
          isNull(partnerInvites.acceptedAt),
        ),
      )
      .returning({ id: partnerInvites.id });
    await tx.insert(partnerInvites).values({
      partnerId,
      email: address,
      tokenHash: invitation.tokenHash,
      invitedByUserId: manager.userId,
      expiresAt: invitation.expiresAt,
      createdAt: now,
    });
    await audit(tx, manager, now, 'partner.member_invited', partnerId, {
      email: address,
      ...(replaced.length > 0 ? { replacedInvites: replaced.length } : {}),
    });
    await withdrawNotifications(tx, inviteMailKey(partnerId, address));
    await mailInvitation(tx, deps, now, partnerId, address, partnerName, invitation.token);
  });
  return { email: address, expiresAt: invitation.expiresAt };
}

/**
 * Sends a pending invitation again: a new link, good for `INVITE_DAYS` from now; the one sent before
 * stops working. 404 for an invitation already accepted, revoked or of another partner.
 */
export async function resendPartnerInvite(deps: PeopleDeps, actor: Actor, partnerId: number, inviteId: number) {
  const manager = await requirePartnerMember(deps, actor, partnerId, 'write');
  const partnerName = await partnerNameOf(deps, partnerId);
  const now = deps.clock.now();
  const invitation = newInvitation(now);
  await deps.database.write(async (tx) => {
    const [row] = await tx
      .update(partnerInvites)
      .set({ tokenHash: invitation.tokenHash, expiresAt: invitation.expiresAt, invitedByUserId: manager.userId })
      .where(
        and(
          eq(partnerInvites.id, inviteId),
          eq(partnerInvites.partnerId, partnerId),
          isNull(partnerInvites.acceptedAt),
        ),
      )
      .returning({ email: partnerInvites.email });
    if (!row) throw notFound('Invitation');
    await audit(tx, manager, now, 'partner.invite_resent', partnerId, { email: row.email });
    await withdrawNotifications(tx, inviteMailKey(partnerId, row.email));
    await mailInvitation(tx, deps, now, partnerId, row.email, partnerName, invitation.token);
  });
}

/** Withdraws a pending invitation: its link stops working (the row goes). 404 as `resend`. */
export async function revokePartnerInvite(deps: PeopleDeps, actor: Actor, partnerId: number, inviteId: number) {
  const manager = await requirePartnerMember(deps, actor, partnerId, 'write');
  const now = deps.clock.now();
  await deps.database.write(async (tx) => {
    const [row] = await tx
      .delete(partnerInvites)
      .where(
        and(
          eq(partnerInvites.id, inviteId),
          eq(partnerInvites.partnerId, partnerId),
          isNull(partnerInvites.acceptedAt),
        ),
      )
      .returning({ email: partnerInvites.email });
    if (!row) throw notFound('Invitation');
    await withdrawNotifications(tx, inviteMailKey(partnerId, row.email));
    await audit(tx, manager, now, 'partner.invite_revoked', partnerId, { email: row.email });
  });
}

/**
 * Removes one of the partner's people (`memberId` is the membership): their account stays, their
 * access to the portal goes. One of its people may remove anyone, themselves too, but not the last
 * of them (409); an administrator may remove anyone. Answers whether the caller removed themselves.
 */
export async function removePartnerMember(
  deps: PeopleDeps,
  actor: Actor,
  partnerId: number,
  memberId: number,
): Promise<{ removedSelf: boolean }> {
  const manager = await requirePartnerMember(deps, actor, partnerId, 'write');
  const now = deps.clock.now();
  return deps.database.write(async (tx) => {
    const member = await tx
      .select({ userId: partnerMembers.userId, email: users.email })
      .from(partnerMembers)
      .innerJoin(users, eq(users.id, partnerMembers.userId))
      .where(and(eq(partnerMembers.id, memberId), eq(partnerMembers.partnerId, partnerId)))
      .get();
    if (!member) throw notFound('Member');
    const [people] = await tx
      .select({ n: count() })
      .from(partnerMembers)
      .where(eq(partnerMembers.partnerId, partnerId));
    if (!mayRemoveMember(manager, people?.n ?? 0)) {
      throw new AppError(
        409,
        'last_member',
        'You are the last of this partner’s people: invite a colleague before you leave',
      );
    }
    await tx.delete(partnerMembers).where(eq(partnerMembers.id, memberId));
    const removedSelf = manager.role === 'partner' && member.userId === manager.userId;
    await audit(tx, manager, now, 'partner.member_removed', partnerId, {
      userId: member.userId,
      email: member.email,
      ...(removedSelf ? { left: true } : {}),
    });
    return { removedSelf };
  });
}

/**
 * What an invitation's link opens, for whoever holds it (signed in or not): the partner's name, and
 * nothing else of it. Unknown, used or past its date: 404, as accepting it would be.
 */
export async function previewPartnerInvite(
  deps: Pick<Deps, 'database' | 'clock'>,
  actor: Actor,
  token: string,
): Promise<{ partnerName: string; canAccept: boolean }> {
  // Part of joining: never the assistant's, a key's or a guest token's to ask.
  requirePublicWriting(actor);
  const row = await deps.database.db
    .select({ partnerName: partners.name })
    .from(partnerInvites)
    .innerJoin(partners, eq(partners.id, partnerInvites.partnerId))
    .where(
      and(
        eq(partnerInvites.tokenHash, sha256Hex(token)),
        isNull(partnerInvites.acceptedAt),
        gt(partnerInvites.expiresAt, deps.clock.now()),
      ),
    )
    .get();
  if (!row) throw invalidInvite();
  return { partnerName: row.partnerName, canAccept: actor.kind !== 'admin' && personOf(actor) !== null };
}

/**
 * Accepts an invitation as the signed-in person: they become a member of its partner. A token
 * that is unknown, used or past its date is 404 — it says nothing about the partner.
 */
export async function acceptPartnerInvite(
  deps: Pick<Deps, 'database' | 'clock'>,
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
          eq(partnerInvites.tokenHash, sha256Hex(token)),
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
  if (joined === null) throw invalidInvite();
  return { partnerId: joined };
}
