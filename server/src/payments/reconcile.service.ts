import { type Actor, requireSystem } from '../contract/actor';
import type { Deps } from '../deps';
import { PaymentProviderError } from '../lib/payment-provider';
import { siteOf } from '../notifications/site';
import { markProcessing, touchPayment } from './payment-records.service';
import { cancelledBookingRefundsDue, eventsFromIntent, stalePayments, staleRefunds } from './payments.queries';
import { applyEvent } from './payments.service';
import { refundCancelledBooking, settleRefundWithProvider } from './refunds.service';

/** How long a payment may sit pending/processing, or a refund pending, before we ask the provider. */
export const RECONCILE_AFTER_MINUTES = 10;
/** Provider calls per run; the next run takes the rest (oldest first). */
const BATCH = 50;

type ReconcileDeps = Pick<Deps, 'database' | 'clock' | 'payments' | 'config'> &
  Partial<Pick<Deps, 'logger' | 'requestUrl'>>;

/**
 * Catches up with the payment provider when its word was lost (a webhook that never came, a crash
 * between the card form and the answer): payments still pending or processing after N minutes are
 * retrieved and the provider's state is applied as events with ids derived from that state, so a
 * second run applies nothing new; refunds reserved but never settled are asked for again with
 * their original idempotency key, so the money moves once; and a cancelled booking's payment is
 * refunded down to the cancellation fee it kept (all of it when the booking expired unpaid first). Provider calls happen outside any
 * transaction; each result is applied in its own. A provider that does not answer ends the run
 * (`providerUnavailable`): each call to it costs the client's whole timeout, and the next run asks
 * again, where asking the rest in turn would hold the job for the better part of an hour.
 */
export async function reconcilePayments(
  deps: ReconcileDeps,
  actor: Actor,
  options: { olderThanMinutes?: number; limit?: number } = {},
): Promise<{
  checked: number;
  updated: number;
  refundsSettled: number;
  cancellationRefunds: number;
  providerUnavailable: boolean;
}> {
  requireSystem(actor);
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - (options.olderThanMinutes ?? RECONCILE_AFTER_MINUTES) * 60_000);
  const limit = options.limit ?? BATCH;
  let checked = 0;
  let updated = 0;

  for (const payment of await stalePayments(deps.database.db, deps.payments.name, cutoff, limit)) {
    checked += 1;
    try {
      const intent = await deps.payments.retrieve(payment.providerPaymentId);
      let applied = 0;
      if (intent) {
        for (const event of eventsFromIntent(intent, deps.clock.now())) {
          if (!(await applyEvent(deps, event)).duplicate) applied += 1;
        }
        if (intent.status === 'processing' && payment.status === 'pending') {
          await deps.database.write((tx) => markProcessing(tx, payment.id, deps.clock.now(), siteOf(deps)));
          applied += 1;
        }
      }
      if (applied > 0) updated += 1;
      // Moves it to the back of the queue, so one payment the provider no longer knows cannot starve the rest.
      else await deps.database.write((tx) => touchPayment(tx, payment.id, deps.clock.now()));
    } catch (error) {
      deps.logger?.warn('payment reconciliation failed', {
        paymentId: payment.id,
        error: error instanceof Error ? error.message : String(error),
      });
      if (error instanceof PaymentProviderError && error.code === 'provider_unavailable') {
        return { checked, updated, refundsSettled: 0, cancellationRefunds: 0, providerUnavailable: true };
      }
    }
  }

  let refundsSettled = 0;
  for (const { refund, payment } of await staleRefunds(deps.database.db, cutoff, limit)) {
    if (payment.provider !== deps.payments.name) continue;
    const result = await settleRefundWithProvider(deps, refund, payment, false, 'system');
    if (result && result.refund.status !== 'pending') refundsSettled += 1;
  }

  let cancellationRefunds = 0;
  for (const { id } of await cancelledBookingRefundsDue(deps.database.db, deps.payments.name, limit)) {
    const result = await refundCancelledBooking(deps, id);
    if (result?.refund.status === 'succeeded') cancellationRefunds += 1;
  }
  return { checked, updated, refundsSettled, cancellationRefunds, providerUnavailable: false };
}
