import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { bulkInsert } from '../db/bulk-insert';
import type { Database } from '../db/client';
import type { ServiceRow } from '../db/schema';
import * as t from '../db/schema';
import { toLocal, zonedToUtc } from '../lib/time';
import { createRandom, type Random } from './random';

export interface SeedOptions {
  cleaners: number;
  now: Date;
  /** Demo sign-in accounts and a demo partner: only on the embedded defaults. */
  demoAccounts: boolean;
  /** Hash of DEMO_PASSWORD, computed once by the caller (hashing is deliberately slow). */
  demoPasswordHash?: string;
  seed?: number;
  /** Cleaners built and written at a time (default CLEANERS_PER_BATCH); the demo story needs its first 300 in the first. */
  cleanersPerBatch?: number;
  log?: (message: string) => void;
}

export type Insert<T extends SQLiteTable> = T['$inferInsert'];

class Rows {
  users: Insert<typeof t.users>[] = [];
  cleaners: Insert<typeof t.cleaners>[] = [];
  availability: Insert<typeof t.availability>[] = [];
  timeOff: Insert<typeof t.timeOff>[] = [];
  bookings: Insert<typeof t.bookings>[] = [];
  history: Insert<typeof t.bookingStatusHistory>[] = [];
  payments: Insert<typeof t.payments>[] = [];
  paymentEvents: Insert<typeof t.paymentEvents>[] = [];
  /** The local test-mode provider's own record of each seeded payment, so it can refund them. */
  localIntents: Insert<typeof t.localPaymentIntents>[] = [];
  refunds: Insert<typeof t.refunds>[] = [];
  reviews: Insert<typeof t.reviews>[] = [];
  responses: Insert<typeof t.reviewResponses>[] = [];
  favourites: Insert<typeof t.favourites>[] = [];
  applications: Insert<typeof t.cleanerApplications>[] = [];
  partners: Insert<typeof t.partners>[] = [];
}

type Status = (typeof t.BOOKING_STATUSES)[number];

export interface BookingSpec {
  customerId: number;
  cleanerId: number;
  serviceId: number;
  status: Status;
  date: string;
  time: string;
  paid: boolean;
  reviewed?: boolean;
  refunded?: boolean;
  /** Cancelled by the customer inside the free window: the policy's fee kept, the rest refunded. */
  cancelledLate?: boolean;
}

/**
 * The demo rows being built in memory, with the counters and figures the builders share
 * (`people.ts`, `bookings.ts`, `demo-story.ts`: one concern each), then written in batches. The
 * order of the random draws is the data: the same seed and `now` always give the same rows.
 */
export class DemoData {
  rows = new Rows();
  readonly rand: Random;
  readonly now: Date;
  readonly zoned = memoZonedToUtc();
  readonly today: string;
  /** Completed jobs, rating sum and review count per cleaner id, kept as bookings are added. */
  readonly cleanerStats = new Map<number, { sum: number; count: number; completed: number }>();
  customerIds: number[] = [];
  firstCleanerId = 1;
  demoCustomerId: number | undefined;
  demoCleanerId: number | undefined;
  userId = 0;
  bookingId = 0;
  paymentId = 0;
  reviewId = 0;
  /** The id of `rows.cleaners[0]`: the rows hold one batch of cleaners at a time. */
  batchFirstCleanerId = 1;
  /** Rows written so far, per table. */
  readonly counts: Record<string, number> = {};

  constructor(
    readonly options: SeedOptions,
    readonly services: ServiceRow[],
  ) {
    this.rand = createRandom(options.seed ?? 20261122);
    this.now = options.now;
    this.today = toLocal(options.now, 'UTC').date;
  }

  nextUser(u: Omit<Insert<typeof t.users>, 'id'>): number {
    this.userId += 1;
    this.rows.users.push({
      ...u,
      id: this.userId,
      createdAt: u.createdAt ?? new Date(this.now.getTime() - this.rand.int(30, 900) * 86_400_000),
    });
    return this.userId;
  }

  /** A cleaner of the batch in the rows, by id. */
  cleaner(id: number): Insert<typeof t.cleaners> {
    const row = this.rows.cleaners[id - this.batchFirstCleanerId];
    if (row?.id !== id) throw new Error(`seed: cleaner ${id} is not in the batch being built`);
    return row;
  }

  /** Derived figures agree with the rows they summarise (the batch's cleaners are final after it). */
  settleCleanerFigures(): void {
    for (const cleaner of this.rows.cleaners) {
      const s = this.cleanerStats.get(cleaner.id!)!;
      cleaner.ratingSum = s.sum;
      cleaner.reviewCount = s.count;
      cleaner.rating = s.count > 0 ? s.sum / s.count : null;
      cleaner.completedJobs = s.completed;
      this.cleanerStats.delete(cleaner.id!);
    }
  }

  /** Starts the next batch: the written rows are let go, so memory holds one batch at a time. */
  nextBatch(): void {
    const last = this.rows.cleaners.at(-1)?.id;
    if (last !== undefined) this.batchFirstCleanerId = last + 1;
    this.rows = new Rows();
  }

  /** Writes the rows built so far (parents before children), adding to `counts`. */
  async insert(database: Database): Promise<void> {
    const { rows, now, counts } = this;
    const write = async <T extends SQLiteTable>(name: string, table: T, values: Insert<T>[]) => {
      counts[name] = (counts[name] ?? 0) + values.length;
      if (values.length === 0) return;
      await bulkInsert(database, table, values, now);
    };
    await write('users', t.users, rows.users);
    await write('cleaners', t.cleaners, rows.cleaners);
    await write('availability', t.availability, rows.availability);
    await write('timeOff', t.timeOff, rows.timeOff);
    await write('partners', t.partners, rows.partners);
    await write('bookings', t.bookings, rows.bookings);
    await write('bookingStatusHistory', t.bookingStatusHistory, rows.history);
    await write('payments', t.payments, rows.payments);
    await write('paymentEvents', t.paymentEvents, rows.paymentEvents);
    await write('localPaymentIntents', t.localPaymentIntents, rows.localIntents);
    await write('refunds', t.refunds, rows.refunds);
    await write('reviews', t.reviews, rows.reviews);
    await write('reviewResponses', t.reviewResponses, rows.responses);
    await write('favourites', t.favourites, rows.favourites);
    await write('cleanerApplications', t.cleanerApplications, rows.applications);
  }
}

function memoZonedToUtc() {
  const cache = new Map<string, number>();
  return (date: string, time: string, zone: string) => {
    const key = `${zone} ${date} ${time}`;
    let value = cache.get(key);
    if (value === undefined) {
      value = zonedToUtc(date, time, zone).getTime();
      cache.set(key, value);
    }
    return new Date(value);
  };
}
