import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE } from '../auth/cookies';
import { createSession, generateSessionToken } from '../auth/sessions';
import { systemActor } from '../contract/actor';
import { bookings, notifications, partners, payouts, services } from '../db/schema';
import { runPayouts } from '../payouts/payouts.service';
import { ORIGIN, seedWorld } from '../test/booking-fixtures';
import { createTestContext, type Json } from '../test/harness';
import { paymentsFixture } from '../test/payment-fixtures';

/**
 * A partner's own portal (decision 081): an administrator invites its first person, who invites a
 * colleague; its people see the bookings its widgets brought without the guests' personal data, its
 * statements and its webhooks, and none of another partner's; they change its origins and rotate
 * its key, the old one working through the grace they chose.
 */

const ctx = await createTestContext();
await seedWorld(ctx);
const f = await paymentsFixture(ctx);
const adminToken = generateSessionToken();
await createSession(ctx.database, adminToken, { userId: null, kind: 'admin' }, ctx.clock.now());
const admin = { cookie: `${ADMIN_SESSION_COOKIE}=${adminToken}`, origin: ORIGIN };
const HOST = 'https://portal-realty.example';

async function newPartner(name: string): Promise<number> {
  const res = await ctx.json<Json>('/api/admin/partners', {
    method: 'POST',
    headers: admin,
    body: { name, allowedOrigins: [HOST], commissionRateBps: 1000 },
  });
  expect(res.status).toBe(201);
  return res.body.id as number;
}
const partnerA = await newPartner('Portal Realty A');
const partnerB = await newPartner('Portal Realty B');

/** A person with a session, as a header set. */
async function person() {
  const who = await f.customer();
  return { ...who, headers: { cookie: who.cookie, origin: ORIGIN } };
}

/** The token of the newest invitation e-mailed to `email`. */
async function invitationTo(email: string): Promise<string> {
  const sent = await ctx.database.db.select().from(notifications).where(eq(notifications.recipientEmail, email));
  const body = sent.at(-1)?.body ?? '';
  return /\/partner-portal\?token=([a-z0-9]+)/.exec(body)?.[1] ?? '';
}

