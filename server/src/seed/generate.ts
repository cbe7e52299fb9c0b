import { CITIES, type City } from '@spotless/sdk/cities';
import { sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { bulkInsert } from '../db/bulk-insert';
import type { Database } from '../db/client';
import type { ServiceRow } from '../db/schema';
import * as t from '../db/schema';
import { addDays, toLocal, zonedToUtc } from '../lib/time';
import { SERVICE_CATALOGUE } from './catalogue';
import { createRandom, type Random } from './random';
import * as w from './words';

export const DEMO_CUSTOMER_EMAIL = 'customer@example.com';
export const DEMO_CLEANER_EMAIL = 'cleaner@example.com';
export const DEMO_PASSWORD = 'demo-password';
export const DEMO_ADMIN_PASSWORD = 'admin-demo-password';
/** A named administrator (decision 030): signs in like anyone, then opens the admin area with their password. */
export const DEMO_ADMIN_EMAIL = 'admin@example.com';
const DEMO_EMAILS = [DEMO_CUSTOMER_EMAIL, DEMO_CLEANER_EMAIL, DEMO_ADMIN_EMAIL];

/** The demo named administrator, added once (only on the embedded defaults on loopback). */
export async function ensureDemoAdmin(database: Database, passwordHash: string, now: Date): Promise<void> {
  await database.write((tx) =>
    tx
      .insert(t.users)
      .values({
        email: DEMO_ADMIN_EMAIL,
        passwordHash,
        firstName: 'Avery',
        lastName: 'Admin',
        role: 'admin',
        emailVerifiedAt: now,
        onboardingCompleted: true,
        onboardingStep: 5,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing(),
  );
}

/**
 * When the embedded server is exposed (HOST set to a non-loopback address), the demo accounts'
 * known password must not work: it is removed. Returns how many accounts were locked.
 */
export async function lockDemoAccounts(database: Database): Promise<number> {
  const locked = await database.write((tx) =>
    tx
      .update(t.users)
      .set({ passwordHash: null })
      .where(
        sql`lower(${t.users.email}) in (${sql.join(
          DEMO_EMAILS.map((e) => sql`${e}`),
          sql`, `,
        )}) and ${t.users.passwordHash} is not null`,
      )
      .returning({ id: t.users.id }),
  );
  return locked.length;
}

export interface SeedOptions {
  cleaners: number;
  now: Date;
  /** Demo sign-in accounts and a demo partner: only on the embedded defaults. */
  demoAccounts: boolean;
  /** Hash of DEMO_PASSWORD, computed once by the caller (hashing is deliberately slow). */
  demoPasswordHash?: string;
  seed?: number;
  log?: (message: string) => void;
}

export interface SeedSummary {
  skipped: boolean;
  counts: Record<string, number>;
}

/** Inserts the service catalogue when the table is empty (every deployment needs it). */
export async function ensureCatalogue(database: Database): Promise<void> {
  const [row] = await database.db.select({ n: sql<number>`count(*)` }).from(t.services);
  if ((row?.n ?? 0) > 0) return;
  await database.write((tx) => tx.insert(t.services).values(SERVICE_CATALOGUE));
}

// City weights: bigger metros get more cleaners (roughly by rank).
const CITY_WEIGHTS = CITIES.map((_, i) => 1 / Math.sqrt(i + 1));
const REVIEW_TEXT = {
  GOOD: { titles: w.REVIEW_TITLES_GOOD, comments: w.REVIEW_COMMENTS_GOOD },
  MIXED: { titles: w.REVIEW_TITLES_MIXED, comments: w.REVIEW_COMMENTS_MIXED },
  BAD: { titles: w.REVIEW_TITLES_BAD, comments: w.REVIEW_COMMENTS_BAD },
} as const;
const EXPERIENCE = ['0-1 years', '1-3 years', '3-5 years', '5-10 years', '10+ years'] as const;
const SERVICE_TYPES = ['residential', 'commercial', 'deep', 'moveout'] as const;

type Insert<T extends SQLiteTable> = T['$inferInsert'];

class Rows {
  users: Insert<typeof t.users>[] = [];
  cleaners: Insert<typeof t.cleaners>[] = [];
  availability: Insert<typeof t.availability>[] = [];
  timeOff: Insert<typeof t.timeOff>[] = [];
  bookings: Insert<typeof t.bookings>[] = [];
  history: Insert<typeof t.bookingStatusHistory>[] = [];
  payments: Insert<typeof t.payments>[] = [];
  refunds: Insert<typeof t.refunds>[] = [];
  reviews: Insert<typeof t.reviews>[] = [];
  responses: Insert<typeof t.reviewResponses>[] = [];
  favourites: Insert<typeof t.favourites>[] = [];
  applications: Insert<typeof t.cleanerApplications>[] = [];
  partners: Insert<typeof t.partners>[] = [];
}

type Status = (typeof t.BOOKING_STATUSES)[number];

interface BookingSpec {
  customerId: number;
  cleanerId: number;
  serviceId: number;
  status: Status;
  date: string;
  time: string;
  paid: boolean;
  reviewed?: boolean;
  refunded?: boolean;
  cancellationFeeCents?: number;
}

/**
 * Builds the demo rows in memory, one concern per method (customers, cleaners, bookings with their
 * history, payments and reviews, the demo accounts' story), then writes them in batches. The
 * order of the random draws is the data: the same seed and `now` always give the same rows.
 */
class DemoData {
  readonly rows = new Rows();
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

  /** The demo customer (when asked) and a crowd of customers with history to book and review. */
  addCustomers(): void {
    const { options, now, rand } = this;
    this.demoCustomerId = options.demoAccounts
      ? this.nextUser({
          email: DEMO_CUSTOMER_EMAIL,
          passwordHash: options.demoPasswordHash,
          emailVerifiedAt: now,
          firstName: 'Casey',
          lastName: 'Morgan',
          phone: '(512) 555-0142',
          onboardingCompleted: true,
          onboardingStep: 5,
          onboardingPreferences: demoPreferences(),
        })
      : undefined;
    const customerCount = Math.max(50, Math.min(5000, Math.ceil(options.cleaners / 4)));
    for (let i = 0; i < customerCount; i++) {
      const first = rand.pick(w.FIRST_NAMES);
      const last = rand.pick(w.LAST_NAMES);
      this.customerIds.push(
        this.nextUser({
          email: `${first}.${last}.${i}@customers.spotless.example`.toLowerCase(),
          firstName: first,
          lastName: last,
          onboardingCompleted: rand.chance(0.8),
          onboardingStep: 5,
        }),
      );
    }
  }

  /** A cleaner with their user and weekly hours. */
  addCleaner(
    cleanerId: number,
    city: City,
    user: Omit<Insert<typeof t.users>, 'id'>,
    overrides: Partial<Insert<typeof t.cleaners>> = {},
  ): void {
    const { rand } = this;
    const uid = this.nextUser(user);
    const { latitude, longitude } = jitter(rand, city, 18);
    const types = pickServiceTypes(rand);
    const areaNames = this.rand.sample(w.AREA_SUFFIXES, this.rand.int(2, 4)).map((s) => `${s} ${city.name}`);
    this.rows.cleaners.push({
      id: cleanerId,
      userId: uid,
      bio: `${this.rand.pick(w.BIO_OPENERS)} ${this.rand.pick(w.BIO_MIDDLES)} ${this.rand.pick(w.BIO_CLOSERS)}`,
      experience: this.rand.weighted(EXPERIENCE, [1, 3, 3, 2, 1]),
      hourlyRateCents: this.rand.int(40, 150) * 50,
      isVerified: this.rand.chance(0.85),
      isInsured: this.rand.chance(0.7),
      isBonded: this.rand.chance(0.5),
      avatarUrl: null,
      serviceTypes: types,
      coverageAreas: [...areaNames, city.zipCode],
      city: city.name,
      state: city.state,
      zipCode: zipNear(rand, city.zipCode),
      latitude,
      longitude,
      timeZone: city.timeZone,
      createdAt: new Date(this.now.getTime() - this.rand.int(60, 1200) * 86_400_000),
      ...overrides,
    });
    for (const day of weeklyDays(rand)) {
      const start = this.rand.pick(['07:00', '08:00', '08:00', '09:00']);
      const end = this.rand.pick(['15:00', '16:00', '17:00', '17:00', '18:00']);
      this.rows.availability.push({ cleanerId, dayOfWeek: day, startTime: start, endTime: end, isAvailable: true });
    }
    this.cleanerStats.set(cleanerId, { sum: 0, count: 0, completed: 0 });
  }

  /** The demo cleaner (when asked: Austin, Monday to Saturday 8–6) and the rest over the city table. */
  addCleaners(): void {
    const { options, rand, now } = this;
    if (options.demoAccounts) {
      this.demoCleanerId = 1;
      this.firstCleanerId = 2;
      const austin = CITIES.find((c) => c.name === 'Austin') as City;
      this.addCleaner(
        this.demoCleanerId,
        austin,
        {
          email: DEMO_CLEANER_EMAIL,
          passwordHash: this.options.demoPasswordHash,
          emailVerifiedAt: now,
          firstName: 'Jordan',
          lastName: 'Rivera',
          phone: '(512) 555-0199',
          onboardingCompleted: true,
          onboardingStep: 5,
        },
        {
          bio: 'Five years of residential and move-out cleaning in Austin. I bring my own eco-friendly supplies, follow your checklist to the letter and always arrive on time.',
          experience: '5-10 years',
          hourlyRateCents: 4500,
          isVerified: true,
          isInsured: true,
          isBonded: true,
          serviceTypes: ['residential', 'deep', 'moveout'],
          coverageAreas: ['Downtown Austin', 'East Austin', 'South Congress', '78701', '78704'],
          latitude: 30.2672,
          longitude: -97.7431,
          zipCode: '78701',
        },
      );
      this.rows.availability = this.rows.availability.filter((a) => a.cleanerId !== this.demoCleanerId);
      for (const day of [1, 2, 3, 4, 5, 6]) {
        this.rows.availability.push({
          cleanerId: this.demoCleanerId,
          dayOfWeek: day,
          startTime: '08:00',
          endTime: '18:00',
          isAvailable: true,
        });
      }
    }
    for (let i = 0; i < options.cleaners - (options.demoAccounts ? 1 : 0); i++) {
      const city = rand.weighted(CITIES, CITY_WEIGHTS);
      const first = rand.pick(w.FIRST_NAMES);
      const last = rand.pick(w.LAST_NAMES);
      const id = this.firstCleanerId + i;
      this.addCleaner(id, city, {
        email: `${first}.${last}.${id}@cleaners.spotless.example`.toLowerCase(),
        firstName: first,
        lastName: last,
        onboardingCompleted: true,
        onboardingStep: 5,
      });
    }
  }

  /** One booking with its status history, its payment (and refund), and maybe a review and a response. */
  addBooking(b: BookingSpec): void {
    const { services } = this;
    const cleaner = this.rows.cleaners[b.cleanerId - 1] as Insert<typeof t.cleaners>;
    const service = services.find((s) => s.id === b.serviceId) ?? services[0]!;
    this.bookingId += 1;
    const startsAt = this.zoned(b.date, b.time, cleaner.timeZone);
    const duration = service.durationMinutes;
    const endsAt = new Date(startsAt.getTime() + duration * 60_000);
    const total = Math.max(service.basePriceCents, Math.round((cleaner.hourlyRateCents * duration) / 60));
    // A pending booking is an unpaid hold that expires unless paid (jobs/expire-unpaid-bookings),
    // so demo holds are fresh; everything else was booked days before.
    const createdAt =
      b.status === 'pending'
        ? new Date(this.now.getTime() - 2 * 60_000)
        : new Date(Math.min(startsAt.getTime(), this.now.getTime()) - this.rand.int(2, 20) * 86_400_000);
    const paymentStatus = b.refunded ? 'refunded' : b.paid ? 'succeeded' : 'unpaid';
    this.rows.bookings.push({
      id: this.bookingId,
      customerId: b.customerId,
      cleanerId: b.cleanerId,
      serviceId: service.id,
      status: b.status,
      startsAt,
      endsAt,
      durationMinutes: duration,
      timeZone: cleaner.timeZone,
      address: `${this.rand.int(100, 9899)} ${this.rand.pick(w.STREETS)}, ${cleaner.city}, ${cleaner.state} ${cleaner.zipCode}`,
      specialInstructions: this.rand.chance(0.3)
        ? this.rand.pick([
            'Please use the side door.',
            'We have a friendly cat.',
            'Focus on the kitchen, please.',
            'Spare key under the mat.',
          ])
        : '',
      hourlyRateCents: cleaner.hourlyRateCents,
      totalPriceCents: total,
      paymentStatus,
      cancellationFeeCents: b.cancellationFeeCents,
      cancelledAt: b.status === 'cancelled' ? new Date(createdAt.getTime() + 86_400_000) : undefined,
      cancelReason: b.status === 'cancelled' ? 'Plans changed' : undefined,
      createdAt,
      updatedAt: createdAt,
    });
    const path: Array<(typeof t.BOOKING_STATUSES)[number]> =
      b.status === 'pending'
        ? ['pending']
        : b.status === 'confirmed'
          ? ['pending', 'confirmed']
          : b.status === 'in_progress'
            ? ['pending', 'confirmed', 'in_progress']
            : b.status === 'completed'
              ? ['pending', 'confirmed', 'in_progress', 'completed']
              : b.paid
                ? ['pending', 'confirmed', 'cancelled']
                : ['pending', 'cancelled'];
    path.forEach((status, i) => {
      this.rows.history.push({
        bookingId: this.bookingId,
        fromStatus: i === 0 ? null : path[i - 1],
        toStatus: status,
        actorUserId:
          status === 'confirmed' || status === 'in_progress' || status === 'completed'
            ? this.rows.cleaners[b.cleanerId - 1]!.userId
            : b.customerId,
        actorRole: status === 'pending' || status === 'cancelled' ? 'customer' : 'cleaner',
        createdAt: new Date(createdAt.getTime() + i * 3_600_000),
      });
    });
    if (b.paid || b.refunded) {
      this.paymentId += 1;
      this.rows.payments.push({
        id: this.paymentId,
        bookingId: this.bookingId,
        customerId: b.customerId,
        provider: 'local',
        providerPaymentId: `pi_seed_${this.bookingId}`,
        amountCents: total,
        status: b.refunded ? 'refunded' : 'succeeded',
        refundedCents: b.refunded ? total : 0,
        refundReason: b.refunded ? 'Cancelled more than 24 hours before the start' : null,
        createdAt,
        updatedAt: createdAt,
      });
      if (b.refunded)
        this.rows.refunds.push({
          paymentId: this.paymentId,
          amountCents: total,
          reason: 'Cancelled more than 24 hours before the start',
          providerRefundId: `re_seed_${this.paymentId}`,
          status: 'succeeded',
          createdAt,
          updatedAt: createdAt,
        });
    }
    const stats = this.cleanerStats.get(b.cleanerId)!;
    if (b.status === 'completed') stats.completed += 1;
    if (b.status === 'completed' && b.reviewed) {
      const overall = this.rand.weighted([5, 4, 3, 2, 1], [55, 28, 10, 4, 3]);
      const near = () => Math.max(1, Math.min(5, overall + this.rand.weighted([-1, 0, 1], [2, 6, 1])));
      const tier = overall >= 4 ? 'GOOD' : overall === 3 ? 'MIXED' : 'BAD';
      this.reviewId += 1;
      const reviewedAt = new Date(endsAt.getTime() + this.rand.int(1, 72) * 3_600_000);
      this.rows.reviews.push({
        id: this.reviewId,
        bookingId: this.bookingId,
        cleanerId: b.cleanerId,
        customerId: b.customerId,
        serviceId: service.id,
        overallRating: overall,
        qualityRating: near(),
        punctualityRating: near(),
        professionalismRating: near(),
        communicationRating: near(),
        title: this.rand.pick(REVIEW_TEXT[tier].titles),
        comment: this.rand.pick(REVIEW_TEXT[tier].comments),
        pros: overall >= 4 ? this.rand.pick(['On time', 'Very thorough', 'Friendly', 'Great with pets']) : null,
        cons: overall <= 3 ? this.rand.pick(['Arrived late', 'Missed a few spots', 'Rushed']) : null,
        serviceAreas: this.rand.sample(w.REVIEW_AREAS, this.rand.int(1, 4)),
        timeSpent: `${Math.round(duration / 60)} hours`,
        wouldRecommend: overall >= 4,
        wouldRebook: overall >= 3,
        isVerified: true,
        createdAt: reviewedAt,
        updatedAt: reviewedAt,
      });
      if (this.rand.chance(0.2)) {
        this.rows.responses.push({
          reviewId: this.reviewId,
          cleanerId: b.cleanerId,
          response:
            overall >= 4
              ? 'Thank you so much — it was a pleasure!'
              : 'Thank you for the feedback; I am sorry and will do better next time.',
          createdAt: reviewedAt,
          updatedAt: reviewedAt,
        });
      }
      stats.sum += overall;
      stats.count += 1;
    }
  }

  /** Every cleaner's past: completed, paid jobs, most reviewed. A lighter history at large sizes. */
  addHistory(): void {
    const { rand, today } = this;
    // Dense demo data at the default size; a lighter history keeps 100,000 cleaners under a minute.
    const maxHistory = this.options.cleaners <= 5000 ? 24 : 3;
    const residential = this.services.filter((s) => s.category === 'residential');
    for (const cleaner of this.rows.cleaners) {
      const history = rand.int(0, maxHistory);
      for (let j = 0; j < history; j++) {
        this.addBooking({
          customerId: rand.pick(this.customerIds),
          cleanerId: cleaner.id!,
          serviceId: rand.pick(residential).id,
          status: 'completed',
          date: addDays(today, -rand.int(3, 540)),
          time: rand.pick(['09:00', '13:00']),
          paid: true,
          reviewed: rand.chance(0.65),
        });
      }
    }
  }

  /**
   * The demo accounts' story: the demo customer's bookings in every status, the demo cleaner's
   * queue, time off, favourites, applications to review, and the demo partner.
   */
  addDemoStory(): void {
    const { demoCustomerId, demoCleanerId, rand, now, today, services, rows } = this;
    if (demoCustomerId === undefined || demoCleanerId === undefined) return;
    const customerIds = this.customerIds;
    const firstCleanerId = this.firstCleanerId;
    const c = demoCustomerId;
    const jd = demoCleanerId;
    const other = (n: number) => firstCleanerId + ((n * 37) % Math.max(1, this.options.cleaners - 1));
    const regular = services.find((s) => s.type === 'regular')!.id;
    const deep = services.find((s) => s.type === 'deep')!.id;
    const moveout = services.find((s) => s.type === 'moveout')!.id;
    const workday = (offset: number) => nextWorkday(addDays(today, offset));
    // The demo customer: every status, with the demo cleaner and others.
    this.addBooking({
      customerId: c,
      cleanerId: jd,
      serviceId: regular,
      status: 'pending',
      date: workday(3),
      time: '09:00',
      paid: false,
    });
    this.addBooking({
      customerId: c,
      cleanerId: other(1),
      serviceId: deep,
      status: 'pending',
      date: workday(9),
      time: '10:00',
      paid: false,
    });
    this.addBooking({
      customerId: c,
      cleanerId: jd,
      serviceId: deep,
      status: 'confirmed',
      date: workday(5),
      time: '13:00',
      paid: true,
    });
    this.addBooking({
      customerId: c,
      cleanerId: other(2),
      serviceId: regular,
      status: 'confirmed',
      date: workday(14),
      time: '09:00',
      paid: true,
    });
    const startedHourAgo = toLocal(new Date(now.getTime() - 3_600_000), rows.cleaners[other(3) - 1]!.timeZone);
    this.addBooking({
      customerId: c,
      cleanerId: other(3),
      serviceId: regular,
      status: 'in_progress',
      date: startedHourAgo.date,
      time: `${startedHourAgo.time.slice(0, 2)}:00`,
      paid: true,
    });
    for (const [n, reviewed] of [
      [0, true],
      [4, true],
      [5, true],
      [6, false],
    ] as const) {
      this.addBooking({
        customerId: c,
        // The unreviewed job (n = 6) is the demo cleaner's too, so the demo cleaner can answer its review.
        cleanerId: n === 0 || n === 6 ? jd : other(n),
        serviceId: n === 5 ? moveout : regular,
        status: 'completed',
        date: workday(-30 * (n + 1)),
        time: '09:00',
        paid: true,
        reviewed,
      });
    }
    this.addBooking({
      customerId: c,
      cleanerId: other(7),
      serviceId: regular,
      status: 'cancelled',
      date: workday(-12),
      time: '09:00',
      paid: false,
      refunded: true,
    });
    this.addBooking({
      customerId: c,
      cleanerId: jd,
      serviceId: regular,
      status: 'cancelled',
      date: workday(-20),
      time: '13:00',
      paid: true,
      cancellationFeeCents: 2500,
    });
    // The demo cleaner's queue: requests to accept or decline, and confirmed jobs.
    for (let i = 0; i < 6; i++) {
      this.addBooking({
        customerId: customerIds[i]!,
        cleanerId: jd,
        serviceId: i % 2 ? deep : regular,
        status: i < 3 ? 'pending' : 'confirmed',
        date: workday(1 + i * 2),
        time: i % 2 ? '13:00' : '08:00',
        paid: i >= 3,
      });
    }
    rows.timeOff.push({
      cleanerId: jd,
      startDate: addDays(today, 21),
      endDate: addDays(today, 23),
      reason: 'Family trip',
      isRecurring: false,
    });
    rows.favourites.push(
      { userId: c, cleanerId: jd },
      { userId: c, cleanerId: other(2) },
      { userId: c, cleanerId: other(4) },
    );
    rows.applications.push({
      userId: rows.cleaners[jd - 1]!.userId,
      status: 'approved',
      experience: '5-10',
      hourlyRateCents: 4500,
      bio: rows.cleaners[jd - 1]!.bio,
      serviceTypes: ['residential', 'deep', 'moveout'],
      coverageAreas: ['Downtown Austin', 'East Austin'],
      hasInsurance: true,
      hasBond: true,
      submittedAt: new Date(now.getTime() - 400 * 86_400_000),
      reviewedAt: new Date(now.getTime() - 398 * 86_400_000),
      adminNotes: 'Documents verified.',
    });
    for (const [i, status] of (['pending', 'pending', 'under_review', 'rejected'] as const).entries()) {
      rows.applications.push({
        userId: customerIds[10 + i]!,
        status,
        experience: rand.pick(['0-1', '1-3', '3-5']),
        hourlyRateCents: rand.int(40, 80) * 50,
        bio: `${rand.pick(w.BIO_OPENERS)} ${rand.pick(w.BIO_MIDDLES)}`,
        serviceTypes: pickServiceTypes(rand),
        coverageAreas: [rand.pick(CITIES).name],
        hasInsurance: rand.chance(0.5),
        hasBond: rand.chance(0.3),
        submittedAt: new Date(now.getTime() - (i + 1) * 86_400_000),
        adminNotes: status === 'rejected' ? 'Could not verify identity document.' : null,
      });
    }
    rows.partners.push({
      name: 'Sunrise Realty (demo partner)',
      publishableKey: 'pk_demo_sunrise_realty',
      allowedOrigins: [
        'http://localhost:8787',
        'http://127.0.0.1:8787',
        'http://localhost:5174',
        'http://127.0.0.1:5174',
      ],
      contactEmail: 'partners@sunrise-realty.example',
    });
  }

  /** Derived figures agree with the rows they summarise. */
  settleCleanerFigures(): void {
    for (const cleaner of this.rows.cleaners) {
      const s = this.cleanerStats.get(cleaner.id!)!;
      cleaner.ratingSum = s.sum;
      cleaner.reviewCount = s.count;
      cleaner.rating = s.count > 0 ? s.sum / s.count : null;
      cleaner.completedJobs = s.completed;
    }
  }

  async insert(database: Database, log: (message: string) => void): Promise<Record<string, number>> {
    const { rows, now } = this;
    const counts: Record<string, number> = {};
    const write = async <T extends SQLiteTable>(name: string, table: T, values: Insert<T>[]) => {
      const t0 = performance.now();
      counts[name] = values.length;
      if (values.length === 0) return;
      await bulkInsert(database, table, values, now);
      log(`  ${name}: ${values.length.toLocaleString('en-US')} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    };
    await write('users', t.users, rows.users);
    await write('cleaners', t.cleaners, rows.cleaners);
    await write('availability', t.availability, rows.availability);
    await write('timeOff', t.timeOff, rows.timeOff);
    await write('partners', t.partners, rows.partners);
    await write('bookings', t.bookings, rows.bookings);
    await write('bookingStatusHistory', t.bookingStatusHistory, rows.history);
    await write('payments', t.payments, rows.payments);
    await write('refunds', t.refunds, rows.refunds);
    await write('reviews', t.reviews, rows.reviews);
    await write('reviewResponses', t.reviewResponses, rows.responses);
    await write('favourites', t.favourites, rows.favourites);
    await write('cleanerApplications', t.cleanerApplications, rows.applications);
    return counts;
  }
}

/**
 * Generates realistic demo data into an empty database: cleaners over the city table with hours,
 * customers, bookings in every status with their history and payments, and reviews whose
 * averages are the cleaners' ratings. The same seed and `now` always give the same data.
 */
export async function seedDemoData(database: Database, options: SeedOptions): Promise<SeedSummary> {
  const log = options.log ?? (() => {});
  await ensureCatalogue(database);
  const [existing] = await database.db.select({ n: sql<number>`count(*)` }).from(t.cleaners);
  if ((existing?.n ?? 0) > 0) return { skipped: true, counts: {} };

  const genStart = performance.now();
  const data = new DemoData(options, await database.db.select().from(t.services));
  data.addCustomers();
  data.addCleaners();
  data.addHistory();
  data.addDemoStory();
  data.settleCleanerFigures();
  log(`  generated in ${((performance.now() - genStart) / 1000).toFixed(1)} s`);
  return { skipped: false, counts: await data.insert(database, log) };
}

function demoPreferences() {
  return {
    userType: 'customer',
    serviceTypes: ['residential', 'deep'],
    location: { address: '410 Congress Ave, Austin, TX 78701' },
    frequency: 'biweekly',
    budget: { min: 80, max: 150 },
    specialRequests: ['Pet-friendly products'],
    notifications: { email: true, sms: false, push: true },
  };
}

function pickServiceTypes(rand: Random): string[] {
  const types = SERVICE_TYPES.filter((type) => (type === 'residential' ? rand.chance(0.9) : rand.chance(0.45)));
  return types.length > 0 ? types : ['residential'];
}

/** Working days: mostly Monday–Friday, sometimes Saturday or Sunday. */
function weeklyDays(rand: Random): number[] {
  const days = [1, 2, 3, 4, 5].filter(() => rand.chance(0.9));
  if (rand.chance(0.4)) days.push(6);
  if (rand.chance(0.1)) days.unshift(0);
  return days.length > 0 ? days : [1, 3, 5];
}

/** A point uniformly distributed within `radiusMiles` of the city centre. */
function jitter(rand: Random, city: City, radiusMiles: number) {
  const r = radiusMiles * Math.sqrt(rand.next());
  const theta = rand.next() * 2 * Math.PI;
  const latitude = city.latitude + (r * Math.cos(theta)) / 69.0;
  const longitude = city.longitude + (r * Math.sin(theta)) / (69.0 * Math.cos((city.latitude * Math.PI) / 180));
  return { latitude: Math.round(latitude * 1e5) / 1e5, longitude: Math.round(longitude * 1e5) / 1e5 };
}

function zipNear(rand: Random, zip: string): string {
  return String(Number(zip) + rand.int(0, 30)).padStart(5, '0');
}

/** The date itself when Monday–Saturday, else the following Monday. */
function nextWorkday(date: string): string {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day === 0 ? addDays(date, 1) : date;
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
