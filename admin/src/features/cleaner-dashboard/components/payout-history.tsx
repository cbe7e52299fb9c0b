import { bookingDateTimeLabel, formatDollars, formatLongDate } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-errors';
import { cleanerPayoutsQuery } from '../api/payouts.queries';
import { PAYOUT_TONE, payoutStatusText } from '../utils/payout-history';

/** The cleaner's payout history (decision 086): each transfer, the job it paid for, its reference and status. */
export function PayoutHistory({ timeZone }: { timeZone: string }) {
  const history = useQuery(cleanerPayoutsQuery);
  if (history.isPending) return null;
  if (history.isError) {
    return <p className="alert alert--error">{errorMessage(history.error, 'Failed to load your payouts.')}</p>;
  }
  return (
    <section className="card payments-table-wrap stack-table-wrap" aria-labelledby="payout-history-title">
      <div className="payouts-table__head">
        <h2 id="payout-history-title">Payout history</h2>
      </div>
      {history.data.items.length === 0 ? (
        <p className="muted" data-testid="payout-history-empty">
          No payouts yet. Each job is sent on its own once it is available.
        </p>
      ) : (
        <table className="payments-table stack-table" data-testid="payout-history">
          <caption className="visually-hidden">Your payouts, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Amount</th>
              <th scope="col">Job covered</th>
              <th scope="col">Reference</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {history.data.items.map((payout) => (
              <tr key={payout.id} data-testid="payout-row" data-booking-id={payout.bookingId}>
                <th scope="row">{payout.sentAt ? formatLongDate(payout.sentAt, timeZone) : 'Not sent yet'}</th>
                <td data-label="Amount">
                  {formatDollars(payout.amount)}
                  {Number(payout.reversed) > 0 ? (
                    <span className="payments-table__note">
                      {formatDollars(payout.reversed)} taken back by a refund
                    </span>
                  ) : null}
                </td>
                <td data-label="Job covered">
                  {payout.job.service}
                  <span className="payments-table__note">{bookingDateTimeLabel(payout.job)}</span>
                </td>
                <td data-label="Reference">
                  <code className="payout-history__ref">{payout.reference ?? '—'}</code>
                </td>
                <td data-label="Status">
                  <span className={`tone-badge tone-badge--${PAYOUT_TONE[payout.status]}`} data-testid="payout-status">
                    {payoutStatusText(payout, timeZone).label}
                  </span>
                  {payoutStatusText(payout, timeZone).note ? (
                    <span className="payments-table__note" data-testid="payout-arrival">
                      {payoutStatusText(payout, timeZone).note}
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
