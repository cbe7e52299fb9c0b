import { expect, it } from 'vitest';
import type { Json } from './call';
import type { OnTarget } from './each-target';
import { paidDemoBooking } from './paid-booking';

/**
 * A cancellation whose refund the card's bank refuses, on the three targets (decision 075), checked
 * within the reviews' target file (reviews.targets.ts): the demo customer books the demo cleaner and
 * pays with the test card whose bank refuses refunds (4000 0000 0000 5126), cancels two days ahead,
 * and the booking stays cancelled, says the refund did not go through and what happens next, on
 * every later read; nothing is refunded.
 */
export function refusedRefundChecks(on: OnTarget): void {
  const { call } = on;

  it('tells the customer a refused refund on the cancelled booking, and moves no money', async () => {
    const { customer, made } = await paidDemoBooking(on, 210, '4000000000005126');
    const href = made.links.self.href as string;
    const cancel = (await call(href, { cookie: customer })).body.actions.cancel as Json;
    const cancelled = await call(cancel.href, { method: cancel.method, cookie: customer });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'succeeded',
      refund: { amount: made.totalPrice, status: 'failed', note: expect.stringContaining('did not go through') },
    });
    expect((await call(href, { cookie: customer })).body.refund).toEqual(cancelled.body.refund);
  });
}
