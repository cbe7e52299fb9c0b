import type { ComponentChildren } from 'preact';
import { useEffect, useId, useMemo, useRef, useState } from 'preact/hooks';
import type { Booking, PaymentIntentCreated } from '../client/index';
import { type WidgetApi, WidgetError, widgetApi } from './client';
import { Failure, Field, money, report, type WidgetProps } from './shared';

export interface PaymentProps extends WidgetProps {
  booking: Booking;
  /** The guest token: good for this booking's payment only. */
  token: string;
  onPaid: () => void;
}

/**
 * The payment step (its own chunk, loaded after the booking is made). It performs the booking's
 * own `pay` action with the guest token, then takes the card the way the server's provider says:
 * Stripe Elements when it names `stripe`, the embedded provider's test-mode card form otherwise.
 */
export function PaymentForm(props: PaymentProps) {
  const { ctx, emit, booking, token } = props;
  const [intent, setIntent] = useState<PaymentIntentCreated | null>(null);
  const [error, setError] = useState<unknown>(null);
  const api = useMemo(() => widgetApi(ctx, token), [ctx, token]);
  const pay = booking.actions.pay;

  useEffect(() => {
    if (!pay) return;
    const controller = new AbortController();
    api
      .perform(pay, { bookingId: booking.id }, { signal: controller.signal })
      .then(setIntent)
      .catch((caught) => {
        const shown = report(emit, caught);
        if (shown) setError(shown);
      });
    return () => controller.abort();
  }, [api, emit, booking.id, pay]);

  const failed = (caught: unknown) => report(emit, caught);
  const card = intent && {
    ...props,
    api,
    intent,
    onPaid: () => {
      emit('payment:succeeded', { bookingId: booking.id, amount: intent.amount });
      props.onPaid();
    },
    onFailed: failed,
  };

  return (
    <div class="sp-stack" part="payment">
      <p>
        Booking #{booking.id} is held for you. Pay <strong>{money(booking.totalPrice)}</strong> to send it to the
        cleaner.
      </p>
      {!pay ? <p class="sp-alert">This booking cannot be paid here.</p> : null}
      {error ? <Failure error={error} ctx={ctx} /> : null}
      {pay && !intent && !error ? <p role="status">Loading payment...</p> : null}
      {card ? card.intent.provider === 'stripe' ? <StripeCard {...card} /> : <TestCard {...card} /> : null}
    </div>
  );
}

interface CardProps extends PaymentProps {
  /** The typed client with the guest token. */
  api: WidgetApi;
  intent: PaymentIntentCreated;
  onFailed: (error: unknown) => unknown;
}

/** The embedded provider's test-mode card form: nothing but the API, no card leaves Spotless. */
function TestCard(props: CardProps) {
  const { ctx, api, booking, intent } = props;
  const [card, setCard] = useState({ cardNumber: '', expiry: '', cvc: '' });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const [month, year] = card.expiry.split('/').map((part) => part.trim());
      // No answer links to the test-mode card's confirmation: the typed operation, by path.
      const confirmed = await api.call('post', '/api/payments/local/confirm', {
        body: {
          clientSecret: intent.clientSecret,
          cardNumber: card.cardNumber.replace(/\s+/g, ''),
          expMonth: Number(month),
          expYear: Number(year?.length === 2 ? `20${year}` : year),
          cvc: card.cvc.trim(),
        },
      });
      if (confirmed.status !== 'succeeded') throw new WidgetError(402, 'The payment did not go through.');
      props.onPaid();
    } catch (caught) {
      const shown = props.onFailed(caught);
      if (shown instanceof WidgetError) {
        const named = shown.fields;
        setFields({
          ...named,
          ...(named.expMonth || named.expYear ? { expiry: named.expMonth ?? named.expYear } : {}),
        });
      }
      if (shown) setError(shown);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PayForm ctx={ctx} error={error} busy={busy} ready total={booking.totalPrice} onSubmit={submit}>
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
    </PayForm>
  );
}

/** What the widget uses of Stripe.js (https://js.stripe.com/v3/). */
interface StripeCardElement {
  mount: (element: HTMLElement) => void;
  destroy: () => void;
}
interface StripeClient {
  elements: () => { create: (type: 'card', options?: object) => StripeCardElement };
  confirmCardPayment: (
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement } },
  ) => Promise<{ error?: { message?: string }; paymentIntent?: { status: string } }>;
}
type StripeFactory = (publishableKey: string) => StripeClient;

