import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/field';
import { PageTitle } from '../../../components/page-title';
import { useResetPassword } from '../../../entities/account/api/account.mutations';
import { errorMessage } from '../../../lib/api-errors';
import { Link, useNavigate, useSearchParams } from '../../../lib/router';
import { toast } from '../../../lib/toast';

/** The page a reset link opens: a new password, then signed in. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reset = useResetPassword();
  const navigate = useNavigate();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    if (password !== confirm) {
      setError('The two passwords are not the same.');
      return;
    }
    setError(null);
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast({ title: 'Password changed', description: 'You are signed in with your new password.' });
          navigate('/profile', { replace: true });
        },
        onError: (failure) => setError(errorMessage(failure, 'Something went wrong. Please try again.')),
      },
    );
  };

  return (
    <section className="container page page--narrow auth-page">
      <PageTitle title="Choose a New Password" />
      <div className="card auth-card">
        <h1 className="auth-card__title">Choose a new password</h1>
        {token === '' ? (
          <p className="alert alert--error" role="alert">
            This link is incomplete. <Link to="/forgot-password">Ask for a new one</Link>.
          </p>
        ) : (
          <>
            <p className="auth-card__lead">Every other sign-in to your account will end.</p>
            {error ? (
              <p className="alert alert--error" role="alert" data-testid="reset-error">
                {error} {error.includes('expired') ? <Link to="/forgot-password">Ask for a new link</Link> : null}
              </p>
            ) : null}
            <form className="form" noValidate onSubmit={submit} aria-busy={reset.isPending} aria-label="New password">
              <Field label="New password">
                {(control) => (
                  <input
                    {...control}
                    type="password"
                    autoComplete="new-password"
                    required
                    minLength={8}
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                  />
                )}
              </Field>
              <Field label="Repeat the new password">
                {(control) => (
                  <input
                    {...control}
                    type="password"
                    autoComplete="new-password"
                    required
                    value={confirm}
                    onChange={(event) => setConfirm(event.target.value)}
                  />
                )}
              </Field>
              <p className="auth-card__hint">At least 8 characters.</p>
              <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={reset.isPending}>
                {reset.isPending ? 'Saving...' : 'Set New Password'}
              </button>
            </form>
          </>
        )}
      </div>
    </section>
  );
}
