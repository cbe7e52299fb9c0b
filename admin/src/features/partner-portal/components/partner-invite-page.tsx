import { PageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/api-errors';
import { useCurrentUser } from '../../../lib/auth';
import { Link, useNavigate } from '../../../lib/router';
import { useAcceptInvite } from '../api/portal.queries';

/**
 * `/partner-portal?token=`: accepts an invitation to a partner's portal as the signed-in person (the
 * route asks a signed-out visitor to sign in first, and comes back here).
 */
export function AcceptInvite({ token }: { token: string }) {
  const session = useCurrentUser();
  const accept = useAcceptInvite();
  const navigate = useNavigate();
  const here = `/partner-portal?token=${encodeURIComponent(token)}`;
  const signedIn = session.isSignedIn;
  return (
    <section className="container page page--narrow auth-page" data-testid="partner-invite">
      <PageTitle title="Partner Invitation" />
      <div className="card auth-card">
        <h1 className="auth-card__title">Join your partner’s portal</h1>
        {!token ? (
          <p className="alert alert--error">This link is incomplete: open the one in your invitation e-mail.</p>
        ) : session.isLoading ? (
          <p className="loading-text">Loading…</p>
        ) : !signedIn ? (
          <>
            <p>Sign in, or create an account, with any e-mail address you like; then accept the invitation.</p>
            <Link className="btn btn--primary btn--block" to={`/login?returnUrl=${encodeURIComponent(here)}`}>
              Sign in to accept
            </Link>
          </>
        ) : (
          <>
            {accept.isError ? (
              <p className="alert alert--error" role="alert">
                {errorMessage(accept.error, 'This invitation is not valid: ask for a new one.')}
              </p>
            ) : null}
            <button
              type="button"
              className="btn btn--primary btn--lg btn--block"
              disabled={accept.isPending}
              onClick={() =>
                accept.mutate(token, {
                  onSuccess: (answer) => navigate(`/partner-portal/${answer.items.at(-1)?.id ?? ''}`),
                })
              }
            >
              {accept.isPending ? 'Joining…' : 'Accept invitation'}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
