import { expect, it } from 'vitest';
import type { Json } from './call';
import type { OnTarget } from './each-target';
import { paidDemoBooking } from './paid-booking';
import { person } from './people';

const HIDDEN = '[contact details hidden until the booking is paid]';

/**
 * Messages on a booking on the three targets (decision 087), checked within the reviews' target
 * file: the demo customer books the demo cleaner and, before paying, writes a phone number in the
 * booking's thread; the cleaner reads it masked and replies; a third user is told the thread does
 * not exist (404) and may not write in it; once the booking is paid the number shows as written.
 */
export function messageChecks(on: OnTarget): void {
  const { call } = on;

  it('keeps a booking’s thread between its two parties and shows contact details once it is paid', async () => {
    let clientSecret = '';
    const { customer, cleanerCookie, made } = await paidDemoBooking(on, 180, '4242424242424242', async (secret) => {
      clientSecret = secret;
    });
    const link = made.links.messages as Json;
    expect(link).toMatchObject({ href: `/api/bookings/${made.id}/messages`, operation: 'listBookingMessages' });

    const empty = (await call(link.href, { cookie: customer })).body;
    const post = empty.actions.post as Json;
    const text = 'Hi! Text me on 512-555-0199 when you are close.';
    const sent = await call(post.href, { method: post.method, body: { body: text }, cookie: customer });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);

    const before = await call(link.href, { cookie: cleanerCookie });
    expect(before.status).toBe(200);
    expect(before.body.contactDetailsHidden).toBe(true);
    expect(before.body.unreadCount).toBe(1);
    expect(before.body.items[0]).toMatchObject({
      from: 'customer',
      masked: true,
      body: `Hi! Text me on ${HIDDEN} when you are close.`,
    });
    const reply = before.body.actions.post as Json;
    expect(
      (await call(reply.href, { method: reply.method, body: { body: 'Will do.' }, cookie: cleanerCookie })).status,
    ).toBe(201);
    const unread = (await call('/api/messages/unread', { cookie: customer })).body;
    expect(unread.threads.find((t: Json) => t.bookingId === made.id)).toMatchObject({ unreadCount: 1 });

    const stranger = await person(on, 'stranger');
    expect((await call(link.href, { cookie: stranger.cookie })).status).toBe(404);
    const refused = await call(post.href, { method: 'POST', body: { body: 'hello' }, cookie: stranger.cookie });
    expect(refused.status).toBe(404);

    const paid = await call('/api/payments/local/confirm', {
      method: 'POST',
      body: { clientSecret, cardNumber: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' },
      cookie: customer,
    });
    expect(paid.body.status).toBe('succeeded');
    const after = await call(link.href, { cookie: cleanerCookie });
    expect(after.body.contactDetailsHidden).toBe(false);
    expect(after.body.items.map((m: Json) => m.body)).toEqual([text, 'Will do.']);
  });
}
