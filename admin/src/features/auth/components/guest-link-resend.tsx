import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/field';
import { errorMessage, fieldErrors } from '../../../lib/api-errors';
import { useResendGuestLink } from '../api/auth.mutations';

/**
 * "Send me a new link": the way back for someone who booked as a guest and whose e-mailed link
 * expired or was already used (decision 049). They may have no account, or one without a password
 * they know, so "Forgot password?" is not theirs. The answer is the same whether or not the address
 * booked, and says so.
 */
export function GuestLinkResend() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const resend = useResendGuestLink();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (resend.isPending) return;
    setError(null);
    setFieldError(null);
    resend.mutate(email.trim(), {
      onError: (failure) => {
        const field = fieldErrors(failure).email;
        if (field) setFieldError(field);
        else setError(errorMessage(failure, 'Something went wrong. Please try again.'));
      },
    });
  };

  if (resend.isSuccess) {
    return (
      <p className="alert alert--success" role="status" data-testid="guest-link-resent">
        {resend.data.message} Check {email.trim()} for an email from Spotless; the link works once, within 7 days.
      </p>
    );
  }
  return (
    <form
      className="form"
      noValidate
      onSubmit={submit}
      aria-busy={resend.isPending}
      aria-label="Send me a new link"
      data-testid="guest-link-resend"
    >
      <p className="auth-card__lead">
        Booked as a guest? Enter the email you booked with and we will send you a new link to your booking.
      </p>
      {error ? (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      ) : null}
      <Field label="Email you booked with" error={fieldError}>
        {(control) => (
          <input
            {...control}
            name="guestEmail"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </Field>
      <button type="submit" className="btn btn--primary btn--block" disabled={resend.isPending}>
        {resend.isPending ? 'Sending...' : 'Send me a new link'}
      </button>
    </form>
  );
}
