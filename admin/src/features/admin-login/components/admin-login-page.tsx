import { ApiError } from '@spotless/sdk';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { toast } from '../../../lib/toast';
import { useAdminLogin } from '../api/admin-login.mutations';

function messageOf(error: ApiError): string | undefined {
  const message = (error.body as { error?: { message?: unknown } } | undefined)?.error?.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

/** Spec 02 §2 and §8: the admin login page at /admin (one password field with a show/hide toggle). */
export function AdminLoginPage() {
  const [password, setPassword] = useState('');
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
    login.mutate(password, {
      onSuccess: () => navigate('/admin-dashboard'),
      onError: (error) => {
        if (error instanceof ApiError) {
          toast({
            title: 'Login Failed',
            description: messageOf(error) ?? 'Invalid password. Please try again.',
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
        <p className="auth-card__lead">Enter the administrator password to review applications and payments.</p>
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
          <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={login.isPending}>
            {login.isPending ? 'Signing in...' : 'Login'}
          </button>
        </form>
      </div>
    </section>
  );
}
