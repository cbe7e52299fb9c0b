import type { Booking } from '@spotless/sdk';
import { type FormEvent, useState } from 'react';
import { DialogFooter } from '../../../components/dialog-footer';
import { Field } from '../../../components/field';
import { ModalDialog } from '../../../components/modal-dialog';
import { errorMessage, errorStatus, fieldErrors } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';
import { useWithdrawJob } from '../api/cleaner-dashboard.mutations';

type WithdrawAction = NonNullable<Booking['actions']['withdraw']>;

/**
 * Withdrawing from a confirmed job the cleaner cannot come to (decision 071): the booking's own
 * `withdraw` action as a form — its reason field with the action's limits, its description saying
 * what happens (the customer is told why and refunded in full, the cleaner is paid nothing).
 */
export function WithdrawDialog({
  job,
  action,
  onClose,
}: {
  job: Booking;
  action: WithdrawAction;
  onClose: () => void;
}) {
  const field = action.fields.find((f) => f.name === 'reason');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const withdraw = useWithdrawJob();
  const min = field?.minLength ?? 1;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (withdraw.isPending) return;
    if (reason.trim().length < min) {
      setError(`Please tell the customer why you cannot come (at least ${min} characters)`);
      return;
    }
    withdraw.mutate(
      { action, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({
            title: 'Booking Updated',
            description: `You withdrew from booking #${job.id}. The customer is told why and refunded in full.`,
          });
          onClose();
        },
        onError: (failure) => {
          if (errorStatus(failure) === 401) return;
          const fields = fieldErrors(failure);
          if (fields.reason) {
            setError(fields.reason);
            return;
          }
          toast({
            title: 'Error',
            description: errorMessage(failure, 'Failed to withdraw from the booking.'),
            variant: 'destructive',
          });
        },
      },
    );
  };
  return (
    <ModalDialog
      open
      title={`Withdraw from booking #${job.id}`}
      description={action.description}
      onClose={onClose}
      testId="withdraw-dialog"
    >
      <form className="form" noValidate onSubmit={submit}>
        <Field label="Why can you not come?" error={error} hint="The customer is sent this.">
          {(control) => (
            <textarea
              {...control}
              name="reason"
              rows={3}
              required
              minLength={min}
              maxLength={field?.maxLength}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setError(undefined);
              }}
            />
          )}
        </Field>
        <DialogFooter
          submitLabel="Withdraw"
          pendingLabel="Withdrawing..."
          pending={withdraw.isPending}
          tone="danger"
          cancelLabel="Keep the job"
          onCancel={onClose}
        />
      </form>
    </ModalDialog>
  );
}
