import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { Field, useFocusFirstInvalid } from '../../../components/field';
import { PageTitle } from '../../../components/page-title';
import { formErrors } from '../../../lib/api-errors';
import { useCurrentUser } from '../../../lib/auth';
import { Link, Navigate, useNavigate, useSearchParams } from '../../../lib/router';
import { useAuthProviders, useSignIn } from '../api/auth.mutations';
import { afterSignIn, askedReturnUrl } from '../utils/return-url';
import { GuestLinkResend } from './guest-link-resend';

type Mode = 'login' | 'register';

const EMPTY = { email: '', password: '', firstName: '', lastName: '' };
type FieldName = keyof typeof EMPTY;
/** The fields each mode shows, under the API's names. */
const FIELDS: Record<Mode, readonly FieldName[]> = {
  login: ['email', 'password'],
  register: ['firstName', 'lastName', 'email', 'password'],
};

/**
 * Where a guest booking's used, unknown or expired link lands (`/login?link=expired`, decision
 * 049) for someone already signed in: the sign-in form is not theirs, a new link may be.
 */
function ExpiredLinkSignedIn() {
  return (
    <section className="container page page--narrow auth-page">
      <PageTitle title="Open Your Booking" />
      <div className="card auth-card">
        <h1 className="auth-card__title">Open your booking</h1>
        <p className="alert alert--error" role="alert" data-testid="link-expired">
          That link has expired or was already used.
        </p>
        <GuestLinkResend />
        <p className="auth-card__hint">
          <Link to="/dashboard">Go to My Bookings</Link>
        </p>
      </div>
    </section>
  );
}

/**
 * The hosted sign-in page that GET /api/login redirects to: e-mail + password, and OAuth when
 * configured. With `?link=expired` (a guest booking's link that no longer works) it leads with the
 * way back for a guest, "Send me a new link", above the sign-in form for people with an account.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  // The page that asked for a sign-in, if one did; else where the person lands (an approved cleaner's dashboard).
  const returnUrl = askedReturnUrl(params.get('returnUrl'));
  const navigate = useNavigate();
  const { user, isSignedIn, isLoading } = useCurrentUser();
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'register' ? 'register' : 'login');
  const linkExpired = params.get('link') === 'expired';
  const [values, setValues] = useState(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const signIn = useSignIn(mode);
  const providers = useAuthProviders();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, fieldErrors);

  const switchMode = (next: Mode) => {
    setMode(next);
    setFormError(null);
    setFieldErrors({});
  };

  if (!isLoading && isSignedIn && !signIn.isPending && !signIn.isSuccess) {
    return linkExpired ? <ExpiredLinkSignedIn /> : <Navigate to={afterSignIn(returnUrl, user)} replace />;
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending) return;
    setFormError(null);
    setFieldErrors({});
    const input =
      mode === 'login'
        ? { email: values.email.trim(), password: values.password }
        : { ...values, email: values.email.trim() };
    signIn.mutate(input, {
      onSuccess: (signedIn) => navigate(afterSignIn(returnUrl, signedIn), { replace: true }),
      onError: (error) => {
        // Messages that name a field go under it; the alert is for the others ("Invalid email or password").
        const { fields, message } = formErrors(error, FIELDS[mode], 'Something went wrong. Please try again.');
        setFieldErrors(fields);
        setFormError(message);
      },
    });
  };

  /** The props an input shares with the others: its name, its value and its place in `values`. */
  const inputProps = (name: FieldName) => ({
    name,
    required: true,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  const oauthHref = (provider: string) =>
    `/api/auth/oauth/${provider}${returnUrl !== null ? `?returnUrl=${encodeURIComponent(returnUrl)}` : ''}`;
  const title = mode === 'login' ? 'Sign In' : 'Create Account';
  const heading = mode === 'register' ? 'Create your account' : linkExpired ? 'Open your booking' : 'Welcome back';

  return (
    <section className="container page page--narrow auth-page">
      <PageTitle title={linkExpired && mode === 'login' ? 'Open Your Booking' : title} />
      <div className="card auth-card">
        <h1 className="auth-card__title">{heading}</h1>
        {linkExpired ? (
          <>
            <p className="alert alert--error" role="alert" data-testid="link-expired">
              That link has expired or was already used.
            </p>
            <GuestLinkResend />
            <p className="auth-oauth__divider" data-testid="link-expired-sign-in">
              Have an account? Sign in below, or choose “Forgot password?” to set a new password.
            </p>
          </>
        ) : (
          <p className="auth-card__lead">
            {mode === 'login'
              ? 'Sign in to book cleaners, manage your bookings and write reviews.'
              : 'Sign up to book trusted cleaning professionals in minutes.'}
          </p>
        )}
        <fieldset className="auth-toggle">
          <legend className="visually-hidden">Sign in or sign up</legend>
          <button
            type="button"
            className={mode === 'login' ? 'auth-toggle__option is-active' : 'auth-toggle__option'}
            aria-pressed={mode === 'login'}
            onClick={() => switchMode('login')}
          >
            Sign In
          </button>
          <button
            type="button"
            className={mode === 'register' ? 'auth-toggle__option is-active' : 'auth-toggle__option'}
            aria-pressed={mode === 'register'}
            onClick={() => switchMode('register')}
          >
            Sign Up
          </button>
        </fieldset>

        {formError ? (
          <p className="alert alert--error" role="alert" data-testid="auth-error">
            {formError}
          </p>
        ) : null}

        <form
          ref={formRef}
          className="form"
          noValidate
          onSubmit={submit}
          aria-busy={signIn.isPending}
          aria-label={title}
        >
          {mode === 'register' ? (
            <div className="form__row">
              <Field label="First name" error={fieldErrors.firstName}>
                {(control) => <input {...control} {...inputProps('firstName')} type="text" autoComplete="given-name" />}
              </Field>
              <Field label="Last name" error={fieldErrors.lastName}>
                {(control) => <input {...control} {...inputProps('lastName')} type="text" autoComplete="family-name" />}
              </Field>
            </div>
          ) : null}
          <Field label="Email" error={fieldErrors.email}>
            {(control) => <input {...control} {...inputProps('email')} type="email" autoComplete="email" />}
          </Field>
          <Field label="Password" error={fieldErrors.password}>
            {(control) => (
              <input
                {...control}
                {...inputProps('password')}
                type="password"
                autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
              />
            )}
          </Field>
          {mode === 'register' ? (
            <p className="auth-card__hint">At least 8 characters.</p>
          ) : (
            <p className="auth-card__hint">
              <Link to="/forgot-password">Forgot password?</Link>
            </p>
          )}
          <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={signIn.isPending}>
            {signIn.isPending ? 'Please wait...' : title}
          </button>
        </form>

        {providers.data?.google || providers.data?.github ? (
          <div className="auth-oauth">
            <p className="auth-oauth__divider">or continue with</p>
            {providers.data.google ? (
              <a className="btn btn--outline btn--block" href={oauthHref('google')}>
                Continue with Google
              </a>
            ) : null}
            {providers.data.github ? (
              <a className="btn btn--outline btn--block" href={oauthHref('github')}>
                Continue with GitHub
              </a>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
