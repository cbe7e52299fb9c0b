/**
 * The world of the payment routes' suites: a server on the local payment provider (counting its
 * refunds, so a test can prove the provider was asked once), customers with bookings, and payments
 * started or made through the API.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { bookings, payments } from '../db/schema';
import type { RefundInput } from '../lib/payment-provider';
import { LocalPaymentProvider } from '../payments/local-provider';
import { createTestContext } from './harness';
import { paymentsFixture } from './payment-fixtures';

/** The local provider, counting refund calls so a test can prove the provider was asked once. */
class CountingLocalProvider extends LocalPaymentProvider {
  refundCalls = 0;
  override async refund(input: RefundInput) {
    this.refundCalls += 1;
    return super.refund(input);
  }
}

export const CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };
export const DECLINE = { ...CARD, cardNumber: '4000 0000 0000 0002' };

export async function paymentWorld() {
  /** The provider is built before the context, so its clock is pointed at the context's once it exists. */
  const clock = { now: () => new Date() };
  const provider = new CountingLocalProvider({ clock });
  const ctx = await createTestContext({ payments: provider });
  clock.now = () => ctx.clock.now();
  const f = await paymentsFixture(ctx);

  async function paymentRow(id: number) {
    return ctx.database.db.select().from(payments).where(eq(payments.id, id)).get();
  }
  async function bookingRow(id: number) {
    return ctx.database.db.select().from(bookings).where(eq(bookings.id, id)).get();
  }

  /** A customer with a booking and a started payment. */
  async function started(totalCents = 12_345) {
    const customer = await f.customer();
    const booking = await f.booking(customer.id, totalCents);
    const call = f.as(customer.cookie);
    const intent = await call('POST', '/api/create-payment-intent', { bookingId: booking.id });
    expect(intent.status).toBe(200);
    return { customer, booking, call, intent: intent.body };
  }

  /** …and paid with 4242. */
  async function paid(totalCents = 12_345) {
    const s = await started(totalCents);
    const confirm = await s.call('POST', '/api/payments/local/confirm', {
      clientSecret: s.intent.clientSecret,
      ...CARD,
    });
    expect(confirm.status).toBe(200);
    return s;
  }

  return { ctx, provider, f, paymentRow, bookingRow, started, paid };
}
