import { verifyWebhook, WEBHOOK_EVENT_TYPES } from '@spotless/sdk/webhooks';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE } from '../auth/cookies';
import { createSession, generateSessionToken } from '../auth/sessions';
import { expireUnpaidBookings } from '../bookings/booking-lifecycle.service';
import { systemActor } from '../contract/actor';
import { openDatabase } from '../db/open';
import { partnerWebhookDeliveries } from '../db/schema';
import { JOBS, runJob } from '../jobs/registry';
import { ORIGIN } from '../test/booking-fixtures';
import { guestCheckoutWorld } from '../test/guest-checkout';
import type { Json } from '../test/harness';
import { startWebhookReceiver } from '../test/webhook-receiver';
import { deliverPartnerWebhooks, MAX_ATTEMPTS, nextAttemptAfter } from './partner-webhook-delivery.service';
import { queuePartnerEvent } from './partner-webhooks.service';

/**
 * Webhooks to a partner's own systems (decision 079), end to end: a guest booking through the
 * partner's key queues `booking.created`, the job POSTs it signed to a receiver on loopback, and the
 * SDK's `verifyWebhook` accepts it; failures are retried after the backoff; resend and test events
 * go through the same queue; two runs at once send a delivery once.
 */
const { ctx, partner, payload, bookAsGuest, payAsGuest } = await guestCheckoutWorld();
const receiver = await startWebhookReceiver();
afterAll(() => receiver.close());

/** An administrator's session, opened anew as the tests move the clock past the last one's end. */
const admin = { cookie: '', origin: ORIGIN };
async function signInAdmin() {
  const token = generateSessionToken();
  await createSession(ctx.database, token, { userId: null, kind: 'admin' }, ctx.clock.now());
  admin.cookie = `${ADMIN_SESSION_COOKIE}=${token}`;
}
await signInAdmin();
const partnerId = partner?.id as number;

const created = await ctx.json<Json>(`/api/partner-portal/${partnerId}/webhooks`, {
  method: 'POST',
  headers: admin,
  body: { url: receiver.url, events: [...WEBHOOK_EVENT_TYPES] },
});
if (created.status !== 201) throw new Error(JSON.stringify(created.body));
const endpoint = created.body;

const nowSeconds = () => ctx.clock.now().getTime() / 1000;
const later = (ms: number) => ctx.clock.set(new Date(ctx.clock.now().getTime() + ms));
const deliver = () => deliverPartnerWebhooks(ctx.deps);
const log = (query = '') =>
  ctx.json<Json>(`/api/partner-portal/${partnerId}/webhook-deliveries${query}`, { headers: admin });
const deliveriesOf = (eventType: string) =>
  ctx.database.db.select().from(partnerWebhookDeliveries).where(eq(partnerWebhookDeliveries.eventType, eventType));

beforeEach(async () => {
  // Every test starts with nothing due: what an earlier one left queued is sent first.
  later(2 * 86_400_000);
  for (let i = 0; i < MAX_ATTEMPTS && (await deliver()).retrying > 0; i++) later(2 * 86_400_000);
  receiver.received.length = 0;
  await signInAdmin();
});

