import type { Application } from '@spotless/sdk';
import { type ReactNode, useState } from 'react';
import { Field } from '../../../components/field';
import { useSetApplicationStatus } from '../api/admin-applications.mutations';
import { statusChangeBody } from '../utils/admin-dashboard';
import { statusFailureToast, statusSuccessToast } from './status-toasts';

type StatusAction = NonNullable<Application['actions']['approve' | 'reject' | 'startReview']>;

/**
 * A status action sent with the administrator's notes (a rejection's reason): the notes are checked
 * against the action first and a problem is shown under their field; the outcome is toasted, and
 * `onChanged` is given the application in its new state.
 */
export function useStatusChange(initialNotes = '') {
  const setStatus = useSetApplicationStatus();
  const [notes, setNotes] = useState(initialNotes);
  const [error, setError] = useState<string | null>(null);

  const change = (action: StatusAction | undefined, onChanged: (updated: Application) => void) => {
    if (!action || setStatus.isPending) return;
    const checked = statusChangeBody(action, notes);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(null);
    setStatus.mutate(
      { action, body: checked.body },
      {
        onSuccess: (updated) => {
          statusSuccessToast(updated);
          onChanged(updated);
        },
        onError: statusFailureToast,
      },
    );
  };

  return { notes, setNotes, error, pending: setStatus.isPending, change };
}

/** The notes of a status change, with the problem `useStatusChange` found in them. */
export function StatusNotesField({
  label,
  hint,
  rows,
  status,
}: {
  label: string;
  hint?: ReactNode;
  rows: number;
  status: Pick<ReturnType<typeof useStatusChange>, 'notes' | 'setNotes' | 'error'>;
}) {
  return (
    <Field label={label} error={status.error} hint={hint}>
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          maxLength={1000}
          value={status.notes}
          onChange={(e) => status.setNotes(e.target.value)}
        />
      )}
    </Field>
  );
}
