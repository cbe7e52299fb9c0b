import type { InStatement, ResultSet } from '@libsql/client';
import { centsToDollars, checkQuote, offersService, quoteBooking } from '@spotless/sdk/rules';
import type { BookingCreateInput } from '@spotless/sdk/schemas';
import type { z } from 'zod';
import { bookRefusal } from '../cleaners/cleaners.service';
import { type Actor, requirePersonWriting } from '../contract/actor';
import { AppError, badRequest } from '../contract/errors';
import type { Database } from '../db/client';
import type { Utm } from '../db/schema';
import { refusalOf } from '../db/statements';
import type { Deps } from '../deps';
import { isKeyTaken, requestHash, storedAnswer } from '../idempotency/idempotency';
import type { CountedAttempt } from '../rate-limits/rate-limit';
import { answerOf, answerWith, type BookingAnswer } from './booking-access.service';
import {
  bookingGuards,
  bookingOfStoredAnswer,
  claimIdempotencyKey,
  type Holder,
  insertBookingStatement,
  insertCreatedHistory,
  planReads,
} from './booking-batch.queries';
import {
  assertFuture,
  assertRoom,
  MINUTE_MS,
  serviceNotOffered,
  slotTaken,
  startOrThrow,
} from './booking-writes.service';
import { type BookingView, newBookingViewStatement } from './bookings.queries';

/**
 * Creating a booking, for a signed-in customer or a partner's guest, in one round trip to the
 * database (decision 054).
 */

type BookingDeps = Pick<Deps, 'database' | 'clock' | 'config'>;
type CreateInput = z.output<typeof BookingCreateInput>;

/**
 * Who a booking is for: a signed-in customer, a guest of a partner widget (decision 049), or a
 * later visit of a customer's recurring series, booked by the horizon job (decision 088).
 */
export type Booker =
  | { kind: 'customer'; userId: number }
  | {
      kind: 'visit';
      userId: number;
      seriesId: number;
      occurrence: string;
      partnerId: number | null;
      partnerCommissionBps: number | null;
    }
  | {
      kind: 'guest';
      name: string;
      email: string;
      phone: string;
      tokenHash: string;
      partnerId: number;
      commissionRateBps: number;
      utm: Utm | null;
    };

/** A booking's batch and what its guards re-check, planned from what the database holds now. */
interface BookingPlan {
  guards: InStatement[];
  insert: InStatement;
  rows: InStatement[];
}

/**
 * Every check of a new booking, made on what the database reads now, so a refusal names its
 * reason; then the batch that makes them again (its guards) atomically with the insert and its
 * history. It e-mails nobody: an unpaid hold is nobody's news until it is confirmed (decision 072).
 */
