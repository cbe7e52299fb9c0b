import type { PartnerPortal } from '@spotless/sdk';
import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/field';
import { ConfirmDialog } from '../../../components/modal-dialog';
import { fieldErrors, formErrors } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';
import { usePortalAction } from '../api/portal.queries';
import {
  actionField,
  graceEnd,
  graceLimits,
  graceProblem,
  hoursLabel,
  instantLabel,
  originsOf,
} from '../utils/portal-text';

/**
 * The partner's key and where it works (decision 081): rotating it, with a grace the person chooses
 * and confirms, and its allowed origins, saved as the server cleans them.
 */
export function KeyAndOrigins({ portal }: { portal: PartnerPortal }) {
  return (
    <section className="card portal-section" aria-labelledby="portal-key" data-testid="portal-key-section">
      <h2 id="portal-key">Your key and where it works</h2>
      <p>
        Publishable key: <code data-testid="portal-key">{portal.publishableKey}</code>
      </p>
      {portal.previousKey && portal.previousKeyExpiresAt ? (
        // One span: the alert lays its children out as a grid, a line each.
        <p className="alert alert--warning" data-testid="portal-previous-key">
          <span>
            The previous key <code>{portal.previousKey}</code> keeps working until{' '}
            {instantLabel(portal.previousKeyExpiresAt)}.
          </span>
        </p>
      ) : null}
      <RotateKey portal={portal} />
      <Origins portal={portal} />
    </section>
  );
}

function RotateKey({ portal }: { portal: PartnerPortal }) {
  const action = portal.actions.rotateKey;
  const field = actionField(action, 'graceHours');
  const { min, max } = graceLimits(field);
  const perform = usePortalAction(portal.id);
  const [grace, setGrace] = useState(String(actionField(action, 'graceHours')?.value ?? 24));
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** The grace and the instant the old key stops, fixed when the dialog opens. */
  const [asking, setAsking] = useState<{ hours: number; ends: Date } | null>(null);

  const ask = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const wrong = graceProblem(grace, field);
    setProblem(wrong);
    if (wrong) return;
    const hours = Number(grace.trim());
    setAsking({ hours, ends: graceEnd(new Date(), hours) });
  };
  const rotate = () => {
    if (!asking) return;
    perform.mutate(
      { action, body: { graceHours: asking.hours } },
      {
        onSuccess: () => {
          setAsking(null);
          toast({
            title: 'New key made',
            description:
              asking.hours === 0
                ? 'The old key has stopped working: put the new one on your pages.'
                : `Put the new key on your pages before ${instantLabel(asking.ends)}.`,
          });
        },
        onError: (error) => {
          setAsking(null);
          const shown = formErrors(error, ['graceHours'], 'The key was not rotated. Please try again.');
          setProblem(shown.fields.graceHours ?? null);
          setFailure(shown.message);
        },
      },
    );
  };
  return (
    <>
      <h3>Rotate the key</h3>
      <p className="muted">
        A new key for your pages. The old one keeps working for the hours you choose: time to change it on every page
        that carries it.
      </p>
      <form className="form portal-row" onSubmit={ask} aria-label="Rotate key" noValidate>
        <Field label={`Keep the old key working for (hours, ${min}–${max})`} error={problem}>
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              step={1}
              required
              value={grace}
              onChange={(e) => setGrace(e.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="btn btn--outline" disabled={perform.isPending}>
          {action.title}
        </button>
        {failure ? (
          <p className="alert alert--error portal-row__full" role="alert">
            {failure}
          </p>
        ) : null}
        <ConfirmDialog
          open={asking !== null}
          title="Rotate your key?"
          confirmLabel="Rotate key"
          pendingLabel="Rotating…"
          cancelLabel="Keep this key"
          pending={perform.isPending}
          onConfirm={rotate}
          onClose={() => setAsking(null)}
          testId="rotate-key-dialog"
        >
          {asking ? (
            <>
              <p>Your pages will need the new key: change it in each Spotless script tag.</p>
              <p className="alert alert--warning" data-testid="rotate-key-terms">
                <span>
                  {asking.hours === 0 ? (
                    <>
                      The current key <code>{portal.publishableKey}</code> stops working <strong>at once</strong>: the
                      widgets stop on every page that still carries it.
                    </>
                  ) : (
                    <>
                      The current key <code>{portal.publishableKey}</code> stops working at{' '}
                      <strong>{instantLabel(asking.ends)}</strong> ({hoursLabel(asking.hours)} from now).
                    </>
                  )}
                </span>
              </p>
              {portal.previousKey ? (
                <p>
                  The key before it, <code>{portal.previousKey}</code>, stops working at once.
                </p>
              ) : null}
            </>
          ) : null}
        </ConfirmDialog>
      </form>
    </>
  );
}

function Origins({ portal }: { portal: PartnerPortal }) {
  const perform = usePortalAction(portal.id);
  const [origins, setOrigins] = useState(portal.allowedOrigins.join('\n'));
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmEmpty, setConfirmEmpty] = useState(false);

  const save = (list: string[]) => {
    setProblem(null);
    perform.mutate(
      { action: portal.actions.updateOrigins, body: { allowedOrigins: list } },
      {
        onSuccess: (answer) => {
          setConfirmEmpty(false);
          const saved = (answer as PartnerPortal).allowedOrigins;
          setOrigins(saved.join('\n'));
          toast({
            title: 'Origins saved',
            description: saved.length ? `Your key works on ${saved.join(', ')}.` : 'Your key works on no site now.',
          });
        },
        onError: (error) => {
          setConfirmEmpty(false);
          // A bad origin is named by its place in the list (`allowedOrigins.2`); its message quotes it.
          const named = Object.entries(fieldErrors(error)).filter(([name]) => name.startsWith('allowedOrigins'));
          setProblem(
            named.length > 0
              ? named.map(([, message]) => message).join(' ')
              : (formErrors(error, [], 'The origins were not saved. Please try again.').message ?? null),
          );
        },
      },
    );
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const list = originsOf(origins);
    if (list.length === 0) setConfirmEmpty(true);
    else save(list);
  };
  return (
    <form className="form" onSubmit={submit} aria-label="Allowed origins">
      <h3>Where your key works</h3>
      <Field
        label="Allowed origins (one a line, e.g. https://www.your-site.com)"
        hint="Scheme and host, and a port if not the usual one; http://localhost:* allows any port. Saved in lower case."
        error={problem}
      >
        {(control) => <textarea {...control} rows={3} value={origins} onChange={(e) => setOrigins(e.target.value)} />}
      </Field>
      <div className="button-row">
        <button type="submit" className="btn btn--primary" disabled={perform.isPending}>
          {portal.actions.updateOrigins.title}
        </button>
      </div>
      <ConfirmDialog
        open={confirmEmpty}
        title="Save an empty list?"
        confirmLabel="Save empty list"
        pendingLabel="Saving…"
        cancelLabel="Keep editing"
        pending={perform.isPending}
        onConfirm={() => save([])}
        onClose={() => setConfirmEmpty(false)}
        testId="empty-origins-dialog"
      >
        <p className="alert alert--warning">
          No site will be able to use your key: the widgets stop on every page until you add an origin again.
        </p>
      </ConfirmDialog>
    </form>
  );
}
