import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/field';
import { PageTitle } from '../../../components/page-title';
import { formErrors } from '../../../lib/api-errors';
import { Link, useNavigate, useSearchParams } from '../../../lib/router';
import { useCompleteTestOnboarding } from '../api/payouts.queries';

/** Stripe's test bank account: the only one test mode accepts (decision 080). */
const TEST_BANK = { routingNumber: '110000000', accountNumber: '000123456789' };

/**
 * The local test-mode provider's stand-in for Stripe's onboarding (decision 080): where a cleaner
 * enters the bank account payouts go to. No money moves in test mode; with Stripe configured the
 * cleaner is sent to Stripe's own page instead.
 */
export function TestOnboardingPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const account = params.get('account') ?? '';
  const token = params.get('token') ?? '';
  // Back where the owner started (a path on this site only: never another site).
  const back = params.get('return') ?? '';
  const returnPath = back.startsWith('/') && !back.startsWith('//') ? back : '/cleaner-dashboard?tab=payouts';
  const [values, setValues] = useState<{ routingNumber: string; accountNumber: string }>(TEST_BANK);
  const [problems, setProblems] = useState<Partial<Record<'routingNumber' | 'accountNumber', string>>>({});
  const [error, setError] = useState<string | null>(null);
  const complete = useCompleteTestOnboarding();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (complete.isPending) return;
    setError(null);
    setProblems({});
    complete.mutate(
      { account, token, routingNumber: values.routingNumber.trim(), accountNumber: values.accountNumber.trim() },
      {
        onSuccess: () => navigate(returnPath),
        onError: (failure) => {
          // A field the server named is shown under that field only (not again as "Invalid request body: …").
          const shown = formErrors(
            failure,
            ['routingNumber', 'accountNumber'],
            'Something went wrong. Please try again.',
          );
          setProblems(shown.fields);
          setError(shown.message);
        },
      },
    );
  };

  if (!account || !token) {
    return (
      <section className="container page page--narrow">
        <PageTitle title="Payout Account" />
        <div className="empty-state">
          <h1>This link is incomplete</h1>
          <p>Start again from your dashboard’s Earnings &amp; Payouts tab.</p>
          <Link to="/cleaner-dashboard?tab=payouts" className="btn btn--primary">
            Go to Earnings &amp; Payouts
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="container page page--narrow auth-page" data-testid="test-onboarding">
      <PageTitle title="Payout Account" />
      <div className="card auth-card">
        <h1 className="auth-card__title">Where should we send your payouts?</h1>
        <p className="alert alert--warning" role="note">
          Test mode: no real bank account and no real money. Use the test account below (routing{' '}
          {TEST_BANK.routingNumber}, account {TEST_BANK.accountNumber}).
        </p>
        {error ? (
          <p className="alert alert--error" role="alert">
            {error}
          </p>
        ) : null}
        <form className="form" noValidate onSubmit={submit} aria-busy={complete.isPending} aria-label="Payout account">
          <Field label="Routing number" error={problems.routingNumber}>
            {(control) => (
              <input
                {...control}
                inputMode="numeric"
                autoComplete="off"
                value={values.routingNumber}
                onChange={(event) => setValues((v) => ({ ...v, routingNumber: event.target.value }))}
              />
            )}
          </Field>
          <Field label="Account number" error={problems.accountNumber}>
            {(control) => (
              <input
                {...control}
                inputMode="numeric"
                autoComplete="off"
                value={values.accountNumber}
                onChange={(event) => setValues((v) => ({ ...v, accountNumber: event.target.value }))}
              />
            )}
          </Field>
          <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={complete.isPending}>
            {complete.isPending ? 'Saving…' : 'Save payout account'}
          </button>
        </form>
      </div>
    </section>
  );
}
