import type { GuestLinkPreview } from '@spotless/sdk';
import { useEffect, useRef, useState } from 'react';
import { PageTitle } from '../../../components/page-title';
import { errorCode, errorMessage } from '../../../lib/api-errors';
import { fullName } from '../../../lib/auth';
import { bookingTimeLabel } from '../../../lib/booking-time';
import { useNavigate } from '../../../lib/router';
import { useConfirmGuestLink, useGuestLinkPreview, useSessionState } from '../api/auth.mutations';
import { GuestLinkResend } from './guest-link-resend';

/** Where a link that no longer works is explained, with the way to a new one. */
const EXPIRED = '/login?link=expired';

/** The token of the address's fragment (`/guest-link#token=…`), read once as the page opens. */
function tokenOfHash(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}

/** "Tuesday, June 22, 2027 at 10:00 AM": the booking's day and time on its cleaner's clock. */
export function bookingWhen(booking: GuestLinkPreview['booking']): string {
  const day = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${booking.scheduledDate}T12:00:00Z`));
  return `${day} at ${bookingTimeLabel(booking)}`;
}

/**
 * Where a guest booking's e-mailed link lands when it may not sign in at once (GET /api/guest-link
 * sends here a link another site opened, or any link opened while someone is signed in): opening
 * it signs this browser in as the booking's account, so that takes the person's own click. The
 * token came in the fragment, which no server or Referer sees; it leaves the address bar at once.
 *
 * Before asking it reads what the link would open (`POST /api/guest-link/preview`, decision 049):
 * a link that no longer works goes straight to the expired-link page; one whose booking is already
 * in the signed-in account goes to it; one for the very account signed in opens at once; anything
 * else shows which booking and which address it opens, and whom continuing signs out.
 */
export function GuestLinkPage() {
  const [token] = useState(tokenOfHash);
  const navigate = useNavigate();
  const session = useSessionState();
  const preview = useGuestLinkPreview(token);
  const confirm = useConfirmGuestLink();
  const openedAtOnce = useRef(false);

  useEffect(() => {
    if (window.location.hash !== '') {
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    }
  }, []);

  const onContinue = () =>
    confirm.mutate(token, {
      onSuccess: (opened) => navigate(opened.links.next.href, { replace: true }),
      onError: (error) => {
        if (errorCode(error) === 'invalid_token') navigate(EXPIRED, { replace: true });
      },
    });

  const answer = preview.data;
  const invalid = errorCode(preview.error) === 'invalid_token';
  useEffect(() => {
    if (invalid) navigate(EXPIRED, { replace: true });
    else if (answer?.alreadyOpened) navigate(answer.links.next.href, { replace: true });
    else if (answer?.signedInToThisAccount && answer.actions.open && !openedAtOnce.current) {
      // The link opens the account already signed in: nobody is signed out, so there is nothing to ask.
      openedAtOnce.current = true;
      onContinue();
    }
  });

  const user = session.data?.user ?? null;
  const admin = session.data?.admin ?? false;
  // Once Continue is pressed the session state is read again, as the booking's account: the
  // warnings are about who was signed in when the person chose.
  const asking = confirm.isIdle || confirm.isError;
  const open = answer?.actions.open;
  // Moving on without asking: to the expired-link page, to the booking, or opening it at once.
  const moving =
    invalid || answer?.alreadyOpened || (answer?.signedInToThisAccount && open !== undefined && !confirm.isError);

  return (
    <section className="container page page--narrow auth-page">
      <PageTitle title="Open Your Booking" />
      <div className="card auth-card" aria-live="polite" aria-busy={preview.isPending || moving}>
        <h1 className="auth-card__title">Open your booking?</h1>
        {token === '' ? (
          <>
            <p className="alert alert--error" role="alert" data-testid="guest-link-incomplete">
              This link is incomplete. Open the link in your booking confirmation email again.
            </p>
            <GuestLinkResend />
          </>
        ) : preview.isPending || moving ? (
          <p className="auth-card__lead" data-testid="guest-link-checking">
            {moving && !invalid ? 'Opening your booking...' : 'Checking your link...'}
          </p>
        ) : answer && open ? (
          <>
            <p className="auth-card__lead" data-testid="guest-link-booking">
              Booking with <strong>{answer.booking.cleanerName}</strong> on{' '}
              <strong>{bookingWhen(answer.booking)}</strong>, made with <strong>{answer.email}</strong>.
            </p>
            <p className="auth-card__lead">
              Continuing adds this booking to the Spotless account for that email address and signs you in to it.
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
                {errorMessage(confirm.error, 'Could not open the link. Please try again.')}
              </p>
            ) : null}
          </>
        ) : (
          <p className="alert alert--error" role="alert" data-testid="guest-link-error">
            {errorMessage(preview.error, 'Could not check the link. Please try again.')}
          </p>
        )}
        <div className="form__actions">
          {answer && open && !moving ? (
            <button
              type="button"
              className="btn btn--primary"
              disabled={session.isPending || confirm.isPending || confirm.isSuccess}
              onClick={onContinue}
            >
              {confirm.isPending ? 'Opening...' : open.title}
            </button>
          ) : null}
          {preview.isError && !invalid ? (
            <button type="button" className="btn btn--primary" onClick={() => preview.refetch()}>
              Try Again
            </button>
          ) : null}
          <button type="button" className="btn btn--outline" onClick={() => navigate('/')}>
            {answer && open && !moving ? 'Cancel' : 'Go Home'}
          </button>
        </div>
      </div>
    </section>
  );
}