export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';
let stripeJs: Promise<StripeFactory> | undefined;

/**
 * Stripe.js, loaded once per page when a booking is paid through Stripe. A script made by the
 * widget's own (nonced) code is allowed by the host's `'strict-dynamic'`; the host's CSP must also
 * allow Stripe's frames and API (the SDK README lists the hosts).
 */
function loadStripe(): Promise<StripeFactory> {
  const ready = () => (window as unknown as { Stripe?: StripeFactory }).Stripe;
  const existing = ready();
  if (existing) return Promise.resolve(existing);
  stripeJs ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.addEventListener('load', () => {
      const factory = ready();
      if (factory) resolve(factory);
      else reject(new Error('Stripe.js did not load'));
    });
    script.addEventListener('error', () => {
      stripeJs = undefined;
      script.remove();
      reject(new Error('Stripe.js did not load'));
    });
    document.head.append(script);
  });
  return stripeJs;
}

/**
 * Stripe Elements' card field. Stripe refuses to mount inside a shadow root, so the field's mount
 * point is a light-DOM child of the widget's host element, shown inside the widget (and inside its
 * modal dialog) through a named `<slot>`; it is removed with the form.
 */
function StripeCard(props: CardProps) {
  const { ctx, booking, intent } = props;
  const slotName = `spotless-card-${useId().replace(/[^\w-]/g, '')}`;
  const slot = useRef<HTMLSlotElement>(null);
  const [stripe, setStripe] = useState<{ client: StripeClient; card: StripeCardElement } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const onFailed = useRef(props.onFailed);
  onFailed.current = props.onFailed;

  const publishableKey = intent.publishableKey;

  useEffect(() => {
    const place = slot.current;
    const host = place && (place.getRootNode() as ShadowRoot).host;
    if (!place || !host || typeof publishableKey !== 'string') {
      setError(new Error('Unable to load payment information.'));
      return;
    }
    const mountPoint = document.createElement('div');
    mountPoint.slot = slotName;
    host.append(mountPoint);
    let card: StripeCardElement | undefined;
    let cancelled = false;
    loadStripe()
      .then((factory) => {
        if (cancelled) return;
        const client = factory(publishableKey);
        const look = getComputedStyle(place);
        card = client.elements().create('card', {
          hidePostalCode: true,
          style: { base: { fontFamily: look.fontFamily, color: look.color, fontSize: '16px' } },
        });
        card.mount(mountPoint);
        setStripe({ client, card });
      })
      .catch(() => {
        if (cancelled) return;
        const failure = new WidgetError(503, 'Unable to load payment information.');
        onFailed.current(failure);
        setError(failure);
      });
    return () => {
      cancelled = true;
      card?.destroy();
      mountPoint.remove();
    };
  }, [publishableKey, slotName]);

  const submit = async () => {
    if (!stripe || busy) return;
    setBusy(true);
    setError(null);
    try {
      const result = await stripe.client.confirmCardPayment(intent.clientSecret, {
        payment_method: { card: stripe.card },
      });
      const status = result.paymentIntent?.status;
      if (!result.error && (status === 'succeeded' || status === 'processing')) {
        props.onPaid();
        return;
      }
      const failure = new WidgetError(402, result.error?.message ?? 'Your payment could not be completed.');
      props.onFailed(failure);
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PayForm ctx={ctx} error={error} busy={busy} ready={stripe !== null} total={booking.totalPrice} onSubmit={submit}>
      <fieldset class="sp-field sp-fieldset">
        <legend class="sp-label">Card details</legend>
        <div class="sp-input sp-card-field" part="card-field">
          <slot ref={slot} name={slotName} />
        </div>
      </fieldset>
    </PayForm>
  );
}

/** What both card forms share: the failure, their fields, and the Pay button. */
function PayForm(props: {
  ctx: PaymentProps['ctx'];
  error: unknown;
  busy: boolean;
  ready: boolean;
  total: string;
  onSubmit: () => Promise<void>;
  children: ComponentChildren;
}) {
  return (
    <form
      class="sp-stack"
      onSubmit={(event) => {
        event.preventDefault();
        void props.onSubmit();
      }}
    >
      {props.error ? <Failure error={props.error} ctx={props.ctx} /> : null}
      {props.children}
      <button class="sp-button" type="submit" part="button" disabled={!props.ready || props.busy}>
        {props.busy ? 'Paying...' : `Pay ${money(props.total)}`}
      </button>
    </form>
  );
}