describe('a partner’s events, signed, to its own endpoint', () => {
  it('sends booking.created for a guest booking, signed so the SDK verifies it, without the guest’s details', async () => {
    const made = await bookAsGuest(payload({ guestName: 'Private Person', guestPhone: '+1 512 555 0199' }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const [queued] = await deliveriesOf('booking.created');
    expect(queued).toMatchObject({ endpointId: endpoint.id, status: 'pending', attempts: 0 });

    expect(await deliver()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    const [got] = receiver.received;
    expect(got?.method).toBe('POST');
    expect(got?.headers['content-type']).toBe('application/json');
    const verified = await verifyWebhook<Json>(
      endpoint.signingSecret,
      got?.headers['spotless-signature'] as string,
      got?.body ?? '',
      { nowSeconds: nowSeconds() },
    );
    expect(verified.ok).toBe(true);
    if (!verified.ok) return;
    expect(verified.event).toMatchObject({
      id: expect.stringMatching(/^evt_[a-z2-7]{24}$/),
      type: 'booking.created',
      created: ctx.clock.now().toISOString(),
      data: {
        booking: {
          id: made.body.booking.id,
          status: 'pending',
          paymentStatus: 'unpaid',
          startsAt: expect.stringMatching(/^2026-\d\d-\d\dT\d\d:\d\d:00\.000Z$/),
          city: 'Austin',
          service: expect.any(String),
          amount: '90.00',
          currency: 'usd',
        },
      },
    });
    for (const secret of ['Private Person', '555 0199', '5125550199', 'Congress', '@example.com']) {
      expect(got?.body, secret).not.toContain(secret);
    }
    // A wrong secret, or the same delivery replayed ten minutes later, is refused.
    const header = got?.headers['spotless-signature'] as string;
    expect(await verifyWebhook('whsec_wrong', header, got?.body ?? '', { nowSeconds: nowSeconds() })).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
    expect(
      await verifyWebhook(endpoint.signingSecret, header, got?.body ?? '', { nowSeconds: nowSeconds() + 600 }),
    ).toEqual({ ok: false, reason: 'timestamp_outside_tolerance' });

    const page = await log();
    expect(page.body.items[0]).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200 });
    expect(page.body.items[0].actions.resend).toBeDefined();
  });

  it('retries a delivery the receiver failed after the backoff, then delivers it, with the same event', async () => {
    await bookAsGuest(payload());
    receiver.answer(500);
    expect(await deliver()).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    const failed = (await log()).body.items[0];
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    expect(failed.lastError).toContain('HTTP 500');
    expect(failed.nextAttemptAt).toBe(new Date(ctx.clock.now().getTime() + 60_000).toISOString());
    expect(failed.actions.resend).toBeUndefined();

    // Not before its time.
    later(59_000);
    expect(await deliver()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    later(1_000);
    expect(await deliver()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(receiver.received).toHaveLength(2);
    const [first, second] = receiver.received.map((r) => JSON.parse(r.body).id);
    expect(second).toBe(first);
    expect((await log()).body.items[0]).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200 });
  });

  it('backs off 1 min, 5, 30, 2 h, 12 h, 24 h, 24 h, and fails after the 8th attempt', () => {
    const at = new Date('2026-06-15T12:00:00Z');
    const waits = [1, 2, 3, 4, 5, 6, 7].map((n) => ((nextAttemptAfter(n, at)?.getTime() ?? 0) - at.getTime()) / 60_000);
    expect(waits).toEqual([1, 5, 30, 120, 720, 1440, 1440]);
    expect(nextAttemptAfter(MAX_ATTEMPTS, at)).toBeNull();
  });

  it('fails a delivery after its last attempt, and resends it when asked, with the same event id', async () => {
    await bookAsGuest(payload());
    receiver.answer(...Array(MAX_ATTEMPTS).fill(503));
    let outcome = await deliver();
    for (let i = 1; i < MAX_ATTEMPTS; i++) {
      later(86_400_000);
      outcome = await deliver();
    }
    expect(outcome).toEqual({ delivered: 0, retrying: 0, failed: 1 });
    await signInAdmin();
    const failed = (await log()).body.items[0];
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, nextAttemptAt: null });

    const resent = await ctx.json<Json>(failed.actions.resend.href, { method: 'POST', headers: admin });
    expect(resent.status, JSON.stringify(resent.body)).toBe(202);
    expect(resent.body).toMatchObject({ id: failed.id, status: 'pending', eventId: failed.eventId });
    // Already queued: a second resend is refused, and writes nothing.
    const again = await ctx.json<Json>(failed.actions.resend.href, { method: 'POST', headers: admin });
    expect(again.status).toBe(409);
    expect(await deliver()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(JSON.parse(receiver.received.at(-1)?.body ?? '{}').id).toBe(failed.eventId);
  });

  it('sends a test event to one endpoint on request', async () => {
    const queued = await ctx.json<Json>(endpoint.actions.sendTest.href, { method: 'POST', headers: admin });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    expect(queued.body).toMatchObject({ eventType: 'test', status: 'pending', endpointId: endpoint.id });
    expect(await deliver()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    const got = receiver.received[0];
    const verified = await verifyWebhook(
      endpoint.signingSecret,
      got?.headers['spotless-signature'] as string,
      got?.body ?? '',
      {
        nowSeconds: nowSeconds(),
      },
    );
    expect(verified).toMatchObject({ ok: true, event: { type: 'test', id: queued.body.eventId } });
  });

  it('calls no private address once private addresses are not allowed, whenever the endpoint was saved', async () => {
    const queued = await ctx.json<Json>(endpoint.actions.sendTest.href, { method: 'POST', headers: admin });
    expect(queued.status).toBe(202);
    const strict = { ...ctx.deps, config: { ...ctx.deps.config, webhookAllowPrivateUrls: false } };
    expect(await deliverPartnerWebhooks(strict)).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    expect(receiver.received).toEqual([]);
    const [row] = await ctx.database.db
      .select()
      .from(partnerWebhookDeliveries)
      .where(eq(partnerWebhookDeliveries.id, queued.body.id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    expect(row?.lastError).toMatch(/^Not sent: .*public https:\/\/ address/);
  });

  it('delivers once when runs of the job go at once, on one server and on two', async () => {
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
    receiver.delay(150);
    const job = JOBS.find((j) => j.name === 'deliver-partner-webhooks');
    if (!job) throw new Error('no deliver-partner-webhooks job');
    // A second server on the same file: its own connection and write queue, as another process has.
    const other = await openDatabase(`file:${ctx.file}`);
    try {
      await Promise.all([
        runJob(job, ctx.deps),
        runJob(job, { ...ctx.deps, database: other }),
        deliverPartnerWebhooks({ ...ctx.deps, database: other }),
        deliver(),
      ]);
    } finally {
      receiver.delay(0);
      other.close();
    }
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => JSON.parse(r.body).id)).size).toBe(3);
    const rows = await deliveriesOf('commission.paid');
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['delivered', 1],
      ['delivered', 1],
      ['delivered', 1],
    ]);
  });

  it('sends payment.succeeded when a guest pays, and booking.cancelled when the unpaid hold expires', async () => {
    const paid = await bookAsGuest(payload());
    await payAsGuest(paid);
    const unpaid = await bookAsGuest(payload());
    later(31 * 60_000);
    await expireUnpaidBookings(ctx.deps, systemActor('expire-unpaid-bookings'));
    await deliver();
    const events = receiver.received.map((r) => JSON.parse(r.body) as Json);
    const about = (id: number) =>
      events
        .filter((e) => e.data.booking?.id === id)
        .map((e) => e.type)
        .sort();
    expect(about(paid.body.booking.id)).toEqual(['booking.created', 'payment.succeeded']);
    expect(about(unpaid.body.booking.id)).toEqual(['booking.cancelled', 'booking.created']);
    const succeeded = events.find((e) => e.type === 'payment.succeeded');
    expect(succeeded?.data.booking).toMatchObject({ status: 'confirmed', paymentStatus: 'succeeded' });
    const cancelled = events.find((e) => e.type === 'booking.cancelled');
    expect(cancelled?.data.booking).toMatchObject({ status: 'cancelled', cancellationKind: 'expired' });
  });

  it('queues nothing for an endpoint not subscribed to the event, nor for an inactive one', async () => {
    const quiet = await ctx.json<Json>(`/api/partner-portal/${partnerId}/webhooks`, {
      method: 'POST',
      headers: admin,
      body: { url: receiver.url, events: ['commission.paid'] },
    });
    const off = await ctx.json<Json>(endpoint.actions.update.href, {
      method: 'PATCH',
      headers: admin,
      body: { isActive: false },
    });
    expect(off.body.actions.sendTest).toBeUndefined();
    await bookAsGuest(payload());
    const queued = await ctx.database.db
      .select()
      .from(partnerWebhookDeliveries)
      .where(and(eq(partnerWebhookDeliveries.status, 'pending')));
    expect(queued).toEqual([]);
    await ctx.json(endpoint.actions.update.href, { method: 'PATCH', headers: admin, body: { isActive: true } });
    await ctx.json(quiet.body.actions.delete.href, { method: 'DELETE', headers: admin });
  });

  it('keeps the URL a delivery was sent to when the endpoint’s URL is edited; one not tried yet goes to the new URL', async () => {
    const first = await ctx.json<Json>(endpoint.actions.sendTest.href, { method: 'POST', headers: admin });
    expect(first.body.url).toBe(receiver.url);
    expect(await deliver()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    const unsent = await ctx.json<Json>(endpoint.actions.sendTest.href, { method: 'POST', headers: admin });
    const moved = `${receiver.url}-moved`;
    const edited = await ctx.json<Json>(endpoint.actions.update.href, {
      method: 'PATCH',
      headers: admin,
      body: { url: moved },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    try {
      const byId = async (id: number) =>
        (await ctx.json<Json>(`/api/partner-portal/${partnerId}/webhook-deliveries/${id}`, { headers: admin })).body;
      expect((await byId(first.body.id)).url).toBe(receiver.url);
      expect((await byId(unsent.body.id)).url).toBe(moved);
      expect(await deliver()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
      expect(receiver.received.map((r) => r.path)).toEqual(['/hooks/spotless', '/hooks/spotless-moved']);
      const items = (await log()).body.items as Json[];
      expect(items.find((d) => d.id === first.body.id)?.url).toBe(receiver.url);
      expect(items.find((d) => d.id === unsent.body.id)?.url).toBe(moved);
    } finally {
      await ctx.json(endpoint.actions.update.href, { method: 'PATCH', headers: admin, body: { url: receiver.url } });
    }
  });

  it('sends nothing to a disabled endpoint, and its waiting delivery shows no next attempt until it is enabled', async () => {
    const queued = await ctx.json<Json>(endpoint.actions.sendTest.href, { method: 'POST', headers: admin });
    expect(queued.body).toMatchObject({ endpointActive: true, nextAttemptAt: ctx.clock.now().toISOString() });
    await ctx.json(endpoint.actions.update.href, { method: 'PATCH', headers: admin, body: { isActive: false } });
    try {
      later(86_400_000);
      expect(await deliver()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
      expect(receiver.received).toEqual([]);
      await signInAdmin();
      const waiting = (await log()).body.items.find((d: Json) => d.id === queued.body.id);
      expect(waiting).toMatchObject({ status: 'pending', attempts: 0, endpointActive: false, nextAttemptAt: null });
    } finally {
      await ctx.json(endpoint.actions.update.href, { method: 'PATCH', headers: admin, body: { isActive: true } });
    }
    expect(await deliver()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
  });
});