async function planBooking(
  database: Database,
  booker: Booker,
  input: Omit<CreateInput, 'customerId'>,
  now: Date,
  limits: { maxUnpaidBookings: number; platformFeeBps: number },
  attempts: CountedAttempt[],
): Promise<BookingPlan> {
  const customerId = booker.kind === 'guest' ? null : booker.userId;
  const holder: Holder = booker.kind === 'guest' ? { guestEmail: booker.email } : { customerId: booker.userId };
  // A series' visit is confirmed with its card on file, not an unpaid hold: the limit is not its.
  const maxUnpaid = booker.kind === 'visit' ? Number.MAX_SAFE_INTEGER : limits.maxUnpaidBookings;
  // The day around the start, in any zone: the start itself needs the cleaner's zone, read here.
  const day = Date.parse(`${input.scheduledDate.slice(0, 10)}T00:00:00Z`);
  if (!Number.isFinite(day)) startOrThrow(input, 'UTC');
  const read = await planReads(
    database,
    {
      cleanerId: input.cleanerId,
      serviceId: input.serviceId,
      holder,
      customerId,
      from: new Date(day - 2 * DAY_MS),
      to: new Date(day + 3 * DAY_MS),
    },
    attempts.map((attempt) => attempt.statement),
  );
  // Counted in the plan's own round trip; past its limit, nothing more is checked.
  for (const [i, attempt] of attempts.entries()) attempt.check(read.counted[i]);
  const { cleaner, service, schedule } = read;
  if (!cleaner) throw new AppError(404, 'not_found', 'Cleaner not found', { cleanerId: 'No such cleaner' });
  // The cleaner's own rule (cleaners.service.ts), the same one that lists their `book` and
  // `bookAsGuest` actions; a partner's guest is nobody's own cleaner and books without signing in.
  const refused = bookRefusal(cleaner, {
    userId: customerId,
    ownCleanerId: customerId !== null && cleaner.userId === customerId ? cleaner.id : null,
    partner: booker.kind === 'guest',
  });
  if (refused === 'self') {
    throw badRequest('Invalid request body: cleanerId', { cleanerId: 'You cannot book yourself' });
  }
  if (refused === 'no_services') {
    throw new AppError(409, 'no_services', 'This cleaner offers no services yet', {
      cleanerId: 'Offers no services yet',
    });
  }
  if (!service?.isActive) {
    throw new AppError(404, 'not_found', 'Service not found', { serviceId: 'No such service' });
  }
  // Only what the cleaner offers (the rule the `book` action's services and every list show).
  if (!offersService(cleaner, service)) throw serviceNotOffered(400, service.name);
  const startsAt = startOrThrow(input, cleaner.timeZone);
  assertFuture(startsAt, now, 'scheduledDate');
  const quote = quoteBooking({
    hourlyRateCents: cleaner.hourlyRateCents,
    durationMinutes: input.duration,
    service: { basePriceCents: service.basePriceCents },
  });
  if (!quote.ok) throw badRequest('Invalid request body: duration', { duration: quote.message });
  // A series' later visit is priced by the rule as it stands (decision 088): nobody quoted it.
  const priceCheck =
    booker.kind === 'visit' ? ({ ok: true } as const) : checkQuote(input.totalPrice, quote.totalPriceCents);
  if (!priceCheck.ok && priceCheck.code === 'invalid_price') {
    throw badRequest('Invalid request body: totalPrice', { totalPrice: priceCheck.message });
  }
  if (!priceCheck.ok) {
    throw new AppError(409, 'price_changed', priceCheck.message, { totalPrice: priceCheck.message }, undefined, {
      currentPrice: centsToDollars(quote.totalPriceCents),
      currentAmount: quote.totalPriceCents / 100,
    });
  }
  // Each unpaid booking holds a cleaner's time until it expires: one account may not hold many
  // (SECURITY.md, calendar squatting).
  if (read.unpaid >= maxUnpaid) throw tooManyUnpaid(limits.maxUnpaidBookings);
  const endsAt = new Date(startsAt.getTime() + input.duration * MINUTE_MS);
  assertRoom({ timeZone: cleaner.timeZone, startsAt, endsAt, ...schedule, busy: read.nearby });

  const values = {
    customerId,
    cleanerId: cleaner.id,
    serviceId: service.id,
    status: booker.kind === 'visit' ? ('confirmed' as const) : ('pending' as const),
    startsAt,
    endsAt,
    durationMinutes: input.duration,
    timeZone: cleaner.timeZone,
    address: input.address,
    specialInstructions: input.specialInstructions,
    hourlyRateCents: cleaner.hourlyRateCents,
    totalPriceCents: quote.totalPriceCents,
    paymentStatus: 'unpaid' as const,
    platformFeeBps: limits.platformFeeBps,
    ...(booker.kind === 'guest'
      ? {
          guestName: booker.name,
          guestEmail: booker.email,
          guestPhone: booker.phone,
          guestTokenHash: booker.tokenHash,
          partnerId: booker.partnerId,
          partnerCommissionBps: booker.commissionRateBps,
          utm: booker.utm,
        }
      : booker.kind === 'visit'
        ? {
            seriesId: booker.seriesId,
            occurrence: booker.occurrence,
            partnerId: booker.partnerId,
            partnerCommissionBps: booker.partnerCommissionBps,
          }
        : {}),
    createdAt: now,
    updatedAt: now,
  };
  return {
    guards: bookingGuards({
      cleanerId: cleaner.id,
      hourlyRateCents: cleaner.hourlyRateCents,
      timeZone: cleaner.timeZone,
      serviceTypes: cleaner.serviceTypes,
      schedule: schedule.fingerprint,
      serviceId: service.id,
      basePriceCents: service.basePriceCents,
      startsAt,
      endsAt,
      maxUnpaid,
      holder,
      partner:
        booker.kind === 'guest' ? { id: booker.partnerId, commissionRateBps: booker.commissionRateBps } : undefined,
    }),
    insert: insertBookingStatement(values),
    rows: [
      insertCreatedHistory(now, {
        actorUserId: booker.kind === 'visit' ? null : customerId,
        actorRole: booker.kind === 'visit' ? 'system' : booker.kind,
      }),
    ],
  };
}

