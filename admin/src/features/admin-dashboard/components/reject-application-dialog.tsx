import type { Application } from '@spotless/sdk';
import { type FormEvent, useId, useState } from 'react';
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
  const id = useId();
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
      <div className="field">
        <label htmlFor={`${id}-reason`}>Reason for rejection</label>
        <textarea
          id={`${id}-reason`}
          rows={4}
          maxLength={1000}
          value={reason}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-reason-error` : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
        {error ? (
          <p id={`${id}-reason-error`} className="field__error">
            {error}
          </p>
        ) : null}
      </div>
      <div className="button-row">
        <button type="submit" className="btn btn--danger" disabled={setStatus.isPending || !action}>
          {setStatus.isPending ? 'Rejecting...' : 'Reject Application'}
        </button>
        <button type="button" className="btn btn--outline" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
