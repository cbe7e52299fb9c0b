/**
 * Who may review a booking (spec 02 §3): its customer, once it is completed, once. The booking's
 * `review` link and, with the review tools, `POST /api/reviews` both use this rule.
 */
export function mayReview(booking: { status: string; hasReview: boolean }, isCustomer: boolean): boolean {
  return isCustomer && booking.status === 'completed' && !booking.hasReview;
}

/** A completed job can be booked again by its customer (the history's "Book Again"). */
export function mayRebook(booking: { status: string }, isCustomer: boolean): boolean {
  return isCustomer && booking.status === 'completed';
}
