import { useEffect, useState } from 'react';
import { PageTitle } from '../../../components/page-title';
import { errorCode, errorMessage } from '../../../lib/api-errors';
import { fullName } from '../../../lib/auth';
import { useNavigate } from '../../../lib/router';
import { useConfirmGuestLink, useSessionState } from '../api/auth.mutations';

/** The token of the address's fragment (`/guest-link#token=…`), read once as the page opens. */
function tokenOfHash(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}

/**
 * Where a guest booking's e-mailed link lands when it may not sign in at once (GET /api/guest-link
 * sends here a link another site opened, or any link opened while someone is signed in): opening
 * it signs this browser in as the booking's account, so that takes the person's own click. The
 * token came in the fragment, which no server or Referer sees; it leaves the address bar at once.
 */
export function GuestLinkPage() {
  const [token] = useState(tokenOfHash);
  const navigate = useNavigate();
  const session = useSessionState();
  const confirm = useConfirmGuestLink();

  useEffect(() => {
    if (window.location.hash !== '') {
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    }
  }, []);

  const user = session.data?.user ?? null;
  const admin = session.data?.admin ?? false;
  // Once Continue is pressed the session state is read again, as the booking's account: the
  // warnings are about who was signed in when the person chose.
  const asking = confirm.isIdle || confirm.isError;
  const expired = errorCode(confirm.error) === 'invalid_token';

  const onContinue = () =>
    confirm.mutate(token, {
      onSuccess: (opened) => navigate(opened.links.next.href, { replace: true }),
      onError: (error) => {
        // Signed out, the sign-in page explains an expired link; a signed-in person stays here to read it.
        if (errorCode(error) === 'invalid_token' && !user) navigate('/login?link=expired', { replace: true });
      },
    });

  return (
    <section className="container page page--narrow auth-page">
      <PageTitle title="Open Your Booking" />
      <div className="card auth-card" aria-live="polite">
        <h1 className="auth-card__title">Open your booking?</h1>
        {token === '' ? (
          <p className="alert alert--error" role="alert" data-testid="guest-link-incomplete">
            This link is incomplete. Open the link in your booking confirmation email again.
          </p>
        ) : (
          <>
            <p className="auth-card__lead">
              This adds the booking to the Spotless account for the email address it was made with, and signs you in to
              that account.
            </p>
            {asking && user ? (
              <p className="alert alert--warning" data-testid="guest-link-signed-in">
                You are signed in as {fullName(user) ? `${fullName(user)} (${user.email})` : user.email}. Continuing
                signs you out of that account first.
              </p>
            ) : null}
            {asking && admin ? (
              <p className="alert alert--warning" data-testid="guest-link-admin">
                This browser is signed in to an administrator session. Continuing signs you out of it first.
              </p>
            ) : null}
            {confirm.isError ? (
              <p className="alert alert--error" role="alert" data-testid="guest-link-error">
                {expired
                  ? 'That link has expired or was already used.'
                  : errorMessage(confirm.error, 'Could not open the link. Please try again.')}
              </p>
            ) : null}
          </>
        )}
        <div className="form__actions">
          {token !== '' && !expired ? (
            <button
              type="button"
              className="btn btn--primary"
              disabled={session.isPending || confirm.isPending || confirm.isSuccess}
              onClick={onContinue}
            >
              {confirm.isPending ? 'Opening...' : 'Continue'}
            </button>
          ) : null}
          <button type="button" className="btn btn--outline" onClick={() => navigate('/')}>
            {token !== '' && !expired ? 'Cancel' : 'Go Home'}
          </button>
        </div>
      </div>
    </section>
  );
}
