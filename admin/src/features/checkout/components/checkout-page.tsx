import type { PaymentIntentCreated } from '@spotless/sdk';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { PageTitle } from '../../../components/page-title';
import { BookingSummary, bookingKeys, bookingQuery } from '../../../entities/booking';
import { frequencyPhrase } from '../../../entities/series';
import { errorMessage, errorStatus } from '../../../lib/api-errors';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { Link, useNavigate, useSearchParams } from '../../../lib/router';
import { dismissToast, toast } from '../../../lib/toast';
import { paymentIntentQuery } from '../api/checkout.queries';
import { bookingIdParam, paymentSuccessPath } from '../utils/checkout';
import { LocalCardForm } from './local-card-form';
import { StripeCardForm } from './stripe-card-form';

/** /checkout?booking={id} (docs/product/booking-and-payments.md). */
export function CheckoutPage() {
  const [params] = useSearchParams();
  const bookingId = bookingIdParam(params.get('booking'));
  const navigate = useNavigate();
  const warned = useRef(false);

  useEffect(() => {
    if (bookingId !== null || warned.current) return;
    warned.current = true;
    toast({ title: 'Invalid Booking', description: 'No booking ID provided', variant: 'destructive' });
    navigate('/profile', { replace: true });
  }, [bookingId, navigate]);

  if (bookingId === null) return <Unavailable />;
  return <Checkout key={bookingId} bookingId={bookingId} />;
}

function Checkout({ bookingId }: { bookingId: number }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const booking = useQuery(bookingQuery(bookingId));
  const intent = useQuery({
    ...paymentIntentQuery(bookingId, booking.data?.actions.pay, booking.data?.totalPrice ?? '', idempotencyKey),
    enabled: booking.isSuccess,
  });
  const failure = booking.error ?? intent.error;
  const handled = useRef(false);

  useEffect(() => {
    if (!failure || handled.current) return;
    handled.current = true;
    if (errorStatus(failure) === 401) return; // the app's 401 path takes over
    toast({
      title: 'Payment Error',
      description: errorMessage(failure, 'Failed to initialize payment. Please try again.', [409]),
      variant: 'destructive',
    });
    navigate('/profile', { replace: true });
  }, [failure, navigate]);

  // The booking form's "Booking Created — Redirecting to payment..." has done its work once this page
  // is here: on a phone it would lie over the card's fields.
  useEffect(() => dismissToast(), []);

  // No toast here, and none left over ("Booking Created"): the dashboard says it once, with the
  // booking (docs/product/booking-and-payments.md).
  const onPaid = () => {
    dismissToast();
    queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    navigate(paymentSuccessPath(bookingId));
  };

  if (booking.isPending || (booking.isSuccess && intent.isPending)) {
    return (
      <section className="container page checkout-page">
        <PageTitle title="Complete Your Payment" />
        <h1>Complete Your Payment</h1>
        <p className="loading-text" role="status">
          <span className="spinner" aria-hidden="true" />
          Loading payment details...
        </p>
      </section>
    );
  }
  if (!booking.data || !intent.data?.clientSecret) return <Unavailable />;

  return (
    <section className="container page checkout-page">
      <PageTitle title="Complete Your Payment" />
      <header className="checkout-page__header">
        <h1>Complete Your Payment</h1>
        <p className="lead">
          Secure payment powered by{' '}
          <strong data-testid="payment-provider">
            {intent.data.provider === 'stripe' ? 'Stripe' : 'Spotless Pay (test mode)'}
          </strong>
        </p>
      </header>
      <div className="checkout-layout">
        <section className="card" aria-labelledby="booking-summary-title">
          <h2 id="booking-summary-title" className="card__title">
            Booking Summary
          </h2>
          <BookingSummary
            booking={booking.data}
            facts={['cleaner', 'service', 'date', 'time', 'duration', 'address', 'status', 'total']}
          />
        </section>
        <section className="card" aria-labelledby="payment-info-title">
          <h2 id="payment-info-title" className="card__title">
            Payment Information
          </h2>
          {booking.data.series ? (
            <p className="alert alert--info" data-testid="series-card-saved">
              This is a regular cleaning, {frequencyPhrase(booking.data.series.frequency)}: the card you pay with is
              saved for its later visits, each charged 3 days before it.
            </p>
          ) : null}
          <PaymentForm
            intent={intent.data}
            amount={booking.data.totalPrice}
            returnPath={paymentSuccessPath(bookingId)}
            onPaid={onPaid}
          />
        </section>
      </div>
    </section>
  );
}

function PaymentForm({
  intent,
  amount,
  returnPath,
  onPaid,
}: {
  intent: PaymentIntentCreated;
  amount: string;
  returnPath: string;
  onPaid: () => void;
}) {
  const onFailed = (message: string) =>
    toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
  if (intent.provider === 'stripe') {
    if (!intent.publishableKey) return <p className="alert alert--error">Unable to load payment information.</p>;
    return (
      <StripeCardForm
        clientSecret={intent.clientSecret}
        publishableKey={intent.publishableKey}
        amount={amount}
        returnUrl={`${window.location.origin}${returnPath}`}
        onPaid={onPaid}
        onFailed={onFailed}
      />
    );
  }
  return <LocalCardForm clientSecret={intent.clientSecret} amount={amount} onPaid={onPaid} onFailed={onFailed} />;
}

function Unavailable() {
  return (
    <section className="container page page--narrow checkout-page">
      <PageTitle title="Complete Your Payment" />
      <h1>Complete Your Payment</h1>
      <div className="empty-state" data-testid="payment-unavailable">
        <p>Unable to load payment information.</p>
        <Link to="/profile" className="btn btn--primary">
          Return to Profile
        </Link>
      </div>
    </section>
  );
}
