import { formatDollars } from '@spotless/sdk';
import { type FormEvent, useEffect, useRef, useState } from 'react';

/*
 * The Stripe path, isolated here: Stripe.js from js.stripe.com, a Card Element and
 * confirmCardPayment. Only used when the server answers provider 'stripe'. It needs the server's
 * CSP to allow https://js.stripe.com (script-src, frame-src) and https://api.stripe.com
 * (connect-src); the embedded default (provider 'local') never loads it.
 */

const STRIPE_JS_URL = 'https://js.stripe.com/v3/';

interface StripeCardElement {
  mount: (el: HTMLElement) => void;
  destroy: () => void;
}
interface StripeLike {
  elements: () => { create: (type: 'card', options?: object) => StripeCardElement };
  confirmCardPayment: (
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement }; return_url?: string },
  ) => Promise<{ error?: { message?: string }; paymentIntent?: { status: string } }>;
}
type StripeFactory = (publishableKey: string) => StripeLike;

let stripeJs: Promise<StripeFactory> | undefined;

function loadStripeJs(): Promise<StripeFactory> {
  const existing = (window as unknown as { Stripe?: StripeFactory }).Stripe;
  if (existing) return Promise.resolve(existing);
  stripeJs ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () => {
      const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else reject(new Error('Stripe.js did not load'));
    };
    script.onerror = () => {
      stripeJs = undefined;
      reject(new Error('Stripe.js did not load'));
    };
    document.head.append(script);
  });
  return stripeJs;
}

interface StripeCardFormProps {
  clientSecret: string;
  publishableKey: string;
  amount: string;
  returnUrl: string;
  onPaid: () => void;
  onFailed: (message: string) => void;
}

export function StripeCardForm({
  clientSecret,
  publishableKey,
  amount,
  returnUrl,
  onPaid,
  onFailed,
}: StripeCardFormProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ client: StripeLike; card: StripeCardElement } | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    let card: StripeCardElement | undefined;
    let cancelled = false;
    loadStripeJs()
      .then((factory) => {
        if (cancelled || !mountRef.current) return;
        const client = factory(publishableKey);
        card = client.elements().create('card', { hidePostalCode: true });
        card.mount(mountRef.current);
        setStripe({ client, card });
      })
      .catch(() => !cancelled && setLoadError(true));
    return () => {
      cancelled = true;
      card?.destroy();
    };
  }, [publishableKey]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!stripe || pending) return;
    setPending(true);
    try {
      const result = await stripe.client.confirmCardPayment(clientSecret, {
        payment_method: { card: stripe.card },
        return_url: returnUrl,
      });
      if (result.error) onFailed(result.error.message ?? 'Your payment could not be completed.');
      else if (result.paymentIntent?.status === 'succeeded' || result.paymentIntent?.status === 'processing') onPaid();
      else onFailed('Your payment could not be completed.');
    } finally {
      setPending(false);
    }
  };

  if (loadError) return <p className="alert alert--error">Unable to load payment information.</p>;
  return (
    <form className="form card-form" onSubmit={submit} aria-busy={pending}>
      <fieldset className="field stripe-fieldset">
        <legend className="field__label">Card details</legend>
        <div ref={mountRef} className="stripe-card" />
      </fieldset>
      <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={!stripe || pending}>
        {pending ? 'Processing...' : `Pay ${formatDollars(amount)}`}
      </button>
    </form>
  );
}
