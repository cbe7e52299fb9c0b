import '../apply-cleaner.css';
import type { Application, ApplicationList } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { PageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/api-errors';
import { useCurrentUser } from '../../../lib/auth';
import { LOGIN_PATH } from '../../../lib/query-client';
import { Link } from '../../../lib/router';
import { myApplicationsQuery } from '../api/applications.queries';
import { ApplicationFormView } from './application-form';
import { DocumentsPanel } from './documents-panel';
import { HowYouArePaid } from './how-youre-paid';

const STATUS_TEXT: Record<Application['status'], { label: string; text: string }> = {
  pending: {
    label: 'Pending review',
    text: 'Your application is waiting for our team. Upload your documents meanwhile.',
  },
  under_review: { label: 'Under review', text: 'Our team is reviewing your application and documents.' },
  approved: { label: 'Approved', text: 'Welcome to Spotless! Set your hours and start taking bookings.' },
  rejected: { label: 'Not approved', text: 'We could not approve this application.' },
};

function Hints() {
  return (
    <ul className="apply-hints">
      <li>We review applications within 2-3 business days.</li>
      <li>Cleaners on Spotless set their own rates, most between $20 and $50+ an hour (before the platform fee).</li>
    </ul>
  );
}

/** /apply-cleaner — a login prompt, the application form, or the application's status and documents (docs/product/cleaners.md). */
export function ApplyCleanerPage() {
  const { user, isLoading } = useCurrentUser();
  return (
    <section className="container page page--narrow apply-page">
      <PageTitle title="Become a Cleaner" />
      <h1>Become a Cleaner</h1>
      <p className="lead">Join Spotless as an independent cleaning professional: your rate, your hours, your area.</p>
      <HowYouArePaid />
      {isLoading ? (
        <p className="loading-text">Loading...</p>
      ) : user ? (
        <SignedIn />
      ) : (
        <div className="card apply-login" data-testid="apply-login-prompt">
          <h2 className="card__title">Log in to apply</h2>
          <p>You need an account to apply; your application and documents stay private to you and our team.</p>
          <Hints />
          <a className="btn btn--primary" href={`${LOGIN_PATH}?returnUrl=${encodeURIComponent('/apply-cleaner')}`}>
            Log In to Apply
          </a>
        </div>
      )}
    </section>
  );
}

function SignedIn() {
  const applications = useQuery(myApplicationsQuery);
  if (applications.isPending) return <p className="loading-text">Loading your application...</p>;
  if (applications.isError) {
    return <p className="alert alert--error">{errorMessage(applications.error, 'Failed to load your application.')}</p>;
  }
  const list: ApplicationList = applications.data;
  const latest = list.items[0];
  const apply = list.actions.apply;
  return (
    <>
      {latest ? <ApplicationStatus application={latest} /> : null}
      {apply ? (
        <>
          {latest ? <h2 className="section-title">Apply again</h2> : <Hints />}
          <ApplicationFormView action={apply} />
        </>
      ) : !latest ? (
        <div className="card">
          <p>You already have a cleaner profile.</p>
          <Link to="/cleaner-dashboard" className="btn btn--primary">
            Go to the Cleaner Dashboard
          </Link>
        </div>
      ) : null}
    </>
  );
}

function ApplicationStatus({ application }: { application: Application }) {
  const status = STATUS_TEXT[application.status];
  return (
    <div className="apply-status" data-testid="application-status">
      <div className="card">
        <div className="apply-status__head">
          <h2 className="card__title">Your application</h2>
          <span
            className={`tone-badge tone-badge--${application.status === 'approved' ? 'green' : application.status === 'rejected' ? 'red' : 'yellow'}`}
          >
            {status.label}
          </span>
        </div>
        <p>{status.text}</p>
        {application.status === 'rejected' && application.adminNotes ? (
          <p className="field__hint">Reason: {application.adminNotes}</p>
        ) : null}
        <p className="field__hint">
          Submitted {new Date(application.submittedAt).toLocaleDateString('en-US', { dateStyle: 'medium' })} · $
          {application.hourlyRate}/hour · {application.coverageAreas.join('; ')}
        </p>
        {application.status === 'pending' || application.status === 'under_review' ? <Hints /> : null}
        <div className="button-row">
          {application.status === 'approved' ? (
            <Link to="/cleaner-dashboard" className="btn btn--primary">
              Go to the Cleaner Dashboard
            </Link>
          ) : null}
          <Link to="/profile" className="btn btn--outline">
            Go to My Profile
          </Link>
        </div>
      </div>
      <DocumentsPanel application={application} />
    </div>
  );
}
