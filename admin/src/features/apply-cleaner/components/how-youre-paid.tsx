import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from '../../../lib/router';
import { payoutTermsQuery } from '../api/payout-terms.queries';

/**
 * "How you're paid" on the Become a Cleaner page (decision 085): the platform fee and when a job is
 * paid out, as the server states them from the split's configuration — shown before anyone applies.
 */
export function HowYouArePaid() {
  const id = useId();
  const terms = useQuery(payoutTermsQuery);
  return (
    <section className="card apply-pay" aria-labelledby={`${id}-title`} data-testid="how-youre-paid">
      <h2 id={`${id}-title`} className="card__title">
        How you’re paid
      </h2>
      {terms.data ? (
        <ul className="apply-pay__list">
          <li>You set your own hourly rate; customers pay it for the hours they book.</li>
          <li>
            Spotless keeps a platform fee of <strong>{terms.data.platformFeePercent}%</strong> of what the customer
            pays; you receive the other <strong>{terms.data.cleanerSharePercent}%</strong>.
          </li>
          <li>{terms.data.whenPaid}</li>
          <li>Once you are approved, connect a payout account on the Earnings &amp; Payouts tab of your dashboard.</li>
        </ul>
      ) : terms.isError ? (
        <p>You set your own hourly rate, and each job is paid out to the payout account you connect.</p>
      ) : (
        <p className="loading-text">Loading…</p>
      )}
      <p className="apply-pay__more">
        <Link to={'/help-center#cleaner-payouts'}>More about how cleaners are paid</Link>
      </p>
    </section>
  );
}
