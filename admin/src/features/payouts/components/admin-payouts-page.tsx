import '../payouts.css';
import { type DamageReport, formatDollars, formatLongDate, type Payout } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/field';
import { PageTitle } from '../../../components/page-title';
import { PhotoGallery } from '../../../components/photo-gallery';
import { StackTable } from '../../../components/stack-table';
import { StatCards } from '../../../components/stat-cards';
import { errorMessage, fieldErrors } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';
import {
  commissionsQuery,
  damageQuery,
  payoutsQuery,
  reconciliationQuery,
  useResolveDamageReport,
  useRetryPayout,
} from '../api/payouts.queries';

/** A report's photos as thumbnails that open full size (decision 082). */
function DamagePhotos({ report }: { report: DamageReport }) {
  return (
    <PhotoGallery
      testId="damage-photo"
      photos={report.photos.map((photo, index) => ({
        id: photo.id,
        src: photo.href,
        alt: `Photo ${index + 1} of the problem reported on booking ${report.bookingId}`,
      }))}
    />
  );
}

const KIND_TEXT = { cleaner_share: 'Cleaner’s share', partner_commission: 'Partner commission' } as const;
const STATUS_TONE = { pending: 'yellow', paid: 'green', failed: 'red' } as const;
const STATUS_TEXT = { pending: 'Pending', paid: 'Paid', failed: 'Failed' } as const;

/** Administrators' money page at /admin-payouts (decision 080): transfers, damage reports, the books, commission. */
export function AdminPayoutsPage() {
  return (
    <section className="container page dashboard-page admin-payouts" data-testid="admin-payouts">
      <PageTitle title="Payouts" />
      <header className="dashboard-page__header">
        <div>
          <h1>Payouts</h1>
          <p className="lead">Money leaving the platform: cleaners’ shares, partners’ commission, and the books.</p>
        </div>
      </header>
      <Reconciliation />
      <DamageReports />
      <Transfers />
      <Commissions />
    </section>
  );
}

function Reconciliation() {
  const report = useQuery(reconciliationQuery);
  if (report.isPending) return <p className="loading-text">Checking the books…</p>;
  if (report.isError)
    return <p className="alert alert--error">{errorMessage(report.error, 'Failed to check the books.')}</p>;
  const r = report.data;
  return (
    <section aria-labelledby="books-title" data-testid="reconciliation">
      <h2 id="books-title">The books</h2>
      <StatCards
        cards={[
          {
            label: 'Ledger',
            value: r.balanced ? 'Balanced' : 'Out of balance',
            note: `Debits ${formatDollars(r.debits)} · credits ${formatDollars(r.credits)}`,
          },
          {
            label: 'Against the provider',
            value: r.differences.length === 0 ? 'No differences' : `${r.differences.length} differences`,
            note: r.providerUnavailable
              ? 'The payment provider did not answer: try again later'
              : `The latest ${r.paymentsChecked} payments and ${r.transfersChecked} transfers, each compared with the provider’s own record`,
          },
        ]}
      />
      {r.differences.length > 0 ? (
        <StackTable
          caption="Differences between the ledger and the provider"
          columns={['What', 'Booking', 'Ledger', 'Provider']}
          testId="differences"
          card
        >
          {r.differences.map((d) => (
            <tr key={`${d.kind}-${d.detail}`}>
              <th scope="row">
                {d.kind.replaceAll('_', ' ')} <span className="payments-table__note">{d.detail}</span>
              </th>
              <td data-label="Booking">{d.bookingId ?? '—'}</td>
              <td data-label="Ledger">{formatDollars(d.ledger)}</td>
              <td data-label="Provider">{formatDollars(d.provider)}</td>
            </tr>
          ))}
        </StackTable>
      ) : null}
    </section>
  );
}

