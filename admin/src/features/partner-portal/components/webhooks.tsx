import type { PartnerPortal, PartnerWebhook, PartnerWebhookList } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Field } from '../../../components/field';
import { ConfirmDialog } from '../../../components/modal-dialog';
import { errorMessage, fieldErrors, formErrors } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';
import { portalWebhooksQuery, usePortalAction } from '../api/portal.queries';
import { actionField, eventLabel } from '../utils/portal-text';
import { WebhookDeliveries } from './webhook-deliveries';

/**
 * The partner's webhook endpoints (decisions 079, 081): each with what its actions allow — edit its
 * URL and events, disable or enable it, remove it (confirmed), send it a test event — and a form to
 * add one; the delivery log below.
 */
export function Webhooks({ portal }: { portal: PartnerPortal }) {
  const hooks = useQuery(portalWebhooksQuery(portal));
  return (
    <section className="card portal-section" aria-labelledby="portal-webhooks" data-testid="portal-webhooks">
      <h2 id="portal-webhooks">Webhooks to your systems</h2>
      <p className="muted">
        Each event is POSTed as JSON, signed in the <code>Spotless-Signature</code> header (verify it with{' '}
        <code>verifyWebhook</code> from <code>@spotless/sdk/webhooks</code>), and retried when your server does not
        answer 2xx.
      </p>
      {hooks.isError ? <p className="alert alert--error">Failed to load your endpoints.</p> : null}
      {hooks.data?.items.map((hook) => (
        <Endpoint key={hook.id} portal={portal} hook={hook} />
      ))}
      {hooks.data?.items.length === 0 ? <p className="muted">No endpoint yet.</p> : null}
      {hooks.data?.actions.create ? <AddEndpoint portal={portal} action={hooks.data.actions.create} /> : null}
      <WebhookDeliveries portal={portal} />
    </section>
  );
}

type Action = PartnerWebhook['actions']['update'] | PartnerWebhookList['actions']['create'];

/** The event types an action offers (its `events` field's options), with those it starts with. */
function eventChoices(action: Action): { offered: string[]; chosen: string[] } {
  const offered = actionField(action, 'events')?.options?.map((o) => o.value) ?? [];
  const value = actionField(action, 'events')?.value;
  return { offered, chosen: Array.isArray(value) ? (value as string[]) : offered };
}

/** The URL and events of an endpoint, for adding one or changing one. */
function EndpointForm({
  portal,
  action,
  label,
  submitLabel,
  onDone,
  onCancel,
}: {
  portal: PartnerPortal;
  action: Action;
  label: string;
  submitLabel: string;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const perform = usePortalAction(portal.id);
  const { offered, chosen } = eventChoices(action);
  const [url, setUrl] = useState(String(actionField(action, 'url')?.value ?? ''));
  const [events, setEvents] = useState<string[]>(chosen);
  const [problems, setProblems] = useState<{ url?: string; events?: string; message?: string | null }>({});
  const eventsErrorId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!url.trim()) return setProblems({ url: 'Enter the address of your endpoint, starting with https://' });
    if (events.length === 0) return setProblems({ events: 'Choose at least one event' });
    setProblems({});
    perform.mutate(
      { action, body: { url: url.trim(), events } },
      {
        onSuccess: onDone,
        onError: (error) => {
          // One event refused is named by its place (`events.2`): its message goes under the events.
          const named = fieldErrors(error);
          const eventProblem = Object.entries(named).find(([name]) => name.startsWith('events'))?.[1];
          const shown = formErrors(error, ['url'], 'The endpoint was not saved. Please try again.');
          const onlyShown = Object.keys(named).every((name) => name === 'url' || name.startsWith('events'));
          setProblems({
            url: shown.fields.url,
            events: eventProblem,
            message: onlyShown && (shown.fields.url || eventProblem) ? null : shown.message,
          });
        },
      },
    );
  };
  const toggle = (type: string, on: boolean) =>
    setEvents((current) =>
      on ? offered.filter((t) => t === type || current.includes(t)) : current.filter((t) => t !== type),
    );
  return (
    <form className="form portal-hook__form" onSubmit={submit} aria-label={label} noValidate>
      <Field label="Endpoint URL" hint={action.description} error={problems.url}>
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
      <fieldset className="choice-group portal-events" aria-describedby={problems.events ? eventsErrorId : undefined}>
        <legend>Events it is sent</legend>
        {offered.map((type) => (
          <label key={type} className="choice">
            <input type="checkbox" checked={events.includes(type)} onChange={(e) => toggle(type, e.target.checked)} />
            <span>
              {eventLabel(type)} <code>{type}</code>
            </span>
          </label>
        ))}
        {problems.events ? (
          <p id={eventsErrorId} className="field__error">
            {problems.events}
          </p>
        ) : null}
      </fieldset>
      {problems.message ? (
        <p className="alert alert--error" role="alert">
          {problems.message}
        </p>
      ) : null}
      <div className="button-row">
        <button type="submit" className="btn btn--primary" disabled={perform.isPending}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn--outline" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

function AddEndpoint({ portal, action }: { portal: PartnerPortal; action: PartnerWebhookList['actions']['create'] }) {
  // A new form (its fields empty again) after each endpoint added.
  const [round, setRound] = useState(0);
  return (
    <div className="portal-hook portal-hook--new">
      <h3>Add an endpoint</h3>
      <EndpointForm
        key={round}
        portal={portal}
        action={action}
        label="Add a webhook endpoint"
        submitLabel={action.title}
        onDone={() => {
          toast({ title: 'Endpoint added', description: 'Send it a test event to check that it verifies ours.' });
          setRound((n) => n + 1);
        }}
      />
    </div>
  );
}

/**
 * An endpoint's signing secret: a credential, so hidden until asked for (Reveal), and copied
 * without being shown (Copy).
 */
function SigningSecret({ secret }: { secret: string }) {
  const [shown, setShown] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: 'Signing secret copied' });
    } catch {
      setShown(true);
      toast({
        title: 'Could not copy',
        description: 'Select the secret and copy it yourself.',
        variant: 'destructive',
      });
    }
  };
  return (
    <p className="portal-hook__secret">
      <span className="muted">Signing secret:</span>{' '}
      <code data-testid="signing-secret">{shown ? secret : `whsec_${'•'.repeat(12)}`}</code>{' '}
      <button
        type="button"
        className="btn btn--outline btn--sm"
        aria-pressed={shown}
        onClick={() => setShown((now) => !now)}
      >
        {shown ? 'Hide' : 'Reveal'}
      </button>{' '}
      <button type="button" className="btn btn--outline btn--sm" onClick={copy}>
        Copy
      </button>
    </p>
  );
}

