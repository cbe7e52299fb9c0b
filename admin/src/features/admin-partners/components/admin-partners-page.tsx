import type { Partner } from '@spotless/sdk';
import { formatCommission, formatDollars } from '@spotless/sdk/rules';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/modal-dialog';
import { PageTitle } from '../../../components/page-title';
import { StatCards } from '../../../components/stat-cards';
import { errorStatus } from '../../../lib/api-errors';
import { Link } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { partnersQuery, usePartnerAction } from '../api/partners';
import { InviteDialog } from './invite-dialog';
import { PartnerDialog } from './partner-dialog';
import '../admin-partners.css';

/** Partners (docs/product/administration.md): the sites that embed the widgets, their keys, origins and figures. */
export function AdminPartnersPage() {
  const list = useQuery(partnersQuery());
  const perform = usePartnerAction();
  const [editing, setEditing] = useState<Partner | null>(null);
  const [creating, setCreating] = useState(false);
  const [inviting, setInviting] = useState<Partner | null>(null);
  const data = list.data;

  // Deactivating stops the partner's key at once, so it is asked first, in the app's own dialog.
  const [deactivating, setDeactivating] = useState<Partner | null>(null);
  const toggle = (partner: Partner) => {
    const action = partner.actions.deactivate ?? partner.actions.activate;
    if (!action || perform.isPending) return;
    const turningOff = Boolean(partner.actions.deactivate);
    perform.mutate(
      { action, body: { isActive: !turningOff } },
      {
        onSuccess: (saved) => {
          setDeactivating(null);
          toast({ title: saved.isActive ? 'Partner activated' : 'Partner deactivated', description: saved.name });
        },
        onError: () =>
          toast({ title: 'Could not change the partner', description: 'Please try again.', variant: 'destructive' }),
      },
    );
  };

  const totals = data?.items.reduce(
    (sum, p) => ({
      bookings: sum.bookings + p.stats.bookings,
      revenue: sum.revenue + Number(p.stats.revenue),
      commission: sum.commission + Number(p.stats.commission),
    }),
    { bookings: 0, revenue: 0, commission: 0 },
  );

  return (
    <section className="container page admin-partners">
      <PageTitle title="Partners" />
      <header className="dashboard-page__header">
        <div>
          <p className="admin-partners__crumb">
            <Link to="/admin-dashboard">Admin Dashboard</Link> / Partners
          </p>
          <h1>Partners</h1>
          <p className="lead">Sites that embed Spotless with a publishable key, and what they bring in.</p>
        </div>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => setCreating(true)}
          disabled={!data?.actions.create}
        >
          New partner
        </button>
      </header>

      <StatCards
        testId="partner-totals"
        cards={[
          { label: 'Partners', value: data ? String(data.total) : undefined },
          { label: 'Partner bookings', value: totals ? String(totals.bookings) : undefined },
          { label: 'Revenue', value: totals ? formatDollars(totals.revenue) : undefined },
          { label: 'Commission', value: totals ? formatDollars(totals.commission) : undefined },
        ]}
      />

      {list.isError && !data ? (
        <p className="alert alert--error">
          {errorStatus(list.error) === 401 || errorStatus(list.error) === 403
            ? 'You need an admin session to see partners.'
            : 'Failed to load partners. Please try again.'}
        </p>
      ) : !data ? (
        <p className="loading-text" role="status">
          <span className="spinner" aria-hidden="true" />
          Loading partners...
        </p>
      ) : data.items.length === 0 ? (
        <div className="empty-state">
          <h2>No partners yet</h2>
          <p>Create one to give a site its publishable key.</p>
        </div>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: between a phone's stacked rows and a wide screen the table may scroll sideways, and the keyboard must reach it to scroll it
        <section className="card admin-partners__wrap stack-table-wrap" aria-label="Partners" tabIndex={0}>
          {/* On a phone each partner stacks into a block of its own (.stack-table): nothing scrolls sideways. */}
          <table className="admin-partners__table stack-table" data-testid="partners-table">
            <caption className="visually-hidden">Partners, by name</caption>
            <thead>
              <tr>
                <th scope="col">Partner</th>
                <th scope="col">Allowed origins</th>
                <th scope="col">Commission</th>
                <th scope="col">Bookings</th>
                <th scope="col">Revenue</th>
                <th scope="col">Earned</th>
                <th scope="col">Chats</th>
                <th scope="col">Portal people</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((p) => (
                <tr key={p.id} data-testid={`partner-${p.id}`}>
                  <th scope="row">
                    <span className="admin-partners__name">{p.name}</span>
                    <code className="admin-partners__key">{p.publishableKey}</code>
                  </th>
                  <td data-label="Allowed origins">
                    <ul className="admin-partners__origins">
                      {p.allowedOrigins.map((o) => (
                        <li key={o}>
                          <code>{o}</code>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td data-label="Commission">{formatCommission(p.commissionRateBps)}</td>
                  <td data-label="Bookings">
                    {p.stats.bookings}
                    <span className="admin-partners__sub"> ({p.stats.paidBookings} paid)</span>
                  </td>
                  <td data-label="Revenue">{formatDollars(p.stats.revenue)}</td>
                  <td data-label="Earned">{formatDollars(p.stats.commission)}</td>
                  <td data-label="Chats">{p.stats.chats}</td>
                  <td data-label="Portal people" data-testid="partner-people">
                    <span className="admin-partners__people">{peopleLabel(p.stats)}</span>
                    <button
                      type="button"
                      className={`btn btn--sm admin-partners__invite ${p.stats.people === 0 && p.stats.pendingInvites === 0 ? 'btn--primary' : 'btn--outline'}`}
                      aria-haspopup="dialog"
                      onClick={() => setInviting(p)}
                    >
                      {p.actions.invite.title}
                      <span className="visually-hidden"> to {p.name}</span>
                    </button>
                  </td>
                  <td data-label="Status">
                    <span
                      className={`admin-partners__status admin-partners__status--${p.isActive ? 'active' : 'inactive'}`}
                    >
                      {p.isActive ? 'Active' : 'Inactive'}
                    </span>
                  </td>
                  <td className="admin-partners__actions stack-table__actions">
                    <Link to={`/partner-portal/${p.id}`} className="btn btn--outline btn--sm">
                      Portal<span className="visually-hidden"> of {p.name}</span>
                    </Link>
                    <button type="button" className="btn btn--outline btn--sm" onClick={() => setEditing(p)}>
                      Edit<span className="visually-hidden"> {p.name}</span>
                    </button>
                    {p.actions.deactivate || p.actions.activate ? (
                      <button
                        type="button"
                        className="btn btn--ghost btn--sm"
                        aria-haspopup={p.actions.deactivate ? 'dialog' : undefined}
                        onClick={() => (p.actions.deactivate ? setDeactivating(p) : toggle(p))}
                        disabled={perform.isPending}
                      >
                        {(p.actions.deactivate ?? p.actions.activate)?.title}
                        <span className="visually-hidden"> {p.name}</span>
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      <ConfirmDialog
        open={deactivating !== null}
        title={deactivating ? `Deactivate ${deactivating.name}` : 'Deactivate Partner'}
        confirmLabel={deactivating?.actions.deactivate?.title ?? 'Deactivate'}
        pendingLabel="Deactivating..."
        cancelLabel="Keep Active"
        pending={perform.isPending}
        onConfirm={() => deactivating && toggle(deactivating)}
        onClose={() => setDeactivating(null)}
        testId="deactivate-partner-dialog"
      >
        <p>
          Deactivate <strong>{deactivating?.name}</strong> ({deactivating?.publishableKey})?
        </p>
        {deactivating?.actions.deactivate?.description ? (
          <p className="alert alert--warning">{deactivating.actions.deactivate.description}</p>
        ) : null}
      </ConfirmDialog>
      <InviteDialog partner={inviting} onClose={() => setInviting(null)} />
      <PartnerDialog
        open={creating || editing !== null}
        partner={editing}
        create={data?.actions.create}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
    </section>
  );
}

/** Who can open a partner's portal: 'No one yet', '2 people', and its invitations still pending. */
export function peopleLabel(stats: { people: number; pendingInvites: number }): string {
  const people = stats.people === 0 ? 'No one yet' : `${stats.people} ${stats.people === 1 ? 'person' : 'people'}`;
  const pending = stats.pendingInvites;
  return pending === 0 ? people : `${people} · ${pending} ${pending === 1 ? 'invitation' : 'invitations'} pending`;
}