function Transfers() {
  const list = useQuery(payoutsQuery);
  const retry = useRetryPayout();
  const retryNow = (action: NonNullable<Payout['actions']['retry']>) =>
    retry.mutate(action, {
      onSuccess: () => toast({ title: 'Transfer sent again' }),
      onError: (error) =>
        toast({ title: 'Retry failed', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    });
  if (list.isPending) return <p className="loading-text">Loading transfers…</p>;
  if (list.isError)
    return <p className="alert alert--error">{errorMessage(list.error, 'Failed to load transfers.')}</p>;
  return (
    <section aria-labelledby="transfers-title">
      <h2 id="transfers-title">Transfers</h2>
      {list.data.items.length === 0 ? (
        <p className="muted">No transfers yet: completed jobs are paid out 24 hours after they end.</p>
      ) : (
        <StackTable
          caption="Transfers, newest first"
          columns={['Booking', 'To', 'Amount', 'Status', 'Actions']}
          testId="payouts-list"
          card
        >
          {list.data.items.map((p) => (
            <tr key={p.id} data-testid="payout-row" data-booking-id={p.bookingId}>
              <th scope="row">
                Booking {p.bookingId}
                <span className="payments-table__note">{formatLongDate(p.paidAt ?? p.createdAt)}</span>
              </th>
              <td data-label="To">
                {p.recipient}
                <span className="payments-table__note">{KIND_TEXT[p.kind]}</span>
              </td>
              <td data-label="Amount">
                {formatDollars(p.amount)}
                {Number(p.reversed) > 0 ? (
                  <span className="payments-table__note">Reversed {formatDollars(p.reversed)}</span>
                ) : null}
              </td>
              <td data-label="Status">
                <span className={`tone-badge tone-badge--${STATUS_TONE[p.status]}`}>{STATUS_TEXT[p.status]}</span>
                {p.failureReason ? <span className="payments-table__note">{p.failureReason}</span> : null}
              </td>
              <td className="stack-table__actions">
                {p.actions.retry ? (
                  <button
                    type="button"
                    className="btn btn--outline btn--sm"
                    disabled={retry.isPending}
                    onClick={() => p.actions.retry && retryNow(p.actions.retry)}
                  >
                    {p.actions.retry.title}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </StackTable>
      )}
    </section>
  );
}

function DamageReports() {
  const list = useQuery(damageQuery);
  if (list.isPending) return <p className="loading-text">Loading damage reports…</p>;
  if (list.isError) return <p className="alert alert--error">{errorMessage(list.error, 'Failed to load reports.')}</p>;
  const open = list.data.items.filter((r) => r.status === 'open');
  const closed = list.data.items.filter((r) => r.status !== 'open').slice(0, 10);
  return (
    <section aria-labelledby="damage-title" data-testid="damage-reports">
      <h2 id="damage-title">Damage reports</h2>
      {open.length === 0 ? <p className="muted">No open reports: no payout is held.</p> : null}
      {open.map((report) => (
        <ResolveReport key={report.id} report={report} />
      ))}
      {closed.length > 0 ? (
        <ul className="plain-list damage-reports__closed">
          {closed.map((r) => (
            <li key={r.id}>
              Booking {r.bookingId}: {r.status.replaceAll('_', ' ')}
              {r.refund ? ` (${formatDollars(r.refund)})` : ''} — {r.resolutionReason}
              <DamagePhotos report={r} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function ResolveReport({ report }: { report: DamageReport }) {
  const [outcome, setOutcome] = useState<'release' | 'partial_refund' | 'full_refund'>('release');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const resolve = useResolveDamageReport();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblems({});
    resolve.mutate(
      { report, body: { outcome, reason, ...(outcome === 'partial_refund' ? { amount } : {}) } },
      {
        onSuccess: () =>
          toast({ title: 'Report resolved', description: 'Both the customer and the cleaner are e-mailed.' }),
        onError: (error) => {
          // A named field's message goes under that field only; anything else under the reason.
          const named = fieldErrors(error);
          setProblems(Object.keys(named).length > 0 ? named : { reason: errorMessage(error, 'Please try again.') });
        },
      },
    );
  };
  return (
    <form
      className="card form damage-report"
      onSubmit={submit}
      aria-label={`Damage report on booking ${report.bookingId}`}
    >
      <p>
        <strong>Booking {report.bookingId}</strong> · reported {formatLongDate(report.createdAt)}
      </p>
      {report.booking ? (
        <dl className="damage-report__case" data-testid="damage-case">
          <dt>Customer</dt>
          <dd>{report.booking.customer}</dd>
          <dt>Cleaner</dt>
          <dd>{report.booking.cleaner}</dd>
          <dt>Booking amount</dt>
          <dd>{formatDollars(report.booking.total)}</dd>
          <dt>Cleaner’s share on hold</dt>
          <dd>{formatDollars(report.booking.cleanerShareHeld)}</dd>
        </dl>
      ) : null}
      <blockquote>{report.description}</blockquote>
      {report.photos.length > 0 ? (
        <div className="damage-report__photos">
          <p className="field__hint">
            {report.photos.length === 1 ? '1 photo' : `${report.photos.length} photos`} from the customer
          </p>
          <DamagePhotos report={report} />
        </div>
      ) : (
        <p className="field__hint">No photos.</p>
      )}
      <Field label="Decision">
        {(control) => (
          <select {...control} value={outcome} onChange={(e) => setOutcome(e.target.value as typeof outcome)}>
            <option value="release">Release the payout (no refund)</option>
            <option value="partial_refund">Refund part</option>
            <option value="full_refund">Refund everything</option>
          </select>
        )}
      </Field>
      {outcome === 'partial_refund' ? (
        <Field label="Refund amount ($)" error={problems.amount}>
          {(control) => (
            <input {...control} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
          )}
        </Field>
      ) : null}
      <Field label="Reason (both parties read it)" error={problems.reason}>
        {(control) => <textarea {...control} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />}
      </Field>
      <button type="submit" className="btn btn--primary" disabled={resolve.isPending}>
        {resolve.isPending ? 'Resolving…' : 'Resolve'}
      </button>
    </form>
  );
}

function Commissions() {
  const list = useQuery(commissionsQuery);
  if (list.isPending) return <p className="loading-text">Loading commission…</p>;
  if (list.isError)
    return <p className="alert alert--error">{errorMessage(list.error, 'Failed to load commission.')}</p>;
  return (
    <section aria-labelledby="commission-title">
      <h2 id="commission-title">Partner commission by month</h2>
      {list.data.months.length === 0 ? (
        <p className="muted">No partner has brought a paid booking yet.</p>
      ) : (
        <StackTable
          caption="Commission per partner and month"
          columns={['Partner', 'Month', 'Accrued', 'Paid', 'Payable']}
          testId="partner-commissions"
          card
        >
          {list.data.months.map((row) => (
            <tr key={`${row.partnerId}-${row.month}`} data-testid="commission-row">
              <th scope="row">{row.partnerName}</th>
              <td data-label="Month">{row.month}</td>
              <td data-label="Accrued">{formatDollars(row.accrued)}</td>
              <td data-label="Paid">{formatDollars(row.paid)}</td>
              <td data-label="Payable">{formatDollars(row.payable)}</td>
            </tr>
          ))}
        </StackTable>
      )}
    </section>
  );
}
