import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, users } from '../db/schema';
import { createCustomer, ORIGIN, sessionFor } from '../test/booking-fixtures';
import { guestCheckoutWorld, HOST } from '../test/guest-checkout';
import type { Json } from '../test/harness';

/**
 * Guest checkout through a partner widget (decision 049): a partner's key books for a guest's
 * name, e-mail and phone.
 */
const { ctx, demoCleaner, partner, widget, payload, bookAsGuest } = await guestCheckoutWorld();

describe('guest bookings through a partner key', () => {
  it('offers a partner’s widget the cleaner’s bookAsGuest action, with its fields, and nobody else', async () => {
    const keyed = await ctx.json<Json>(`/api/cleaners/${demoCleaner.id}`, { headers: widget });
    const action = keyed.body.actions.bookAsGuest;
    expect(action).toMatchObject({ method: 'POST', href: '/api/guest-bookings', operation: 'createGuestBooking' });
    const fields = Object.fromEntries((action.fields as Json[]).map((f) => [f.name, f]));
    expect(fields.cleanerId.value).toBe(demoCleaner.id);
    expect(fields.guestEmail).toMatchObject({ type: 'email', required: true, title: 'Email' });
    expect(fields.guestName).toMatchObject({ required: true, maxLength: 100, title: 'Your name' });
    expect(keyed.body.actions.book).toBeUndefined();
    const search = await ctx.json<Json>('/api/cleaners?location=Austin', { headers: widget });
    expect(
      search.body.items.every((c: Json) => c.actions.bookAsGuest !== undefined || c.serviceTypes.length === 0),
    ).toBe(true);
    const visitor = await ctx.json<Json>(`/api/cleaners/${demoCleaner.id}`, { headers: { origin: ORIGIN } });
    expect(visitor.body.actions.bookAsGuest).toBeUndefined();
    const visitorSearch = await ctx.json<Json>('/api/cleaners?location=Austin', { headers: { origin: ORIGIN } });
    expect(visitorSearch.body.items.some((c: Json) => c.actions.bookAsGuest !== undefined)).toBe(false);
  });

  it('books for a guest with the partner, its rate and the host page’s UTM, and answers a token once', async () => {
    const res = await bookAsGuest(payload(), { ...widget, 'x-spotless-utm': 'utm_source=listing&utm_campaign=spring' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBe(HOST);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.guestToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const booking = res.body.booking;
    expect(booking.status).toBe('pending');
    expect(booking.totalPrice).toBe('90.00');
    expect(booking.customer).toEqual({ firstName: 'Gail Guest', lastName: null, email: booking.customer.email });
    expect(Object.keys(booking.actions)).toEqual(['pay']);
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({
      customerId: null,
      partnerId: partner?.id,
      partnerCommissionBps: 1200,
      guestPhone: '+1 512 555 0100',
      utm: { source: 'listing', campaign: 'spring' },
    });
    expect(row?.guestTokenHash).not.toContain(res.body.guestToken);
  });

  it('is for partner keys only: a visitor or a signed-in person is refused', async () => {
    const visitor = await ctx.json('/api/guest-bookings', {
      method: 'POST',
      headers: { origin: ORIGIN },
      body: payload(),
    });
    expect(visitor.status).toBe(403);
    const person = await sessionFor(ctx, await createCustomer(ctx));
    expect((await ctx.json('/api/guest-bookings', { method: 'POST', headers: person, body: payload() })).status).toBe(
      403,
    );
  });

  it('refuses bad guest details with a 400 naming the field, and writes nothing', async () => {
    const before = (await ctx.database.db.select().from(bookings)).length;
    const bad = await bookAsGuest(payload({ guestName: '', guestEmail: 'not-an-email', guestPhone: 'call me' }));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['guestEmail', 'guestName', 'guestPhone']);
    const price = await bookAsGuest(payload({ totalPrice: '1.00' }));
    expect(price.status).toBe(409);
    expect((await ctx.database.db.select().from(bookings)).length).toBe(before);
  });

  it('never joins an account by the e-mail typed: the booking waits for the link', async () => {
    const ownerId = await createCustomer(ctx, 'Owen');
    const [owner] = await ctx.database.db.select().from(users).where(eq(users.id, ownerId));
    const res = await bookAsGuest(
      payload({ guest: { name: 'Someone Else', email: owner?.email, phone: '5125550101' } }),
    );
    expect(res.status).toBe(201);
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, res.body.booking.id));
    expect(row?.customerId).toBeNull();
    const mine = await ctx.json<Json>('/api/bookings', { headers: await sessionFor(ctx, ownerId) });
    expect(mine.body.items.map((b: Json) => b.id)).not.toContain(res.body.booking.id);
  });
});
