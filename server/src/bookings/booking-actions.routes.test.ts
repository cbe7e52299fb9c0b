import { describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE } from '../auth/cookies';
import { createSession, generateSessionToken } from '../auth/sessions';
import { bookings } from '../db/schema';
import { createCustomer, ORIGIN, seedWorld, sessionFor } from '../test/booking-fixtures';
import { createTestContext, type Json } from '../test/harness';

/**
 * Decision 033's promise for bookings: for every state × every role, an action is listed exactly
 * when performing it succeeds, and performing an unlisted one is refused as before (401/403/404/409).
 */

const ctx = await createTestContext();
const { demoCleaner, otherCleaner } = await seedWorld(ctx);
const owner = await createCustomer(ctx, 'Owner');
const stranger = await createCustomer(ctx, 'Stranger');
const adminToken = generateSessionToken();
await createSession(ctx.database, adminToken, { userId: null, kind: 'admin' }, ctx.clock.now());

const ROLES = {
  anonymous: async () => ({ origin: ORIGIN }),
  owner: () => sessionFor(ctx, owner),
  anotherCustomer: () => sessionFor(ctx, stranger),
  itsCleaner: () => sessionFor(ctx, demoCleaner.userId),
  anotherCleaner: () => sessionFor(ctx, otherCleaner.userId),
  administrator: async () => ({ cookie: `${ADMIN_SESSION_COOKIE}=${adminToken}`, origin: ORIGIN }),
} as const;
type Role = keyof typeof ROLES;

const HOUR = 3_600_000;
const WITHDRAW_REASON = 'My van broke down and cannot be fixed in time.';
const DAY = 24 * HOUR;

/** Every state a booking can be in, with the payment and timing that change what may be done. */
const CASES = [
  { name: 'pending, unpaid, next week', status: 'pending', paymentStatus: 'unpaid', startsIn: 7 * DAY },
  { name: 'pending, unpaid, in 12 hours', status: 'pending', paymentStatus: 'unpaid', startsIn: 12 * HOUR },
  { name: 'pending, payment failed', status: 'pending', paymentStatus: 'failed', startsIn: 3 * DAY },
  { name: 'confirmed, unpaid', status: 'confirmed', paymentStatus: 'unpaid', startsIn: 3 * DAY },
  { name: 'confirmed, paid, next week', status: 'confirmed', paymentStatus: 'succeeded', startsIn: 7 * DAY },
  { name: 'confirmed, paid, in 30 minutes', status: 'confirmed', paymentStatus: 'succeeded', startsIn: 30 * 60_000 },
  {
    name: 'confirmed, paid, started 10 minutes ago',
    status: 'confirmed',
    paymentStatus: 'succeeded',
    startsIn: -10 * 60_000,
  },
  { name: 'in progress', status: 'in_progress', paymentStatus: 'succeeded', startsIn: -10 * 60_000 },
  { name: 'completed', status: 'completed', paymentStatus: 'succeeded', startsIn: -2 * DAY },
  { name: 'cancelled', status: 'cancelled', paymentStatus: 'unpaid', startsIn: 2 * DAY },
] as const;

/** Each action, and how to perform it when it is not listed (the route a client would guess). */
const ACTIONS: Record<string, (id: number) => { method: string; path: string; body?: Json }> = {
  pay: (id) => ({ method: 'POST', path: '/api/create-payment-intent', body: { bookingId: id } }),
  edit: (id) => ({ method: 'PUT', path: `/api/bookings/${id}`, body: { specialRequests: 'Please use the side door' } }),
  cancel: (id) => ({ method: 'DELETE', path: `/api/bookings/${id}` }),
  accept: (id) => ({ method: 'PATCH', path: `/api/bookings/${id}/status`, body: { status: 'confirmed' } }),
  decline: (id) => ({ method: 'PATCH', path: `/api/bookings/${id}/status`, body: { status: 'cancelled' } }),
  start: (id) => ({ method: 'PATCH', path: `/api/bookings/${id}/status`, body: { status: 'in_progress' } }),
  complete: (id) => ({ method: 'PATCH', path: `/api/bookings/${id}/status`, body: { status: 'completed' } }),
  withdraw: (id) => ({ method: 'POST', path: `/api/bookings/${id}/withdraw`, body: { reason: WITHDRAW_REASON } }),
  makeRecurring: (id) => ({
    method: 'POST',
    path: '/api/booking-series',
    body: { bookingId: id, frequency: 'weekly' },
  }),
  // No series holds these bookings: a skip guessed at any series is refused.
  skip: (id) => ({ method: 'POST', path: `/api/booking-series/1/visits/${id}/skip` }),
  review: (id) => ({
    method: 'POST',
    path: '/api/reviews',
    body: { bookingId: id, rating: 5, comment: 'Spotless work, thank you!' },
  }),
};

async function insertBooking(c: (typeof CASES)[number]): Promise<number> {
  const now = ctx.clock.now();
  const startsAt = new Date(now.getTime() + c.startsIn);
  const [row] = await ctx.database.write((tx) =>
    tx
      .insert(bookings)
      .values({
        customerId: owner,
        cleanerId: demoCleaner.id,
        serviceId: 1,
        status: c.status,
        paymentStatus: c.paymentStatus,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 2 * HOUR),
        durationMinutes: 120,
        timeZone: demoCleaner.timeZone,
        address: '1 Main St',
        hourlyRateCents: 4000,
        totalPriceCents: 8000,
        ...(c.status === 'cancelled' ? { cancelledAt: now, cancelReason: 'test' } : {}),
      })
      .returning({ id: bookings.id }),
  );
  if (!row) throw new Error('booking insert failed');
  return row.id;
}

