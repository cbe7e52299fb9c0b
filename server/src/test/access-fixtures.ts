/**
 * The world of the access matrix (`permissions.test.ts`): one database, built once, with the people
 * and the rows every operation is tried on — two customers, two cleaners, a named administrator, two
 * partners and a guest booking of each, and A's booking, payment, review, application and document.
 */

import { hashPassword, TEST_PASSWORD_COST } from '../auth/password';
import { startChat } from '../chat/chat.service';
import type { CleanerRow } from '../db/schema';
import {
  applicationDocuments,
  availability,
  bookingSeries,
  bookings,
  cleanerApplications,
  cleaners,
  partners,
  payments,
  timeOff,
  timeSlots,
  users,
} from '../db/schema';
import { sha256Hex } from '../lib/digest';
import { createPaymentIntent } from '../payments/payments.service';
import { seedDemoData } from '../seed/generate';
import { damageFixture } from './damage-fixtures';
import { createTestContext } from './harness';
import { reviewFixture } from './review-fixtures';

export const PASSWORD = 'matrix-password';
export const ADMIN_PASSWORD = 'matrix-admin-password';
/** Where each partner's widget is allowed. */
export const PARTNERS = {
  one: { key: 'pk_matrix_partner_one', origin: 'https://realty-one.example' },
  two: { key: 'pk_matrix_partner_two', origin: 'https://realty-two.example' },
} as const;
export type People = 'customerA' | 'customerB' | 'cleaner' | 'otherCleaner' | 'adminPerson';

const DAY = 86_400_000;
const ctx = await createTestContext({
  config: {
    ADMIN_PASSWORD_HASH: await hashPassword(ADMIN_PASSWORD, TEST_PASSWORD_COST),
    GOOGLE_CLIENT_ID: 'id',
    GOOGLE_CLIENT_SECRET: 'secret',
    AUTH_RATE_LIMIT: '1000',
    // Each caller is a client of its own address, as in life: one caller's keyed requests do not
    // spend another's per-address allowance.
    TRUST_PROXY: 'true',
  },
});
const { database } = ctx;
const now = ctx.clock.now();
await seedDemoData(database, { cleaners: 4, now, demoAccounts: false, seed: 3 });

const passwordHash = await hashPassword(PASSWORD, TEST_PASSWORD_COST);
const PEOPLE: Record<People, { email: string; phone: string; firstName: string; role?: 'admin' }> = {
  customerA: { email: 'matrix-a@example.com', phone: '+1 512 555 0111', firstName: 'Ann' },
  customerB: { email: 'matrix-b@example.com', phone: '+1 512 555 0122', firstName: 'Ben' },
  cleaner: { email: 'matrix-cleaner@example.com', phone: '+1 512 555 0133', firstName: 'Cleo' },
  otherCleaner: { email: 'matrix-other-cleaner@example.com', phone: '+1 512 555 0144', firstName: 'Otto' },
  adminPerson: { email: 'matrix-admin@example.com', phone: '+1 512 555 0155', firstName: 'Ada', role: 'admin' },
};
const userIds = {} as Record<People, number>;
for (const [who, person] of Object.entries(PEOPLE) as [People, (typeof PEOPLE)[People]][]) {
  const [row] = await database.write((tx) =>
    tx
      .insert(users)
      .values({ ...person, passwordHash })
      .returning({ id: users.id }),
  );
  userIds[who] = row?.id as number;
}
const [seeded] = await database.db.select().from(cleaners).limit(1);
if (!seeded) throw new Error('no seeded cleaner');
const template: CleanerRow = seeded;
async function cleanerProfile(userId: number): Promise<number> {
  const [row] = await database.write((tx) =>
    tx
      .insert(cleaners)
      .values({ ...template, id: undefined, userId, status: 'active', timeZone: 'America/Chicago' })
      .returning({ id: cleaners.id }),
  );
  return row?.id as number;
}
const ownCleanerId = await cleanerProfile(userIds.cleaner);
const otherCleanerId = await cleanerProfile(userIds.otherCleaner);

const partnerIds = {} as Record<'one' | 'two', number>;
for (const [name, partner] of Object.entries(PARTNERS) as ['one' | 'two', (typeof PARTNERS)['one' | 'two']][]) {
  const [row] = await database.write((tx) =>
    tx
      .insert(partners)
      .values({
        name: `Matrix Realty ${name}`,
        publishableKey: partner.key,
        allowedOrigins: [partner.origin],
        contactEmail: `partners-${name}@realty.example`,
        rateLimitPerMinute: 100_000,
      })
      .returning({ id: partners.id }),
  );
  partnerIds[name] = row?.id as number;
}

