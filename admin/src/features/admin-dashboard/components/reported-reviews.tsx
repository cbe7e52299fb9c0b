import type { ReviewReport } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { DialogFooter } from '../../../components/dialog-footer';
import { Field } from '../../../components/field';
import { ModalDialog } from '../../../components/modal-dialog';
import { starLabel } from '../../../entities/review/utils/review-form';
import { errorMessage, errorStatus, fieldErrors } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';
import { openReviewReportsQuery, useModerateReview } from '../api/review-reports';
import { dateTime } from '../utils/admin-dashboard';
import { moderationBody, ratingText, reportedCleanerName, reporterSaid } from '../utils/review-reports';

type HideAction = NonNullable<ReviewReport['actions']['hideReview']>;

/** 401 and 403 are the app's one error path here (docs/product/administration.md). */
function failedToast(error: unknown, fallback: string) {
  if (errorStatus(error) === 401 || errorStatus(error) === 403) return;
  toast({ title: 'Update Failed', description: errorMessage(error, fallback), variant: 'destructive' });
}

/**
 * The administrator's queue of reported reviews (docs/product/administration.md): each open report
 * with the review's words and rating, the cleaner, and what the reporter said; its buttons are the
 * report's own actions — Hide Review (with the reason its author is sent) and Keep Review.
 */
export function ReportedReviews() {
  const reports = useQuery(openReviewReportsQuery);
  const [hiding, setHiding] = useState<ReviewReport | null>(null);
  const id = useId();
  const count = reports.data?.total;
  return (
    <section className="card reported-reviews" aria-labelledby={`${id}-title`} data-testid="reported-reviews">
      <div className="reported-reviews__head">
        <h2 id={`${id}-title`} className="card__title">
          Reported Reviews
          {count !== undefined ? <span className="tone-badge tone-badge--grey">{count} open</span> : null}
        </h2>
        {/* Any signed-in person may report a review: a customer or a cleaner. */}
        <p className="field__hint">
          Reviews that customers or cleaners reported. Hide one (its author is sent your reason) or keep it.
        </p>
      </div>
      {reports.isPending ? (
        <p className="loading-text" role="status">
          <span className="spinner" aria-hidden="true" />
          Loading reported reviews...
        </p>
      ) : reports.isError ? (
        <p className="alert alert--error">Failed to load the reported reviews. Please try again.</p>
      ) : reports.data.items.length === 0 ? (
        <div className="empty-state" data-testid="reported-reviews-empty">
          <h3>No Reported Reviews</h3>
          <p>Reviews that customers or cleaners report will appear here.</p>
        </div>
      ) : (
        <ul className="reported-reviews__list">
          {reports.data.items.map((report) => (
            <ReportItem key={report.id} report={report} onHide={setHiding} />
          ))}
        </ul>
      )}
      <HideReviewDialog report={hiding} onClose={() => setHiding(null)} />
    </section>
  );
}

function ReportItem({ report, onHide }: { report: ReviewReport; onHide: (report: ReviewReport) => void }) {
  const moderate = useModerateReview();
  const cleaner = reportedCleanerName(report);
  const keep = () => {
    const action = report.actions.keepReview;
    if (!action || moderate.isPending) return;
    const checked = moderationBody(action, '');
    if (!checked.ok) return;
    moderate.mutate(
      { action, body: checked.body },
      {
        onSuccess: () =>
          toast({
            title: 'Review Kept',
            description: `The review stays on ${cleaner}’s profile; the report is closed.`,
          }),
        onError: (error) => failedToast(error, 'Failed to keep the review. Please try again.'),
      },
    );
  };
  return (
    <li className="reported-review" data-testid={`review-report-${report.id}`}>
      <div className="reported-review__head">
        <p className="reported-review__rating">
          <strong>{ratingText(report.review.overallRating)}</strong> {starLabel(report.review.overallRating)}
          {report.review.title ? <span className="reported-review__title"> · {report.review.title}</span> : null}
        </p>
        <p className="field__hint">
          Review of <strong>{cleaner}</strong> · reported {dateTime.format(new Date(report.createdAt))}
        </p>
      </div>
      <blockquote className="reported-review__comment" data-testid="reported-comment">
        {report.review.comment}
      </blockquote>
      <p className="reported-review__reason" data-testid="report-reason">
        <span className="reported-review__label">Reporter’s reason:</span> {reporterSaid(report)}
      </p>
      <div className="button-row">
        {/* Each button is one of the report's actions: present only when the server would accept it. */}
        {report.actions.hideReview ? (
          <button
            type="button"
            className="btn btn--danger btn--sm"
            aria-haspopup="dialog"
            disabled={moderate.isPending}
            onClick={() => onHide(report)}
          >
            {report.actions.hideReview.title}
            <span className="visually-hidden"> of {cleaner}</span>
          </button>
        ) : null}
        {report.actions.keepReview ? (
          <button
            type="button"
            className="btn btn--outline btn--sm"
            disabled={moderate.isPending}
            title={report.actions.keepReview.description}
            onClick={keep}
          >
            {moderate.isPending ? 'Keeping...' : report.actions.keepReview.title}
            <span className="visually-hidden"> of {cleaner}</span>
          </button>
        ) : null}
      </div>
    </li>
  );
}

function HideReviewDialog({ report, onClose }: { report: ReviewReport | null; onClose: () => void }) {
  const action = report?.actions.hideReview;
  return (
    <ModalDialog
      open={report !== null && action !== undefined}
      title="Hide Review"
      description={action?.description}
      onClose={onClose}
      testId="hide-review-dialog"
    >
      {report && action ? <HideForm key={report.id} report={report} action={action} onDone={onClose} /> : null}
    </ModalDialog>
  );
}

function HideForm({ report, action, onDone }: { report: ReviewReport; action: HideAction; onDone: () => void }) {
  const moderate = useModerateReview();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const maxLength = action.fields.find((field) => field.name === 'reason')?.maxLength;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (moderate.isPending) return;
    const checked = moderationBody(action, reason);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(null);
    moderate.mutate(
      { action, body: checked.body },
      {
        onSuccess: () => {
          toast({
            title: 'Review Hidden',
            description: `It no longer appears on ${reportedCleanerName(report)}’s profile; its author has been sent your reason.`,
          });
          onDone();
        },
        onError: (failure) => {
          const fields = fieldErrors(failure);
          if (fields.reason) setError(fields.reason);
          else failedToast(failure, 'Failed to hide the review. Please try again.');
        },
      },
    );
  };

  return (
    <form className="form admin-dialog" noValidate onSubmit={submit} aria-busy={moderate.isPending}>
      <blockquote className="reported-review__comment">{report.review.comment}</blockquote>
      <Field label="Reason (sent to the review’s author)" error={error}>
        {(control) => (
          <textarea
            {...control}
            rows={4}
            maxLength={maxLength}
            aria-required={action.fields.some((field) => field.name === 'reason' && field.required) || undefined}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        )}
      </Field>
      <DialogFooter
        submitLabel="Hide Review"
        pendingLabel="Hiding..."
        pending={moderate.isPending}
        tone="danger"
        onCancel={onDone}
      />
    </form>
  );
}