/** The body an action's fields describe: each field's given value. */
function bodyOf(action: Json): Json | undefined {
  const body: Json = {};
  for (const field of action.fields as Json[]) if (field.value !== undefined) body[field.name] = field.value;
  if (action.name === 'edit') body.specialRequests = 'Please use the side door';
  // The reviewer chooses the rating: the form starts with none (decision 075).
  if (action.name === 'review') Object.assign(body, { comment: 'Spotless work, thank you!', overallRating: 5 });
  if (action.name === 'withdraw') body.reason = WITHDRAW_REASON;
  if (action.name === 'makeRecurring') body.frequency = 'weekly';
  return Object.keys(body).length > 0 ? body : undefined;
}

describe('booking actions: listed exactly when performing them succeeds', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const outcomes: string[] = [];
      for (const role of Object.keys(ROLES) as Role[]) {
        for (const name of Object.keys(ACTIONS)) {
          // A fresh booking for each attempt, so one action's success does not change the next.
          const id = await insertBooking(c);
          const headers = await ROLES[role]();
          const seen = await ctx.json<Json>(`/api/bookings/${id}`, { headers });
          const action = seen.status === 200 ? seen.body.actions[name] : undefined;
          if (seen.status === 200) {
            // Only the actions the state machine knows, each pointing at a real route.
            for (const listed of Object.values<Json>(seen.body.actions)) {
              expect(Object.keys(ACTIONS), `${role}: ${listed.name}`).toContain(listed.name);
            }
          }
          const request = action
            ? { method: action.method, path: action.href, body: bodyOf(action) }
            : ACTIONS[name]?.(id);
          if (!request) throw new Error(`no request for ${name}`);
          const res = await ctx.json<Json>(request.path, {
            method: request.method,
            headers,
            ...(request.body ? { body: request.body } : {}),
          });
          const succeeded = res.status >= 200 && res.status < 300;
          outcomes.push(`${role} ${name}: ${action ? 'listed' : 'unlisted'} → ${res.status}`);
          expect(succeeded, `${c.name} / ${role} / ${name}: listed=${Boolean(action)}, answered ${res.status}`).toBe(
            Boolean(action),
          );
          if (!action) expect([401, 403, 404, 409]).toContain(res.status);
        }
      }
      // The matrix is not empty: somebody may do something in every state but the final ones.
      const listed = outcomes.filter((o) => o.includes(': listed'));
      // A completed booking is final, but its customer may review it.
      if (c.status === 'completed') expect(listed).toEqual(['owner review: listed → 201']);
      else if (c.status === 'cancelled') expect(listed).toEqual([]);
      else expect(listed.length).toBeGreaterThan(0);
    });
  }

  it('states the fee in the cancel action within 24 hours of a paid booking, and none a week ahead', async () => {
    const headers = await sessionFor(ctx, owner);
    const soon = await insertBooking(CASES[5]);
    const later = await insertBooking(CASES[4]);
    const soonAction = (await ctx.json<Json>(`/api/bookings/${soon}`, { headers })).body.actions.cancel;
    const laterAction = (await ctx.json<Json>(`/api/bookings/${later}`, { headers })).body.actions.cancel;
    expect(soonAction.description).toContain('$40.00 is kept');
    expect(soonAction.description).toContain('$40.00 is refunded');
    // Until when, in the booking's own zone, as its e-mail says it: the start less the free window.
    expect(laterAction.description).toMatch(
      /^Free cancellation until [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M [A-Z][A-Za-z0-9+:-]*: the full \$80\.00 is refunded/,
    );
  });

  it('links a completed booking to its review and to booking again, for its customer only', async () => {
    const id = await insertBooking(CASES[8]);
    const links = async (role: Role) =>
      (await ctx.json<Json>(`/api/bookings/${id}`, { headers: await ROLES[role]() })).body.links;
    expect((await links('owner')).review.href).toBe(`/reviews?bookingId=${id}`);
    expect((await links('owner')).rebook.href).toBe(`/booking/${demoCleaner.id}/1`);
    for (const role of ['itsCleaner', 'administrator'] as const) {
      expect((await links(role)).review, role).toBeUndefined();
      expect((await links(role)).rebook, role).toBeUndefined();
    }
    const open = await insertBooking(CASES[4]);
    const headers = await ROLES.owner();
    expect((await ctx.json<Json>(`/api/bookings/${open}`, { headers })).body.links.review).toBeUndefined();
  });

  it('offers rescheduling fields only while rescheduling is open', async () => {
    const headers = await sessionFor(ctx, owner);
    const far = (await ctx.json<Json>(`/api/bookings/${await insertBooking(CASES[0])}`, { headers })).body;
    const near = (await ctx.json<Json>(`/api/bookings/${await insertBooking(CASES[1])}`, { headers })).body;
    const names = (b: Json) => b.actions.edit.fields.map((f: Json) => f.name);
    expect(names(far)).toEqual(expect.arrayContaining(['scheduledDate', 'scheduledTime']));
    expect(names(near)).not.toContain('scheduledDate');
    expect(far.links.cleanerSlots.templated).toBe(true);
    expect(near.links.cleanerSlots).toBeUndefined();
  });
});
