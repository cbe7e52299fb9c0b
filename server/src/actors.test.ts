import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { centsToDollars, quoteBooking } from '@spotless/sdk/rules';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listOwnApplications, setApplicationStatus } from './applications/applications.service';
import { accountActivity, currentAccount, setAdministratorRole, updateProfile } from './auth/accounts.service';
import { listHours } from './availability/availability.service';
import { listSlots } from './availability/slots.service';
import { createBooking } from './bookings/booking-create.service';
import { expireUnpaidBookings, queueBookingReminders, setBookingStatus } from './bookings/booking-lifecycle.service';
import { cancelBooking } from './bookings/booking-writes.service';
import { bookingStats, getBooking, listBookingsFor } from './bookings/bookings.service';
import { getService, listServices } from './catalog/catalog.service';
import { getCleaner } from './cleaners/cleaners.service';
import { bookings, cleaners, partners, services, users } from './db/schema';
import { listFavouritesOf, saveFavourite } from './favourites/favourites.service';
import type { Actor } from './lib/actor';
import { AppError } from './lib/errors';
import { apiPath } from './lib/openapi';
import { API_OPERATIONS } from './operations';
import { getPayment, paymentsFor } from './payments/payments.service';
import { reconcilePayments } from './payments/reconcile.service';
import { reviewReports } from './reviews/reviews.service';
import { seedDemoData } from './seed/generate';
import { ORIGIN } from './test/booking-fixtures';
import { createTestContext } from './test/harness';

/**
 * One door for every caller (decision 043): the same service calls, made directly as each kind of
 * actor, are allowed or refused as the permission matrix says (`permissions.test.ts` checks the
 * same over HTTP). The partner and guest actors are refused everything but what decisions 048 and
 * 049 grant them.
 */

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
  partner: { kind: 'partner', partnerId: 1, origin: 'http://127.0.0.1:5500' },
  guest: { kind: 'guest', bookingId },
} satisfies Record<string, Actor>;
type Kind = keyof typeof ACTORS;

/** 'ok', or the status of the AppError the service throws. */
async function outcome(call: () => Promise<unknown>): Promise<'ok' | number> {
  try {
    await call();
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) {
      return error.status;
    }
    throw error;
  }
}

const d = ctx.deps;
const refusedStubs = { partner: 403, guest: 403 } as const;
const publicRead = {
  visitor: 'ok',
  customer: 'ok',
  otherCustomer: 'ok',
  cleaner: 'ok',
  admin: 'ok',
  system: 'ok',
  assistant: 'ok',
  partner: 'ok',
  guest: 403,
} as const;

/**
 * Each service call and what each actor gets. The assistant reads what its person (the booking's
 * customer) may read and writes nothing; a system actor runs jobs and CLIs and acts for nobody.
 */
