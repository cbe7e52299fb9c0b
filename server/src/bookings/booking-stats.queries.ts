import { centsToDollars } from '@spotless/sdk/rules';
import type { BookingStats } from '@spotless/sdk/schemas';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Data } from '../contract/hypermedia';
import type { Queryable } from '../db/client';
import { bookings, payments, reviews, services } from '../db/schema';

const NET_PAID_STATUSES = ['succeeded', 'refunded'] as const;

/**
 * The customer's dashboard figures, each one SQL aggregate. Money spent is what the customer's
 * succeeded payments kept after refunds (a cancellation fee stays spent), never a booking's list
 * price: an unpaid booking costs nothing.
 */
export async function customerStats(db: Queryable, customerId: number, now: Date): Promise<Data<BookingStats>> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const [counts] = await db
    .select({
      total: sql<number>`count(*)`,
      completed: sql<number>`coalesce(sum(${bookings.status} = 'completed'), 0)`,
      upcoming: sql<number>`coalesce(sum(${bookings.status} in ('pending', 'confirmed')), 0)`,
      cancelled: sql<number>`coalesce(sum(${bookings.status} = 'cancelled'), 0)`,
      thisMonth: sql<number>`coalesce(sum(${bookings.startsAt} >= ${monthStart.getTime()} and ${bookings.startsAt} < ${nextMonth.getTime()}), 0)`,
    })
    .from(bookings)
    .where(eq(bookings.customerId, customerId));
  const [money] = await db
    .select({
      spent: sql<number>`coalesce(sum(${payments.amountCents} - ${payments.refundedCents}), 0)`,
      paidBookings: sql<number>`count(distinct case when ${payments.amountCents} > ${payments.refundedCents} then ${payments.bookingId} end)`,
      monthSpent: sql<number>`coalesce(sum(case when ${payments.createdAt} >= ${monthStart.getTime()} and ${payments.createdAt} < ${nextMonth.getTime()} then ${payments.amountCents} - ${payments.refundedCents} else 0 end), 0)`,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(bookings.customerId, customerId), inArray(payments.status, NET_PAID_STATUSES)));
  const [rating] = await db
    .select({ average: sql<number | null>`avg(${reviews.overallRating})` })
    .from(reviews)
    .where(eq(reviews.customerId, customerId));
  const [favourite] = await db
    .select({ name: services.name, n: sql<number>`count(*)` })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .where(and(eq(bookings.customerId, customerId), ne(bookings.status, 'cancelled')))
    .groupBy(services.id)
    .orderBy(desc(sql`count(*)`), asc(services.id))
    .limit(1);
  const spent = money?.spent ?? 0;
  const paidBookings = money?.paidBookings ?? 0;
  return {
    total: counts?.total ?? 0,
    completed: counts?.completed ?? 0,
    upcoming: counts?.upcoming ?? 0,
    cancelled: counts?.cancelled ?? 0,
    totalSpent: centsToDollars(spent),
    averagePerBooking: centsToDollars(paidBookings > 0 ? Math.round(spent / paidBookings) : 0),
    thisMonthCount: counts?.thisMonth ?? 0,
    thisMonthSpent: centsToDollars(money?.monthSpent ?? 0),
    averageRatingGiven:
      rating?.average === null || rating?.average === undefined ? null : Math.round(rating.average * 100) / 100,
    favouriteService: favourite?.name ?? null,
  };
}
