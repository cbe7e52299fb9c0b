import type { Application } from '@spotless/sdk';
import type { FormEvent } from 'react';
import { StatusNotesField, useStatusChange } from './status-change';

const DECISIONS = ['startReview', 'approve', 'reject'] as const;

/** Each decision's button: the way forward stands out, a rejection is marked as dangerous. */
const BUTTON_CLASS: Record<(typeof DECISIONS)[number], string> = {
  startReview: 'btn btn--outline',
  approve: 'btn btn--primary',
  reject: 'btn btn--danger',
};

/** The decision on an application: notes, and the status actions the server offers now. */
export function DecisionForm({ application, onClose }: { application: Application; onClose: () => void }) {
  const status = useStatusChange(application.adminNotes ?? '');
  const offered = DECISIONS.map((name) => application.actions[name]).filter((action) => action !== undefined);

  const decide = (name: (typeof DECISIONS)[number]) => (event: FormEvent) => {
    event.preventDefault();
    status.change(application.actions[name], (updated) => {
      if (updated.status === 'approved' || updated.status === 'rejected') onClose();
    });
  };

  return (
    <section aria-labelledby="application-decision-title" className="application-review__decision">
      <h3 id="application-decision-title" className="application-review__heading">
        Decision
      </h3>
      <StatusNotesField
        label="Admin notes"
        hint="Kept with the application. When you reject it, this is the reason the applicant is sent."
        rows={3}
        status={status}
      />
      {application.actions.approve?.description ? (
        <p className="alert alert--warning" data-testid="approve-warning">
          {application.actions.approve.description}
        </p>
      ) : null}
      {offered.length === 0 ? (
        <p className="application-review__muted">No decision can be made on this application now.</p>
      ) : (
        <div className="button-row" aria-busy={status.pending}>
          {DECISIONS.map((name) => {
            const action = application.actions[name];
            return action ? (
              <button
                key={name}
                type="button"
                className={BUTTON_CLASS[name]}
                disabled={status.pending}
                onClick={decide(name)}
              >
                {action.title}
              </button>
            ) : null;
          })}
        </div>
      )}
    </section>
  );
}
