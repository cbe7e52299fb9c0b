import { isApiError } from '@spotless/sdk';
import { type FormEvent, useId, useState } from 'react';
import { PageTitle } from '../../../components/page-title';
import { errorCode, errorMessage } from '../../../lib/api-errors';
import { useNavigate } from '../../../lib/router';
import { dismissToast, toast } from '../../../lib/toast';
import { useAdminLogin } from '../api/admin-login.mutations';

/** The admin login page at /admin (docs/product/administration.md) (one password field with a show/hide toggle). */
export function AdminLoginPage() {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  /** A named administrator with two-step verification on is asked for the code (401 `totp_required`). */
  const [needsCode, setNeedsCode] = useState(false);
  const [visible, setVisible] = useState(false);
  const login = useAdminLogin();
  const navigate = useNavigate();
  const id = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    if (password.trim() === '') {
      toast({ title: 'Password Required', description: 'Please enter the admin password.', variant: 'destructive' });
      return;
    }
    login.mutate(needsCode ? { password, code: code.trim() } : { password }, {
      // A "Login Failed" from an earlier try does not follow the administrator in.
      onSuccess: () => {
        dismissToast();
        navigate('/admin-dashboard');
      },
      onError: (error) => {
        if (errorCode(error) === 'totp_required') {
          setNeedsCode(true);
          toast({ title: 'Code Required', description: errorMessage(error, 'Enter your authenticator code.') });
          return;
        }
        if (isApiError(error)) {
          toast({
            title: 'Login Failed',
            description: errorMessage(error, 'Invalid password. Please try again.'),
            variant: 'destructive',
          });
          return;
        }
        toast({
          title: 'Error',
          description: 'An error occurred during login. Please try again.',
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <section className="container page page--narrow auth-page">
      <PageTitle title="Admin Login" />
      <div className="card auth-card">
        <h1 className="auth-card__title">Admin Login</h1>
        <p className="auth-card__lead">
          Enter the administrator password to review applications and payments. Administrators with their own account
          sign in first, then enter their own password here.
        </p>
        <form className="form" noValidate onSubmit={submit} aria-busy={login.isPending} aria-label="Admin login">
          <div className="field">
            <label htmlFor={`${id}-password`}>Admin password</label>
            <div className="password-input">
              <input
                id={`${id}-password`}
                name="password"
                type={visible ? 'text' : 'password'}
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
              <button
                type="button"
                className="password-input__toggle"
                aria-label={visible ? 'Hide password' : 'Show password'}
                aria-pressed={visible}
                aria-controls={`${id}-password`}
                onClick={() => setVisible((v) => !v)}
              >
                {visible ? 'Hide' : 'Show'}
              </button>
            </div>
          </div>
          {needsCode ? (
            <div className="field">
              <label htmlFor={`${id}-code`}>Authenticator code</label>
              <input
                id={`${id}-code`}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
            </div>
          ) : null}
          <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={login.isPending}>
            {login.isPending ? 'Signing in...' : 'Login'}
          </button>
        </form>
      </div>
    </section>
  );
}
