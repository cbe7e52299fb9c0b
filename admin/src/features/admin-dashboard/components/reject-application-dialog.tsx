import type { Application } from '@spotless/sdk';
import { type FormEvent, useState } from 'react';
import { DialogFooter } from '../../../components/dialog-footer';
import { Field } from '../../../components/field';
import { ModalDialog } from '../../../components/modal-dialog';
import { useSetApplicationStatus } from '../api/admin-applications.mutations';
import { applicantName, quickActions, statusChangeBody } from '../utils/admin-dashboard';
import { statusFailureToast, statusSuccessToast } from './status-toasts';

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
  const setStatus = useSetApplicationStatus();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const action = quickActions(application).reject;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!action || setStatus.isPending) return;
    const change = statusChangeBody(action, reason);
    if (!change.ok) {
      setError(change.message);
      return;
    }
    setError(null);
    setStatus.mutate(
      { action, body: change.body },
      {
        onSuccess: (updated) => {
          statusSuccessToast(updated);
          onDone();
        },
        onError: statusFailureToast,
      },
    );
  };

  return (
    <form className="form admin-dialog" noValidate onSubmit={submit} aria-busy={setStatus.isPending}>
      <p>
        Reject the application of <strong>{applicantName(application)}</strong> ({application.user.email}).
      </p>
      <Field label="Reason for rejection" error={error}>
        {(control) => (
          <textarea {...control} rows={4} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
        )}
      </Field>
      <DialogFooter
        submitLabel="Reject Application"
        pendingLabel="Rejecting..."
        pending={setStatus.isPending}
        canSubmit={Boolean(action)}
        tone="danger"
        onCancel={onDone}
      />
    </form>
  );
}
