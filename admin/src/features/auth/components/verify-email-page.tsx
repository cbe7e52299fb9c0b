import { useEffect, useRef } from 'react';
import { PageTitle } from '../../../components/page-title';
import { useResendVerification, useVerifyEmail } from '../../../entities/account/api/account.mutations';
import { useCurrentUser } from '../../../lib/auth';
import { Link, useSearchParams } from '../../../lib/router';
import { toast } from '../../../lib/toast';

/** The page a verification link opens: it confirms the address once, then says so. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();
  const resend = useResendVerification();
  const { isSignedIn } = useCurrentUser();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || token === '') return;
    started.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const failed = token === '' || verify.isError;
  return (
    <section className="container page page--narrow auth-page">
      <PageTitle title="Confirm Your Email" />
      <div className="card auth-card" aria-live="polite">
        <h1 className="auth-card__title">Confirm your email</h1>
        {verify.isSuccess ? (
          <p className="alert alert--success" role="status" data-testid="email-verified">
            Thank you: {verify.data.email} is confirmed.
          </p>
        ) : failed ? (
          <>
            <p className="alert alert--error" role="alert" data-testid="email-verify-failed">
              This link has expired or was already used.
            </p>
            {isSignedIn ? (
              <button
                type="button"
                className="btn btn--outline"
                disabled={resend.isPending || resend.isSuccess}
                onClick={() =>
                  resend.mutate(undefined, {
                    onSuccess: () => toast({ title: 'Email sent', description: 'Open the new link within 24 hours.' }),
                  })
                }
              >
                {resend.isSuccess ? 'New link sent' : 'Send a new link'}
              </button>
            ) : null}
          </>
        ) : (
          <p className="loading-text">Confirming your email...</p>
        )}
        <p className="auth-card__hint">
          <Link to="/profile">Go to your profile</Link>
        </p>
      </div>
    </section>
  );
}
