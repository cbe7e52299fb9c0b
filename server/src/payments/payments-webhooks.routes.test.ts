import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bookingStatusHistory, bookings, paymentEvents, payments } from '../db/schema';
import type { ProviderEvent } from '../lib/payment-provider';
import type { WebhookAnswer } from '../test/payment-fixtures';
import { paymentWorld } from '../test/payment-world';
import { LOCAL_SIGNATURE_HEADER, LocalPaymentProvider } from './local-provider';

/** The payment provider's events, delivered to the webhook: signed, applied once, in any order. */
const { ctx, provider, paymentRow, bookingRow, started } = await paymentWorld();

describe('POST /api/webhooks/stripe (local provider deliveries)', () => {
  async function snapshot() {
    const db = ctx.database.db;
    return {
      payments: await db.select().from(payments),
      bookings: await db.select().from(bookings),
      events: await db.select().from(paymentEvents),
      audit: await db.select().from(auditLog),
    };
  }
  async function deliver(rawBody: string, signatureHeader: string) {
    const res = await ctx.app.request('/api/webhooks/stripe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [LOCAL_SIGNATURE_HEADER]: signatureHeader },
      body: rawBody,
    });
    return { status: res.status, body: (await res.json()) as WebhookAnswer };
  }

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const { intent } = await started();
    const event: ProviderEvent = {
      id: 'evt_forged_1',
      type: 'payment_succeeded',
      providerPaymentId: intent.clientSecret.split('_secret_')[0],
      amountCents: 12_345,
      createdAt: ctx.clock.now(),
    };
    const forger = new LocalPaymentProvider({ clock: ctx.clock, webhookSecret: 'whsec_attacker' });
    const before = await snapshot();
    const forged = await forger.signedDelivery(event);
    expect((await deliver(forged.rawBody, forged.signatureHeader)).status).toBe(400);
    const genuine = await provider.signedDelivery(event);
    expect((await deliver(`${genuine.rawBody} `, genuine.signatureHeader)).status).toBe(400);
    expect((await deliver(genuine.rawBody, '')).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('applies an event delivered 5 times once, and any order of a set of events ends in the same state', async () => {
    const runs: Array<{ payment: unknown; booking: unknown }> = [];
    for (const order of [
      [0, 1, 2, 3],
      [3, 2, 1, 0],
      [2, 0, 3, 1],
    ]) {
      const { intent, booking } = await started(20_000);
      const providerPaymentId = intent.clientSecret.split('_secret_')[0];
      const at = (s: number) => new Date(ctx.clock.now().getTime() + s * 1000);
      const base = { providerPaymentId, amountCents: 20_000 };
      const events: ProviderEvent[] = [
        {
          ...base,
          id: `evt_fail_${order.join('')}`,
          type: 'payment_failed',
          failureReason: 'Your card was declined.',
          createdAt: at(1),
        },
        { ...base, id: `evt_ok_${order.join('')}`, type: 'payment_succeeded', createdAt: at(2) },
        { ...base, id: `evt_ref1_${order.join('')}`, type: 'refunded', refundedCents: 5_000, createdAt: at(3) },
        { ...base, id: `evt_ref2_${order.join('')}`, type: 'refunded', refundedCents: 8_000, createdAt: at(4) },
      ];
      for (const i of order) {
        const delivery = await provider.signedDelivery(events[i] as ProviderEvent);
        const times = i === 1 ? 5 : 1;
        for (let n = 0; n < times; n++) {
          const res = await deliver(delivery.rawBody, delivery.signatureHeader);
          expect(res.status).toBe(200);
          expect(res.body.duplicate).toBe(n > 0);
        }
      }
      const payment = await paymentRow(intent.paymentId);
      const stored = await ctx.database.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.paymentId, intent.paymentId));
      expect(stored).toHaveLength(4);
      const confirmations = await ctx.database.db
        .select()
        .from(bookingStatusHistory)
        .where(eq(bookingStatusHistory.bookingId, booking.id));
      expect(confirmations).toHaveLength(1);
      const b = await bookingRow(booking.id);
      runs.push({
        payment: {
          status: payment?.status,
          refundedCents: payment?.refundedCents,
          failureReason: payment?.failureReason,
        },
        booking: { status: b?.status, paymentStatus: b?.paymentStatus },
      });
    }
    expect(runs[0]).toEqual({
      payment: { status: 'succeeded', refundedCents: 8_000, failureReason: 'Your card was declined.' },
      booking: { status: 'confirmed', paymentStatus: 'succeeded' },
    });
    expect(runs[1]).toEqual(runs[0]);
    expect(runs[2]).toEqual(runs[0]);
  });

  it('keeps an event for an unknown intent and answers 200 for a genuine event of no interest', async () => {
    const orphan = await provider.signedDelivery({
      id: 'evt_orphan_1',
      type: 'payment_succeeded',
      providerPaymentId: 'pi_local_unknown',
      amountCents: 5_000,
      createdAt: ctx.clock.now(),
    });
    expect((await deliver(orphan.rawBody, orphan.signatureHeader)).body).toMatchObject({ applied: true });
    const row = await ctx.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_orphan_1')).get();
    expect(row?.paymentId).toBeNull();
  });
});
