import { centsToDollars } from '@spotless/sdk/rules';
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
import type { Actor } from './contract/actor';
import { AppError } from './contract/errors';
import { listFavouritesOf, saveFavourite } from './favourites/favourites.service';
import { getPayment, paymentsFor } from './payments/payments.service';
import { reconcilePayments } from './payments/reconcile.service';
import { reviewReports } from './reviews/reviews.service';
import { actorWorld } from './test/actor-world';

/**
 * One door for every caller (decision 043): the same service calls, made directly as each kind of
 * actor, are allowed or refused as the permission matrix says (`permissions.test.ts` checks the
 * same over HTTP). The partner and guest actors are refused everything but what decisions 048 and
 * 049 grant them.
 */

const { ctx, service, ownCleaner, bookingId, newBooking, bookable, price, nextTuesday, ACTORS } = await actorWorld();
type Kind = keyof typeof ACTORS;
type Outcome = 'ok' | number;

/** 'ok', or the status of the AppError the service throws. */
async function outcome(call: () => Promise<unknown>): Promise<Outcome> {
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
 * A person's call: the visitor is asked to sign in (401), a system actor acts for nobody (403),
 * the partner and guest stubs are refused (403); the row says what the others get.
 */
const forPeople = (
  people: Record<'customer' | 'otherCustomer' | 'cleaner' | 'admin' | 'assistant', Outcome>,
): Record<Kind, Outcome> => ({ visitor: 401, system: 403, ...refusedStubs, ...people });
/** A job's or a command line's call: the system actor's alone. */
const systemOnly: Record<Kind, Outcome> = {
  ...forPeople({ customer: 403, otherCustomer: 403, cleaner: 403, admin: 403, assistant: 403 }),
  visitor: 403,
  system: 'ok',
};

/**
 * Each service call and what each actor gets. The assistant reads what its person (the booking's
 * customer) may read and writes nothing; a system actor runs jobs and CLIs and acts for nobody.
 */
const MATRIX: Record<string, { call: (actor: Actor) => Promise<unknown>; expect: Record<Kind, Outcome> }> = {
  listServices: { call: (a) => listServices(d, a), expect: publicRead },
  getService: { call: (a) => getService(d, a, service.id), expect: publicRead },
  getCleaner: { call: (a) => getCleaner(d, a, ownCleaner.id), expect: publicRead },
  listHours: { call: (a) => listHours(d, a, ownCleaner.id), expect: publicRead },
  listSlots: { call: (a) => listSlots(d, a, ownCleaner.id, '2026-07-01', 60), expect: publicRead },
  getBooking: {
    call: (a) => getBooking(d, a, bookingId),
    expect: {
      ...forPeople({ customer: 'ok', otherCustomer: 404, cleaner: 'ok', admin: 'ok', assistant: 'ok' }),
      // The guest token this booking was made with (decision 049).
      guest: 'ok',
    },
  },
  listBookings: {
    call: (a) => listBookingsFor(d, a, { status: 'all', limit: 10, page: 1 }),
    expect: forPeople({ customer: 'ok', otherCustomer: 'ok', cleaner: 'ok', admin: 'ok', assistant: 'ok' }),
  },
  bookingStats: {
    call: (a) => bookingStats(d, a),
    expect: forPeople({ customer: 'ok', otherCustomer: 'ok', cleaner: 'ok', admin: 401, assistant: 'ok' }),
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
        { idempotencyKey: undefined },
      ),
    expect: forPeople({ customer: 'ok', otherCustomer: 'ok', cleaner: 'ok', admin: 401, assistant: 403 }),
  },
  cancelBooking: {
    call: async (a) => cancelBooking(d, a, await newBooking()),
    expect: forPeople({ customer: 'ok', otherCustomer: 404, cleaner: 403, admin: 'ok', assistant: 403 }),
  },
  acceptBooking: {
    call: async (a) => setBookingStatus(d, a, await newBooking(), { status: 'confirmed' }),
    expect: forPeople({ customer: 403, otherCustomer: 404, cleaner: 'ok', admin: 403, assistant: 403 }),
  },
  paymentsList: {
    call: (a) => paymentsFor(d, a, { page: 1, pageSize: 10 } as never),
    expect: forPeople({ customer: 'ok', otherCustomer: 'ok', cleaner: 'ok', admin: 'ok', assistant: 'ok' }),
  },
  getPayment: {
    call: (a) => getPayment(d, a, 999_999),
    // Nobody has payment 999999: the signed-in get 404, the others are refused first.
    expect: forPeople({ customer: 404, otherCustomer: 404, cleaner: 404, admin: 404, assistant: 404 }),
  },
  favourites: {
    call: (a) => listFavouritesOf(d, a),
    expect: forPeople({ customer: 'ok', otherCustomer: 'ok', cleaner: 'ok', admin: 401, assistant: 'ok' }),
  },
  saveFavourite: {
    call: (a) => saveFavourite(d, a, 1),
    expect: forPeople({ customer: 'ok', otherCustomer: 'ok', cleaner: 'ok', admin: 401, assistant: 403 }),
  },
  ownApplications: {
    call: (a) => listOwnApplications(d, a),
    expect: forPeople({ customer: 'ok', otherCustomer: 'ok', cleaner: 'ok', admin: 401, assistant: 'ok' }),
  },
  decideApplication: {
    call: (a) => setApplicationStatus(d, a, 999_999, { status: 'under_review' } as never),
    expect: forPeople({ customer: 403, otherCustomer: 403, cleaner: 403, admin: 404, assistant: 403 }),
  },
  reviewReports: {
    call: (a) => reviewReports(d, a, { status: 'open', limit: 10 }),
    expect: forPeople({ customer: 403, otherCustomer: 403, cleaner: 403, admin: 'ok', assistant: 403 }),
  },
  currentAccount: {
    call: (a) => currentAccount(d, a),
    expect: forPeople({ customer: 'ok', otherCustomer: 'ok', cleaner: 'ok', admin: 401, assistant: 'ok' }),
  },
  accountActivity: {
    call: (a) => accountActivity(d, a),
    expect: forPeople({ customer: 'ok', otherCustomer: 'ok', cleaner: 'ok', admin: 401, assistant: 'ok' }),
  },
  updateProfile: {
    call: (a) => updateProfile(d, a, { firstName: 'Renamed' } as never),
    expect: forPeople({ customer: 'ok', otherCustomer: 'ok', cleaner: 'ok', admin: 401, assistant: 403 }),
  },
  expireUnpaidBookings: { call: (a) => expireUnpaidBookings(d, a), expect: systemOnly },
  queueBookingReminders: { call: (a) => queueBookingReminders(d, a), expect: systemOnly },
  reconcilePayments: { call: (a) => reconcilePayments(d, a), expect: systemOnly },
  setAdministratorRole: {
    call: (a) => setAdministratorRole(d, a, { email: 'actor-other@example.com', admin: false }),
    expect: systemOnly,
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