let bookingsMade = 0;
type BookingValues = Partial<typeof bookings.$inferInsert>;
async function insertBooking(values: BookingValues = { customerId: userIds.customerA }): Promise<number> {
  bookingsMade += 1;
  const startsAt = new Date(now.getTime() + (10 + bookingsMade) * DAY);
  const [row] = await database.write((tx) =>
    tx
      .insert(bookings)
      .values({
        cleanerId: ownCleanerId,
        serviceId: 1,
        status: 'pending',
        startsAt,
        endsAt: new Date(startsAt.getTime() + 2 * 3_600_000),
        durationMinutes: 120,
        timeZone: 'America/Chicago',
        address: '1 Main St',
        hourlyRateCents: 4000,
        totalPriceCents: 8000,
        ...values,
      })
      .returning({ id: bookings.id }),
  );
  return row?.id as number;
}
const guestTokens = {
  guest: 'matrix-guest-token-of-booking-one-0123456789',
  otherGuest: 'matrix-guest-token-two-0123',
};
async function guestBooking(token: string, partnerId: number, who: string): Promise<number> {
  return insertBooking({
    customerId: null,
    partnerId,
    partnerCommissionBps: 1000,
    guestName: `${who} Guest`,
    guestEmail: `${who.toLowerCase()}-guest@example.com`,
    guestPhone: `+1 512 555 01${60 + bookingsMade}`,
    guestTokenHash: sha256Hex(token),
  });
}
const guestBookingId = await guestBooking(guestTokens.guest, partnerIds.one, 'Gail');
const otherGuestBookingId = await guestBooking(guestTokens.otherGuest, partnerIds.two, 'Gus');

async function insertAvailability(cleanerId: number, dayOfWeek: number, start: string, end: string) {
  const [row] = await database.write((tx) =>
    tx
      .insert(availability)
      .values({ cleanerId, dayOfWeek, startTime: start, endTime: end, isAvailable: true })
      .returning({ id: availability.id }),
  );
  return row?.id as number;
}
await insertAvailability(ownCleanerId, 1, '09:00', '17:00');
const bookingId = await insertBooking();
const [payment] = await database.write((tx) =>
  tx
    .insert(payments)
    .values({
      bookingId,
      customerId: userIds.customerA,
      provider: 'local',
      providerPaymentId: 'pi_matrix',
      amountCents: 8000,
    })
    .returning({ id: payments.id }),
);
const slotStart = new Date(now.getTime() + 40 * DAY);
const [slot] = await database.write((tx) =>
  tx
    .insert(timeSlots)
    .values({
      cleanerId: ownCleanerId,
      date: '2026-07-25',
      startTime: '08:00',
      endTime: '09:00',
      startsAt: slotStart,
      endsAt: new Date(slotStart.getTime() + 3_600_000),
    })
    .returning({ id: timeSlots.id }),
);

let applicants = 0;
async function insertApplication(userId?: number): Promise<number> {
  let owner = userId;
  if (owner === undefined) {
    applicants += 1;
    const email = `matrix-applicant-${applicants}@example.com`;
    const [user] = await database.write((tx) => tx.insert(users).values({ email }).returning({ id: users.id }));
    owner = user?.id as number;
  }
  const [row] = await database.write((tx) =>
    tx
      .insert(cleanerApplications)
      .values({
        userId: owner as number,
        experience: '1-3',
        hourlyRateCents: 3000,
        bio: 'Matrix applicant',
        serviceTypes: ['residential'],
        coverageAreas: ['Austin'],
        submittedAt: now,
      })
      .returning({ id: cleanerApplications.id }),
  );
  return row?.id as number;
}
const applicationId = await insertApplication(userIds.customerA);
let documents = 0;
async function insertDocument(): Promise<number> {
  documents += 1;
  const storageKey = `documents/${applicationId}/matrix-${documents}.pdf`;
  await ctx.deps.files.put(storageKey, new TextEncoder().encode('%PDF-1.4 matrix'), { contentType: 'application/pdf' });
  const [row] = await database.write((tx) =>
    tx
      .insert(applicationDocuments)
      .values({
        applicationId,
        documentType: 'id',
        fileName: 'id.pdf',
        storageKey,
        fileSize: 15,
        mimeType: 'application/pdf',
        uploadedAt: now,
      })
      .returning({ id: applicationDocuments.id }),
  );
  return row?.id as number;
}
const documentId = await insertDocument();
const reviews = await reviewFixture(ctx, {
  customerId: userIds.customerA,
  cleanerId: ownCleanerId,
  reporterId: template.userId,
});
let sundayQuarter = 0;
let timeOffDay = 0;
const guestActor = { kind: 'guest', bookingId: guestBookingId } as const;
let guestSecret: Promise<string> | undefined;

