import '../partner-portal.css';
import {
  type BookingStatus,
  bookingDateTimeLabel,
  bookingStatusText,
  formatDollars,
  formatLongDate,
  type PartnerPortal,
  type PaymentStatus,
  paymentStatusText,
} from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/field';
import { PageTitle } from '../../../components/page-title';
import { errorMessage, errorStatus, fieldErrors } from '../../../lib/api-errors';
import { downloadCsv, toCsv } from '../../../lib/csv';
import { Link, Navigate, useParams } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import {
  fetchStatement,
  myPartnersQuery,
  portalBookingsQuery,
  portalDeliveriesQuery,
  portalQuery,
  portalStatementsQuery,
  portalWebhooksQuery,
  usePortalAction,
} from '../api/portal.queries';
import { SnippetBuilder } from './snippet-builder';

/** `/partner-portal`: the partners the signed-in person belongs to (one opens at once). */
export function PartnerPortalPage() {
  const { id } = useParams();
  return id ? <Portal id={Number(id)} /> : <MyPartners />;
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

function KeyAndOrigins({ portal }: { portal: PartnerPortal }) {
  const perform = usePortalAction(portal.id);
  const [origins, setOrigins] = useState(portal.allowedOrigins.join('\n'));
  const [grace, setGrace] = useState('24');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const saveOrigins = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblems({});
    const list = [
      ...new Set(
        origins
          .split(/[\s,]+/)
          .map((o) => o.trim().replace(/\/$/, ''))
          .filter(Boolean),
      ),
    ];
    perform.mutate(
      { action: portal.actions.updateOrigins, body: { allowedOrigins: list } },
      {
        onSuccess: () => toast({ title: 'Origins saved' }),
        onError: (error) => {
          const fields = fieldErrors(error);
          setProblems({ origins: Object.values(fields)[0] ?? errorMessage(error, 'Please try again.') });
        },
      },
    );
  };
  const rotate = () =>
    perform.mutate(
      { action: portal.actions.rotateKey, body: { graceHours: Number(grace) } },
      {
        onSuccess: () =>
          toast({ title: 'New key made', description: 'Change the key on your pages before the old one stops.' }),
        onError: (error) =>
          setProblems({ grace: Object.values(fieldErrors(error))[0] ?? errorMessage(error, 'Please try again.') }),
      },
    );
  return (
    <section className="card portal-section" aria-labelledby="portal-key">
      <h2 id="portal-key">Your key and where it works</h2>
      <p>
        Publishable key: <code data-testid="portal-key">{portal.publishableKey}</code>
      </p>
      {portal.previousKey && portal.previousKeyExpiresAt ? (
        <p className="alert alert--warning">
          The previous key <code>{portal.previousKey}</code> keeps working until{' '}
          {formatLongDate(portal.previousKeyExpiresAt)},{' '}
          {new Date(portal.previousKeyExpiresAt).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}.
        </p>
      ) : null}
      <div className="portal-row">
        <Field label="Keep the old key working for (hours, 0–168)" error={problems.grace}>
          {(control) => (
            <input {...control} inputMode="numeric" value={grace} onChange={(e) => setGrace(e.target.value)} />
          )}
        </Field>
        <button type="button" className="btn btn--outline" onClick={rotate} disabled={perform.isPending}>
          {portal.actions.rotateKey.title}
        </button>
      </div>
      <form className="form" onSubmit={saveOrigins} aria-label="Allowed origins">
        <Field label="Allowed origins (one a line, e.g. https://www.your-site.com)" error={problems.origins}>
          {(control) => <textarea {...control} rows={3} value={origins} onChange={(e) => setOrigins(e.target.value)} />}
        </Field>
        <button type="submit" className="btn btn--primary" disabled={perform.isPending}>
          {portal.actions.updateOrigins.title}
        </button>
      </form>
    </section>
  );
}

