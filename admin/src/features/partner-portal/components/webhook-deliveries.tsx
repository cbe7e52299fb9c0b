import type { PartnerPortal } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { StackTable } from '../../../components/stack-table';
import { errorMessage } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';
import { portalDeliveriesQuery, usePortalAction } from '../api/portal.queries';
import { deliveryNextAttempt, deliveryStatus, eventLabel, instantLabel } from '../utils/portal-text';

/**
 * The latest deliveries to the partner's endpoints (decision 079): the event, the URL it was sent
 * to (its own, kept when the endpoint is edited: decision 084), when it was queued, its status and
 * attempts, the last error and the next attempt (times on the viewer's clock, its zone named), and
 * a resend where the delivery offers one. Stacked on a phone.
 */
export function WebhookDeliveries({ portal }: { portal: PartnerPortal }) {
  const deliveries = useQuery(portalDeliveriesQuery(portal));
  const perform = usePortalAction(portal.id);
  const resend = (action: Parameters<typeof perform.mutate>[0]['action']) =>
    perform.mutate(
      { action },
      {
        onSuccess: () => toast({ title: 'Queued again: it is sent within a minute' }),
        onError: (error) =>
          toast({ title: 'Not queued', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
      },
    );
  return (
    <>
      <h3>Latest deliveries</h3>
      {deliveries.isError ? <p className="alert alert--error">Failed to load the deliveries.</p> : null}
      {deliveries.data && deliveries.data.items.length > 0 ? (
        <StackTable
          caption="Deliveries, newest first"
          testId="portal-deliveries"
          columns={['Event', 'Sent to', 'Queued', 'Status', 'Attempts', 'Last error', 'Next attempt', 'Actions']}
        >
          {deliveries.data.items.map((d) => {
            const status = deliveryStatus(d);
            const next = deliveryNextAttempt(d);
            return (
              <tr key={d.id} data-testid="portal-delivery">
                <th scope="row">{eventLabel(d.eventType)}</th>
                <td data-label="Sent to" className="portal-deliveries__url">
                  {d.url}
                </td>
                <td data-label="Queued">{instantLabel(d.createdAt)}</td>
                <td data-label="Status">
                  <span className={`tone-badge tone-badge--${status.tone}`}>{status.label}</span>
                  {d.lastStatusCode ? ` HTTP ${d.lastStatusCode}` : ''}
                  {d.deliveredAt ? <span className="muted"> · {instantLabel(d.deliveredAt)}</span> : null}
                  {status.note ? <span className="portal-deliveries__note muted">{status.note}</span> : null}
                </td>
                <td data-label="Attempts">{d.attempts}</td>
                <td data-label="Last error" className="portal-deliveries__error">
                  {d.lastError ?? '—'}
                </td>
                <td data-label="Next attempt">{next}</td>
                <td className="stack-table__actions">
                  {d.actions.resend ? (
                    <button
                      type="button"
                      className="btn btn--outline btn--sm"
                      disabled={perform.isPending}
                      onClick={() => d.actions.resend && resend(d.actions.resend)}
                    >
                      {d.actions.resend.title}
                    </button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </StackTable>
      ) : deliveries.data ? (
        <p className="muted">No deliveries yet.</p>
      ) : null}
    </>
  );
}
