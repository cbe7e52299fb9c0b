import { isGuest } from '../access-callers';
import { adminsOnly, all, bookingOf, onlyCustomerA, type Row, usersOnly } from './row';

/** Payments, refunds and the payment provider's webhook: rows of the access matrix. */
export const PAYMENT_ROWS: Record<string, Row> = {
  // ── Payments ──
  createPaymentIntent: {
    request: (f, caller) => ({ path: '/api/create-payment-intent', body: { bookingId: bookingOf(f, caller) } }),
    expect: { ...usersOnly(404), customerA: 200, guest: 200, otherGuest: 404 },
    // The payer's card form needs it: the answer goes to the booking's payer only.
    carries: ['clientSecret'],
  },
  confirmLocalPayment: {
    // Authorised by the client secret (the checkout may be a guest's): an unknown one is 404. The
    // guests send the guest booking's own, which a token of another booking may not use.
    request: async (f, caller) => ({
      path: '/api/payments/local/confirm',
      body: {
        clientSecret: isGuest(caller) ? await f.guestClientSecret() : 'pi_unknown_secret_x',
        cardNumber: '4242424242424242',
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
      },
    }),
    expect: { ...all(404), partner: 404, guest: 200, otherGuest: 404 },
  },
  listPayments: { request: () => ({ path: '/api/payments' }), expect: { ...usersOnly(200), admin: 200 } },
  getPayment: {
    request: (f) => ({ path: `/api/payments/${f.paymentId}` }),
    expect: { ...onlyCustomerA(200), visitor: 401, admin: 200 },
  },
  refundPayment: {
    // The payment is still pending: the administrator reaches the 409, everyone else stops before.
    request: (f) => ({ path: `/api/payments/${f.paymentId}/refund`, body: {} }),
    expect: adminsOnly(409),
  },
  receiveStripeWebhook: {
    // Authorised by Stripe's signature, not by a session: without Stripe configured nothing is applied.
    request: () => ({ path: '/api/webhooks/stripe', body: { id: 'evt_1', type: 'payment_intent.succeeded' } }),
    expect: all(400),
    // The signature is the authority, whoever delivers the event.
    assistant: 400,
  },
};
