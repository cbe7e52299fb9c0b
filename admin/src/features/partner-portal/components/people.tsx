import type { PartnerPortal } from '@spotless/sdk';
import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/field';
import { ConfirmDialog } from '../../../components/modal-dialog';
import { errorMessage, formErrors } from '../../../lib/api-errors';
import { useNavigate } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { useForgetPortal, usePortalAction } from '../api/portal.queries';
import { instantLabel, possessive } from '../utils/portal-text';

type Member = PartnerPortal['members'][number];
type Invite = PartnerPortal['invites'][number];

/**
 * The partner's people (decision 081): its members, each removable where the portal offers it (never
 * the last by one of them), its pending invitations with Resend and Revoke, and an invitation form.
 */
export function People({ portal }: { portal: PartnerPortal }) {
  const perform = usePortalAction(portal.id);
  const navigate = useNavigate();
  const forget = useForgetPortal(portal.id);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [revoking, setRevoking] = useState<Invite | null>(null);
  const failed = (error: unknown) =>
    toast({
      title: 'That did not work',
      description: errorMessage(error, 'Please try again.'),
      variant: 'destructive',
    });

  const remove = (member: Member) => {
    if (!member.actions.remove) return;
    perform.mutate(
      { action: member.actions.remove },
      {
        onSuccess: () => {
          setRemoving(null);
          if (member.isYou) {
            toast({ title: `You left ${possessive(portal.name)} portal` });
            forget();
            navigate('/partner-portal', { replace: true });
          } else {
            toast({ title: `${member.name || member.email} removed` });
          }
        },
        onError: (error) => {
          setRemoving(null);
          failed(error);
        },
      },
    );
  };
  const resend = (invite: Invite) =>
    perform.mutate(
      { action: invite.actions.resend },
      {
        onSuccess: () =>
          toast({ title: 'Invitation sent again', description: `${invite.email} has a new link, good for 7 days.` }),
        onError: failed,
      },
    );
  const revoke = (invite: Invite) =>
    perform.mutate(
      { action: invite.actions.revoke },
      {
        onSuccess: () => {
          setRevoking(null);
          toast({ title: 'Invitation revoked', description: `The link sent to ${invite.email} no longer works.` });
        },
        onError: (error) => {
          setRevoking(null);
          failed(error);
        },
      },
    );

  return (
    <section className="card portal-section" aria-labelledby="portal-people" data-testid="portal-people">
      <h2 id="portal-people">People</h2>
      <ul className="portal-list" aria-label="Members">
        {portal.members.map((m) => (
          <li key={m.id} className="portal-list__item" data-testid="portal-member">
            <span>
              <strong>{m.name || m.email}</strong>
              {m.isYou ? ' (you)' : ''}
              <span className="muted"> · {m.email}</span>
            </span>
            {m.actions.remove ? (
              <button type="button" className="btn btn--outline btn--sm" onClick={() => setRemoving(m)}>
                {m.actions.remove.title}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {portal.members.length === 1 && !portal.members[0]?.actions.remove ? (
        <p className="muted">Invite a colleague before you leave: a partner always keeps one person here.</p>
      ) : null}

      <h3>Invitations waiting</h3>
      {portal.invites.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul className="portal-list" aria-label="Invitations waiting">
          {portal.invites.map((i) => (
            <li key={i.id} className="portal-list__item" data-testid="portal-invite">
              <span>
                <strong>{i.email}</strong>
                <span className="muted"> · link good until {instantLabel(i.expiresAt)}</span>
              </span>
              <span className="button-row">
                <button
                  type="button"
                  className="btn btn--outline btn--sm"
                  disabled={perform.isPending}
                  onClick={() => resend(i)}
                >
                  {i.actions.resend.title}
                </button>
                <button type="button" className="btn btn--outline btn--sm" onClick={() => setRevoking(i)}>
                  {i.actions.revoke.title}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <InviteForm portal={portal} />

      <ConfirmDialog
        open={removing !== null}
        title={removing?.isYou ? 'Leave this portal?' : `Remove ${removing?.name || removing?.email}?`}
        confirmLabel={removing?.isYou ? 'Leave' : 'Remove'}
        pendingLabel={removing?.isYou ? 'Leaving…' : 'Removing…'}
        cancelLabel="Cancel"
        pending={perform.isPending}
        onConfirm={() => removing && remove(removing)}
        onClose={() => setRemoving(null)}
        testId="remove-member-dialog"
      >
        <p>{removing?.actions.remove?.description}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this invitation?"
        confirmLabel="Revoke invitation"
        pendingLabel="Revoking…"
        cancelLabel="Keep it"
        pending={perform.isPending}
        onConfirm={() => revoking && revoke(revoking)}
        onClose={() => setRevoking(null)}
        testId="revoke-invite-dialog"
      >
        <p>
          The link sent to <strong>{revoking?.email}</strong> stops working. You can invite them again later.
        </p>
      </ConfirmDialog>
    </section>
  );
}

function InviteForm({ portal }: { portal: PartnerPortal }) {
  const perform = usePortalAction(portal.id);
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const invite = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    setFailure(null);
    setProblem(address ? null : 'Enter your colleague’s e-mail address');
    if (!address) return;
    const replacing = portal.invites.some((i) => i.email === address.toLowerCase());
    perform.mutate(
      { action: portal.actions.invite, body: { email: address } },
      {
        onSuccess: () => {
          toast({
            title: replacing ? 'Invitation sent again' : 'Invitation sent',
            description: `${address} can join for 7 days${replacing ? '; the link sent before no longer works' : ''}.`,
          });
          setEmail('');
        },
        onError: (error) => {
          const shown = formErrors(error, ['email'], 'The invitation was not sent. Please try again.');
          setProblem(shown.fields.email ?? null);
          setFailure(shown.message);
        },
      },
    );
  };
  return (
    <form className="form portal-row" onSubmit={invite} aria-label="Invite a colleague" noValidate>
      <Field label="Colleague’s e-mail" error={problem}>
        {(control) => <input {...control} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
      </Field>
      <button type="submit" className="btn btn--outline" disabled={perform.isPending}>
        {portal.actions.invite.title}
      </button>
      {failure ? (
        <p className="alert alert--error portal-row__full" role="alert">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
