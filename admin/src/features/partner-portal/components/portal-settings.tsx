import { formatLongDate, type PartnerPortal } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/field';
import { errorMessage, fieldErrors } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';
import {
  portalDeliveriesQuery,
  portalPayoutAccountQuery,
  portalWebhooksQuery,
  usePortalAction,
} from '../api/portal.queries';

/** The portal's settings (decision 081): its key and origins, its webhooks, its people. */

export function KeyAndOrigins({ portal }: { portal: PartnerPortal }) {
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

export function Webhooks({ portal }: { portal: PartnerPortal }) {
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

export function People({ portal }: { portal: PartnerPortal }) {
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

/** Where the partner's commission is paid (decision 081): its connected account, as a cleaner's. */
export function PayoutAccountCard({ portal }: { portal: PartnerPortal }) {
  const account = useQuery(portalPayoutAccountQuery(portal));
  const perform = usePortalAction(portal.id);
  const action = account.data?.actions.connect;
  const start = () => {
    if (!action) return;
    perform.mutate(
      { action },
      {
        onSuccess: (answer) => window.location.assign((answer as { onboardingUrl: string }).onboardingUrl),
        onError: (error) =>
          toast({
            title: 'Could not start',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  };
  return (
    <section className="card portal-section" aria-labelledby="portal-payouts" data-testid="portal-payout-account">
      <h2 id="portal-payouts">Where your commission is paid</h2>
      {account.data?.status === 'enabled' ? (
        <p>
          <span className="tone-badge tone-badge--green">Ready</span> Commission is paid to your bank account 24 hours
          after each job ends.
        </p>
      ) : (
        <p>
          <span className="tone-badge tone-badge--yellow">
            {account.data?.status === 'onboarding' ? 'Setup not finished' : 'Not connected'}
          </span>{' '}
          {account.data?.requirement}
        </p>
      )}
      {action ? (
        <button type="button" className="btn btn--primary" onClick={start} disabled={perform.isPending}>
          {action.title}
        </button>
      ) : null}
    </section>
  );
}
