/**
 * The refund a cancelled booking is owed, as the bookings service asks for it right after the
 * cancellation (payments implements it; bookings cannot import payments, which imports bookings).
 * It returns the money by the policy through the provider, exactly once however often it is asked,
 * and never throws for the provider: the reconciliation job asks again later.
 */
export interface CancellationRefunds {
  refundCancelledBooking(bookingId: number): Promise<void>;
}
