import { type Application, type ApplicationDocument, formatDollars } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { ModalDialog } from '../../../components/modal-dialog';
import { toast } from '../../../lib/toast';
import { useReviewDocument, useSetApplicationStatus } from '../api/admin-applications.mutations';
import { applicationReviewQuery } from '../api/admin-applications.queries';
import {
  applicantName,
  applicationStatusText,
  applicationTone,
  contactText,
  documentRejectionBody,
  documentStatusText,
  documentTone,
  documentTypeText,
  experienceText,
  fileSizeText,
  serviceTypesText,
  statusChangeBody,
  weeklyAvailabilityRows,
} from '../utils/admin-dashboard';
import { documentFailureToast, statusFailureToast, statusSuccessToast } from './status-toasts';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Spec 02 §2: the detailed review of one application, from its `review` link, with documents and notes. */
export function ApplicationReviewDialog({
  application,
  onClose,
}: {
  application: Application | null;
  onClose: () => void;
}) {
  return (
    <ModalDialog
      open={application !== null}
      title="Review Application"
      description={application ? `${applicantName(application)} · ${application.user.email}` : undefined}
      onClose={onClose}
      testId="application-review-dialog"
    >
      {application ? <ApplicationReview key={application.id} application={application} onClose={onClose} /> : null}
    </ModalDialog>
  );
}

function ApplicationReview({ application: row, onClose }: { application: Application; onClose: () => void }) {
  const review = useQuery(applicationReviewQuery(row));
  if (review.isPending) {
    return (
      <p className="loading-text admin-dialog" role="status">
        <span className="spinner" aria-hidden="true" />
        Loading the application...
      </p>
    );
  }
  if (review.isError) {
    return <p className="alert alert--error admin-dialog">Failed to load the application. Please try again.</p>;
  }
  const application = review.data;
  return (
    <div className="application-review admin-dialog" data-testid="application-review">
      <ApplicationFacts application={application} />
      <DocumentsSection documents={application.documents ?? []} />
      <DecisionForm application={application} onClose={onClose} />
    </div>
  );
}

function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'application-review__fact application-review__fact--wide' : 'application-review__fact'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const notGiven = <span className="application-review__muted">Not given</span>;