export const world = {
  ctx,
  userIds,
  people: PEOPLE,
  partnerIds,
  /** A seeded public cleaner, not one of the fixture's. */
  cleanerId: template.id,
  /** The `cleaner` caller's profile, and the `otherCleaner` caller's. */
  ownCleanerId,
  otherCleanerId,
  /** Customer A's pending booking with the `cleaner` caller, ten days ahead, and its pending payment. */
  bookingId,
  paymentId: payment?.id as number,
  /** The guest booking partner one brought (the `cleaner`'s job), and partner two's; their tokens. */
  guestBookingId,
  otherGuestBookingId,
  guestTokens,
  /** One of the cleaner's stored time slots, not booked and not covering the booking. */
  slotId: slot?.id as number,
  /** Fresh rows per request, for operations that change or delete what they touch. */
  newBooking: () => insertBooking(),
  /**
   * A fresh recurring series of customer A's with the `cleaner` (decision 088), in `status`, and its
   * next visit, confirmed and ten days or more ahead.
   */
  async newSeries(status: 'active' | 'paused' = 'active'): Promise<{ seriesId: number; visitId: number }> {
    const [series] = await database.write((tx) =>
      tx
        .insert(bookingSeries)
        .values({
          customerId: userIds.customerA,
          cleanerId: ownCleanerId,
          serviceId: 1,
          frequency: 'weekly',
          status,
          anchorDate: '2027-01-04',
          localTime: '09:00',
          timeZone: 'America/Chicago',
          durationMinutes: 120,
          address: '1 Main St',
          plannedThrough: '2027-01-04',
        })
        .returning({ id: bookingSeries.id }),
    );
    const seriesId = series?.id as number;
    const visitId = await insertBooking({
      customerId: userIds.customerA,
      status: 'confirmed',
      seriesId,
      occurrence: '2027-01-11',
    });
    return { seriesId, visitId };
  },
  /** Customer A's booking with the `cleaner`, accepted: what its cleaner may withdraw from. */
  newConfirmedBooking: () => insertBooking({ customerId: userIds.customerA, status: 'confirmed' }),
  /** Sunday hours of the cleaner's, a quarter of an hour each from 01:00, none after 12:00. */
  newAvailability: () => {
    const n = sundayQuarter++;
    const at = (minutes: number) =>
      `${String(1 + Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    return insertAvailability(ownCleanerId, 0, at(n * 15), at(n * 15 + 10));
  },
  async newTimeOff(): Promise<number> {
    timeOffDay += 1;
    const date = `2027-05-${String(timeOffDay).padStart(2, '0')}`;
    const [row] = await database.write((tx) =>
      tx
        .insert(timeOff)
        .values({ cleanerId: ownCleanerId, startDate: date, endDate: date })
        .returning({ id: timeOff.id }),
    );
    return row?.id as number;
  },
  /** Customer A's open cleaner application, and one of its documents (with its bytes stored). */
  applicationId,
  documentId,
  newApplication: () => insertApplication(),
  newDocument: insertDocument,
  /** Customer A's review of a completed job with the `cleaner` (reported by a third user), its photo. */
  reviews,
  /** Customer A's open damage report on a completed job with the `cleaner`, and its photo. */
  damage: await damageFixture(ctx, { bookingId: await reviews.newCompletedBooking(), customerId: userIds.customerA }),
  /** A fresh conversation customer A started signed in. */
  async chatOfCustomerA(): Promise<string> {
    return (await startChat(ctx.deps, { kind: 'customer', userId: userIds.customerA })).sessionId;
  },
  /** The test-mode card form's client secret of the guest booking's payment, as its guest started it. */
  async guestClientSecret(): Promise<string> {
    guestSecret ??= createPaymentIntent(ctx.deps, guestActor, { bookingId: guestBookingId } as never, undefined).then(
      (answer) => answer.body.clientSecret as string,
    );
    return guestSecret;
  },
  /** Raw credentials the matrix itself holds: none may come back in an answer. */
  heldTokens: new Set<string>(Object.values(guestTokens)),
};
export type World = typeof world;