function tooManyUnpaid(max: number): AppError {
  return new AppError(
    409,
    'too_many_unpaid_bookings',
    `You have ${max} bookings waiting for payment: pay for or cancel one before booking another`,
  );
}

/** How many times a booking is planned again after its batch found the database changed. */
const PLAN_ATTEMPTS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Books a cleaner for a signed-in customer or a partner's guest in one round trip to the database
 * (decision 054): planned on what the database holds, then written by one batch whose guards
 * re-check every rule atomically with the insert. A change in between (a booking of the same time,
 * new hours, a new rate) refuses the batch, and the booking is planned again from what is there
 * now, which names the reason. `extra` statements join the same batch; they may name the new
 * booking as `(select max(id) from bookings)`. Answers the new booking as read by that batch, so
 * its answer needs no second round trip. `attempts` (the caller's rate limits) are counted once, in
 * the first plan's round trip (decision 065).
 */
export async function bookInOneBatch(
  deps: Pick<Deps, 'database' | 'config'>,
  booker: Booker,
  input: Omit<CreateInput, 'customerId'>,
  now: Date,
  extra: InStatement[] = [],
  attempts: CountedAttempt[] = [],
): Promise<BookingView> {
  const { db } = deps.database;
  for (let attempt = 1; ; attempt++) {
    const plan = await planBooking(deps.database, booker, input, now, deps.config, attempt === 1 ? attempts : []);
    // The new booking as its answer shows it, read by the batch itself, just after its insert.
    const view = newBookingViewStatement(db);
    try {
      const at = plan.guards.length;
      const results = await deps.database.batch([...plan.guards, plan.insert, view.statement, ...plan.rows, ...extra]);
      const id = Number(results[at]?.rows[0]?.id);
      const row = view.read(results[at + 1] as ResultSet);
      if (!Number.isInteger(id) || row?.booking.id !== id)
        throw new Error('booking batch did not read back its booking');
      return row;
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal === null) throw error;
      if (attempt < PLAN_ATTEMPTS) continue;
      if (refusal === 'slot_taken') throw slotTaken();
      if (refusal === 'too_many_unpaid_bookings') throw tooManyUnpaid(deps.config.maxUnpaidBookings);
      throw new AppError(409, 'conflict', 'The booking changed while it was being made: please try again');
    }
  }
}

/**
 * `POST /api/bookings` for the signed-in person, in one round trip (`bookInOneBatch`). With an
 * `Idempotency-Key`, the key is claimed in the booking's own batch with a marker naming the
 * booking: a repeat answers that booking as it is now (422 when the body differs), and a repeat
 * racing the first is 409 (decisions 054 and 065). Answers the booking as data; the route renders it.
 */
export async function createBooking(
  deps: BookingDeps,
  actor: Actor,
  input: CreateInput,
  options: {
    idempotencyKey: string | undefined;
    /** The caller's rate limits, counted in the booking's first round trip (not by a replay). */
    attempts?: CountedAttempt[];
  },
): Promise<{ answer: BookingAnswer; replayed: boolean }> {
  const { userId } = requirePersonWriting(actor);
  const { idempotencyKey, attempts = [] } = options;
  const now = deps.clock.now();
  const db = deps.database.db;
  const booker = { kind: 'customer', userId } as const;
  if (!idempotencyKey) {
    const view = await bookInOneBatch(deps, booker, input, now, [], attempts);
    return { answer: answerOf(view, actor, now), replayed: false };
  }
  const claim = { scope: `user:${userId}:POST /api/bookings`, key: idempotencyKey, hash: requestHash(input) };
  const replay = async () => {
    const stored = await storedAnswer(db, now, claim);
    const id = stored && bookingOfStoredAnswer(stored.body);
    return id === undefined ? undefined : { answer: await answerWith(db, id, actor, now), replayed: true };
  };
  const first = await replay();
  if (first) return first;
  try {
    const view = await bookInOneBatch(deps, booker, input, now, claimIdempotencyKey(now, claim), attempts);
    return { answer: answerOf(view, actor, now), replayed: false };
  } catch (error) {
    // A repeat of this request that booked in between (its time is now taken, or its key): answer
    // as that one did.
    const again = await replay();
    if (again) return again;
    if (!isKeyTaken(error)) throw error;
    throw new AppError(409, 'idempotency_in_progress', 'A request with this Idempotency-Key is still being processed');
  }
}
