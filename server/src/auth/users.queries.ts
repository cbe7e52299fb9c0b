import type { AccountActivity, AuthUser, OnboardingPreferences, UserRole } from '@spotless/sdk/schemas';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Data } from '../contract/hypermedia';
import type { Queryable } from '../db/client';
import { bookings, cleaners, oauthAccounts, partnerMembers, reviews, services, type User, users } from '../db/schema';
import { toLocal } from '../lib/time';

export function findUserById(db: Queryable, id: number): Promise<User | undefined> {
  return db.select().from(users).where(eq(users.id, id)).get();
}

/** E-mail addresses are unique case-insensitively (the users_email_unique index is on lower(email)). */
export function findUserByEmail(db: Queryable, email: string): Promise<User | undefined> {
  return db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).get();
}

export async function findUserByOAuth(
  db: Queryable,
  provider: 'google' | 'github',
  providerUserId: string,
): Promise<User | undefined> {
  const row = await db
    .select({ user: users })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, providerUserId)))
    .get();
  return row?.user;
}

/** The user as GET /api/auth/user answers: the fields of docs/product/accounts.md plus roles and the cleaner profile id. */
export async function toAuthUser(db: Queryable, user: User): Promise<Data<AuthUser>> {
  const cleaner = await db
    .select({ id: cleaners.id })
    .from(cleaners)
    .where(and(eq(cleaners.userId, user.id), eq(cleaners.status, 'active')))
    .get();
  // Derived from the data (decision 007): a member of a partner is one of its people (decision 081).
  const member = await db
    .select({ id: partnerMembers.id })
    .from(partnerMembers)
    .where(eq(partnerMembers.userId, user.id))
    .limit(1)
    .get();
  const roles: UserRole[] = ['customer'];
  if (cleaner) roles.push('cleaner');
  if (user.role === 'admin') roles.push('admin');
  if (member) roles.push('partner');
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    profileImageUrl: user.profileImageUrl,
    createdAt: user.createdAt.toISOString(),
    onboardingCompleted: user.onboardingCompleted,
    onboardingStep: user.onboardingStep,
    onboardingPreferences: (user.onboardingPreferences as OnboardingPreferences | null) ?? null,
    roles,
    cleanerId: cleaner?.id ?? null,
    emailVerified: user.emailVerifiedAt !== null,
    hasPassword: user.passwordHash !== null,
    totpEnabled: user.totpEnabledAt !== null,
  };
}

/**
 * Counts and the average rating given, computed in SQL from the user's own bookings and reviews,
 * and the five bookings made most recently.
 */
export type ActivityData = Omit<Data<AccountActivity>, 'recentBookings'> & {
  recentBookings: Array<Omit<AccountActivity['recentBookings'][number], 'links'>>;
};

export async function findAccountActivity(db: Queryable, userId: number): Promise<ActivityData> {
  const [counts] = await db
    .select({
      total: sql<number>`count(*)`,
      completed: sql<number>`coalesce(sum(case when ${bookings.status} = 'completed' then 1 else 0 end), 0)`,
      pending: sql<number>`coalesce(sum(case when ${bookings.status} = 'pending' then 1 else 0 end), 0)`,
    })
    .from(bookings)
    .where(eq(bookings.customerId, userId));
  const [rating] = await db
    .select({ average: sql<number | null>`avg(${reviews.overallRating})` })
    .from(reviews)
    .where(eq(reviews.customerId, userId));
  const recent = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      startsAt: bookings.startsAt,
      timeZone: bookings.timeZone,
      totalPriceCents: bookings.totalPriceCents,
      serviceName: services.name,
      cleanerId: bookings.cleanerId,
      cleanerFirstName: users.firstName,
      cleanerLastName: users.lastName,
      reviewId: reviews.id,
    })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(cleaners, eq(cleaners.id, bookings.cleanerId))
    .innerJoin(users, eq(users.id, cleaners.userId))
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .where(eq(bookings.customerId, userId))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(5);
  const average = rating?.average;
  return {
    totalBookings: Number(counts?.total ?? 0),
    completedBookings: Number(counts?.completed ?? 0),
    pendingBookings: Number(counts?.pending ?? 0),
    averageRatingGiven: average === null || average === undefined ? null : Math.round(Number(average) * 10) / 10,
    recentBookings: recent.map((b) => {
      const local = toLocal(b.startsAt, b.timeZone);
      return {
        id: b.id,
        status: b.status,
        scheduledAt: b.startsAt.toISOString(),
        // The booking's time as every other screen shows it: the cleaner's wall clock and zone.
        scheduledDate: local.date,
        scheduledTime: local.time,
        timeZone: b.timeZone,
        totalAmount: b.totalPriceCents / 100,
        serviceName: b.serviceName,
        cleanerName: [b.cleanerFirstName, b.cleanerLastName].filter(Boolean).join(' '),
        cleanerId: b.cleanerId,
        hasReview: b.reviewId !== null,
      };
    }),
  };
}
