import type { Application } from '@spotless/sdk';
import type { FormEvent } from 'react';
import { DialogFooter } from '../../../components/dialog-footer';
import { ModalDialog } from '../../../components/modal-dialog';
import { applicantName, quickActions } from '../utils/admin-dashboard';
import { StatusNotesField, useStatusChange } from './status-change';

/** The quick Reject of a pending application: it asks for the reason the applicant is sent. */
export function RejectApplicationDialog({
  application,
  title,
  onClose,
}: {
  application: Application | null;
  title: string;
  onClose: () => void;
}) {
  return (
    <ModalDialog
      open={application !== null}
      title={title}
      description="The applicant is sent the reason."
      onClose={onClose}
      testId="reject-application-dialog"
    >
      {application ? <RejectForm key={application.id} application={application} onDone={onClose} /> : null}
    </ModalDialog>
  );
}

function RejectForm({ application, onDone }: { application: Application; onDone: () => void }) {
  const status = useStatusChange();
  const action = quickActions(application).reject;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    status.change(action, () => onDone());
  };

  return (
    <form className="form admin-dialog" noValidate onSubmit={submit} aria-busy={status.pending}>
      <p>
        Reject the application of <strong>{applicantName(application)}</strong> ({application.user.email}).
      </p>
      <StatusNotesField label="Reason for rejection" rows={4} status={status} />
      <DialogFooter
        submitLabel="Reject Application"
        pendingLabel="Rejecting..."
        pending={status.pending}
        canSubmit={Boolean(action)}
        tone="danger"
        onCancel={onDone}
      />
    </form>
  );
}