function ApplicationFacts({ application }: { application: Application }) {
  const week = weeklyAvailabilityRows(application.availability);
  const emergency = application.emergencyContact ? contactText(application.emergencyContact) : null;
  const references = (application.references ?? [])
    .map((reference) => contactText(reference))
    .filter((text): text is string => text !== null);
  return (
    <section aria-labelledby="application-facts-title">
      <h3 id="application-facts-title" className="application-review__heading">
        Application
      </h3>
      <dl className="application-review__facts">
        <Fact label="Status">
          <span className={`tone-badge tone-badge--${applicationTone(application.status)}`} data-testid="review-status">
            {applicationStatusText(application.status)}
          </span>
        </Fact>
        <Fact label="Applied">{dateTime.format(new Date(application.submittedAt))}</Fact>
        {application.reviewedAt ? (
          <Fact label="Reviewed">{dateTime.format(new Date(application.reviewedAt))}</Fact>
        ) : null}
        <Fact label="Experience">{experienceText(application.experience)}</Fact>
        <Fact label="Hourly rate">{formatDollars(application.hourlyRate)} per hour</Fact>
        <Fact label="Service types">{serviceTypesText(application.serviceTypes)}</Fact>
        <Fact label="Coverage areas">{application.coverageAreas.join(', ') || notGiven}</Fact>
        <Fact label="Insurance">{application.hasInsurance ? 'Yes' : 'No'}</Fact>
        <Fact label="Bond">{application.hasBond ? 'Yes' : 'No'}</Fact>
        <Fact label="Bio" wide>
          <span className="application-review__text">{application.bio}</span>
        </Fact>
        <Fact label="Previous experience" wide>
          {application.previousExperience ? (
            <span className="application-review__text">{application.previousExperience}</span>
          ) : (
            notGiven
          )}
        </Fact>
        <Fact label="Equipment" wide>
          {application.equipment ? <span className="application-review__text">{application.equipment}</span> : notGiven}
        </Fact>
        <Fact label="Weekly availability" wide>
          {week ? (
            <ul className="application-review__week">
              {week.map((row) => (
                <li key={row.day}>
                  <span>{row.day}</span> <span>{row.hours}</span>
                </li>
              ))}
            </ul>
          ) : (
            <span className="application-review__muted">Not given: Monday to Friday, 9:00-17:00 on approval</span>
          )}
        </Fact>
        <Fact label="Emergency contact" wide>
          {emergency ?? notGiven}
        </Fact>
        <Fact label="References" wide>
          {references.length > 0 ? (
            <ol className="application-review__references">
              {references.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ol>
          ) : (
            notGiven
          )}
        </Fact>
      </dl>
    </section>
  );
}

function DocumentsSection({ documents }: { documents: ApplicationDocument[] }) {
  return (
    <section aria-labelledby="application-documents-title">
      <h3 id="application-documents-title" className="application-review__heading">
        Documents
      </h3>
      {documents.length === 0 ? (
        <p className="application-review__muted">No documents uploaded yet.</p>
      ) : (
        <ul className="application-review__documents">
          {documents.map((document) => (
            <DocumentItem key={document.id} document={document} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DocumentItem({ document }: { document: ApplicationDocument }) {
  const id = useId();
  const reviewDocument = useReviewDocument();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const type = documentTypeText(document.documentType);

  const verify = () => {
    const action = document.actions.verify;
    if (!action || reviewDocument.isPending) return;
    reviewDocument.mutate(
      { action, body: { status: 'verified' } },
      {
        onSuccess: () =>
          toast({ title: 'Document Verified', description: `${type} (${document.fileName}) is verified.` }),
        onError: documentFailureToast,
      },
    );
  };

  const reject = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const action = document.actions.reject;
    if (!action || reviewDocument.isPending) return;
    const change = documentRejectionBody(reason);
    if (!change.ok) {
      setError(change.message);
      return;
    }
    setError(null);
    reviewDocument.mutate(
      { action, body: change.body },
      {
        onSuccess: () => {
          toast({ title: 'Document Rejected', description: `The applicant is sent the reason for ${type}.` });
          setRejecting(false);
        },
        onError: documentFailureToast,
      },
    );
  };

  return (
    <li className="application-review__document" data-testid="application-document">
      <div className="application-review__document-head">
        <div>
          <p className="application-review__document-type">{type}</p>
          <p className="application-review__muted">
            {document.fileName} · {fileSizeText(document.fileSize)} · uploaded{' '}
            {dateTime.format(new Date(document.uploadedAt))}
          </p>
        </div>
        <span className={`tone-badge tone-badge--${documentTone(document.status)}`} data-testid="document-status">
          {documentStatusText(document.status)}
        </span>
      </div>
      {document.status === 'rejected' && document.rejectionReason ? (
        <p className="application-review__reason">Reason: {document.rejectionReason}</p>
      ) : null}
      <div className="button-row">
        {/* Served as an attachment (decision 038): it downloads rather than opening as a page. */}
        <a
          className="btn btn--outline btn--sm"
          href={document.links.file.href}
          download={document.fileName}
          aria-label={`Download ${type} (${document.fileName})`}
        >
          Download
        </a>
        {document.actions.verify ? (
          <button
            type="button"
            className="btn btn--primary btn--sm"
            aria-label={`Verify ${type}`}
            disabled={reviewDocument.isPending}
            onClick={verify}
          >
            {document.actions.verify.title}
          </button>
        ) : null}
        {document.actions.reject && !rejecting ? (
          <button
            type="button"
            className="btn btn--danger btn--sm"
            aria-label={`Reject ${type}`}
            disabled={reviewDocument.isPending}
            onClick={() => setRejecting(true)}
          >
            {document.actions.reject.title}
          </button>
        ) : null}
      </div>
      {rejecting && document.actions.reject ? (
        <form className="form application-review__reject" noValidate onSubmit={reject}>
          <div className="field">
            <label htmlFor={`${id}-reason`}>Reason for rejecting: {type}</label>
            <textarea
              id={`${id}-reason`}
              rows={2}
              maxLength={500}
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
            <button type="submit" className="btn btn--danger btn--sm" disabled={reviewDocument.isPending}>
              {reviewDocument.isPending ? 'Rejecting...' : 'Reject Document'}
            </button>
            <button
              type="button"
              className="btn btn--outline btn--sm"
              onClick={() => {
                setRejecting(false);
                setError(null);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : null}
    </li>
  );
}

const DECISIONS = ['startReview', 'approve', 'reject'] as const;

function DecisionForm({ application, onClose }: { application: Application; onClose: () => void }) {
  const id = useId();
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
      <div className="field">
        <label htmlFor={`${id}-notes`}>Admin notes</label>
        <textarea
          id={`${id}-notes`}
          rows={3}
          maxLength={1000}
          value={notes}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-notes-hint${error ? ` ${id}-notes-error` : ''}`}
          onChange={(e) => setNotes(e.target.value)}
        />
        <p id={`${id}-notes-hint`} className="field__hint">
          Kept with the application. When you reject it, this is the reason the applicant is sent.
        </p>
        {error ? (
          <p id={`${id}-notes-error`} className="field__error">
            {error}
          </p>
        ) : null}
      </div>
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
