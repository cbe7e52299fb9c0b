import { formatDollars, type Payment, type PaymentPage } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { DialogFooter } from '../../../components/dialog-footer';
import { Field } from '../../../components/field';
import { ModalDialog } from '../../../components/modal-dialog';
import { PageTitle } from '../../../components/page-title';
import { Pagination } from '../../../components/pagination';
import { StatCards } from '../../../components/stat-cards';
import { errorMessage, errorStatus } from '../../../lib/api-errors';
import { useCurrentUser } from '../../../lib/auth';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { toast } from '../../../lib/toast';
import { adminSessionQuery, paymentsQuery, useRefundPayment } from '../api/payments.queries';
import {
  chargeFigures,
  failureNote,
  PAYMENT_FILTERS,
  type PaymentFilter,
  parseRefundAmount,
  paymentBadge,
  refundableCents,
} from '../utils/payments';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The payments dashboard (docs/product/booking-and-payments.md). Customers see their own payments; administrators all, with refunds. */
export function PaymentsPage() {
  const [filter, setFilter] = useState<PaymentFilter>('all');
  const [page, setPage] = useState(1);
  const list = useRef<HTMLElement>(null);
  // A new page is read from its top, as the bookings dashboard does.
  const turn = (next: number) => {
    setPage(next);
    list.current?.scrollIntoView({ block: 'start' });
  };
  const payments = useQuery(paymentsQuery(filter, page));
  // The cards count every payment in scope: the server's summary ignores the filter and the page,
  // so every page carries it.
  const summarised = payments.data;
  const { user } = useCurrentUser();
  const adminSession = useQuery(adminSessionQuery);
  const isAdmin = Boolean(user?.roles.includes('admin') || adminSession.data?.admin);
  const [refunding, setRefunding] = useState<Payment | null>(null);

  return (
    <section className="container page payments-page">
      <PageTitle title="Payments" />
      <header className="dashboard-page__header">
        <div>
          <h1>Payments</h1>
          <p className="lead">
            {isAdmin ? 'Every payment on Spotless, with refunds.' : 'Your payments for cleaning bookings.'}
          </p>
        </div>
      </header>

      {summarised ? <SummaryCards page={summarised} /> : null}

      <div className="payments-toolbar">
        <Field label="Status">
          {(control) => (
            <select
              {...control}
              value={filter}
              onChange={(e) => {
                setFilter(e.target.value as PaymentFilter);
                setPage(1);
              }}
            >
              {PAYMENT_FILTERS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button
          type="button"
          className="btn btn--outline"
          onClick={() => payments.refetch()}
          disabled={payments.isFetching}
        >
          {payments.isFetching ? 'Refreshing...' : 'Refresh'}
        </button>
      </div>

      {payments.isPending ? (
        <p className="loading-text" role="status">
          <span className="spinner" aria-hidden="true" />
          Loading payments...
        </p>
      ) : payments.isError ? (
        <p className="alert alert--error">Failed to load payments. Please try again.</p>
      ) : payments.data.items.length === 0 ? (
        <div className="empty-state">
          <h2>No Payments</h2>
          <p>{filter === 'all' ? 'Payments for your bookings will appear here.' : 'No payments with this status.'}</p>
        </div>
      ) : (
        <section
          ref={list}
          className="card payments-table-wrap stack-table-wrap"
          data-testid="payments-list"
          aria-label="Payments"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: between a phone's stacked rows and a wide screen the table may scroll sideways, and the keyboard must reach it to scroll it
          tabIndex={0}
        >
          {/* On a phone each payment stacks into a block of its own (.stack-table): nothing scrolls sideways. */}
          <table className="payments-table stack-table">
            <caption className="visually-hidden">Payments, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Payment</th>
                <th scope="col">Booking</th>
                <th scope="col">Status</th>
                <th scope="col">Amount</th>
                <th scope="col">Date</th>
                {isAdmin ? <th scope="col">Actions</th> : null}
              </tr>
            </thead>
            <tbody>
              {payments.data.items.map((payment) => {
                const failure = failureNote(payment);
                const badge = paymentBadge(payment);
                return (
                  <tr key={payment.id} data-testid="payment-row">
                    <th scope="row">
                      <span className="stack-table__stacked-only">Payment </span>#{payment.id}
                    </th>
                    <td data-label="Booking">#{payment.bookingId}</td>
                    <td data-label="Status">
                      <span className={`tone-badge tone-badge--${badge.tone}`} data-testid="payment-status">
                        {badge.text}
                      </span>
                      {failure ? (
                        <span className="payments-table__note" data-testid="payment-failure">
                          {failure}
                        </span>
                      ) : null}
                      {payment.refundReason ? (
                        <span className="payments-table__note">Reason: {payment.refundReason}</span>
                      ) : null}
                    </td>
                    <td data-label="Amount">
                      {formatDollars(payment.amount)}
                      {payment.refundAmount ? (
                        <span className="payments-table__note">Refunded {formatDollars(payment.refundAmount)}</span>
                      ) : null}
                    </td>
                    <td className="payments-table__date" data-label="Date">
                      {dateTime.format(new Date(payment.createdAt))}
                    </td>
                    {isAdmin ? (
                      <td className="stack-table__actions">
                        {payment.actions.refund ? (
                          <button
                            type="button"
                            className="btn btn--outline btn--sm"
                            aria-label={`Refund payment #${payment.id}`}
                            onClick={() => setRefunding(payment)}
                          >
                            Refund
                          </button>
                        ) : null}
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      )}
      {payments.data ? (
        <Pagination
          page={payments.data.page}
          pageSize={payments.data.pageSize}
          total={payments.data.total}
          label="Payments pages"
          onPageChange={turn}
        />
      ) : null}

      <ModalDialog
        open={refunding !== null}
        title="Refund Payment"
        description="Leave the amount blank to refund everything left."
        onClose={() => setRefunding(null)}
        testId="refund-dialog"
      >
        {refunding ? <RefundForm key={refunding.id} payment={refunding} onDone={() => setRefunding(null)} /> : null}
      </ModalDialog>
    </section>
  );
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * The figure cards over every payment, whatever the filter. Successful counts the charges that went
 * through, refunded ones included (a refund does not undo a charge); Refunded is its own figure.
 */
function SummaryCards({ page }: { page: PaymentPage }) {
  const { summary } = page;
  const charged = chargeFigures(summary);
  const cards = [
    { label: 'Total Payments', value: formatDollars(summary.totalAmount), note: plural(summary.totalCount, 'payment') },
    { label: 'Successful', value: String(charged.count), note: charged.note },
    {
      label: 'Refunded',
      value: formatDollars(summary.refundedAmount),
      note: `${plural(summary.refundedCount, 'payment')} refunded`,
    },
    { label: 'Processing', value: String(summary.processingCount), note: 'in progress' },
  ];
  return <StatCards testId="payments-summary" className="dashboard-stats--compact" cards={cards} />;
}

function RefundForm({ payment, onDone }: { payment: Payment; onDone: () => void }) {
  const refund = useRefundPayment();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState<{ body: string; key: string } | null>(null);
  const left = refundableCents(payment);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (refund.isPending) return;
    const parsed = parseRefundAmount(amount, left);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    const input = { amount: parsed.amount, reason: reason.trim() || undefined };
    const body = JSON.stringify(input);
    const key = attempt && attempt.body === body ? attempt.key : newIdempotencyKey();
    setAttempt({ body, key });
    const action = payment.actions.refund;
    if (!action) return;
    refund.mutate(
      { action, input, idempotencyKey: key },
      {
        onSuccess: (result) => {
          toast({
            title: 'Refund Processed',
            description: `${formatDollars(result.refund.amount)} refunded for payment #${payment.id}.`,
          });
          onDone();
        },
        onError: (failure) => {
          if (errorStatus(failure) === 401) return;
          toast({
            title: 'Refund Failed',
            description: errorMessage(failure, 'Failed to process refund. Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-busy={refund.isPending}>
      <p>
        Payment #{payment.id} of {formatDollars(payment.amount)}; {formatDollars(left / 100)} can be refunded.
      </p>
      <Field label="Amount (optional)" error={error}>
        {(control) => (
          <input
            {...control}
            inputMode="decimal"
            placeholder={(left / 100).toFixed(2)}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        )}
      </Field>
      <Field label="Reason (optional)">
        {(control) => (
          <textarea {...control} rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        )}
      </Field>
      <DialogFooter
        submitLabel="Process Refund"
        pendingLabel="Processing..."
        pending={refund.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
