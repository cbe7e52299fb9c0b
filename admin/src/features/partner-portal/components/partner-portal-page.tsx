import { StackTable } from '../../../components/stack-table';
import '../partner-portal.css';
import { bookingDateTimeLabel, formatDollars, type PartnerPortal } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { PageTitle } from '../../../components/page-title';
import { withSession } from '../../../components/session-guard';
import { type TabDef, Tabs } from '../../../components/tabs';
import { errorMessage, errorStatus } from '../../../lib/api-errors';
import { Link, Navigate, useParams, useSearchParams } from '../../../lib/router';
import { myPartnersQuery, portalBookingsQuery, portalQuery } from '../api/portal.queries';
import { bookingStatusLabel } from '../utils/portal-text';
import { KeyAndOrigins } from './key-and-origins';
import { PartnerInvitePage } from './partner-invite-page';
import { PayoutAccountCard } from './payout-account-card';
import { People } from './people';
import { Statements } from './portal-money';
import { SnippetBuilder } from './snippet-builder';
import { Webhooks } from './webhooks';

/**
 * `/partner-portal`: the partners the signed-in person belongs to (one opens at once). With an
 * invitation's `?token=` it is the invitation, which a signed-out person opens too (it names the
 * partner and offers to create an account or sign in): the route has its own signed-out view, and
 * everything else here is behind the session check.
 */
export function PartnerPortalPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <PartnerInvitePage token={token} /> : <SignedInPortal />;
}

const SignedInPortal = withSession(function PortalOrList() {
  const { id } = useParams();
  const number = Number(id);
  return id && Number.isInteger(number) && number > 0 ? <Portal id={number} /> : <MyPartners />;
}, 'person-or-admin');

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

/** The portal's sections, one a tab (`?tab=`), so a phone shows one at a time. */
const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'statements', label: 'Statements' },
  { id: 'key', label: 'Key & origins' },
  { id: 'widgets', label: 'Widgets' },
  { id: 'webhooks', label: 'Webhooks' },
  { id: 'people', label: 'People' },
] as const satisfies readonly TabDef<string>[];
type TabId = (typeof TABS)[number]['id'];

function Portal({ id }: { id: number }) {
  const portal = useQuery(portalQuery(id));
  const [params, setParams] = useSearchParams();
  const tab: TabId = TABS.find((t) => t.id === params.get('tab'))?.id ?? 'overview';
  const select = (next: TabId) =>
    setParams(next === 'overview' ? {} : { tab: next }, { replace: true, keepScroll: true });
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
      <Tabs tabs={TABS} selected={tab} onSelect={select} label="Partner portal">
        {tab === 'overview' ? (
          <div className="partner-portal__panel">
            <PayoutAccountCard portal={p} />
            <Bookings portal={p} />
          </div>
        ) : tab === 'statements' ? (
          <Statements portal={p} />
        ) : tab === 'key' ? (
          <KeyAndOrigins portal={p} />
        ) : tab === 'widgets' ? (
          <SnippetBuilder portal={p} />
        ) : tab === 'webhooks' ? (
          <Webhooks portal={p} />
        ) : (
          <People portal={p} />
        )}
      </Tabs>
    </section>
  );
}

/** The bookings the partner's widgets brought (decision 081): what a partner needs, nothing of the guest's. */
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
        <StackTable
          caption="Bookings, newest first"
          columns={['When', 'City', 'Service', 'Amount', 'Status', 'Commission']}
          testId="portal-bookings"
        >
          {list.data.items.map((b) => (
            <tr key={b.id} data-testid="portal-booking">
              <th scope="row">{bookingDateTimeLabel(b)}</th>
              <td data-label="City">{b.city}</td>
              <td data-label="Service">{b.service}</td>
              <td data-label="Amount">{formatDollars(b.amount)}</td>
              <td data-label="Status">{bookingStatusLabel(b.status, b.paymentStatus)}</td>
              <td data-label="Commission">{formatDollars(b.commission)}</td>
            </tr>
          ))}
        </StackTable>
      )}
    </section>
  );
}
