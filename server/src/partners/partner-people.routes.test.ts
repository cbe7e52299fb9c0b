import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE, SESSION_COOKIE } from '../auth/cookies';
import { createSession, generateSessionToken } from '../auth/sessions';
import { assistantFor } from '../contract/actor';
import { auditLog, notifications, partnerInvites, users } from '../db/schema';
import { ORIGIN } from '../test/booking-fixtures';
import { createTestContext, type Json } from '../test/harness';
import {
  invitePartnerMember,
  removePartnerMember,
  resendPartnerInvite,
  revokePartnerInvite,
} from './partner-people.service';

/**
 * A partner's people (decision 081): one pending invitation per address, resent or revoked from the
 * portal; the invitation's link names the partner and nothing else of it; members removed by each
 * other (never the last) or by an administrator; no change ever by the assistant.
 */

const ctx = await createTestContext();
/** An administrator's session, opened anew when a test moves the clock past the last one's end. */
const admin = { cookie: '', origin: ORIGIN };
async function signInAdmin() {
  const token = generateSessionToken();
  await createSession(ctx.database, token, { userId: null, kind: 'admin' }, ctx.clock.now());
  admin.cookie = `${ADMIN_SESSION_COOKIE}=${token}`;
}
await signInAdmin();

let people = 0;
/** A signed-in person, with the headers their browser sends. */
async function person() {
  people += 1;
  const email = `person-${people}@people.example`;
  const [row] = await ctx.database.write((tx) =>
    tx
      .insert(users)
      .values({ email, firstName: 'Pat', lastName: `Person${people}` })
      .returning(),
  );
  const token = generateSessionToken();
  await createSession(ctx.database, token, { userId: row?.id as number, kind: 'user' }, ctx.clock.now());
  return { id: row?.id as number, email, headers: { cookie: `${SESSION_COOKIE}=${token}`, origin: ORIGIN } };
}

async function newPartner(name: string): Promise<number> {
  const res = await ctx.json<Json>('/api/admin/partners', {
    method: 'POST',
    headers: admin,
    body: { name, allowedOrigins: [] },
  });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

/** The token of the newest invitation e-mailed to `email`. */
async function invitationTo(email: string): Promise<string> {
  const [sent] = await ctx.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.recipientEmail, email))
    .orderBy(desc(notifications.id))
    .limit(1);
  return /\/partner-portal\?token=([a-z0-9]+)/.exec(sent?.body ?? '')?.[1] ?? '';
}

/** Invitation e-mails to `email` the outbox has not sent yet. */
const pendingMailsTo = (email: string) =>
  ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientEmail, email), eq(notifications.status, 'pending')));

const portalOf = (partnerId: number, headers: Record<string, string>) =>
  ctx.json<Json>(`/api/partner-portal/${partnerId}`, { headers });

