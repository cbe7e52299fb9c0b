import { bookingDateTimeLabel, type CleanerEarnings, formatDollars, formatLongDate } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { StatCards } from '../../../components/stat-cards';
import { errorMessage } from '../../../lib/api-errors';
import { momentLabel } from '../../../lib/booking-time';
import { downloadCsv } from '../../../lib/csv';
import { toast } from '../../../lib/toast';
import { earningsQuery, useConnectPayoutAccount } from '../api/payouts.queries';
import { EARNING_STATE_TEXT, earningKind, earningsCsv } from '../utils/earnings-csv';
import { PayoutHistory } from './payout-history';

const STATE_TONE: Record<CleanerEarnings['jobs'][number]['state'], string> = {
  upcoming: 'blue',
  pending: 'yellow',
  available: 'green',
  paid_out: 'grey',
  refunded: 'grey',
};

/** The cleaner dashboard's Earnings & Payouts tab (decision 080): the account, the four states, each job's fee. */
export function PayoutsTab() {
  const earnings = useQuery(earningsQuery);
  if (earnings.isPending) {
    return (
      <p className="loading-text" role="status">
        <span className="spinner" aria-hidden="true" />
        Loading your earnings...
      </p>
    );
  }
  if (earnings.isError) {
    return <p className="alert alert--error">{errorMessage(earnings.error, 'Failed to load your earnings.')}</p>;
  }
  const data = earnings.data;
  return (
    <div className="payouts-tab" data-testid="payouts-tab">
      <PayoutAccountCard earnings={data} />
      <StatCards
        testId="earnings-totals"
        cards={[
          { label: 'Upcoming', value: formatDollars(data.totals.upcoming), note: 'Booked jobs, not done yet' },
          { label: 'Pending', value: formatDollars(data.totals.pending), note: 'Done: inside the 24-hour window' },
          {
            label: 'Available',
            value: formatDollars(data.totals.available),
            note: 'Due: goes out with the next payout',
          },
          {
            label: 'Paid out',
            value: formatDollars(data.totals.paidOut),
            note: 'Sent: usually in your bank within 2 business days',
          },
        ]}
      />
      <section className="card payouts-when" aria-labelledby="when-paid">
        <h2 id="when-paid">When do I get paid?</h2>
        <p>{data.whenPaid}</p>
        <p data-testid="next-payout">
          {data.nextPayoutAt
            ? `Next payout: ${momentLabel(data.nextPayoutAt, data.timeZone)}.`
            : data.account.status === 'enabled'
              ? 'Nothing is waiting to be paid out right now.'
              : 'Payouts start once your payout account is set up.'}
        </p>
        <p className="muted">
          Spotless keeps a platform fee of {data.platformFeePercent}% of what each customer pays; the rest is yours.
        </p>
      </section>
      <EarningsTable earnings={data} />
      <PayoutHistory timeZone={data.timeZone} />
    </div>
  );
}

function PayoutAccountCard({ earnings }: { earnings: CleanerEarnings }) {
  const connect = useConnectPayoutAccount();
  const { account } = earnings;
  const action = account.actions.connect;
  const start = () => {
    if (!action) return;
    connect.mutate(action, {
      onSuccess: ({ onboardingUrl }) => window.location.assign(onboardingUrl),
      onError: (error) =>
        toast({
          title: 'Could not start',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  };
  return (
    <section className="card payouts-account" data-testid="payout-account" aria-labelledby="payout-account-title">
      <h2 id="payout-account-title">Payout account</h2>
      {account.status === 'enabled' ? (
        <p className="payouts-account__status" data-testid="payout-account-status">
          <span className="tone-badge tone-badge--green">Ready</span> Payouts go to your bank account.
        </p>
      ) : (
        <>
          <p className="payouts-account__status" data-testid="payout-account-status">
            <span className="tone-badge tone-badge--yellow">
              {account.status === 'not_connected' ? 'Not connected' : 'Setup not finished'}
            </span>{' '}
            {account.requirement}
          </p>
          {action ? (
            <button type="button" className="btn btn--primary" onClick={start} disabled={connect.isPending}>
              {connect.isPending ? 'Opening…' : action.title}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}

function EarningsTable({ earnings }: { earnings: CleanerEarnings }) {
  const download = () => downloadCsv('spotless-earnings.csv', earningsCsv(earnings));
  if (earnings.jobs.length === 0) {
    return (
      <div className="empty-state">
        <h2>No Earnings Yet</h2>
        <p>Paid jobs appear here, with the platform fee and your share of each.</p>
      </div>
    );
  }
  return (
    <section className="card payments-table-wrap stack-table-wrap" aria-labelledby="earnings-title">
      <div className="payouts-table__head">
        <h2 id="earnings-title">Earnings by job</h2>
        <button type="button" className="btn btn--outline btn--sm" onClick={download} data-testid="earnings-csv">
          Download CSV
        </button>
      </div>
      <table className="payments-table stack-table" data-testid="earnings-table">
        <caption className="visually-hidden">Your jobs' earnings, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Job</th>
            <th scope="col">Paid by customer</th>
            <th scope="col">Platform fee</th>
            <th scope="col">Your share</th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {earnings.jobs.map((job) => (
            <tr key={job.bookingId} data-testid="earning-row" data-booking-id={job.bookingId}>
              <th scope="row">
                {job.service}
                {earningKind(job) ? (
                  <span className="payments-table__note" data-testid="earning-kind">
                    {earningKind(job)}
                  </span>
                ) : null}
                <span className="payments-table__note">{bookingDateTimeLabel(job)}</span>
              </th>
              <td data-label="Paid by customer">
                {formatDollars(job.charged)}
                {Number(job.refunded) > 0 ? (
                  <span className="payments-table__note">Refunded {formatDollars(job.refunded)}</span>
                ) : null}
              </td>
              <td data-label="Platform fee" data-testid="earning-fee">
                {formatDollars(job.fee)}
              </td>
              <td data-label="Your share">{formatDollars(job.yours)}</td>
              <td data-label="State">
                <span className={`tone-badge tone-badge--${STATE_TONE[job.state]}`} data-testid="earning-state">
                  {EARNING_STATE_TEXT[job.state]}
                </span>
                {job.state === 'pending' && job.availableAt ? (
                  <span className="payments-table__note">Available {formatLongDate(job.availableAt)}</span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
