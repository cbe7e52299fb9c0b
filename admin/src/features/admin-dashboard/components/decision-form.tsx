import type { Application } from '@spotless/sdk';
import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/field';
import { useSetApplicationStatus } from '../api/admin-applications.mutations';
import { statusChangeBody } from '../utils/admin-dashboard';
import { statusFailureToast, statusSuccessToast } from './status-toasts';

const DECISIONS = ['startReview', 'approve', 'reject'] as const;

/** The decision on an application: notes, and the status actions the server offers now. */
export function DecisionForm({ application, onClose }: { application: Application; onClose: () => void }) {
  const setStatus = useSetApplicationStatus();
  const [notes, setNotes] = useState(application.adminNotes ?? '');
  const [error, setError] = useState<string | null>(null);
  const offered = DECISIONS.map((name) => application.actions[name]).filter((action) => action !== undefined);

  const decide = (name: (typeof DECISIONS)[number]) => (event: FormEvent) => {
    event.preventDefault();
    const action = application.actions[name];
    if (!action || setStatus.isPending) return;
    const change = statusChangeBody(action, notes);
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
          if (updated.status === 'approved' || updated.status === 'rejected') onClose();
        },
        onError: statusFailureToast,
      },
    );
  };

  return (
    <section aria-labelledby="application-decision-title" className="application-review__decision">
      <h3 id="application-decision-title" className="application-review__heading">
        Decision
      </h3>
      <Field
        label="Admin notes"
        error={error}
        hint="Kept with the application. When you reject it, this is the reason the applicant is sent."
      >
        {(control) => (
          <textarea {...control} rows={3} maxLength={1000} value={notes} onChange={(e) => setNotes(e.target.value)} />
        )}
      </Field>
      {application.actions.approve?.description ? (
        <p className="alert alert--warning" data-testid="approve-warning">
          {application.actions.approve.description}
        </p>
      ) : null}
      {offered.length === 0 ? (
        <p className="application-review__muted">No decision can be made on this application now.</p>
      ) : (
        <div className="button-row" aria-busy={setStatus.isPending}>
          {application.actions.startReview ? (
            <button
              type="button"
              className="btn btn--outline"
              disabled={setStatus.isPending}
              onClick={decide('startReview')}
            >
              {application.actions.startReview.title}
            </button>
          ) : null}
          {application.actions.approve ? (
            <button
              type="button"
              className="btn btn--primary"
              disabled={setStatus.isPending}
              onClick={decide('approve')}
            >
              {application.actions.approve.title}
            </button>
          ) : null}
          {application.actions.reject ? (
            <button type="button" className="btn btn--danger" disabled={setStatus.isPending} onClick={decide('reject')}>
              {application.actions.reject.title}
            </button>
          ) : null}
        </div>
      )}
    </section>
  );
}
