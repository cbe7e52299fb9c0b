import '../partner-portal.css';
import { bookingDateTimeLabel, formatDollars, type PartnerPortal } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { PageTitle } from '../../../components/page-title';
import { errorMessage, errorStatus } from '../../../lib/api-errors';
import { downloadCsv, toCsv } from '../../../lib/csv';
import { Link, Navigate, useParams, useSearchParams } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import {
  fetchStatement,
  myPartnersQuery,
  portalBookingsQuery,
  portalQuery,
  portalStatementsQuery,
} from '../api/portal.queries';
import { AcceptInvite } from './partner-invite-page';
import { KeyAndOrigins, PayoutAccountCard, People, Webhooks } from './portal-settings';
import { SnippetBuilder } from './snippet-builder';

/** `/partner-portal`: the partners the signed-in person belongs to (one opens at once). */
export function PartnerPortalPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token');
  if (token) return <AcceptInvite token={token} />;
  const number = Number(id);
  return id && Number.isInteger(number) && number > 0 ? <Portal id={number} /> : <MyPartners />;
}

function MyPartners() {
  const mine = useQuery(myPartnersQuery);
  if (mine.isPending) return <p className="container page loading-text">Loading…</p>;
  const items = mine.data?.items ?? [];
  if (items.length === 1 && items[0]) return <Navigate to={`/partner-portal/${items[0].id}`} replace />;
  return (
    <section className="container page">
      <PageTitle title="Partner Portal" />
      <h1>Partner Portal</h1>
      {items.length === 0 ? (
        <div className="empty-state">
          <h2>No partner yet</h2>
          <p>Open the invitation your partner’s administrator e-mailed you to join its portal.</p>
        </div>
      ) : (
        <ul className="plain-list">
          {items.map((p) => (
            <li key={p.id}>
              <Link to={`/partner-portal/${p.id}`}>{p.name}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Portal({ id }: { id: number }) {
  const portal = useQuery(portalQuery(id));
  if (portal.isPending) return <p className="container page loading-text">Loading your portal…</p>;
  if (portal.isError) {
    return (
      <section className="container page">
        <PageTitle title="Partner Portal" />
        <p className="alert alert--error">
          {errorStatus(portal.error) === 404
            ? 'This partner’s portal is not yours to open.'
            : errorMessage(portal.error, 'Failed to load the portal.')}
        </p>
      </section>
    );
  }
  const p = portal.data;
  return (
    <section className="container page dashboard-page partner-portal" data-testid="partner-portal">
      <PageTitle title={`${p.name} · Partner Portal`} />
      <header className="dashboard-page__header">
        <div>
          <h1>{p.name}</h1>
          <p className="lead">
            Partner portal · {p.commissionRateBps / 100}% commission on every booking your widgets bring
          </p>
        </div>
      </header>
      <Bookings portal={p} />
      <Statements portal={p} />
      <PayoutAccountCard portal={p} />
      <KeyAndOrigins portal={p} />
      <SnippetBuilder portal={p} />
      <Webhooks portal={p} />
      <People portal={p} />
    </section>
  );
}

function Bookings({ portal }: { portal: PartnerPortal }) {
  const list = useQuery(portalBookingsQuery(portal));
  return (
    <section className="card portal-section" aria-labelledby="portal-bookings">
      <h2 id="portal-bookings">Bookings your widgets brought</h2>
      {list.isPending ? (
        <p className="loading-text">Loading…</p>
      ) : list.isError ? (
        <p className="alert alert--error">Failed to load the bookings.</p>
      ) : list.data.items.length === 0 ? (
        <p className="muted">None yet: they appear here as soon as a visitor books through your site.</p>
      ) : (
        <div className="stack-table-wrap">
          <table className="payments-table stack-table" data-testid="portal-bookings">
            <caption className="visually-hidden">Bookings, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">City</th>
                <th scope="col">Service</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">Commission</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((b) => (
                <tr key={b.id} data-testid="portal-booking">
                  <th scope="row">{bookingDateTimeLabel(b)}</th>
                  <td data-label="City">{b.city}</td>
                  <td data-label="Service">{b.service}</td>
                  <td data-label="Amount">{formatDollars(b.amount)}</td>
                  <td data-label="Status">
                    {b.status} · {b.paymentStatus}
                  </td>
                  <td data-label="Commission">{formatDollars(b.commission)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Statements({ portal }: { portal: PartnerPortal }) {
  const list = useQuery(portalStatementsQuery(portal));
  const download = async (link: { href: string }, month: string) => {
    try {
      const statement = await fetchStatement(link);
      downloadCsv(
        `${portal.name.replace(/[^A-Za-z0-9]+/g, '-')}-commission-${month}.csv`,
        toCsv([
          ['Date', 'Booking', 'Line', 'Amount'],
          ...statement.lines.map((l) => [
            l.at.slice(0, 10),
            l.bookingId === null ? '' : String(l.bookingId),
            l.kind,
            l.amount,
          ]),
        ]),
      );
    } catch (error) {
      toast({
        title: 'Download failed',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };
  return (
    <section className="card portal-section" aria-labelledby="portal-statements">
      <h2 id="portal-statements">Commission statements</h2>
      {list.isPending ? (
        <p className="loading-text">Loading…</p>
      ) : list.isError ? (
        <p className="alert alert--error">Failed to load the statements.</p>
      ) : list.data.months.length === 0 ? (
        <p className="muted">Your first statement appears with the first paid booking.</p>
      ) : (
        <div className="stack-table-wrap">
          <table className="payments-table stack-table" data-testid="portal-statements">
            <caption className="visually-hidden">Commission per month</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Accrued</th>
                <th scope="col">Paid</th>
                <th scope="col">Payable</th>
                <th scope="col">CSV</th>
              </tr>
            </thead>
            <tbody>
              {list.data.months.map((m) => (
                <tr key={m.month} data-testid="portal-statement">
                  <th scope="row">{m.month}</th>
                  <td data-label="Accrued">{formatDollars(m.accrued)}</td>
                  <td data-label="Paid">{formatDollars(m.paid)}</td>
                  <td data-label="Payable">{formatDollars(m.payable)}</td>
                  <td className="stack-table__actions">
                    <button
                      type="button"
                      className="btn btn--outline btn--sm"
                      onClick={() => download(m.links.self, m.month)}
                    >
                      Download CSV
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
