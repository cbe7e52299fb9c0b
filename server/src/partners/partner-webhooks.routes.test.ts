import { WEBHOOK_EVENT_TYPES } from '@spotless/sdk/webhooks';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE } from '../auth/cookies';
import { createSession, generateSessionToken } from '../auth/sessions';
import { type Admin, assistantFor } from '../contract/actor';
import { AppError } from '../contract/errors';
import { auditLog, partners, partnerWebhookDeliveries, partnerWebhookEndpoints } from '../db/schema';
import { ORIGIN, seedWorld } from '../test/booking-fixtures';
import { createTestContext, type Json } from '../test/harness';
import { createPartnerWebhook, queuePartnerEvent, requirePartnerManager } from './partner-webhooks.service';
import { WEBHOOK_URL_TEXT, webhookUrlProblem, webhookUrlRule } from './webhook-url';

/**
 * A partner's webhook endpoints, managed by administrators through actions (decision 079): each
 * with a secret the server makes, `https:` URLs only (loopback outside production), refusals that
 * name the field, and one partner's endpoints and deliveries out of reach of another's paths.
 */
const ctx = await createTestContext();
/** The same server with private addresses refused (WEBHOOK_ALLOW_PRIVATE_URLS=false, as in production). */
const strict = await createTestContext({ config: { WEBHOOK_ALLOW_PRIVATE_URLS: 'false' } });
await seedWorld(ctx);
const token = generateSessionToken();
await createSession(ctx.database, token, { userId: null, kind: 'admin' }, ctx.clock.now());
const admin = { cookie: `${ADMIN_SESSION_COOKIE}=${token}`, origin: ORIGIN };