function Webhooks({ portal }: { portal: PartnerPortal }) {
  const hooks = useQuery(portalWebhooksQuery(portal));
  const deliveries = useQuery(portalDeliveriesQuery(portal));
  const perform = usePortalAction(portal.id);
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const action = hooks.data?.actions.create;
    if (!action) return;
    setProblem(null);
    perform.mutate(
      {
        action,
        body: {
          url: url.trim(),
          events: ['booking.created', 'booking.cancelled', 'payment.succeeded', 'commission.paid'],
        },
      },
      {
        onSuccess: () => {
          setUrl('');
          toast({ title: 'Endpoint added' });
          void hooks.refetch();
        },
        onError: (error) => setProblem(fieldErrors(error).url ?? errorMessage(error, 'Please try again.')),
      },
    );
  };
  const run = (action: Parameters<typeof perform.mutate>[0]['action'] | undefined, done: string) => {
    if (!action) return;
    perform.mutate(
      { action },
      {
        onSuccess: () => {
          toast({ title: done });
          void deliveries.refetch();
        },
      },
    );
  };
  return (
    <section className="card portal-section" aria-labelledby="portal-webhooks" data-testid="portal-webhooks">
      <h2 id="portal-webhooks">Webhooks to your systems</h2>
      <p className="muted">
        Each event is POSTed as JSON, signed in the <code>Spotless-Signature</code> header (verify it with{' '}
        <code>verifyWebhook</code> from <code>@spotless/sdk/webhooks</code>), and retried when your server does not
        answer 2xx.
      </p>
      {hooks.data?.items.map((hook) => (
        <div key={hook.id} className="portal-hook" data-testid="portal-hook">
          <p>
            <strong>{hook.url}</strong> · {hook.events.join(', ')}
          </p>
          <p className="muted">
            Signing secret: <code>{hook.signingSecret}</code>
          </p>
          {hook.actions.sendTest ? (
            <button
              type="button"
              className="btn btn--outline btn--sm"
              onClick={() => run(hook.actions.sendTest, 'Test event queued')}
            >
              {hook.actions.sendTest.title}
            </button>
          ) : null}
        </div>
      ))}
      {hooks.data?.actions.create ? (
        <form className="form portal-row" onSubmit={add} aria-label="Add a webhook endpoint">
          <Field label="Endpoint URL (https)" error={problem ?? undefined}>
            {(control) => (
              <input
                {...control}
                type="url"
                placeholder="https://hooks.your-site.com/spotless"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
              />
            )}
          </Field>
          <button type="submit" className="btn btn--primary" disabled={perform.isPending}>
            Add endpoint
          </button>
        </form>
      ) : null}
      <h3>Latest deliveries</h3>
      {deliveries.data && deliveries.data.items.length > 0 ? (
        <div className="stack-table-wrap">
          <table className="payments-table stack-table" data-testid="portal-deliveries">
            <caption className="visually-hidden">Deliveries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.items.map((d) => (
                <tr key={d.id} data-testid="portal-delivery">
                  <th scope="row">{d.eventType}</th>
                  <td data-label="Status">
                    {d.status}
                    {d.lastStatusCode ? ` (${d.lastStatusCode})` : ''}
                  </td>
                  <td data-label="Attempts">{d.attempts}</td>
                  <td className="stack-table__actions">
                    {d.actions.resend ? (
                      <button
                        type="button"
                        className="btn btn--outline btn--sm"
                        onClick={() => run(d.actions.resend, 'Queued again')}
                      >
                        {d.actions.resend.title}
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">No deliveries yet.</p>
      )}
    </section>
  );
}

function People({ portal }: { portal: PartnerPortal }) {
  const perform = usePortalAction(portal.id);
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const invite = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    perform.mutate(
      { action: portal.actions.invite, body: { email: email.trim() } },
      {
        onSuccess: () => {
          toast({ title: 'Invitation sent', description: `${email.trim()} can join for 7 days.` });
          setEmail('');
        },
        onError: (error) => setProblem(fieldErrors(error).email ?? errorMessage(error, 'Please try again.')),
      },
    );
  };
  return (
    <section className="card portal-section" aria-labelledby="portal-people">
      <h2 id="portal-people">People</h2>
      <ul className="plain-list">
        {portal.members.map((m) => (
          <li key={m.email}>
            {m.name || m.email} · {m.email}
          </li>
        ))}
        {portal.invites.map((i) => (
          <li key={i.email} className="muted">
            {i.email} · invited, until {formatLongDate(i.expiresAt)}
          </li>
        ))}
      </ul>
      <form className="form portal-row" onSubmit={invite} aria-label="Invite a colleague">
        <Field label="Colleague’s e-mail" error={problem ?? undefined}>
          {(control) => <input {...control} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
        </Field>
        <button type="submit" className="btn btn--outline" disabled={perform.isPending}>
          {portal.actions.invite.title}
        </button>
      </form>
    </section>
  );
}
