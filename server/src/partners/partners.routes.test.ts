import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE } from '../auth/cookies';
import { createSession, generateSessionToken } from '../auth/sessions';
import { bookings, chatSessions, partners, payments } from '../db/schema';
import { ORIGIN, seedWorld } from '../test/booking-fixtures';
import { createTestContext } from '../test/harness';

/**
 * Partners (decision 048): administrators create and change them through actions; a
 * publishable key answers only its partner's allowed origins, with limits of its own, and reads
 * nothing but what a visitor on the partner's page may.
 */
const ctx = await createTestContext();
await seedWorld(ctx);

const adminToken = generateSessionToken();
await createSession(ctx.database, adminToken, { userId: null, kind: 'admin' }, ctx.clock.now());
const admin = { cookie: `${ADMIN_SESSION_COOKIE}=${adminToken}`, origin: ORIGIN };

const HOST = 'https://sunny-homes.example';

interface PartnerBody {
  id: number;
  publishableKey: string;
  allowedOrigins: string[];
  commissionRateBps: number;
  isActive: boolean;
  stats: {
    bookings: number;
    paidBookings: number;
    revenue: string;
    commission: string;
    chats: number;
    people: number;
    pendingInvites: number;
  };
  links: { self: { href: string } };
  actions: Record<
    string,
    { href: string; method: string; title: string; fields: Array<{ name: string; value?: unknown }> }
  >;
}

