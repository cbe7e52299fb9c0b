import { type Actor, requireSystem } from '../contract/actor';
import type { PaymentProviderError } from '../lib/payment-provider';
import { siteOf } from '../notifications/site';
import { insertPayment } from './payment-records.service';
import { eventsFromIntent, findBookingForPayment } from './payments.queries';
import { applyEvent, type PaymentDeps, providerErrorToAppError } from './payments.service';

/**
 * Charging a later visit of a recurring series to the card saved at its first checkout (decision
 * 088), with the customer away (Stripe's off-session PaymentIntent). The charge is recorded as any
 * payment is — a payment row, its provider events, the booking's payment status, the ledger and
 * the split — so nothing downstream knows it was off-session.
 */

export type VisitCharge =
  | { outcome: 'succeeded' | 'failed'; reason: string | null }
  | { outcome: 'skipped'; reason: 'not_chargeable' };

/**
 * Charges one visit once: the idempotency key names the booking and its price, so a retried or
 * concurrent run charges the same intent. A declined card is an outcome, not an error.
 */
export async function chargeVisit(
  deps: PaymentDeps,
  actor: Actor,
  visit: { bookingId: number; customerRef: string; paymentMethodId: string },
): Promise<VisitCharge> {
  requireSystem(actor);
  const { database, payments: provider, clock } = deps;
  const booking = await findBookingForPayment(database.db, visit.bookingId);
  if (booking?.status !== 'confirmed' || booking.paymentStatus !== 'unpaid' || booking.seriesId === null) {
    return { outcome: 'skipped', reason: 'not_chargeable' };
  }
  let intent: Awaited<ReturnType<typeof provider.chargeSavedCard>>;
  try {
    intent = await provider.chargeSavedCard({
      amountCents: booking.totalPriceCents,
      currency: 'usd',
      bookingId: booking.id,
      customerId: booking.customerId,
      customerRef: visit.customerRef,
      paymentMethodId: visit.paymentMethodId,
      // One charge per visit, price and card: a retried or concurrent run charges the same intent.
      idempotencyKey: `spotless-visit-${booking.id}-${booking.totalPriceCents}-${visit.paymentMethodId}`,
    });
  } catch (error) {
    throw providerErrorToAppError(error as PaymentProviderError, deps.logger);
  }
  await database.write((tx) =>
    insertPayment(
      tx,
      { bookingId: booking.id, customerId: booking.customerId, provider: provider.name, intent },
      clock.now(),
      siteOf(deps),
    ),
  );
  for (const event of eventsFromIntent(intent, clock.now())) await applyEvent(deps, event);
  return intent.status === 'succeeded'
    ? { outcome: 'succeeded', reason: null }
    : { outcome: 'failed', reason: intent.failureReason ?? 'The card was declined.' };
}