async function invite(partnerId: number, by: Record<string, string>, email: string) {
  const res = await ctx.json<Json>(`/api/partner-portal/${partnerId}/invites`, {
    method: 'POST',
    headers: by,
    body: { email },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return invitationTo(email);
}

const alice = await person();
const bob = await person();
const mallory = await person();

describe('a partner’s people', () => {
  it('join by invitation: an administrator’s first, then a colleague’s; a used or unknown token is refused', async () => {
    expect((await ctx.json<Json>(`/api/partner-portal/${partnerA}`, { headers: alice.headers })).status).toBe(404);
    const token = await invite(partnerA, admin, alice.email);
    expect(token).toMatch(/^[a-z0-9]{20,}$/);
    const accepted = await ctx.json<Json>('/api/partner-invites/accept', {
      method: 'POST',
      headers: alice.headers,
      body: { token },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.items.map((p: Json) => p.id)).toEqual([partnerA]);
    const again = await ctx.json<Json>('/api/partner-invites/accept', {
      method: 'POST',
      headers: bob.headers,
      body: { token },
    });
    expect(again.status).toBe(404);
    const user = await ctx.json<Json>('/api/auth/user', { headers: alice.headers });
    expect(user.body.roles).toContain('partner');
    expect(user.body.links.partnerPortal).toMatchObject({ href: '/partner-portal' });
    const before = await ctx.json<Json>('/api/auth/user', { headers: bob.headers });
    expect(before.body.links.partnerPortal).toBeUndefined();

    const bobToken = await invite(partnerA, alice.headers, bob.email);
    expect(
      (
        await ctx.json<Json>('/api/partner-invites/accept', {
          method: 'POST',
          headers: bob.headers,
          body: { token: bobToken },
        })
      ).status,
    ).toBe(200);
    const portal = await ctx.json<Json>(`/api/partner-portal/${partnerA}`, { headers: bob.headers });
    expect(portal.status).toBe(200);
    expect(portal.body.members.map((m: Json) => m.email).sort()).toEqual([alice.email, bob.email].sort());
  });

  it('read the partner’s bookings without the guest’s personal data, and none of another partner’s', async () => {
    const [seeded] = await ctx.database.db.select({ id: bookings.id }).from(bookings).limit(1);
    const guestBooking = await f.booking(alice.id, 15_000);
    await ctx.database.write((tx) =>
      tx
        .update(bookings)
        .set({
          partnerId: partnerA,
          partnerCommissionBps: 1000,
          guestName: 'Gail Guest',
          guestEmail: 'gail@guest.example',
        })
        .where(eq(bookings.id, guestBooking.id)),
    );
    const list = await ctx.json<Json>(`/api/partner-portal/${partnerA}/bookings`, { headers: alice.headers });
    expect(list.status).toBe(200);
    const shown = list.body.items.find((b: Json) => b.id === guestBooking.id);
    expect(shown).toMatchObject({ amount: '150.00', service: expect.any(String), city: expect.any(String) });
    expect(JSON.stringify(list.body)).not.toMatch(/Gail|gail@guest|1 Main St/);
    expect(list.body.items.some((b: Json) => b.id === seeded?.id)).toBe(false);

    // Partner B's people, and anyone else, are told partner A's portal does not exist.
    const bTok = await invite(partnerB, admin, mallory.email);
    await ctx.json('/api/partner-invites/accept', { method: 'POST', headers: mallory.headers, body: { token: bTok } });
    for (const path of [
      `/api/partner-portal/${partnerA}`,
      `/api/partner-portal/${partnerA}/bookings`,
      `/api/partner-portal/${partnerA}/bookings/${guestBooking.id}`,
      `/api/partner-portal/${partnerA}/statements`,
      `/api/partner-portal/${partnerA}/statements/2026-11`,
      `/api/partner-portal/${partnerA}/webhooks`,
      `/api/partner-portal/${partnerA}/webhook-deliveries`,
    ]) {
      expect((await ctx.json(path, { headers: mallory.headers })).status, path).toBe(404);
    }
    expect(
      (await ctx.json(`/api/partner-portal/${partnerB}/bookings/${guestBooking.id}`, { headers: mallory.headers }))
        .status,
    ).toBe(404);
    const created = await ctx.json<Json>(`/api/partner-portal/${partnerA}/webhooks`, {
      method: 'POST',
      headers: mallory.headers,
      body: { url: 'https://evil.example/hook', events: ['booking.created'] },
    });
    expect(created.status).toBe(404);
  });

  it('change the partner’s origins and rotate its key; the old key works through the grace they chose', async () => {
    const before = await ctx.json<Json>(`/api/partner-portal/${partnerA}`, { headers: alice.headers });
    const oldKey = before.body.publishableKey as string;
    const origins = await ctx.json<Json>(before.body.actions.updateOrigins.href, {
      method: 'PUT',
      headers: alice.headers,
      body: { allowedOrigins: [HOST, 'https://www.portal-realty.example'] },
    });
    expect(origins.status).toBe(200);
    expect(origins.body.allowedOrigins).toEqual([HOST, 'https://www.portal-realty.example']);
    const bad = await ctx.json<Json>(before.body.actions.updateOrigins.href, {
      method: 'PUT',
      headers: alice.headers,
      body: { allowedOrigins: ['https://*.realty.example'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('allowedOrigins.0');

    const rotated = await ctx.json<Json>(before.body.actions.rotateKey.href, {
      method: 'POST',
      headers: alice.headers,
      body: { graceHours: 2 },
    });
    expect(rotated.status).toBe(200);
    const newKey = rotated.body.publishableKey as string;
    expect(newKey).not.toBe(oldKey);
    expect(rotated.body.previousKey).toBe(oldKey);
    const asKey = (key: string) =>
      ctx.json('/api/cleaners?pageSize=1', { headers: { 'x-spotless-key': key, origin: HOST } });
    expect((await asKey(newKey)).status).toBe(200);
    expect((await asKey(oldKey)).status).toBe(200);
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 2 * 3_600_000 + 1_000));
    expect((await asKey(oldKey)).status).toBe(403);
    expect((await asKey(newKey)).status).toBe(200);
    const [row] = await ctx.database.db.select().from(partners).where(eq(partners.id, partnerA));
    expect(row?.publishableKey).toBe(newKey);
  });

  it('rotate only with a grace they chose, and save origins as the key compares them, cleaned', async () => {
    const before = await ctx.json<Json>(`/api/partner-portal/${partnerA}`, { headers: alice.headers });
    expect(before.body.actions.rotateKey.fields).toEqual([
      expect.objectContaining({ name: 'graceHours', type: 'integer', required: true, min: 0, max: 168, value: 24 }),
    ]);
    for (const body of [
      {},
      { graceHours: '' },
      { graceHours: null },
      { graceHours: 1.5 },
      { graceHours: -1 },
      { graceHours: 169 },
    ]) {
      const refused = await ctx.json<Json>(before.body.actions.rotateKey.href, {
        method: 'POST',
        headers: alice.headers,
        body,
      });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.body.error.fields)).toEqual(['graceHours']);
      expect(refused.body.error.fields.graceHours).toMatch(/^Enter (how many|a whole number of) hours/);
    }
    const unchanged = await ctx.json<Json>(`/api/partner-portal/${partnerA}`, { headers: alice.headers });
    expect(unchanged.body.publishableKey).toBe(before.body.publishableKey);
    const now = await ctx.json<Json>(before.body.actions.rotateKey.href, {
      method: 'POST',
      headers: alice.headers,
      body: { graceHours: 0 },
    });
    expect(now.status).toBe(200);
    expect(now.body).toMatchObject({ previousKey: null, previousKeyExpiresAt: null });

    const cleaned = await ctx.json<Json>(before.body.actions.updateOrigins.href, {
      method: 'PUT',
      headers: alice.headers,
      body: {
        allowedOrigins: ['  HTTPS://Portal-Realty.EXAMPLE/ ', 'https://portal-realty.example', 'HTTP://127.0.0.1:*'],
      },
    });
    expect(cleaned.status).toBe(200);
    expect(cleaned.body.allowedOrigins).toEqual([HOST, 'http://127.0.0.1:*']);
    const asKey = (origin: string) =>
      ctx.json('/api/cleaners?pageSize=1', { headers: { 'x-spotless-key': now.body.publishableKey, origin } });
    expect((await asKey(HOST)).status).toBe(200);
    const none = await ctx.json<Json>(before.body.actions.updateOrigins.href, {
      method: 'PUT',
      headers: alice.headers,
      body: { allowedOrigins: [] },
    });
    expect(none.body.allowedOrigins).toEqual([]);
    expect((await asKey(HOST)).status).toBe(403);
    await ctx.json(before.body.actions.updateOrigins.href, {
      method: 'PUT',
      headers: alice.headers,
      body: { allowedOrigins: [HOST] },
    });
  });

  it('preview the widgets on this site alone, with a key that works here for half an hour', async () => {
    const portal = await ctx.json<Json>(`/api/partner-portal/${partnerA}`, { headers: alice.headers });
    const preview = portal.body.previewKey as string;
    const own = new URL(ctx.deps.config.publicUrl).origin;
    const asPreview = (key: string, origin: string) =>
      ctx.json('/api/cleaners?pageSize=1', { headers: { 'x-spotless-key': key, origin } });
    expect((await asPreview(preview, own)).status).toBe(200);
    // A same-origin GET carries no Origin: this site's own page too.
    expect((await ctx.json('/api/cleaners?pageSize=1', { headers: { 'x-spotless-key': preview } })).status).toBe(200);
    // Not on the partner's own pages, nor anyone else's; forged or expired, no key at all.
    expect((await asPreview(preview, HOST)).status).toBe(403);
    expect((await asPreview(preview, 'https://elsewhere.example')).status).toBe(403);
    expect((await asPreview(`${preview.slice(0, -1)}${preview.endsWith('0') ? '1' : '0'}`, own)).status).toBe(403);
    const realKey = portal.body.publishableKey as string;
    expect((await asPreview(realKey, own)).status).toBe(403);
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 31 * 60_000));
    expect((await asPreview(preview, own)).status).toBe(403);
  });

  it('connect the partner’s payout account, and its commission is paid to it once the job is due', async () => {
    const account = await ctx.json<Json>(`/api/partner-portal/${partnerA}/payout-account`, { headers: alice.headers });
    expect(account.body).toMatchObject({ status: 'not_connected' });
    const started = await ctx.json<Json>(account.body.actions.connect.href, {
      method: 'POST',
      headers: alice.headers,
      body: {},
    });
    expect(started.status).toBe(200);
    const link = new URL(started.body.onboardingUrl);
    expect(link.searchParams.get('return')).toBe(`/partner-portal/${partnerA}`);
    const done = await ctx.json('/api/payouts/test-onboarding', {
      method: 'POST',
      headers: { origin: ORIGIN },
      body: {
        account: link.searchParams.get('account'),
        token: link.searchParams.get('token'),
        routingNumber: '110000000',
        accountNumber: '000123456789',
      },
    });
    expect(done.status).toBe(200);
    expect(
      (await ctx.json<Json>(`/api/partner-portal/${partnerA}/payout-account`, { headers: alice.headers })).body.status,
    ).toBe('enabled');

    // A paid booking partner A's widget brought, completed two days ago.
    const customer = await f.customer();
    const booking = await f.booking(customer.id, 20_000);
    await ctx.database.write((tx) =>
      tx.update(bookings).set({ partnerId: partnerA, partnerCommissionBps: 1000 }).where(eq(bookings.id, booking.id)),
    );
    const call = f.as(customer.cookie);
    const intent = await call('POST', '/api/create-payment-intent', { bookingId: booking.id });
    await call('POST', '/api/payments/local/confirm', {
      clientSecret: intent.body.clientSecret,
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2035,
      cvc: '123',
    });
    const endsAt = new Date(ctx.clock.now().getTime() - 48 * 3_600_000);
    await ctx.database.write((tx) =>
      tx
        .update(bookings)
        .set({ status: 'completed', startsAt: new Date(endsAt.getTime() - 2 * 3_600_000), endsAt })
        .where(eq(bookings.id, booking.id)),
    );
    await runPayouts(ctx.deps, systemActor('pay-out'));
    await runPayouts(ctx.deps, systemActor('pay-out'));
    const paid = await ctx.database.db.select().from(payouts).where(eq(payouts.bookingId, booking.id));
    expect(paid.find((p) => p.kind === 'partner_commission')).toMatchObject({ status: 'paid', amountCents: 2_000 });
    const months = await ctx.json<Json>(`/api/partner-portal/${partnerA}/statements`, { headers: alice.headers });
    expect(months.body.months.some((m: Json) => Number(m.paid) >= 20)).toBe(true);
    // The statement's lines carry their booking's amount and service, by name; a payout's is its booking's too.
    const month = months.body.months.find((m: Json) => Number(m.paid) >= 20);
    const statement = await ctx.json<Json>(month.links.self.href, { headers: alice.headers });
    const commission = statement.body.lines.find(
      (l: Json) => l.kind === 'partner_commission' && l.bookingId === booking.id,
    );
    const service = await ctx.database.db.select().from(services).where(eq(services.id, booking.serviceId)).get();
    expect(commission).toMatchObject({ amount: '20.00', bookingAmount: '200.00', service: service?.name });
  });
});
