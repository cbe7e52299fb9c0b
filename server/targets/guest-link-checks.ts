import { createClient } from '@libsql/client';
import { expect, it } from 'vitest';
import type { Json } from './call';
import type { OnTarget } from './each-target';

/**
 * A guest booking's e-mailed link on the three targets (decision 049), checked within the partners'
 * target file (partners.targets.ts), which has the targets started already: its preview reads what it
 * opens without using it, the link then opens once, and a guest whose link no longer works asks for
 * a new one by address (the same 202 either way, one e-mail for a match). A browser opening the
 * link without a token lands on the expired-link page.
 */
export const KEY = 'pk_demo_sunrise_realty';
export const HOST_PAGE = 'http://127.0.0.1:4321';

/**
 * The first day from `from` days ahead with a free two hours from 09:00 on, as the widget asks for
 * it (through the demo partner's key): its date and start time.
 */
export async function freeTwoHours(
  on: Pick<OnTarget, 'call'>,
  cleanerId: number,
  from: number,
): Promise<{ scheduledDate: string; scheduledTime: string }> {
  const widget = { 'x-spotless-key': KEY, origin: HOST_PAGE };
  for (let offset = from; offset < from + 80; offset++) {
    const date = new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const slots = await on.call(`/api/cleaners/${cleanerId}/slots/${date}?duration=120`, { headers: widget });
    const free = slots.body.items?.find((slot: Json) => slot.isAvailable && slot.startTime >= '09:00');
    if (free) return { scheduledDate: date, scheduledTime: free.startTime };
  }
  throw new Error(`cleaner ${cleanerId} has no free two hours within ${from}–${from + 80} days`);
}

/**
 * A guest booking through the demo partner's key for `guestEmail`, paid with its guest token as the
 * widget's checkout pays it: answers the token of the link its confirmation e-mails (an unpaid
 * booking e-mails nothing, decision 072).
 */
export async function guestBooking(on: OnTarget, guestEmail: string, from: number): Promise<string> {
  const widget = { 'x-spotless-key': KEY, origin: HOST_PAGE };
  const cleaner = (await on.call('/api/cleaners?location=Austin&pageSize=1', { headers: widget })).body.items[0];
  const when = await freeTwoHours(on, cleaner.id, from);
  const body = {
    cleanerId: cleaner.id,
    serviceId: 1,
    address: '500 Congress Ave, Austin, TX',
    duration: 120,
    ...when,
    guestName: 'Link Guest',
    guestEmail,
    guestPhone: '512 555 0100',
  };
  const quote = await on.call('/api/guest-bookings', {
    method: 'POST',
    headers: widget,
    body: { ...body, totalPrice: '1.00' },
  });
  const made = await on.call('/api/guest-bookings', {
    method: 'POST',
    headers: widget,
    body: { ...body, totalPrice: quote.body.error.currentPrice },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const guest = { ...widget, authorization: `Bearer ${made.body.guestToken}` };
  const intent = await on.call('/api/create-payment-intent', {
    method: 'POST',
    headers: guest,
    body: { bookingId: made.body.booking.id },
  });
  expect(intent.status, JSON.stringify(intent.body)).toBe(200);
  const paid = await on.call('/api/payments/local/confirm', {
    method: 'POST',
    headers: guest,
    body: {
      clientSecret: intent.body.clientSecret,
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return linkIn(await newestMail(on, guestEmail, 'booking_confirmed'));
}

/** The body of the newest e-mail of `type` to `email` in the target's outbox table, '' without one. */
export async function newestMail(on: OnTarget, email: string, type: string): Promise<string> {
  const db = createClient({ url: on.target.databaseUrl });
  try {
    const rows = await db.execute({
      sql: 'select body from notifications where recipient_email = ? and type = ? order by id desc limit 1',
      args: [email, type],
    });
    return String(rows.rows[0]?.body ?? '');
  } finally {
    db.close();
  }
}
const linkIn = (body: string) => /\/api\/guest-link\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1] ?? '';

/** The guest link's checks on one target: registered inside the caller's `eachTarget`. */
export function guestLinkChecks(on: OnTarget): void {
  it('previews a link without using it, opens it once, then answers the preview as already opened', async () => {
    const email = `preview-${Date.now()}@example.com`;
    const token = await guestBooking(on, email, 130);
    expect(token).not.toBe('');
    const preview = (cookie?: string) =>
      on.call('/api/guest-link/preview', { method: 'POST', body: { token }, ...(cookie ? { cookie } : {}) });
    for (let i = 0; i < 2; i++) {
      const read = await preview();
      expect(read.status, JSON.stringify(read.body)).toBe(200);
      expect(read.body.email).toBe('p•••@example.com');
      expect(read.body.booking.cleanerName).toMatch(/\S/);
      expect(read.body.signedInToThisAccount).toBe(false);
      expect(read.session).toBeUndefined();
    }
    const open = (await preview()).body.actions.open;
    const opened = await on.call(open.href, { method: open.method, body: { token } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.session).toBeDefined();
    const mine = await preview(`spotless_session=${opened.session}`);
    expect(mine.body).toMatchObject({ alreadyOpened: true, links: { next: { href: '/dashboard' } } });
    const used = await preview();
    expect(used.status).toBe(400);
    expect(used.body.error.fields.token).toBeDefined();
  });

  it('sends a new link to an address that booked, and answers an unknown one the same', async () => {
    const email = `resend-${Date.now()}@example.com`;
    await guestBooking(on, email, 200);
    const unknown = await on.call('/api/guest-link/resend', { method: 'POST', body: { email: `nobody-${email}` } });
    const known = await on.call('/api/guest-link/resend', { method: 'POST', body: { email } });
    expect(unknown.status).toBe(202);
    expect(known.status).toBe(202);
    expect(known.body).toEqual(unknown.body);
    expect(await newestMail(on, `nobody-${email}`, 'guest_link')).toBe('');
    const token = linkIn(await newestMail(on, email, 'guest_link'));
    expect(token).not.toBe('');
    expect((await on.call('/api/guest-link/preview', { method: 'POST', body: { token } })).status).toBe(200);
  });

  it('sends a browser opening the link without a token to the expired-link page', async () => {
    const res = await fetch(`${on.target.url}/api/guest-link`, {
      redirect: 'manual',
      headers: { accept: 'text/html' },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login?link=expired');
  });
}