function Endpoint({ portal, hook }: { portal: PartnerPortal; hook: PartnerWebhook }) {
  const perform = usePortalAction(portal.id);
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const { update, delete: remove, sendTest } = hook.actions;
  const run = (
    action: Parameters<typeof perform.mutate>[0]['action'],
    body: Record<string, unknown> | undefined,
    done: string,
  ) =>
    perform.mutate(
      { action, body },
      {
        onSuccess: () => {
          setRemoving(false);
          toast({ title: done });
        },
        onError: (error) => {
          setRemoving(false);
          toast({
            title: 'That did not work',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  return (
    <div className="portal-hook" data-testid="portal-hook">
      <p className="portal-hook__title">
        <strong>{hook.url}</strong>{' '}
        <span className={`tone-badge ${hook.isActive ? 'tone-badge--green' : 'tone-badge--grey'}`}>
          {hook.isActive ? 'Active' : 'Disabled'}
        </span>
      </p>
      <p>{hook.events.map(eventLabel).join(', ')}</p>
      <SigningSecret secret={hook.signingSecret} />
      {editing && update ? (
        <EndpointForm
          portal={portal}
          action={update}
          label={`Edit the endpoint ${hook.url}`}
          submitLabel="Save endpoint"
          onDone={() => {
            setEditing(false);
            toast({ title: 'Endpoint saved' });
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="button-row">
          {update ? (
            <button type="button" className="btn btn--outline btn--sm" onClick={() => setEditing(true)}>
              Edit
            </button>
          ) : null}
          {update ? (
            <button
              type="button"
              className="btn btn--outline btn--sm"
              disabled={perform.isPending}
              onClick={() =>
                run(update, { isActive: !hook.isActive }, hook.isActive ? 'Endpoint disabled' : 'Endpoint enabled')
              }
            >
              {hook.isActive ? 'Disable' : 'Enable'}
            </button>
          ) : null}
          {sendTest ? (
            <button
              type="button"
              className="btn btn--outline btn--sm"
              disabled={perform.isPending}
              onClick={() => run(sendTest, undefined, 'Test event queued: it is sent within a minute')}
            >
              {sendTest.title}
            </button>
          ) : null}
          {remove ? (
            <button type="button" className="btn btn--outline btn--sm" onClick={() => setRemoving(true)}>
              {remove.title}
            </button>
          ) : null}
        </div>
      )}
      {remove ? (
        <ConfirmDialog
          open={removing}
          title="Remove this endpoint?"
          confirmLabel="Remove endpoint"
          pendingLabel="Removing…"
          cancelLabel="Keep it"
          pending={perform.isPending}
          onConfirm={() => run(remove, undefined, 'Endpoint removed')}
          onClose={() => setRemoving(false)}
          testId="remove-endpoint-dialog"
        >
          <p>
            <strong>{hook.url}</strong> is sent nothing more.
          </p>
          <p className="alert alert--warning">{remove.description}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
