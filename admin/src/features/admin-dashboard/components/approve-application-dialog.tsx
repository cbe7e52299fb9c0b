import type { Application } from '@spotless/sdk';
import type { FormEvent } from 'react';
import { DialogFooter } from '../../../components/dialog-footer';
import { ModalDialog } from '../../../components/modal-dialog';
import { applicantName, quickActions } from '../utils/admin-dashboard';
import { useStatusChange } from './status-change';

/**
 * The quick Approve of a pending application, asked in the app's own dialog (never the browser's
 * confirm()): approving lets strangers book this person into their homes, so it says so, and what
 * is still unchecked (the action's description: documents not verified yet). Approving needs no
 * reason; notes can be written in the detailed review.
 */
export function ApproveApplicationDialog({
  application,
  onClose,
}: {
  application: Application | null;
  onClose: () => void;
}) {
  return (
    <ModalDialog
      open={application !== null}
      title={application ? `Approve ${applicantName(application)}` : 'Approve Application'}
      onClose={onClose}
      testId="approve-application-dialog"
    >
      {application ? <ApproveForm key={application.id} application={application} onDone={onClose} /> : null}
    </ModalDialog>
  );
}

function ApproveForm({ application, onDone }: { application: Application; onDone: () => void }) {
  const status = useStatusChange();
  const action = quickActions(application).approve;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    status.change(action, () => onDone());
  };

  return (
    <form className="form admin-dialog" noValidate onSubmit={submit} aria-busy={status.pending}>
      <p>
        Approve the application of <strong>{applicantName(application)}</strong> ({application.user.email})? They become
        a cleaner customers can book.
      </p>
      {action?.description ? (
        <p className="alert alert--warning" data-testid="approve-warning">
          {action.description}
        </p>
      ) : null}
      {status.error ? (
        <p className="alert alert--error" role="alert">
          {status.error}
        </p>
      ) : null}
      <DialogFooter
        submitLabel={action?.title ?? 'Approve'}
        pendingLabel="Approving..."
        pending={status.pending}
        canSubmit={Boolean(action)}
        onCancel={onDone}
      />
    </form>
  );
}