const MATRIX: Record<string, { call: (actor: Actor) => Promise<unknown>; expect: Record<Kind, 'ok' | number> }> = {
  listServices: { call: (a) => listServices(d, a), expect: publicRead },
  getService: { call: (a) => getService(d, a, service.id), expect: publicRead },
  getCleaner: { call: (a) => getCleaner(d, a, ownCleaner.id), expect: publicRead },
  listHours: { call: (a) => listHours(d, a, ownCleaner.id), expect: publicRead },
  listSlots: { call: (a) => listSlots(d, a, ownCleaner.id, '2026-07-01', 60), expect: publicRead },
  getBooking: {
    call: (a) => getBooking(d, a, bookingId),
    expect: {
      visitor: 401,
      customer: 'ok',
      otherCustomer: 404,
      cleaner: 'ok',
      admin: 'ok',
      system: 403,
      assistant: 'ok',
      partner: 403,
      // The guest token this booking was made with (decision 049).
      guest: 'ok',
    },
  },
  listBookings: {
    call: (a) => listBookingsFor(d, a, { status: 'all', limit: 10, page: 1 }),
    expect: {
      visitor: 401,
      customer: 'ok',
      otherCustomer: 'ok',
      cleaner: 'ok',
      admin: 'ok',
      system: 403,
      assistant: 'ok',
      ...refusedStubs,
    },
  },
  bookingStats: {
    call: (a) => bookingStats(d, a),
    expect: {
      visitor: 401,
      customer: 'ok',
      otherCustomer: 'ok',
      cleaner: 'ok',
      admin: 401,
      system: 403,
      assistant: 'ok',
      ...refusedStubs,
    },
  },
  createBooking: {
    call: (a) =>
      createBooking(
        d,
        a,
        {
          cleanerId: bookable.id,
          serviceId: service.id,
          scheduledDate: nextTuesday(),
          scheduledTime: '10:00',
          duration: 120,
          totalPrice: centsToDollars(price),
          address: '2 Side St',
          specialInstructions: '',
        } as never,
        { idempotencyKey: undefined, render: () => null },
      ),
    expect: {
      visitor: 401,
      customer: 'ok',
      otherCustomer: 'ok',
      cleaner: 'ok',
      admin: 401,
      system: 403,
      assistant: 403,
      ...refusedStubs,
    },
  },
  cancelBooking: {
    call: async (a) => cancelBooking(d, a, await newBooking()),
    expect: {
      visitor: 401,
      customer: 'ok',
      otherCustomer: 404,
      cleaner: 403,
      admin: 'ok',
      system: 403,
      assistant: 403,
      ...refusedStubs,
    },
  },
  acceptBooking: {
    call: async (a) => setBookingStatus(d, a, await newBooking(), { status: 'confirmed' }),
    expect: {
      visitor: 401,
      customer: 403,
      otherCustomer: 404,
      cleaner: 'ok',
      admin: 403,
      system: 403,
      assistant: 403,
      ...refusedStubs,
    },
  },
  paymentsList: {
    call: (a) => paymentsFor(d, a, { page: 1, pageSize: 10 } as never),
    expect: {
      visitor: 401,
      customer: 'ok',
      otherCustomer: 'ok',
      cleaner: 'ok',
      admin: 'ok',
      system: 403,
      assistant: 'ok',
      ...refusedStubs,
    },
  },
  getPayment: {
    call: (a) => getPayment(d, a, 999_999),
    // Nobody has payment 999999: the signed-in get 404, the others are refused first.
    expect: {
      visitor: 401,
      customer: 404,
      otherCustomer: 404,
      cleaner: 404,
      admin: 404,
      system: 403,
      assistant: 404,
      ...refusedStubs,
    },
  },
  favourites: {
    call: (a) => listFavouritesOf(d, a),
    expect: {
      visitor: 401,
      customer: 'ok',
      otherCustomer: 'ok',
      cleaner: 'ok',
      admin: 401,
      system: 403,
      assistant: 'ok',
      ...refusedStubs,
    },
  },
  saveFavourite: {
    call: (a) => saveFavourite(d, a, 1),
    expect: {
      visitor: 401,
      customer: 'ok',
      otherCustomer: 'ok',
      cleaner: 'ok',
      admin: 401,
      system: 403,
      assistant: 403,
      ...refusedStubs,
    },
  },
  ownApplications: {
    call: (a) => listOwnApplications(d, a),
    expect: {
      visitor: 401,
      customer: 'ok',
      otherCustomer: 'ok',
      cleaner: 'ok',
      admin: 401,
      system: 403,
      assistant: 'ok',
      ...refusedStubs,
    },
  },
  decideApplication: {
    call: (a) => setApplicationStatus(d, a, 999_999, { status: 'under_review' } as never),
    expect: {
      visitor: 401,
      customer: 403,
      otherCustomer: 403,
      cleaner: 403,
      admin: 404,
      system: 403,
      assistant: 403,
      ...refusedStubs,
    },
  },
  reviewReports: {
    call: (a) => reviewReports(d, a, { status: 'open', limit: 10 }),
    expect: {
      visitor: 401,
      customer: 403,
      otherCustomer: 403,
      cleaner: 403,
      admin: 'ok',
      system: 403,
      assistant: 403,
      ...refusedStubs,
    },
  },
  currentAccount: {
    call: (a) => currentAccount(d, a),
    expect: {
      visitor: 401,
      customer: 'ok',
      otherCustomer: 'ok',
      cleaner: 'ok',
      admin: 401,
      system: 403,
      assistant: 'ok',
      ...refusedStubs,
    },
  },
  accountActivity: {
    call: (a) => accountActivity(d, a),
    expect: {
      visitor: 401,
      customer: 'ok',
      otherCustomer: 'ok',
      cleaner: 'ok',
      admin: 401,
      system: 403,
      assistant: 'ok',
      ...refusedStubs,
    },
  },
  updateProfile: {
    call: (a) => updateProfile(d, a, { firstName: 'Renamed' } as never),
    expect: {
      visitor: 401,
      customer: 'ok',
      otherCustomer: 'ok',
      cleaner: 'ok',
      admin: 401,
      system: 403,
      assistant: 403,
      ...refusedStubs,
    },
  },
  expireUnpaidBookings: {
    call: (a) => expireUnpaidBookings(d, a),
    expect: {
      visitor: 403,
      customer: 403,
      otherCustomer: 403,
      cleaner: 403,
      admin: 403,
      system: 'ok',
      assistant: 403,
      ...refusedStubs,
    },
  },
  queueBookingReminders: {
    call: (a) => queueBookingReminders(d, a),
    expect: {
      visitor: 403,
      customer: 403,
      otherCustomer: 403,
      cleaner: 403,
      admin: 403,
      system: 'ok',
      assistant: 403,
      ...refusedStubs,
    },
  },
  reconcilePayments: {
    call: (a) => reconcilePayments(d, a),
    expect: {
      visitor: 403,
      customer: 403,
      otherCustomer: 403,
      cleaner: 403,
      admin: 403,
      system: 'ok',
      assistant: 403,
      ...refusedStubs,
    },
  },
  setAdministratorRole: {
    call: (a) => setAdministratorRole(d, a, { email: 'actor-other@example.com', admin: false }),
    expect: {
      visitor: 403,
      customer: 403,
      otherCustomer: 403,
      cleaner: 403,
      admin: 403,
      system: 'ok',
      assistant: 403,
      ...refusedStubs,
    },
  },
};

