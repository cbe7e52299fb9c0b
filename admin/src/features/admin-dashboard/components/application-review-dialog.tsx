import { type Application, formatDollars } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ModalDialog } from '../../../components/modal-dialog';
import { applicationReviewQuery } from '../api/admin-applications.queries';
import {
  applicantName,
  applicationStatusText,
  applicationTone,
  contactText,
  dateTime,
  experienceText,
  serviceTypesText,
  weeklyAvailabilityRows,
} from '../utils/admin-dashboard';
import { DecisionForm } from './decision-form';
import { DocumentsSection } from './documents-section';

/** The detailed review of one application (docs/product/administration.md), from its `review` link, with documents and notes. */
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
