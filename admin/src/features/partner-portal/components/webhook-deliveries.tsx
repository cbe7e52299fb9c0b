import type { PartnerPortal } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';
import { portalDeliveriesQuery, usePortalAction } from '../api/portal.queries';
import { eventLabel, instantLabel } from '../utils/portal-text';

const STATUS: Record<string, { label: string; tone: string }> = {
  delivered: { label: 'Delivered', tone: 'green' },
  pending: { label: 'Pending', tone: 'yellow' },
  failed: { label: 'Failed', tone: 'red' },
};

/**
 * The latest deliveries to the partner's endpoints (decision 079): the event, the endpoint, when it
 * was queued, its status and attempts, the last error and the next attempt (times on the viewer's
 * clock, its zone named), and a resend where the delivery offers one.
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
        <div className="stack-table-wrap">
          <table className="payments-table stack-table portal-deliveries" data-testid="portal-deliveries">
            <caption className="visually-hidden">Deliveries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Endpoint</th>
                <th scope="col">Queued</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last error</th>
                <th scope="col">Next attempt</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.items.map((d) => {
                const status = STATUS[d.status] ?? { label: d.status, tone: 'grey' };
                return (
                  <tr key={d.id} data-testid="portal-delivery">
                    <th scope="row">{eventLabel(d.eventType)}</th>
                    <td data-label="Endpoint" className="portal-deliveries__url">
                      {d.url}
                    </td>
                    <td data-label="Queued">{instantLabel(d.createdAt)}</td>
                    <td data-label="Status">
                      <span className={`tone-badge tone-badge--${status.tone}`}>{status.label}</span>
                      {d.lastStatusCode ? ` HTTP ${d.lastStatusCode}` : ''}
                      {d.deliveredAt ? <span className="muted"> · {instantLabel(d.deliveredAt)}</span> : null}
                    </td>
                    <td data-label="Attempts">{d.attempts}</td>
                    <td data-label="Last error" className="portal-deliveries__error">
                      {d.lastError ?? '—'}
                    </td>
                    <td data-label="Next attempt">{d.nextAttemptAt ? instantLabel(d.nextAttemptAt) : '—'}</td>
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
            </tbody>
          </table>
        </div>
      ) : deliveries.data ? (
        <p className="muted">No deliveries yet.</p>
      ) : null}
    </>
  );
}