async function newPartner(body: Record<string, unknown>): Promise<PartnerBody> {
  const res = await ctx.json<PartnerBody>('/api/admin/partners', { method: 'POST', headers: admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('administrators manage partners through actions', () => {
  it('creates a partner with a key the server makes, lists it, and changes it through its actions', async () => {
    const list = await ctx.json<{ actions: { create: { href: string; fields: Array<{ name: string }> } } }>(
      '/api/admin/partners',
      { headers: admin },
    );
    expect(list.status).toBe(200);
    expect(list.body.actions.create.fields.map((f) => f.name)).toEqual(
      expect.arrayContaining(['name', 'allowedOrigins', 'commissionRateBps', 'isActive']),
    );

    const created = await newPartner({
      name: 'Sunny Homes',
      allowedOrigins: [HOST, HOST, 'http://127.0.0.1:*'],
      commissionRateBps: 1250,
    });
    expect(created.publishableKey).toMatch(/^pk_[a-z2-7]{24}$/);
    expect(created.allowedOrigins).toEqual([HOST, 'http://127.0.0.1:*']);
    expect(created.isActive).toBe(true);
    expect(created.stats).toEqual({
      bookings: 0,
      paidBookings: 0,
      revenue: '0.00',
      commission: '0.00',
      chats: 0,
      people: 0,
      pendingInvites: 0,
    });
    expect(created.actions.deactivate?.fields).toEqual([expect.objectContaining({ name: 'isActive', value: false })]);
    expect(created.actions.activate).toBeUndefined();

    const update = created.actions.update;
    expect(update?.method).toBe('PATCH');
    const changed = await ctx.json<PartnerBody>(update?.href ?? '', {
      method: 'PATCH',
      headers: admin,
      body: { commissionRateBps: 900 },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.commissionRateBps).toBe(900);

    const all = await ctx.json<{ items: PartnerBody[] }>('/api/admin/partners', { headers: admin });
    expect(all.body.items.map((p) => p.id)).toContain(created.id);
  });

  it('offers to invite a partner’s first person, and counts its pending invitations and people', async () => {
    const made = await newPartner({ name: 'Nobody Yet Realty', allowedOrigins: [] });
    expect(made.actions.invite).toMatchObject({ method: 'POST', title: 'Invite its first person' });
    expect(made.actions.invite?.fields.map((f) => f.name)).toEqual(['email']);
    const sent = await ctx.json(made.actions.invite?.href ?? '', {
      method: 'POST',
      headers: admin,
      body: { email: 'first@nobody-yet.example' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const again = await ctx.json<PartnerBody>(made.links.self.href, { headers: admin });
    expect(again.body.stats).toMatchObject({ people: 0, pendingInvites: 1 });
    // One is on its way: inviting again is for someone else.
    expect(again.body.actions.invite).toMatchObject({ title: 'Invite someone' });
    // Past its date, an invitation is not pending.
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 8 * 86_400_000));
    try {
      const token = generateSessionToken();
      await createSession(ctx.database, token, { userId: null, kind: 'admin' }, ctx.clock.now());
      const later = await ctx.json<PartnerBody>(made.links.self.href, {
        headers: { ...admin, cookie: `${ADMIN_SESSION_COOKIE}=${token}` },
      });
      expect(later.body.stats).toMatchObject({ people: 0, pendingInvites: 0 });
    } finally {
      ctx.clock.set(new Date(ctx.clock.now().getTime() - 8 * 86_400_000));
    }
  });

  it('refuses bad fields with a 400 naming them, and writes nothing', async () => {
    const before = (await ctx.database.db.select().from(partners)).length;
    const bad = await ctx.json<{ error: { fields: Record<string, string> } }>('/api/admin/partners', {
      method: 'POST',
      headers: admin,
      body: {
        name: 'Bad',
        allowedOrigins: ['https://*.example', 'https://ok.example/path'],
        commissionRateBps: 12_000,
      },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(
      expect.arrayContaining(['allowedOrigins.0', 'allowedOrigins.1', 'commissionRateBps']),
    );
    expect(bad.body.error.fields['allowedOrigins.0']).toContain('is not an origin');
    const empty = await ctx.json('/api/admin/partners/1', { method: 'PATCH', headers: admin, body: {} });
    expect(empty.status).toBe(400);
    const unknownField = await ctx.json('/api/admin/partners/1', {
      method: 'PATCH',
      headers: admin,
      body: { publishableKey: 'pk_mine' },
    });
    expect(unknownField.status).toBe(400);
    expect((await ctx.database.db.select().from(partners)).length).toBe(before);
  });

  it('refuses a commission above the platform fee it comes out of, and its actions say the bound', async () => {
    const fee = ctx.deps.config.platformFeeBps;
    const list = await ctx.json<{ actions: { create: { fields: Array<{ name: string; max?: number }> } } }>(
      '/api/admin/partners',
      { headers: admin },
    );
    expect(list.body.actions.create.fields.find((f) => f.name === 'commissionRateBps')?.max).toBe(fee);
    const before = (await ctx.database.db.select().from(partners)).length;
    const over = await ctx.json<{ error: { fields: Record<string, string> } }>('/api/admin/partners', {
      method: 'POST',
      headers: admin,
      body: { name: 'Greedy Realty', allowedOrigins: [HOST], commissionRateBps: fee + 1 },
    });
    expect(over.status).toBe(400);
    expect(over.body.error.fields.commissionRateBps).toContain('platform fee');
    expect((await ctx.database.db.select().from(partners)).length).toBe(before);
    const p = await newPartner({ name: 'Fair Realty', allowedOrigins: [HOST], commissionRateBps: fee });
    const raised = await ctx.json(p.actions.update?.href ?? '', {
      method: 'PATCH',
      headers: admin,
      body: { commissionRateBps: fee + 100 },
    });
    expect(raised.status).toBe(400);
    const [row] = await ctx.database.db.select().from(partners).where(eq(partners.id, p.id));
    expect(row?.commissionRateBps).toBe(fee);
  });
});

describe('a publishable key on another site', () => {
  it('answers its allowed origins with CORS for that origin only, never credentials', async () => {
    const p = await newPartner({ name: 'Cors Realty', allowedOrigins: [HOST] });
    const ok = await ctx.app.request('/api/services', {
      headers: { 'x-spotless-key': p.publishableKey, origin: HOST },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(HOST);
    expect(ok.headers.get('vary')).toContain('Origin');
    expect(ok.headers.get('access-control-allow-credentials')).toBeNull();

    // Refused, but readable by the page that asked: a fixed code and text, no data, no credentials.
    for (const origin of ['https://evil.example', 'http://sunny-homes.example', `${HOST}:8443`]) {
      const other = await ctx.app.request('/api/services', { headers: { 'x-spotless-key': p.publishableKey, origin } });
      expect(other.status, origin).toBe(403);
      expect(other.headers.get('access-control-allow-origin'), origin).toBe(origin);
      expect(other.headers.get('access-control-allow-credentials'), origin).toBeNull();
      expect(other.headers.get('vary'), origin).toContain('Origin');
      expect(await other.json(), origin).toEqual({
        error: {
          code: 'origin_not_allowed',
          message: `This key is not allowed on ${origin} — add it under allowed origins`,
        },
      });
    }
    const unknown = await ctx.app.request('/api/services', {
      headers: { 'x-spotless-key': 'pk_nobody', origin: HOST },
    });
    expect(unknown.status).toBe(403);
    expect(unknown.headers.get('access-control-allow-origin')).toBe(HOST);
    expect(await unknown.json()).toEqual({
      error: { code: 'unknown_key', message: 'This partner key is not recognised' },
    });

    // A sandboxed page's `null` origin, or no origin at all, gets no allowance even for the refusal.
    for (const headers of [{ origin: 'null' }, {}] as Array<Record<string, string>>) {
      const res = await ctx.app.request('/api/services', { headers: { 'x-spotless-key': 'pk_nobody', ...headers } });
      expect(res.status).toBe(403);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }

    // A server (no Origin) holding the key is the partner too, and gets no CORS header.
    const server = await ctx.app.request('/api/services', { headers: { 'x-spotless-key': p.publishableKey } });
    expect(server.status).toBe(200);
    expect(server.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers a preflight that means to send a key from any origin, without credentials, and refuses any other', async () => {
    const preflight = (origin: string, headers = 'content-type, x-spotless-key') =>
      ctx.app.request('/api/chat/session', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': headers },
      });
    // No partner allows the second: its request is then refused by its key, readably.
    for (const origin of ['http://localhost:4173', 'https://not-yet-added.example']) {
      const ok = await preflight(origin);
      expect(ok.status, origin).toBe(204);
      expect(ok.headers.get('access-control-allow-origin')).toBe(origin);
      expect(ok.headers.get('access-control-allow-headers')).toContain('x-spotless-key');
      expect(ok.headers.get('access-control-allow-credentials')).toBeNull();
    }
    for (const [origin, headers] of [
      ['http://localhost:4173', 'content-type'],
      ['null', undefined],
    ] as const) {
      const refused = await preflight(origin, headers);
      expect(refused.status).toBe(403);
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('says why a key is refused, readably, and what it may not do stays refused without data', async () => {
    const p = await newPartner({ name: 'Telling Realty', allowedOrigins: [HOST] });
    const refusal = async (key: string, origin: string) => {
      const res = await ctx.app.request('/api/cleaners?location=Austin', {
        headers: { 'x-spotless-key': key, origin },
      });
      return {
        status: res.status,
        allow: res.headers.get('access-control-allow-origin'),
        expose: res.headers.get('access-control-expose-headers'),
        body: (await res.json()) as { error: { code: string; message: string } },
      };
    };
    const other = 'http://127.0.0.1:9912';
    expect(await refusal(p.publishableKey, other)).toEqual({
      status: 403,
      allow: other,
      expose: expect.stringContaining('Content-Type'),
      body: {
        error: {
          code: 'origin_not_allowed',
          message: `This key is not allowed on ${other} — add it under allowed origins`,
        },
      },
    });
    expect((await refusal('not a key at all', HOST)).body.error.code).toBe('unknown_key');
    // A page whose script tag gives no key: told so, readably.
    const none = await refusal('', HOST);
    expect(none).toMatchObject({ status: 403, allow: HOST, body: { error: { code: 'missing_key' } } });
    expect(none.body.error.message).toContain('data-key');
    await ctx.json(p.actions.deactivate?.href ?? '', { method: 'PATCH', headers: admin, body: { isActive: false } });
    expect(await refusal(p.publishableKey, HOST)).toEqual({
      status: 403,
      allow: HOST,
      expose: expect.stringContaining('Content-Type'),
      body: { error: { code: 'inactive_key', message: 'This partner key is inactive' } },
    });
    // An inactive key is refused from any origin, and says the same.
    expect((await refusal(p.publishableKey, other)).body.error.code).toBe('inactive_key');
  });

  it('reads no personal data and reaches no admin or account route', async () => {
    const p = await newPartner({ name: 'Nosy Realty', allowedOrigins: [HOST] });
    const headers = { 'x-spotless-key': p.publishableKey, origin: HOST };
    const [booking] = await ctx.database.db.select({ id: bookings.id }).from(bookings).limit(1);
    for (const path of [
      `/api/bookings/${booking?.id}`,
      '/api/bookings',
      '/api/payments',
      '/api/auth/user',
      '/api/admin/partners',
      '/api/admin/applications',
    ]) {
      const res = await ctx.app.request(path, { headers });
      expect(res.status, path).toBe(403);
    }
    // An administrator's cookies do not ride along a keyed request either.
    const withCookie = await ctx.app.request('/api/admin/partners', { headers: { ...headers, cookie: admin.cookie } });
    expect(withCookie.status).toBe(403);
  });

  it('stops working at once when deactivated, and again when activated', async () => {
    const p = await newPartner({ name: 'Paused Realty', allowedOrigins: [HOST] });
    const headers = { 'x-spotless-key': p.publishableKey, origin: HOST };
    const off = await ctx.json<PartnerBody>(p.actions.deactivate?.href ?? '', {
      method: 'PATCH',
      headers: admin,
      body: { isActive: false },
    });
    expect(off.body.isActive).toBe(false);
    expect(off.body.actions.activate).toBeDefined();
    expect((await ctx.app.request('/api/services', { headers })).status).toBe(403);
    await ctx.json(off.body.actions.activate?.href ?? '', {
      method: 'PATCH',
      headers: admin,
      body: { isActive: true },
    });
    expect((await ctx.app.request('/api/services', { headers })).status).toBe(200);
  });

  it('limits each key per minute in the database, and says when to retry', async () => {
    const p = await newPartner({ name: 'Busy Realty', allowedOrigins: [HOST], rateLimitPerMinute: 10 });
    const headers = { 'x-spotless-key': p.publishableKey, origin: HOST };
    for (let i = 0; i < 10; i++) expect((await ctx.app.request('/api/services', { headers })).status).toBe(200);
    const limited = await ctx.app.request('/api/services', { headers });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The widget can read the refusal: it carries the CORS allowance.
    expect(limited.headers.get('access-control-allow-origin')).toBe(HOST);
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 61_000));
    expect((await ctx.app.request('/api/services', { headers })).status).toBe(200);
  });
});

describe('what partners bring in', () => {
  it('records the partner and the host page’s UTM on a chat, and counts it', async () => {
    const p = await newPartner({ name: 'Chatty Realty', allowedOrigins: [HOST] });
    const res = await ctx.app.request('/api/chat/session', {
      method: 'POST',
      headers: {
        'x-spotless-key': p.publishableKey,
        origin: HOST,
        'x-spotless-utm': 'utm_source=newsletter&utm_campaign=spring&utm_bogus=x&utm_medium=%00',
      },
    });
    expect(res.status).toBe(201);
    const rows = await ctx.database.db.select().from(chatSessions).where(eq(chatSessions.partnerId, p.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.utm).toEqual({ source: 'newsletter', campaign: 'spring' });
    const again = await ctx.json<PartnerBody>(p.links.self.href, { headers: admin });
    expect(again.body.stats.chats).toBe(1);
  });

  it('shows bookings, revenue and commission per partner, each booking at the rate recorded when it was made', async () => {
    const p = await newPartner({ name: 'Selling Realty', allowedOrigins: [HOST], commissionRateBps: 1000 });
    const paid = await ctx.database.db
      .select({ bookingId: payments.bookingId, amount: payments.amountCents, refunded: payments.refundedCents })
      .from(payments)
      .where(inArray(payments.status, ['succeeded', 'refunded']))
      .limit(2);
    expect(paid.length).toBe(2);
    const [first, second] = paid as [(typeof paid)[0], (typeof paid)[0]];
    // One booking made at 10%, one at 15% (the rate changed in between).
    await ctx.database.write(async (tx) => {
      await tx
        .update(bookings)
        .set({ partnerId: p.id, partnerCommissionBps: 1000 })
        .where(eq(bookings.id, first.bookingId));
      await tx
        .update(bookings)
        .set({ partnerId: p.id, partnerCommissionBps: 1500 })
        .where(and(eq(bookings.id, second.bookingId)));
    });
    const kept = (row: typeof first) => row.amount - row.refunded;
    const commission = Math.round((kept(first) * 1000) / 10000) + Math.round((kept(second) * 1500) / 10000);
    const shown = await ctx.json<PartnerBody>(p.links.self.href, { headers: admin });
    expect(shown.body.stats.bookings).toBe(2);
    expect(shown.body.stats.paidBookings).toBe(2);
    expect(shown.body.stats.revenue).toBe(((kept(first) + kept(second)) / 100).toFixed(2));
    expect(shown.body.stats.commission).toBe((commission / 100).toFixed(2));
  });
});
