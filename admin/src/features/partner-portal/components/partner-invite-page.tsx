import { useQuery } from '@tanstack/react-query';
import { PageTitle } from '../../../components/page-title';
import { errorMessage, errorStatus } from '../../../lib/api-errors';
import { useCurrentUser } from '../../../lib/auth';
import { Link, useNavigate } from '../../../lib/router';
import { invitePreviewQuery, useAcceptInvite } from '../api/portal.queries';
import { possessive } from '../utils/portal-text';

const NOT_VALID =
  'This invitation is not valid: it was used, revoked, replaced by a newer one or is past its date. Ask for a new one.';

/**
 * `/partner-portal?token=`: an invitation to a partner's portal, naming the partner (what its link
 * opens: the name and nothing else), accepted as the signed-in person. A signed-out visitor sees it
 * too (the route's own signed-out view), and creates an account or signs in, coming back here.
 */
export function PartnerInvitePage({ token }: { token: string }) {
  const session = useCurrentUser();
  const preview = useQuery({ ...invitePreviewQuery(token), enabled: token.length > 0 });
  const accept = useAcceptInvite();
  const navigate = useNavigate();
  const here = `/partner-portal?token=${encodeURIComponent(token)}`;
  const partnerName = preview.data?.partnerName;
  const invalid = preview.isError && [400, 404].includes(errorStatus(preview.error) ?? 0);
  return (
    <section className="container page page--narrow auth-page" data-testid="partner-invite">
      <PageTitle title={partnerName ? `Invitation to ${possessive(partnerName)} portal` : 'Partner Invitation'} />
      <div className="card auth-card">
        <h1 className="auth-card__title" data-testid="partner-invite-title">
          {partnerName ? `You’re invited to join ${possessive(partnerName)} portal` : 'Join your partner’s portal'}
        </h1>
        {!token ? (
          <p className="alert alert--error">This link is incomplete: open the one in your invitation e-mail.</p>
        ) : preview.isPending || session.isLoading ? (
          <p className="loading-text">Loading…</p>
        ) : invalid ? (
          <p className="alert alert--error" role="alert">
            {NOT_VALID}
          </p>
        ) : preview.isError ? (
          <p className="alert alert--error" role="alert">
            {errorMessage(preview.error, 'The invitation could not be read. Please try again.')}
          </p>
        ) : !session.isSignedIn ? (
          <>
            <p>
              You’ll see {possessive(partnerName ?? 'the partner')} bookings, commission and statements, and manage its
              key, widgets and webhooks.
            </p>
            <p>
              Create an account, or sign in to the one you have, with any e-mail address you like: you come back here to
              accept.
            </p>
            <div className="button-row partner-invite__choices">
              <Link
                className="btn btn--primary btn--block"
                to={`/login?mode=register&returnUrl=${encodeURIComponent(here)}`}
              >
                Create an account
              </Link>
              <Link className="btn btn--outline btn--block" to={`/login?returnUrl=${encodeURIComponent(here)}`}>
                Sign in
              </Link>
            </div>
          </>
        ) : (
          <>
            <p>
              You’ll see {possessive(partnerName ?? 'the partner')} bookings, commission and statements, and manage its
              key, widgets and webhooks.
            </p>
            {accept.isError ? (
              <p className="alert alert--error" role="alert">
                {errorStatus(accept.error) === 404 ? NOT_VALID : errorMessage(accept.error, NOT_VALID)}
              </p>
            ) : null}
            <button
              type="button"
              className="btn btn--primary btn--lg btn--block"
              disabled={accept.isPending}
              onClick={() =>
                accept.mutate(token, {
                  onSuccess: (answer) => {
                    const joined = answer.items.find((p) => p.name === partnerName) ?? answer.items.at(-1);
                    navigate(`/partner-portal/${joined?.id ?? ''}`);
                  },
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
