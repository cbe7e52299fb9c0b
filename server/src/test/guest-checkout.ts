/**
 * The world of the guest checkout suites (decision 049): a seeded server with a partner, Sunny
 * Homes, whose widget books for guests with its publishable key, and the e-mailed links — which
 * come with the confirmation, once the booking is paid (decision 072).
 */
import { eq } from 'drizzle-orm';
import { partners } from '../db/schema';
import { deliverNotifications } from '../notifications/outbox';
import { seedWorld } from './booking-fixtures';
import { createTestContext, type Json } from './harness';
import { CARD } from './payment-world';

export const HOST = 'https://sunny-homes.example';
const KEY = 'pk_guest_test_partner';

export async function guestCheckoutWorld() {
  const ctx = await createTestContext({ now: '2026-06-15T12:00:00Z' });
  const { demoCleaner } = await seedWorld(ctx);
  await ctx.database.write((tx) =>
    tx
      .insert(partners)
      .values({ name: 'Sunny Homes', publishableKey: KEY, allowedOrigins: [HOST], commissionRateBps: 1200 }),
  );
  const [partner] = await ctx.database.db.select().from(partners).where(eq(partners.publishableKey, KEY));
  const widget = { 'x-spotless-key': KEY, origin: HOST };

  let day = 0;
  /** 2 hours at $45.00/h: $90.00 (seedWorld's demo cleaner), a new weekday each time. */
  function payload(overrides: Json = {}): Json {
    day += 1;
    const date = new Date(Date.UTC(2026, 7, 3 + ((day - 1) % 5) + 7 * Math.floor((day - 1) / 5)));
    return {
      cleanerId: demoCleaner.id,
      serviceId: 1,
      address: '1 Congress Ave, Austin, TX',
      scheduledDate: date.toISOString().slice(0, 10),
      scheduledTime: '09:00',
      duration: 120,
      totalPrice: '90.00',
      guestName: 'Gail Guest',
      guestEmail: `gail-${day}@example.com`,
      guestPhone: '+1 512 555 0100',
      ...overrides,
    };
  }

  const bookAsGuest = (body: Json, headers: Record<string, string> = widget) =>
    ctx.json<Json>('/api/guest-bookings', { method: 'POST', headers, body });

  /** Pays a guest booking with its token and the 4242 card, as the widget's checkout does. */
  async function payAsGuest(made: { body: Json }) {
    const guest = { ...widget, authorization: `Bearer ${made.body.guestToken}` };
    const intent = await ctx.json<Json>('/api/create-payment-intent', {
      method: 'POST',
      headers: guest,
      body: { bookingId: made.body.booking.id },
    });
    if (intent.status !== 200) throw new Error(`no payment intent: ${JSON.stringify(intent.body)}`);
    const paid = await ctx.json('/api/payments/local/confirm', {
      method: 'POST',
      headers: guest,
      body: { clientSecret: intent.body.clientSecret, ...CARD },
    });
    if (paid.status !== 200) throw new Error(`not paid: ${JSON.stringify(paid.body)}`);
  }

  /** A guest booking, paid: its confirmation, with the manage link, is in the outbox. */
  async function bookAndPayAsGuest(body: Json) {
    const made = await bookAsGuest(body);
    if (made.status !== 201) throw new Error(`not booked: ${JSON.stringify(made.body)}`);
    await payAsGuest(made);
    return made;
  }

  /** The manage link in the last e-mail sent to `email`. */
  async function linkFor(email: string): Promise<string> {
    await deliverNotifications(ctx.deps);
    const mail = ctx.sent.filter((m) => m.to === email).at(-1);
    const match = /https?:\/\/\S+\/api\/guest-link\?token=[A-Za-z0-9_-]+/.exec(mail?.body ?? '');
    if (!match) throw new Error(`no guest link sent to ${email}`);
    const url = new URL(match[0]);
    return `${url.pathname}${url.search}`;
  }

  return { ctx, demoCleaner, partner, widget, payload, bookAsGuest, payAsGuest, bookAndPayAsGuest, linkFor };
}
