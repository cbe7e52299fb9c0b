import { desc, eq, sql } from 'drizzle-orm';
import { type Actor, requirePerson } from '../contract/actor';
import { bookings, payouts, services } from '../db/schema';
import type { Deps } from '../deps';
import { cleanerOf } from './payout-accounts.service';

/**
 * A cleaner's payout history (decision 086): each transfer of their share, newest first, with the
 * job it paid for and when a sent one usually reaches the bank. Their own transfers only.
 */

/** Transfers listed, newest first. */
const LISTED = 100;
/** A transfer reaches the bank in about this many business days (docs/product/payouts.md). */
export const ARRIVAL_BUSINESS_DAYS = 2;

/** `days` business days (Monday to Friday) after `sent`, at the same time of day (UTC). */
export function addBusinessDays(sent: Date, days: number): Date {
  const at = new Date(sent.getTime());
  let left = days;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    const weekday = at.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return at;
}

export interface CleanerPayoutRow {
  id: number;
  bookingId: number;
  amountCents: number;
  reversedCents: number;
  status: 'pending' | 'paid' | 'failed';
  reference: string | null;
  sentAt: Date | null;
  arrivesBy: Date | null;
  job: { service: string; startsAt: Date; timeZone: string };
}

/** The signed-in cleaner's transfers: 404 `cleaner_profile_not_found` for anyone who is not a cleaner. */
export async function cleanerPayouts(deps: Pick<Deps, 'database'>, actor: Actor): Promise<CleanerPayoutRow[]> {
  const { cleanerId } = cleanerOf(requirePerson(actor));
  const rows = await deps.database.db
    .select({
      payout: payouts,
      service: services.name,
      startsAt: bookings.startsAt,
      timeZone: bookings.timeZone,
    })
    .from(payouts)
    .innerJoin(bookings, eq(bookings.id, payouts.bookingId))
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .where(sql`${payouts.ownerKind} = 'cleaner' and ${payouts.ownerId} = ${cleanerId}`)
    .orderBy(desc(payouts.id))
    .limit(LISTED);
  return rows.map(({ payout, service, startsAt, timeZone }) => {
    const sentAt = payout.status === 'paid' ? (payout.paidAt ?? payout.updatedAt) : null;
    return {
      id: payout.id,
      bookingId: payout.bookingId,
      amountCents: payout.amountCents,
      reversedCents: payout.reversedCents,
      status: payout.status,
      reference: payout.providerTransferId,
      sentAt,
      arrivesBy: sentAt ? addBusinessDays(sentAt, ARRIVAL_BUSINESS_DAYS) : null,
      job: { service, startsAt, timeZone },
    };
  });
}
