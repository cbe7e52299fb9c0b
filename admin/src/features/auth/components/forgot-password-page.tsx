import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/field';
import { PageTitle } from '../../../components/page-title';
import { useRequestPasswordReset } from '../../../entities/account/api/account.mutations';
import { errorMessage } from '../../../lib/api-errors';
import { Link } from '../../../lib/router';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = useRequestPasswordReset();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    setError(null);
    request.mutate(email.trim(), {
      onError: (failure) => setError(errorMessage(failure, 'Something went wrong. Please try again.')),
    });
  };

  return (
    <section className="container page page--narrow auth-page">
      <PageTitle title="Reset Password" />
      <div className="card auth-card">
        <h1 className="auth-card__title">Forgot your password?</h1>
        {request.isSuccess ? (
          <p className="alert alert--success" role="status" data-testid="reset-requested">
            If an account uses {email.trim()}, we have sent it a link to choose a new password. The link works for one
            hour.
          </p>
        ) : (
          <>
            <p className="auth-card__lead">Enter your email and we will send you a link to choose a new password.</p>
            {error ? (
              <p className="alert alert--error" role="alert">
                {error}
              </p>
            ) : null}
            <form
              className="form"
              noValidate
              onSubmit={submit}
              aria-busy={request.isPending}
              aria-label="Reset password"
            >
              <Field label="Email">
                {(control) => (
                  <input
                    {...control}
                    type="email"
                    autoComplete="email"
                    required
                    value={email}
                    onChange={(event) => setEmail(event.target.value)}
                  />
                )}
              </Field>
              <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={request.isPending}>
                {request.isPending ? 'Sending...' : 'Send Reset Link'}
              </button>
            </form>
          </>
        )}
        <p className="auth-card__hint">
          <Link to="/login">Back to sign in</Link>
        </p>
      </div>
    </section>
  );
}