async function newPartner(name: string): Promise<number> {
  const res = await ctx.json<Json>('/api/admin/partners', {
    method: 'POST',
    headers: admin,
    body: { name, allowedOrigins: ['https://realty.example'] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}
const partnerA = await newPartner('Hooked Realty A');
const partnerB = await newPartner('Hooked Realty B');
const hooks = (partnerId: number) => `/api/partner-portal/${partnerId}/webhooks`;

async function newEndpoint(partnerId: number, body: Json = {}) {
  const res = await ctx.json<Json>(hooks(partnerId), {
    method: 'POST',
    headers: admin,
    body: { url: 'https://hooks.realty.example/spotless', events: ['booking.created'], ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('administrators manage a partner’s webhook endpoints through actions', () => {
  it('creates an endpoint with a secret the server makes, lists it, changes it and deletes it', async () => {
    const partner = await ctx.json<Json>(`/api/admin/partners/${partnerA}`, { headers: admin });
    expect(partner.body.links.webhooks.href).toBe(hooks(partnerA));
    const empty = await ctx.json<Json>(partner.body.links.webhooks.href, { headers: admin });
    expect(empty.body).toMatchObject({ items: [], total: 0 });
    expect(empty.body.actions.create.fields.map((f: Json) => f.name)).toEqual(['url', 'events', 'isActive']);
    // The events a form offers, all of them chosen to start with.
    expect(empty.body.actions.create.fields[1]).toMatchObject({
      options: WEBHOOK_EVENT_TYPES.map((value) => ({ value })),
      value: [...WEBHOOK_EVENT_TYPES],
    });

    const res = await ctx.json<Json>(empty.body.actions.create.href, {
      method: 'POST',
      headers: admin,
      body: { url: 'https://hooks.realty.example/a', events: ['booking.created', 'booking.created', 'test-nothing'] },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toEqual(['events.2']);
    const created = await newEndpoint(partnerA, {
      events: ['booking.created', 'booking.created', 'payment.succeeded'],
    });
    expect(created).toMatchObject({
      partnerId: partnerA,
      url: 'https://hooks.realty.example/spotless',
      events: ['booking.created', 'payment.succeeded'],
      isActive: true,
      signingSecret: expect.stringMatching(/^whsec_[a-z2-7]{40}$/),
    });
    expect(Object.keys(created.actions)).toEqual(['update', 'delete', 'sendTest']);
    expect(created.actions.update.fields.find((f: Json) => f.name === 'events')).toMatchObject({
      options: WEBHOOK_EVENT_TYPES.map((value) => ({ value })),
      value: ['booking.created', 'payment.succeeded'],
    });
    const other = await newEndpoint(partnerA);
    expect(other.signingSecret).not.toBe(created.signingSecret);

    const listed = await ctx.json<Json>(hooks(partnerA), { headers: admin });
    expect(listed.body.items.map((e: Json) => e.id)).toEqual([created.id, other.id]);

    const changed = await ctx.json<Json>(created.actions.update.href, {
      method: 'PATCH',
      headers: admin,
      body: { events: ['booking.cancelled'], isActive: false },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ events: ['booking.cancelled'], isActive: false });
    // An inactive endpoint is sent nothing, a test event included.
    expect(changed.body.actions.sendTest).toBeUndefined();
    const test = await ctx.json<Json>(`${created.links.self.href}/test`, { method: 'POST', headers: admin });
    expect(test.status).toBe(409);
    expect(test.body.error.code).toBe('endpoint_inactive');

    const deleted = await ctx.json<Json>(other.actions.delete.href, { method: 'DELETE', headers: admin });
    expect(deleted.status).toBe(200);
    expect(deleted.body.items.map((e: Json) => e.id)).toEqual([created.id]);
    expect((await ctx.json(other.links.self.href, { headers: admin })).status).toBe(404);

    const audited = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityType, 'partner_webhook'));
    expect(audited.map((a) => a.action)).toEqual(
      expect.arrayContaining(['partner_webhook.created', 'partner_webhook.updated', 'partner_webhook.deleted']),
    );
    expect(JSON.stringify(await ctx.database.db.select().from(auditLog))).not.toContain(created.signingSecret);
  });

  it('refuses a URL that is not https (loopback aside outside production) with a 400 naming url, writing nothing', async () => {
    const before = (await ctx.database.db.select().from(partnerWebhookEndpoints)).length;
    for (const url of [
      'not a url',
      'ftp://hooks.realty.example/x',
      'http://hooks.realty.example/x',
      'https://user:secret@hooks.realty.example/x',
      'http://10.0.0.5/x',
      '',
      'javascript:alert(1)',
    ]) {
      const res = await ctx.json<Json>(hooks(partnerA), {
        method: 'POST',
        headers: admin,
        body: { url, events: ['booking.created'] },
      });
      expect(res.status, url).toBe(400);
      expect(Object.keys(res.body.error.fields), url).toEqual(['url']);
    }
    const endpoint = await newEndpoint(partnerA, { url: 'http://127.0.0.1:9/hooks' });
    const res = await ctx.json<Json>(endpoint.actions.update.href, {
      method: 'PATCH',
      headers: admin,
      body: { url: 'http://hooks.realty.example/x' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ url: expect.stringContaining('https://') });
    for (const body of [{}, { events: [] }, { secret: 'whsec_mine' }, { url: 42 }]) {
      const bad = await ctx.json<Json>(endpoint.actions.update.href, { method: 'PATCH', headers: admin, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.error.code).toBe('validation_failed');
    }
    expect((await ctx.database.db.select().from(partnerWebhookEndpoints)).length).toBe(before + 1);
  });

  it('without WEBHOOK_ALLOW_PRIVATE_URLS, sends to public https hosts only', () => {
    const strict = (url: string) => webhookUrlProblem(url, false);
    expect(strict('https://hooks.realty.example/spotless')).toBeNull();
    expect(strict('https://[2606:4700::1111]/hooks')).toBeNull();
    expect(strict('https://8.8.8.8/hooks')).toBeNull();
    for (const url of [
      'http://127.0.0.1:8080/hooks',
      'http://localhost/hooks',
      'https://localhost/hooks',
      'https://LOCALHOST./hooks',
      'https://127.0.0.1/hooks',
      'https://127.1/hooks',
      'https://2130706433/hooks',
      'https://0x7f.1/hooks',
      'https://0.0.0.0/hooks',
      'https://10.1.2.3/hooks',
      'https://100.64.0.1/hooks',
      'https://172.20.0.1/hooks',
      'https://192.168.1.1/hooks',
      'https://169.254.169.254/latest',
      'https://224.0.0.1/hooks',
      'https://[::]/hooks',
      'https://[::1]/hooks',
      'https://[0:0:0:0:0:0:0:1]/hooks',
      'https://[::ffff:127.0.0.1]/hooks',
      'https://[::ffff:a9fe:a9fe]/hooks',
      'https://[64:ff9b::a00:1]/hooks',
      'https://[fd00::1]/hooks',
      'https://[fc12:3456::1]/hooks',
      'https://[fe80::1]/hooks',
      'https://[ff02::1]/hooks',
      'https://metadata.google.internal/x',
      'https://app.localhost/x',
      'https://printer.local/x',
      'https://intranet/x',
    ]) {
      expect(strict(url), url).toBe(WEBHOOK_URL_TEXT.internal);
    }
    expect(strict('http://hooks.realty.example/x')).toBe(WEBHOOK_URL_TEXT.https);
    // With it (the default outside production), loopback over http too, for a receiver on this machine.
    expect(webhookUrlProblem('http://localhost:4000/hooks', true)).toBeNull();
    expect(webhookUrlProblem('http://[::1]:4000/hooks', true)).toBeNull();
    expect(webhookUrlProblem('https://10.1.2.3/hooks', true)).toBeNull();
    expect(webhookUrlProblem('http://10.1.2.3/hooks', true)).toBe(WEBHOOK_URL_TEXT.httpLocal);
  });

  it('refuses a loopback or private address with a 400 naming url once WEBHOOK_ALLOW_PRIVATE_URLS is off', async () => {
    expect(strict.deps.config.webhookAllowPrivateUrls).toBe(false);
    const adminToken = generateSessionToken();
    await createSession(strict.database, adminToken, { userId: null, kind: 'admin' }, strict.clock.now());
    const strictAdmin = { cookie: `${ADMIN_SESSION_COOKIE}=${adminToken}`, origin: ORIGIN };
    const made = await strict.json<Json>('/api/admin/partners', {
      method: 'POST',
      headers: strictAdmin,
      body: { name: 'Strict Realty', allowedOrigins: [] },
    });
    const path = `/api/partner-portal/${made.body.id}/webhooks`;
    for (const url of [
      'http://127.0.0.1:9/hooks',
      'https://localhost/hooks',
      'https://[::1]/hooks',
      'https://10.0.0.5/x',
    ]) {
      const res = await strict.json<Json>(path, {
        method: 'POST',
        headers: strictAdmin,
        body: { url, events: ['booking.created'] },
      });
      expect(res.status, url).toBe(400);
      expect(res.body.error.fields, url).toEqual({ url: WEBHOOK_URL_TEXT.internal });
    }
    const ok = await strict.json<Json>(path, {
      method: 'POST',
      headers: strictAdmin,
      body: { url: 'https://hooks.strict.example/x', events: ['booking.created'] },
    });
    expect(ok.status).toBe(201);
    const moved = await strict.json<Json>(ok.body.actions.update.href, {
      method: 'PATCH',
      headers: strictAdmin,
      body: { url: 'https://192.168.0.10/x' },
    });
    expect(moved.status).toBe(400);
    expect(Object.keys(moved.body.error.fields)).toEqual(['url']);
    expect(await strict.database.db.select().from(partnerWebhookEndpoints)).toHaveLength(1);
    // The forms say what this installation accepts: public https:// only.
    const list = await strict.json<Json>(path, { headers: strictAdmin });
    expect(list.body.actions.create.description).toBe(webhookUrlRule(false));
    expect(list.body.items[0].actions.update.description).toMatch(/^A public https:\/\/ address: http:\/\/, loopback/);
  });

  it('says in its create and update actions that http:// to loopback is accepted while WEBHOOK_ALLOW_PRIVATE_URLS is on', async () => {
    const made = await ctx.json<Json>(hooks(partnerA), {
      method: 'POST',
      headers: admin,
      body: { url: 'https://hooks.rule.example/x', events: ['booking.created'] },
    });
    expect(made.body.actions.update.description).toBe(webhookUrlRule(true));
    const list = await ctx.json<Json>(hooks(partnerA), { headers: admin });
    expect(list.body.actions.create.description).toMatch(/and http:\/\/ to 127\.0\.0\.1, localhost or \[::1\] only/);
    await ctx.json(made.body.actions.delete.href, { method: 'DELETE', headers: admin });
  });
});

describe('one partner’s endpoints and deliveries, out of reach of another’s paths', () => {
  it('answers 404 for partner A’s endpoint and delivery under partner B, and lists none of them', async () => {
    const endpoint = await newEndpoint(partnerA, { events: ['commission.paid'] });
    await ctx.database.write((tx) =>
      queuePartnerEvent(tx, { partnerId: partnerA, type: 'commission.paid', data: {}, now: ctx.clock.now() }),
    );
    const [delivery] = await ctx.database.db
      .select()
      .from(partnerWebhookDeliveries)
      .where(eq(partnerWebhookDeliveries.endpointId, endpoint.id));
    await ctx.database.write((tx) =>
      tx
        .update(partnerWebhookDeliveries)
        .set({ status: 'failed' })
        .where(eq(partnerWebhookDeliveries.id, delivery?.id ?? 0)),
    );
    const underB = `${hooks(partnerB)}/${endpoint.id}`;
    const probes: Array<[string, string, Json?]> = [
      ['GET', underB],
      ['PATCH', underB, { isActive: false }],
      ['DELETE', underB],
      ['POST', `${underB}/test`],
      ['GET', `/api/partner-portal/${partnerB}/webhook-deliveries/${delivery?.id}`],
      ['POST', `/api/partner-portal/${partnerB}/webhook-deliveries/${delivery?.id}/resend`],
    ];
    for (const [method, path, body] of probes) {
      const res = await ctx.json<Json>(path, { method, headers: admin, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const logB = await ctx.json<Json>(`/api/partner-portal/${partnerB}/webhook-deliveries?endpointId=${endpoint.id}`, {
      headers: admin,
    });
    expect(logB.body).toMatchObject({ items: [], total: 0 });
    const own = await ctx.json<Json>(`/api/partner-portal/${partnerA}/webhook-deliveries/${delivery?.id}`, {
      headers: admin,
    });
    expect(own.body).toMatchObject({
      id: delivery?.id,
      status: 'failed',
      links: { self: { href: own.body.links.self.href } },
    });
    expect(own.body.actions.resend).toBeDefined();
    expect((await ctx.json<Json>(hooks(partnerB), { headers: admin })).body.items).toEqual([]);
    const [still] = await ctx.database.db
      .select()
      .from(partnerWebhookEndpoints)
      .where(eq(partnerWebhookEndpoints.id, endpoint.id));
    expect(still?.isActive).toBe(true);
    expect((await ctx.json(hooks(999_999), { headers: admin })).status).toBe(404);
  });
});

describe('the delivery log', () => {
  it('lists a partner’s deliveries newest first, a page at a time, with one endpoint’s on request', async () => {
    const partnerId = await newPartner('Logged Realty');
    const one = await newEndpoint(partnerId, { events: ['commission.paid'] });
    const two = await newEndpoint(partnerId, { events: ['commission.paid'] });
    for (let i = 0; i < 3; i++) {
      await ctx.database.write((tx) =>
        queuePartnerEvent(tx, {
          partnerId,
          type: 'commission.paid',
          data: { amount: `${i}.00` },
          now: ctx.clock.now(),
        }),
      );
    }
    const page = await ctx.json<Json>(`/api/partner-portal/${partnerId}/webhook-deliveries?pageSize=4`, {
      headers: admin,
    });
    expect(page.body).toMatchObject({ total: 6, page: 1, pageSize: 4 });
    const ids = page.body.items.map((d: Json) => d.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(page.body.items[0]).toMatchObject({
      eventType: 'commission.paid',
      status: 'pending',
      attempts: 0,
      payload: { type: 'commission.paid', data: { amount: '2.00' } },
      links: { endpoint: { href: expect.stringContaining('/webhooks/') } },
    });
    // Pending: already queued, so no resend.
    expect(page.body.items[0].actions).toEqual({});
    const next = await ctx.json<Json>(page.body.links.next.href, { headers: admin });
    expect(next.body.items).toHaveLength(2);
    // One event, one id, to each endpoint.
    const events = new Map<string, number>();
    for (const d of [...page.body.items, ...next.body.items]) events.set(d.eventId, (events.get(d.eventId) ?? 0) + 1);
    expect([...events.values()]).toEqual([2, 2, 2]);
    const ofOne = await ctx.json<Json>(one.links.deliveries.href, { headers: admin });
    expect(ofOne.body.total).toBe(3);
    expect(ofOne.body.items.every((d: Json) => d.endpointId === one.id)).toBe(true);
    expect(two.id).not.toBe(one.id);
  });
});

describe('who manages them', () => {
  it('is decided in one place: administrators, and never the assistant for a change', async () => {
    const admin: Admin = { kind: 'admin', adminUserId: null, person: null };
    expect(await requirePartnerManager(ctx.deps, admin, partnerA)).toEqual({ userId: null, role: 'admin' });
    const assistant = assistantFor({ kind: 'customer', userId: 1 }, 'chat-1');
    await expect(requirePartnerManager(ctx.deps, assistant, partnerA, 'write')).rejects.toBeInstanceOf(AppError);
    await expect(
      createPartnerWebhook(ctx.deps, assistant, partnerA, {
        url: 'https://hooks.realty.example/x',
        events: ['booking.created'],
        isActive: true,
      }),
    ).rejects.toMatchObject({ status: 403 });
    const rows = await ctx.database.db
      .select()
      .from(partnerWebhookEndpoints)
      .where(
        and(
          eq(partnerWebhookEndpoints.partnerId, partnerA),
          eq(partnerWebhookEndpoints.url, 'https://hooks.realty.example/x'),
        ),
      );
    expect(rows).toEqual([]);
    expect(await ctx.database.db.select().from(partners).where(eq(partners.id, partnerA))).toHaveLength(1);
  });
});
