import { verifyWebhook } from '@spotless/sdk/webhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../src/test/webhook-receiver';
import type { Json } from './call';
import type { OnTarget } from './each-target';
import { freeTwoHours, HOST_PAGE, KEY } from './guest-link-checks';
import { administrator, onDatabase } from './people';

/**
 * A partner's webhooks on the three targets (decision 079), checked within the partners' target file:
 * an administrator registers an endpoint on a loopback receiver for the demo partner, a guest books
 * through its key, and the `deliver-partner-webhooks` job — run as each target's scheduler runs it —
 * sends `booking.created`: the receiver fails the first attempt (500), and once the retry is due the
 * second run delivers it, signed so the SDK's `verifyWebhook` accepts it.
 */
export function partnerWebhookChecks(on: OnTarget): void {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver?.close());

  it('sends booking.created to a partner’s endpoint, signed, retrying it after the receiver failed once', async () => {
    const cookie = await administrator(on);
    const partners = await on.call('/api/admin/partners', { cookie });
    const demo = partners.body.items.find((p: Json) => p.publishableKey === KEY);
    expect(demo, JSON.stringify(partners.body).slice(0, 300)).toBeDefined();
    const list = await on.call(demo.links.webhooks.href, { cookie });
    const endpoint = await on.call(list.body.actions.create.href, {
      method: 'POST',
      cookie,
      body: { url: receiver.url, events: ['booking.created'] },
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);

    const widget = { 'x-spotless-key': KEY, origin: HOST_PAGE };
    const cleaner = (await on.call('/api/cleaners?location=Austin&pageSize=1', { headers: widget })).body.items[0];
    const booking = {
      cleanerId: cleaner.id,
      serviceId: 1,
      address: '1 Congress Ave, Austin, TX',
      duration: 120,
      ...(await freeTwoHours(on, cleaner.id, 100)),
      guestName: 'Hooked Guest',
      guestEmail: `hooked-${Date.now()}@example.com`,
      guestPhone: '512 555 0142',
    };
    const quote = await on.call('/api/guest-bookings', {
      method: 'POST',
      headers: widget,
      body: { ...booking, totalPrice: '1.00' },
    });
    const made = await on.call('/api/guest-bookings', {
      method: 'POST',
      headers: widget,
      body: { ...booking, totalPrice: quote.body.error.currentPrice },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);

    receiver.answer(500);
    await on.target.runJob('deliver-partner-webhooks');
    expect(receiver.received.map((r) => r.status)).toEqual([500]);
    const log = await on.call(endpoint.body.links.deliveries.href, { cookie });
    expect(log.body.items[0]).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });

    // The retry is due a minute later: the delivery is made due now, as that minute would.
    await onDatabase(on, (db) =>
      db.execute({
        sql: 'update partner_webhook_deliveries set next_attempt_at = next_attempt_at - ? where endpoint_id = ?',
        args: [120_000, endpoint.body.id],
      }),
    );
    await on.target.runJob('deliver-partner-webhooks');
    expect(receiver.received.map((r) => r.status)).toEqual([500, 200]);
    const [first, second] = receiver.received;
    expect(second?.body).toBe(first?.body);
    const verified = await verifyWebhook<Json>(
      endpoint.body.signingSecret,
      second?.headers['spotless-signature'] as string,
      second?.body ?? '',
    );
    expect(verified.ok, JSON.stringify(verified)).toBe(true);
    if (!verified.ok) return;
    expect(verified.event).toMatchObject({
      type: 'booking.created',
      data: { booking: { id: made.body.booking.id, status: 'pending', city: 'Austin' } },
    });
    expect(second?.body).not.toContain('Hooked Guest');
    const delivered = await on.call(endpoint.body.links.deliveries.href, { cookie });
    expect(delivered.body.items[0]).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200 });
  });
}
