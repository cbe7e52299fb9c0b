import type { PartnerPortal } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';
import { portalPayoutAccountQuery, usePortalAction } from '../api/portal.queries';

/** Where the partner's commission is paid (decision 081): its connected account, as a cleaner's. */
export function PayoutAccountCard({ portal }: { portal: PartnerPortal }) {
  const account = useQuery(portalPayoutAccountQuery(portal));
  const perform = usePortalAction(portal.id);
  const action = account.data?.actions.connect;
  const start = () => {
    if (!action) return;
    perform.mutate(
      { action },
      {
        onSuccess: (answer) => window.location.assign((answer as { onboardingUrl: string }).onboardingUrl),
        onError: (error) =>
          toast({
            title: 'Could not start',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  };
  return (
    <section className="card portal-section" aria-labelledby="portal-payouts" data-testid="portal-payout-account">
      <h2 id="portal-payouts">Where your commission is paid</h2>
      {account.data?.status === 'enabled' ? (
        <p>
          <span className="tone-badge tone-badge--green">Ready</span> Commission is paid to your bank account 24 hours
          after each job ends.
        </p>
      ) : (
        <p>
          <span className="tone-badge tone-badge--yellow">
            {account.data?.status === 'onboarding' ? 'Setup not finished' : 'Not connected'}
          </span>{' '}
          {account.data?.requirement}
        </p>
      )}
      {action ? (
        <button type="button" className="btn btn--primary" onClick={start} disabled={perform.isPending}>
          {action.title}
        </button>
      ) : null}
    </section>
  );
}
