import type { Partner } from '@spotless/sdk';
import { type FormEvent, useState } from 'react';
import { DialogFooter } from '../../../components/dialog-footer';
import { Field } from '../../../components/field';
import { ModalDialog } from '../../../components/modal-dialog';
import { formErrors } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';
import { useInvitePartnerPerson } from '../api/partners';

/**
 * Inviting someone to a partner's portal from the partners list (decision 081): an administrator
 * invites its first person here, who invites colleagues from the portal. The e-mail's link names
 * the partner and lets them create an account or sign in, then accept.
 */
export function InviteDialog({ partner, onClose }: { partner: Partner | null; onClose: () => void }) {
  return (
    <ModalDialog
      open={partner !== null}
      title={partner ? `Invite someone to ${partner.name}` : 'Invite someone'}
      description={partner?.actions.invite.description}
      onClose={onClose}
      testId="invite-dialog"
    >
      {partner ? <InviteForm key={partner.id} partner={partner} onDone={onClose} /> : null}
    </ModalDialog>
  );
}

function InviteForm({ partner, onDone }: { partner: Partner; onDone: () => void }) {
  const perform = useInvitePartnerPerson();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<{ email?: string; message?: string | null }>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim()) return setProblem({ email: 'Enter the e-mail address to send the invitation to' });
    setProblem({});
    perform.mutate(
      { action: partner.actions.invite, email: email.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Invitation sent', description: `${email.trim()} can now join ${partner.name}’s portal.` });
          onDone();
        },
        onError: (error) => {
          const { fields, message } = formErrors(error, ['email'], 'The invitation was not sent. Please try again.');
          setProblem({ email: fields.email, message: fields.email ? null : message });
        },
      },
    );
  };
  return (
    <form className="form admin-dialog" noValidate onSubmit={submit} aria-busy={perform.isPending}>
      <Field label="E-mail address" error={problem.email}>
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </Field>
      {problem.message ? (
        <p className="alert alert--error" role="alert">
          {problem.message}
        </p>
      ) : null}
      <DialogFooter
        submitLabel="Send invitation"
        pendingLabel="Sending..."
        pending={perform.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
