import type { AuthUser, TotpSetup } from '@spotless/sdk';
import { type FormEvent, type InputHTMLAttributes, useId, useRef, useState } from 'react';
import { Field, useFocusFirstInvalid } from '../../../components/field';
import {
  useChangePassword,
  useDisableTotp,
  useEnableTotp,
  useResendVerification,
  useTotpSetup,
} from '../../../entities/account/api/account.mutations';
import { errorMessage, formErrors } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';

/** The profile's security card: e-mail verification, password change, and administrators' two-step verification. */
export function AccountSecurity({ user }: { user: AuthUser }) {
  return (
    <section className="card security-card" aria-labelledby="security-title">
      <h2 id="security-title" className="card__title">
        Sign-in &amp; Security
      </h2>
      <EmailVerification user={user} />
      <ChangePassword user={user} />
      {user.roles.includes('admin') ? <TwoStepVerification user={user} /> : null}
    </section>
  );
}

function EmailVerification({ user }: { user: AuthUser }) {
  const resend = useResendVerification();
  if (user.emailVerified) {
    return (
      <p className="alert alert--success" data-testid="email-verified-badge">
        {user.email} is confirmed.
      </p>
    );
  }
  return (
    <div className="alert alert--warning" data-testid="email-unverified">
      <p>
        <strong>Please confirm {user.email}.</strong> Until you do, it cannot be used to recover your account or to link
        Google or GitHub sign-in.
      </p>
      <button
        type="button"
        className="btn btn--outline btn--sm"
        disabled={resend.isPending || resend.isSuccess}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: () => toast({ title: 'Email sent', description: `Open the link we sent to ${user.email}.` }),
            onError: (error) =>
              toast({
                title: 'Error',
                description: errorMessage(error, 'Please try again.'),
                variant: 'destructive',
              }),
          })
        }
      >
        {resend.isSuccess ? 'Link sent' : 'Resend confirmation email'}
      </button>
    </div>
  );
}

function ChangePassword({ user }: { user: AuthUser }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'currentPassword' | 'newPassword', string>>>({});
  const change = useChangePassword();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, errors);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    setErrors({});
    change.mutate(
      { ...(user.hasPassword ? { currentPassword: current } : {}), newPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          toast({ title: 'Password changed', description: 'Every other sign-in to your account has ended.' });
        },
        onError: (error) => {
          const shown = user.hasPassword ? (['currentPassword', 'newPassword'] as const) : (['newPassword'] as const);
          showErrors(error, shown, 'Failed to change your password.', setErrors);
        },
      },
    );
  };

  return (
    <form
      ref={formRef}
      className="form"
      noValidate
      onSubmit={submit}
      aria-busy={change.isPending}
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="card__subtitle">
        {user.hasPassword ? 'Change password' : 'Set a password'}
      </h3>
      {user.hasPassword ? (
        <InputField field="currentPassword" error={errors.currentPassword} value={current} onChange={setCurrent} />
      ) : null}
      <InputField field="newPassword" error={errors.newPassword} value={next} onChange={setNext} />
      <div>
        <button type="submit" className="btn btn--outline" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : user.hasPassword ? 'Change Password' : 'Set Password'}
        </button>
      </div>
    </form>
  );
}

function TwoStepVerification({ user }: { user: AuthUser }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const start = useTotpSetup();
  const enable = useEnableTotp();
  const disable = useDisableTotp();
  const id = useId();
  const [errors, setErrors] = useState<Partial<Record<'currentPassword' | 'code', string>>>({});
  const showsPassword = !setup && user.hasPassword;
  const showsCode = Boolean(setup || user.totpEnabled);
  const fail = (error: unknown) => {
    // "That code is not right…" goes under the code.
    const shown = [...(showsPassword ? ['currentPassword' as const] : []), ...(showsCode ? ['code' as const] : [])];
    showErrors(error, shown, 'Please try again.', setErrors);
  };
  const done = (title: string) => () => {
    setErrors({});
    setSetup(null);
    setCode('');
    setPassword('');
    toast({ title });
  };

  return (
    <section className="form" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="card__subtitle">
        Two-step verification for the admin area
      </h3>
      <p className="auth-card__hint">
        {user.totpEnabled
          ? 'On: opening the admin area asks for a code from your authenticator app.'
          : 'Off: opening the admin area asks only for your password.'}
      </p>
      {setup ? (
        <p>
          Add this key to your authenticator app, then enter the code it shows:{' '}
          <code className="security-card__secret" data-testid="totp-secret">
            {setup.secret}
          </code>
        </p>
      ) : null}
      {showsPassword ? (
        <InputField field="currentPassword" error={errors.currentPassword} value={password} onChange={setPassword} />
      ) : null}
      {showsCode ? <InputField field="code" error={errors.code} value={code} onChange={setCode} /> : null}
      <div className="form__actions">
        {user.totpEnabled ? (
          <button
            type="button"
            className="btn btn--outline"
            disabled={disable.isPending}
            onClick={() =>
              disable.mutate(
                { ...(user.hasPassword ? { currentPassword: password } : {}), code },
                { onSuccess: done('Two-step verification is off'), onError: fail },
              )
            }
          >
            Turn Off
          </button>
        ) : setup ? (
          <button
            type="button"
            className="btn btn--primary"
            disabled={enable.isPending}
            onClick={() => enable.mutate({ code }, { onSuccess: done('Two-step verification is on'), onError: fail })}
          >
            Confirm Code
          </button>
        ) : (
          <button
            type="button"
            className="btn btn--outline"
            disabled={start.isPending}
            onClick={() =>
              start.mutate(user.hasPassword ? { currentPassword: password } : {}, {
                onSuccess: setSetup,
                onError: fail,
              })
            }
          >
            Set Up
          </button>
        )}
      </div>
    </section>
  );
}

/** The card's inputs: each one's label and what the browser is told of it (password managers, one-time codes). */
const INPUTS = {
  currentPassword: { label: 'Current password', type: 'password', autoComplete: 'current-password' },
  newPassword: { label: 'New password', type: 'password', autoComplete: 'new-password' },
  code: { label: 'Authenticator code', inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 },
} satisfies Record<string, { label: string } & InputHTMLAttributes<HTMLInputElement>>;

/** One of the card's fields: its label, its input holding `value`, and the error under it. */
function InputField({
  field,
  error,
  value,
  onChange,
}: {
  field: keyof typeof INPUTS;
  error?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { label, ...input } = INPUTS[field];
  return (
    <Field label={label} error={error}>
      {(control) => <input {...control} {...input} value={value} onChange={(event) => onChange(event.target.value)} />}
    </Field>
  );
}

/** A failure's messages that name a `shown` field go under it (`setErrors`); a toast only for the others. */
function showErrors<F extends string>(
  error: unknown,
  shown: readonly F[],
  fallback: string,
  setErrors: (fields: Partial<Record<F, string>>) => void,
) {
  const { fields, message } = formErrors(error, shown, fallback);
  setErrors(fields);
  if (message) toast({ title: 'Error', description: message, variant: 'destructive' });
}
