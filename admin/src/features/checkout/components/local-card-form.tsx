import { formatDollars } from '@spotless/sdk';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { Field, useFocusFirstInvalid } from '../../../components/field';
import { formErrors } from '../../../lib/api-errors';
import { useConfirmLocalPayment } from '../api/checkout.queries';
import { formatCardNumber, formatExpiry, parseExpiry } from '../utils/checkout';

type Fields = 'cardNumber' | 'expiry' | 'cvc';
/** The API's names of what the form shows (its one expiry field is the API's month and year). */
const API_FIELDS = ['cardNumber', 'expMonth', 'expYear', 'cvc'] as const;

interface LocalCardFormProps {
  clientSecret: string;
  amount: string;
  onPaid: () => void;
  onFailed: (message: string) => void;
}

/**
 * The embedded test-mode card form (provider 'local'): our own accessible fields, confirmed by
 * POST /api/payments/local/confirm, which answers with Stripe's test-card outcomes and messages.
 * A message about one field ("Your card number is incomplete.") goes under it and nowhere else;
 * `onFailed` (the Payment Failed toast) is for the others, such as a decline.
 */
export function LocalCardForm({ clientSecret, amount, onPaid, onFailed }: LocalCardFormProps) {
  const [values, setValues] = useState({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const confirm = useConfirmLocalPayment();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, errors);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    const expiry = parseExpiry(values.expiry);
    if (!expiry) {
      setErrors({ expiry: "Your card's expiration date is incomplete." });
      return;
    }
    setErrors({});
    confirm.mutate(
      { clientSecret, cardNumber: values.cardNumber.replace(/\s/g, ''), cvc: values.cvc.trim(), ...expiry },
      {
        onSuccess: (result) => {
          if (result.status === 'succeeded' && !result.error) onPaid();
          else onFailed(result.error?.message ?? 'Your payment could not be completed.');
        },
        onError: (error) => {
          const { fields, message } = formErrors(
            error,
            API_FIELDS,
            'Your payment could not be completed. Please try again.',
          );
          setErrors({ cardNumber: fields.cardNumber, expiry: fields.expMonth ?? fields.expYear, cvc: fields.cvc });
          if (message) onFailed(message);
        },
      },
    );
  };

  /** The props a card input shares with the others: its name, its value, and its formatting as it is typed. */
  const inputProps = (name: Fields, format: (value: string) => string) => ({
    name,
    inputMode: 'numeric' as const,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = format(e.target.value);
      setValues((v) => ({ ...v, [name]: value }));
    },
  });

  return (
    <form ref={formRef} className="form card-form" noValidate onSubmit={submit} aria-busy={confirm.isPending}>
      <p className="test-mode-note" data-testid="test-mode-note">
        Test mode: use 4242 4242 4242 4242 to pay, 4000 0000 0000 0002 to see a decline
      </p>
      <Field label="Card number" error={errors.cardNumber}>
        {(control) => (
          <input
            {...control}
            {...inputProps('cardNumber', formatCardNumber)}
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            maxLength={23}
          />
        )}
      </Field>
      <div className="form__row">
        <Field label="Expiry (MM/YY)" error={errors.expiry}>
          {(control) => (
            <input
              {...control}
              {...inputProps('expiry', formatExpiry)}
              autoComplete="cc-exp"
              placeholder="MM/YY"
              maxLength={5}
            />
          )}
        </Field>
        <Field label="CVC" error={errors.cvc}>
          {(control) => (
            <input
              {...control}
              {...inputProps('cvc', (v) => v.replace(/\D/g, '').slice(0, 4))}
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
            />
          )}
        </Field>
      </div>
      <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={confirm.isPending}>
        {confirm.isPending ? 'Processing...' : `Pay ${formatDollars(amount)}`}
      </button>
    </form>
  );
}