async function invite(partnerId: number, by: Record<string, string>, email: string) {
  const res = await ctx.json<Json>(`/api/partner-portal/${partnerId}/invites`, {
    method: 'POST',
    headers: by,
    body: { email },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { portal: res.body, token: await invitationTo(email.toLowerCase()) };
}

const preview = (token: string, headers: Record<string, string> = { origin: ORIGIN }) =>
  ctx.json<Json>('/api/partner-invites/preview', { method: 'POST', headers, body: { token } });
const accept = (token: string, headers: Record<string, string>) =>
  ctx.json<Json>('/api/partner-invites/accept', { method: 'POST', headers, body: { token } });

describe('invitations', () => {
  it('name the partner to whoever holds the link, and nothing else of it', async () => {
    const partnerId = await newPartner('Harbour Homes');
    const { token } = await invite(partnerId, admin, 'first@harbour.example');
    const signedOut = await preview(token);
    expect(signedOut.status).toBe(200);
    expect(signedOut.body).toEqual({ partnerName: 'Harbour Homes', actions: {} });
    const pat = await person();
    const signedIn = await preview(token, pat.headers);
    expect(signedIn.body.partnerName).toBe('Harbour Homes');
    expect(signedIn.body.actions.accept).toMatchObject({ method: 'POST', href: '/api/partner-invites/accept' });
    expect((await accept(token, pat.headers)).status).toBe(200);
    // Used, unknown or malformed: not valid, and nothing about the partner.
    for (const [tried, status] of [
      [token, 404],
      ['a'.repeat(32), 404],
      ['short', 400],
    ] as const) {
      const res = await preview(tried);
      expect(res.status, tried).toBe(status);
      expect(JSON.stringify(res.body)).not.toContain('Harbour');
    }
  });

  it('replace one still pending for the same address: the first link stops working', async () => {
    const partnerId = await newPartner('Bayview Lettings');
    const first = (await invite(partnerId, admin, 'Sam@Bayview.example')).token;
    expect(first).toMatch(/^[a-z0-9]{32}$/);
    const { portal, token: second } = await invite(partnerId, admin, 'sam@bayview.example');
    expect(second).not.toBe(first);
    expect(portal.invites.map((i: Json) => i.email)).toEqual(['sam@bayview.example']);
    expect((await preview(first)).status).toBe(404);
    const sam = await person();
    expect((await accept(first, sam.headers)).status).toBe(404);
    expect((await preview(second)).body.partnerName).toBe('Bayview Lettings');
    const [audited] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'partner.member_invited'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audited?.details).toMatchObject({ email: 'sam@bayview.example', replacedInvites: 1 });
  });

  it('are resent with a new link (the old one stops) and revoked, through the actions each carries', async () => {
    const partnerId = await newPartner('Cliffside Rentals');
    const { portal } = await invite(partnerId, admin, 'kim@cliffside.example');
    const old = await invitationTo('kim@cliffside.example');
    const [pending] = portal.invites;
    expect(Object.keys(pending.actions)).toEqual(['resend', 'revoke']);
    expect(pending.actions.resend).toMatchObject({ method: 'POST', href: expect.stringMatching(/\/resend$/) });

    ctx.clock.set(new Date(ctx.clock.now().getTime() + 3_600_000));
    await signInAdmin();
    const resent = await ctx.json<Json>(pending.actions.resend.href, { method: 'POST', headers: admin });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    const fresh = await invitationTo('kim@cliffside.example');
    expect(fresh).not.toBe(old);
    expect((await preview(old)).status).toBe(404);
    expect((await preview(fresh)).status).toBe(200);
    // The e-mail with the old link, not sent yet, is withdrawn: one goes, with the link that works.
    expect((await pendingMailsTo('kim@cliffside.example')).map((n) => n.body.includes(fresh))).toEqual([true]);
    // Good for 7 days from the resend.
    expect(new Date(resent.body.invites[0].expiresAt).getTime()).toBe(ctx.clock.now().getTime() + 7 * 86_400_000);

    const revoked = await ctx.json<Json>(pending.actions.revoke.href, { method: 'DELETE', headers: admin });
    expect(revoked.status).toBe(200);
    expect(revoked.body.invites).toEqual([]);
    expect((await preview(fresh)).status).toBe(404);
    expect(await pendingMailsTo('kim@cliffside.example')).toEqual([]);
    expect(await ctx.database.db.select().from(partnerInvites).where(eq(partnerInvites.id, pending.id))).toEqual([]);
    // Gone: resend and revoke are 404, as is another partner's invitation under this partner.
    expect((await ctx.json(pending.actions.resend.href, { method: 'POST', headers: admin })).status).toBe(404);
    expect((await ctx.json(pending.actions.revoke.href, { method: 'DELETE', headers: admin })).status).toBe(404);
    const other = await newPartner('Other Rentals');
    const elsewhere = (await invite(other, admin, 'lee@other.example')).portal.invites[0];
    const crossed = `/api/partner-portal/${partnerId}/invites/${elsewhere.id}`;
    expect((await ctx.json(crossed, { method: 'DELETE', headers: admin })).status).toBe(404);
    expect((await ctx.json(`${crossed}/resend`, { method: 'POST', headers: admin })).status).toBe(404);
    expect((await portalOf(other, admin)).body.invites).toHaveLength(1);
  });
});

describe('inviting one of its own people', () => {
  it('is refused, naming the address: they need no invitation', async () => {
    const partnerId = await newPartner('Harbor Lofts');
    const pat = await person();
    const { token } = await invite(partnerId, admin, pat.email);
    expect((await accept(token, pat.headers)).status).toBe(200);
    const again = await ctx.json<Json>(`/api/partner-portal/${partnerId}/invites`, {
      method: 'POST',
      headers: pat.headers,
      body: { email: pat.email.toUpperCase() },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.fields).toHaveProperty('email');
    expect((await portalOf(partnerId, pat.headers)).body.invites).toEqual([]);
  });
});

describe('members', () => {
  it('remove one another and themselves, but never the last of them; an administrator removes anyone', async () => {
    const partnerId = await newPartner('Meadow Estates');
    const [ana, ben] = [await person(), await person()];
    await accept((await invite(partnerId, admin, ana.email)).token, ana.headers);
    await accept((await invite(partnerId, ana.headers, ben.email)).token, ben.headers);

    const seenByAna = await portalOf(partnerId, ana.headers);
    expect(seenByAna.body.members.map((m: Json) => [m.email, m.isYou, m.actions.remove?.title])).toEqual([
      [ana.email, true, 'Leave'],
      [ben.email, false, 'Remove'],
    ]);
    const benId = seenByAna.body.members[1].id;
    const removed = await ctx.json(seenByAna.body.members[1].actions.remove.href, {
      method: 'DELETE',
      headers: ana.headers,
    });
    expect(removed.status).toBe(204);
    expect((await portalOf(partnerId, ben.headers)).status).toBe(404);
    expect(
      (await ctx.json(`/api/partner-portal/${partnerId}/members/${benId}`, { method: 'DELETE', headers: admin }))
        .status,
    ).toBe(404);

    // Ana is the last: she is offered no way out, and is refused one.
    const alone = await portalOf(partnerId, ana.headers);
    expect(alone.body.members).toHaveLength(1);
    expect(alone.body.members[0].actions).toEqual({});
    const anaId = alone.body.members[0].id;
    const refused = await ctx.json<Json>(`/api/partner-portal/${partnerId}/members/${anaId}`, {
      method: 'DELETE',
      headers: ana.headers,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('last_member');
    expect((await portalOf(partnerId, ana.headers)).status).toBe(200);

    // An administrator may.
    const asAdmin = await portalOf(partnerId, admin);
    expect(asAdmin.body.members[0].actions.remove.title).toBe('Remove');
    expect(
      (await ctx.json(asAdmin.body.members[0].actions.remove.href, { method: 'DELETE', headers: admin })).status,
    ).toBe(204);
    expect((await portalOf(partnerId, ana.headers)).status).toBe(404);
    expect((await portalOf(partnerId, admin)).body.members).toEqual([]);
    const actions = await ctx.database.db.select({ action: auditLog.action }).from(auditLog);
    expect(actions.filter((a) => a.action === 'partner.member_removed')).toHaveLength(2);
  });

  it('leave, when someone else stays; a member of another partner is told it does not exist', async () => {
    const partnerId = await newPartner('Riverside Homes');
    const [cam, dee, eve] = [await person(), await person(), await person()];
    await accept((await invite(partnerId, admin, cam.email)).token, cam.headers);
    await accept((await invite(partnerId, admin, dee.email)).token, dee.headers);
    const other = await newPartner('Elsewhere Homes');
    await accept((await invite(other, admin, eve.email)).token, eve.headers);
    const mine = (await portalOf(partnerId, cam.headers)).body.members.find((m: Json) => m.isYou);
    const fromEve = await ctx.json(`/api/partner-portal/${partnerId}/members/${mine.id}`, {
      method: 'DELETE',
      headers: eve.headers,
    });
    expect(fromEve.status).toBe(404);
    expect(
      (await ctx.json(`/api/partner-portal/${other}/members/${mine.id}`, { method: 'DELETE', headers: eve.headers }))
        .status,
    ).toBe(404);
    expect((await ctx.json(mine.actions.remove.href, { method: 'DELETE', headers: cam.headers })).status).toBe(204);
    expect((await portalOf(partnerId, cam.headers)).status).toBe(404);
    expect((await portalOf(partnerId, dee.headers)).body.members.map((m: Json) => m.email)).toEqual([dee.email]);
  });
});

describe('the assistant', () => {
  it('changes nobody: it may not invite, resend, revoke or remove', async () => {
    const partnerId = await newPartner('Assisted Homes');
    const fay = await person();
    await accept((await invite(partnerId, admin, fay.email)).token, fay.headers);
    const { portal } = await invite(partnerId, admin, 'gus@assisted.example');
    const assistant = assistantFor({ kind: 'customer', userId: fay.id }, 'chat-people');
    const inviteId = portal.invites[0].id;
    const memberId = portal.members[0].id;
    const before = await ctx.database.db.select().from(partnerInvites).where(eq(partnerInvites.partnerId, partnerId));
    for (const attempt of [
      () => invitePartnerMember(ctx.deps, assistant, partnerId, 'hal@assisted.example'),
      () => resendPartnerInvite(ctx.deps, assistant, partnerId, inviteId),
      () => revokePartnerInvite(ctx.deps, assistant, partnerId, inviteId),
      () => removePartnerMember(ctx.deps, assistant, partnerId, memberId),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ status: 403 });
    }
    expect(await ctx.database.db.select().from(partnerInvites).where(eq(partnerInvites.partnerId, partnerId))).toEqual(
      before,
    );
    expect((await portalOf(partnerId, fay.headers)).body.members).toHaveLength(1);
  });
});
