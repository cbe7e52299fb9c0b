import { useState } from 'preact/hooks';
import { call, type Json, WidgetApiError } from './api';
import { Failure, Field, money, report, type WidgetProps } from './shared';

export interface PaymentProps extends WidgetProps {
  booking: Json;
  /** The guest token: good for this booking's payment only. */
  token: string;
  onPaid: () => void;
}

/**
 * The payment step (its own chunk, loaded after the booking is made): the booking's own `pay`
 * action with the guest token, then the test-mode card form of the embedded provider. With Stripe
 * configured the server names `stripe` as the provider: Stripe Elements is not built into the
 * widget yet, so the widget says so rather than take a card it cannot send.
 */
export function PaymentForm(props: PaymentProps) {
  const { ctx, emit, booking, token } = props;
  const [card, setCard] = useState({ cardNumber: '', expiry: '', cvc: '' });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const pay = booking.actions?.pay as Json | undefined;

  const submit = async () => {
    if (!pay) return;
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const intent = await call(ctx, pay.href, { method: pay.method, body: { bookingId: booking.id }, token });
      if (intent.provider !== 'local') {
        throw new WidgetApiError(
          501,
          'Card payments through this widget are not available here yet. Please try again later.',
        );
      }
      const [month, year] = card.expiry.split('/').map((part) => part.trim());
      const confirmed = await call(ctx, '/api/payments/local/confirm', {
        method: 'POST',
        token,
        body: {
          clientSecret: intent.clientSecret,
          cardNumber: card.cardNumber.replace(/\s+/g, ''),
          expMonth: Number(month),
          expYear: Number(year?.length === 2 ? `20${year}` : year),
          cvc: card.cvc.trim(),
        },
      });
      if (confirmed.status !== 'succeeded') throw new WidgetApiError(402, 'The payment did not go through.');
      emit('payment:succeeded', { bookingId: booking.id, amount: intent.amount });
      props.onPaid();
    } catch (caught) {
      if (caught instanceof WidgetApiError) {
        const body = caught.body as Json | null;
        const named = (body?.error?.fields as Record<string, string>) ?? caught.fields;
        setFields({
          ...named,
          ...(named.expMonth || named.expYear ? { expiry: named.expMonth ?? named.expYear } : {}),
        });
      }
      const shown = report(emit, caught);
      if (shown) setError(shown);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      class="sp-stack"
      part="payment"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p>
        Booking #{booking.id} is held for you. Pay <strong>{money(booking.totalPrice)}</strong> to send it to the
        cleaner.
      </p>
      {error ? <Failure error={error} ctx={ctx} /> : null}
      <Field label="Card number" error={fields.cardNumber}>
        {(control) => (
          <input
            {...control}
            class="sp-input"
            inputMode="numeric"
            autocomplete="cc-number"
            value={card.cardNumber}
            onInput={(e) => setCard({ ...card, cardNumber: e.currentTarget.value })}
          />
        )}
      </Field>
      <div class="sp-row">
        <Field label="Expiry (MM/YY)" error={fields.expiry}>
          {(control) => (
            <input
              {...control}
              class="sp-input"
              autocomplete="cc-exp"
              value={card.expiry}
              onInput={(e) => setCard({ ...card, expiry: e.currentTarget.value })}
            />
          )}
        </Field>
        <Field label="CVC" error={fields.cvc}>
          {(control) => (
            <input
              {...control}
              class="sp-input"
              inputMode="numeric"
              autocomplete="cc-csc"
              value={card.cvc}
              onInput={(e) => setCard({ ...card, cvc: e.currentTarget.value })}
            />
          )}
        </Field>
      </div>
      <p class="sp-muted">Test mode: card 4242 4242 4242 4242, any future date and CVC.</p>
      <button class="sp-button" type="submit" part="button" disabled={busy || !pay}>
        {busy ? 'Paying...' : `Pay ${money(booking.totalPrice)}`}
      </button>
    </form>
  );
}
