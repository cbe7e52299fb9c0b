import { formatDollars } from '@spotless/sdk';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage, fieldErrors } from '../../../lib/api-errors';
import { useConfirmLocalPayment } from '../api/checkout.queries';
import { formatCardNumber, formatExpiry, parseExpiry } from '../utils/checkout';

type Fields = 'cardNumber' | 'expiry' | 'cvc';

interface LocalCardFormProps {
  clientSecret: string;
  amount: string;
  onPaid: () => void;
  onFailed: (message: string) => void;
}

/**
 * The embedded test-mode card form (provider 'local'): our own accessible fields, confirmed by
 * POST /api/payments/local/confirm, which answers with Stripe's test-card outcomes and messages.
 */
export function LocalCardForm({ clientSecret, amount, onPaid, onFailed }: LocalCardFormProps) {
  const id = useId();
  const [values, setValues] = useState({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const confirm = useConfirmLocalPayment();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    const expiry = parseExpiry(values.expiry);
    if (!expiry) {
      const message = "Your card's expiration date is incomplete.";
      setErrors({ expiry: message });
      onFailed(message);
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
          const fields = fieldErrors(error);
          setErrors({
            cardNumber: fields.cardNumber,
            expiry: fields.expMonth ?? fields.expYear,
            cvc: fields.cvc,
          });
          onFailed(errorMessage(error, 'Your payment could not be completed. Please try again.'));
        },
      },
    );
  };

  const field = (
    name: Fields,
    label: string,
    props: { autoComplete: string; placeholder: string; format: (v: string) => string; maxLength: number },
  ) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        inputMode="numeric"
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(e) => {
          const value = props.format(e.target.value);
          setValues((v) => ({ ...v, [name]: value }));
        }}
      />
      {errors[name] ? (
        <p id={`${id}-${name}-error`} className="field__error">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  return (
    <form className="form card-form" noValidate onSubmit={submit} aria-busy={confirm.isPending}>
      <p className="test-mode-note" data-testid="test-mode-note">
        Test mode: use 4242 4242 4242 4242 to pay, 4000 0000 0000 0002 to see a decline
      </p>
      {field('cardNumber', 'Card number', {
        autoComplete: 'cc-number',
        placeholder: '1234 1234 1234 1234',
        format: formatCardNumber,
        maxLength: 23,
      })}
      <div className="form__row">
        {field('expiry', 'Expiry (MM/YY)', {
          autoComplete: 'cc-exp',
          placeholder: 'MM/YY',
          format: formatExpiry,
          maxLength: 5,
        })}
        {field('cvc', 'CVC', {
          autoComplete: 'cc-csc',
          placeholder: '123',
          format: (v) => v.replace(/\D/g, '').slice(0, 4),
          maxLength: 4,
        })}
      </div>
      <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={confirm.isPending}>
        {confirm.isPending ? 'Processing...' : `Pay ${formatDollars(amount)}`}
      </button>
    </form>
  );
}
