/**
 * The world of the actor suites (decision 043): a seeded database with a customer, another
 * customer and a cleaner of their own, a booking of the customer's with that cleaner (its guest
 * token set, decision 049), a partner with a publishable key (decision 048), and one of every kind
 * of actor.
 */
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { quoteBooking } from '@spotless/sdk/rules';
import { eq } from 'drizzle-orm';
import type { Actor } from '../contract/actor';
import { bookings, cleaners, partners, services, users } from '../db/schema';
import { seedDemoData } from '../seed/generate';
import { ORIGIN } from './booking-fixtures';
import { createTestContext } from './harness';

export async function actorWorld() {
  const ctx = await createTestContext();
  await seedDemoData(ctx.database, { cleaners: 4, now: ctx.clock.now(), demoAccounts: false, seed: 9 });
  const db = ctx.database.db;
  const [owner, other, cleanerUser] = await ctx.database.write((tx) =>
    tx
      .insert(users)
      .values([
        { email: 'actor-owner@example.com', firstName: 'Ona' },
        { email: 'actor-other@example.com', firstName: 'Otto' },
        { email: 'actor-cleaner@example.com', firstName: 'Cleo' },
      ])
      .returning({ id: users.id }),
  );
  const template = await db.select().from(cleaners).limit(1).get();
  const service = await db.select().from(services).limit(1).get();
  if (!owner || !other || !cleanerUser || !template || !service) throw new Error('fixture rows missing');
  const [ownCleaner] = await ctx.database.write((tx) =>
    tx
      .insert(cleaners)
      .values({ ...template, id: undefined, userId: cleanerUser.id, status: 'active' })
      .returning({ id: cleaners.id }),
  );
  if (!ownCleaner) throw new Error('cleaner missing');

  let day = 10;
  /** A pending booking of the customer's with the cleaner, a new day each time. */
  async function newBooking(extra: Partial<typeof bookings.$inferInsert> = {}): Promise<number> {
    day += 1;
    const startsAt = new Date(ctx.clock.now().getTime() + day * 86_400_000);
    const [row] = await ctx.database.write((tx) =>
      tx
        .insert(bookings)
        .values({
          customerId: owner?.id as number,
          cleanerId: ownCleaner?.id as number,
          serviceId: service?.id as number,
          status: 'pending',
          startsAt,
          endsAt: new Date(startsAt.getTime() + 2 * 3_600_000),
          durationMinutes: 120,
          timeZone: 'America/Chicago',
          address: '1 Main St',
          hourlyRateCents: 4000,
          totalPriceCents: 8000,
          ...extra,
        })
        .returning({ id: bookings.id }),
    );
    return row?.id as number;
  }
  const bookingId = await newBooking();

  /** A seeded cleaner with weekday hours, and the price the server quotes for two hours. */
  const bookable = (await db.select().from(cleaners).where(eq(cleaners.id, 1)).get()) as typeof template;
  const quote = quoteBooking({
    hourlyRateCents: bookable.hourlyRateCents,
    durationMinutes: 120,
    service: { basePriceCents: service.basePriceCents },
  });
  if (!quote.ok) throw new Error('no quote');
  const price = quote.totalPriceCents;
  let tuesdays = 0;
  /** A new Tuesday each time, so no two bookings in the matrix take the same time. */
  const nextTuesday = () => new Date(Date.UTC(2026, 8, 1) + 7 * 86_400_000 * tuesdays++).toISOString().slice(0, 10);

  const customer: Actor = { kind: 'customer', userId: owner.id };
  const ACTORS = {
    visitor: { kind: 'visitor' },
    customer,
    otherCustomer: { kind: 'customer', userId: other.id },
    cleaner: { kind: 'cleaner', userId: cleanerUser.id, cleanerId: ownCleaner.id },
    admin: { kind: 'admin', adminUserId: null, person: null },
    system: { kind: 'system', name: 'test' },
    assistant: { kind: 'assistant', for: customer, chatSessionId: 'chat-1' },
    partner: {
      kind: 'partner',
      partnerId: 1,
      name: 'Harbor Realty',
      commissionRateBps: 500,
      origin: 'http://127.0.0.1:5500',
    },
    guest: { kind: 'guest', bookingId },
  } satisfies Record<string, Actor>;

  const publishableKey = 'pk_actor_test_partner';
  const guestToken = 'guest-token-for-the-actor-test-0123456789';
  await ctx.database.write(async (tx) => {
    await tx.insert(partners).values({ name: 'Test Realty', publishableKey, allowedOrigins: [ORIGIN] });
    await tx
      .update(bookings)
      .set({ guestTokenHash: encodeHexLowerCase(sha256(new TextEncoder().encode(guestToken))) })
      .where(eq(bookings.id, bookingId));
  });

  return {
    ctx,
    service,
    ownCleaner,
    bookingId,
    newBooking,
    bookable,
    price,
    nextTuesday,
    ACTORS,
    publishableKey,
    guestToken,
  };
}