describe('every kind of actor meets the same rules in the services', () => {
  for (const kind of Object.keys(ACTORS) as Kind[]) {
    it(`${kind}: each service call is allowed or refused as the matrix says`, async () => {
      const got: Record<string, 'ok' | number> = {};
      const want: Record<string, 'ok' | number> = {};
      for (const [name, entry] of Object.entries(MATRIX)) {
        got[name] = await outcome(() => entry.call(ACTORS[kind]));
        want[name] = entry.expect[kind];
      }
      expect(got).toEqual(want);
    });
  }
});

const publishableKey = 'pk_actor_test_partner';
const guestToken = 'guest-token-for-the-actor-test-0123456789';
await ctx.database.write(async (tx) => {
  await tx.insert(partners).values({ name: 'Test Realty', publishableKey, allowedOrigins: [ORIGIN] });
  await tx
    .update(bookings)
    .set({ guestTokenHash: encodeHexLowerCase(sha256(new TextEncoder().encode(guestToken))) })
    .where(eq(bookings.id, bookingId));
});

describe('the partner and guest actors over HTTP', () => {
  /** Every operation of the table, with `1` for each path parameter. */
  const requests = API_OPERATIONS.map((op) => ({
    op,
    path: apiPath(op).replace(/:([A-Za-z]+)/g, (_m, name: string) => (name === 'provider' ? 'google' : '1')),
  }));

  it('resolves a known publishable key to a partner: the operations marked for partners answer, every other one is 403', async () => {
    const refused: string[] = [];
    const answered: string[] = [];
    for (const { op, path } of requests) {
      const res = await ctx.app.request(path, {
        method: op.method.toUpperCase(),
        headers: { 'x-spotless-key': publishableKey, origin: ORIGIN, 'content-type': 'application/json' },
        body: op.method === 'get' ? undefined : '{}',
      });
      (res.status === 403 ? refused : answered).push(op.operationId);
    }
    const marked = API_OPERATIONS.filter((op) => op.partners).map((op) => op.operationId);
    expect(answered.sort()).toEqual(marked.sort());
    // No signed-in, admin or account operation is among them.
    expect(API_OPERATIONS.filter((op) => op.partners && !['public', 'partner'].includes(op.security))).toEqual([]);
    for (const name of [
      'register',
      'login',
      'logout',
      'adminLogin',
      'listBookings',
      'listPartners',
      'getCurrentUser',
    ]) {
      expect(refused).toContain(name);
    }
  });

  it('refuses an unknown or inactive key outright', async () => {
    const unknown = await ctx.app.request('/api/services', { headers: { 'x-spotless-key': 'pk_nobody' } });
    expect(unknown.status).toBe(403);
    await ctx.database.write((tx) =>
      tx.update(partners).set({ isActive: false }).where(eq(partners.publishableKey, publishableKey)),
    );
    const inactive = await ctx.app.request('/api/services', { headers: { 'x-spotless-key': publishableKey } });
    expect(inactive.status).toBe(403);
  });

  it('resolves a guest token to its booking: only the operations marked for guests answer; an unknown token is 401', async () => {
    const answered: string[] = [];
    for (const { op, path } of requests) {
      const res = await ctx.app.request(path, {
        method: op.method.toUpperCase(),
        headers: { authorization: `Bearer ${guestToken}`, origin: ORIGIN, 'content-type': 'application/json' },
        body: op.method === 'get' ? undefined : '{}',
      });
      if (res.status !== 403) answered.push(op.operationId);
    }
    const marked = API_OPERATIONS.filter((op) => op.guests).map((op) => op.operationId);
    expect(answered.sort()).toEqual(marked.sort());
    expect(marked.sort()).toEqual(['confirmLocalPayment', 'createPaymentIntent', 'getBooking']);
    const unknown = await ctx.app.request('/api/services', {
      headers: { authorization: 'Bearer not-a-token-we-issued' },
    });
    expect(unknown.status).toBe(401);
  });
});

describe('who is asking is checked before what is asked', () => {
  it('answers 401 to a signed-out caller of every signed-in or admin operation, whatever the body', async () => {
    const answers: Record<string, number> = {};
    // A partner-only operation answers anyone without a key 403 (they sign in instead): checked in its suite.
    for (const op of API_OPERATIONS.filter((candidate) => !['public', 'partner'].includes(candidate.security))) {
      const path = apiPath(op).replace(/:([A-Za-z]+)/g, (_m, name: string) =>
        name === 'provider' ? 'google' : 'not-an-id',
      );
      const res = await ctx.app.request(path, {
        method: op.method.toUpperCase(),
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: op.method === 'get' ? undefined : '{"status": 42, "reason": []}',
      });
      answers[`${op.method} ${path}`] = res.status;
    }
    expect(answers['patch /api/admin/documents/not-an-id']).toBe(401);
    expect(Object.entries(answers).filter(([, status]) => status !== 401)).toEqual([]);
  });
});
