import type { Application } from '@spotless/sdk';
import {
  applicantName,
  applicationStatusText,
  applicationTone,
  experienceText,
  quickActions,
} from '../utils/admin-dashboard';

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

interface ApplicationsTableProps {
  label: string;
  applications: Application[];
  /** The href of the status action being performed, so its row's buttons wait. */
  busyHref: string | undefined;
  onReview: (application: Application) => void;
  onApprove: (application: Application) => void;
  onReject: (application: Application) => void;
}

/**
 * Applicant, Email, Experience, Status, Applied and Actions (docs/product/administration.md); on a
 * phone each application stacks into a block of its own (`.stack-table`), nothing scrolls sideways.
 */
export function ApplicationsTable({
  label,
  applications,
  busyHref,
  onReview,
  onApprove,
  onReject,
}: ApplicationsTableProps) {
  return (
    <section
      className="card admin-table-wrap stack-table-wrap"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: between a phone's stacked rows and a wide screen the table may scroll sideways, and the keyboard must reach it to scroll it
      tabIndex={0}
      data-testid="applications-list"
    >
      <table className="admin-table stack-table">
        <caption className="visually-hidden">{label}, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Applicant</th>
            <th scope="col">Email</th>
            <th scope="col">Experience</th>
            <th scope="col">Status</th>
            <th scope="col">Applied</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {applications.map((application) => {
            const name = applicantName(application);
            const quick = quickActions(application);
            const busy =
              busyHref !== undefined && Object.values(application.actions).some((action) => action?.href === busyHref);
            return (
              <tr key={application.id} data-testid="application-row" data-application-id={application.id}>
                <th scope="row">{name}</th>
                <td className="admin-table__email" data-label="Email">
                  {application.user.email}
                </td>
                <td data-label="Experience">{experienceText(application.experience)}</td>
                <td data-label="Status">
                  <span className={`tone-badge tone-badge--${applicationTone(application.status)}`}>
                    {applicationStatusText(application.status)}
                  </span>
                </td>
                <td data-label="Applied">
                  <time dateTime={application.submittedAt}>{date.format(new Date(application.submittedAt))}</time>
                </td>
                <td className="stack-table__actions">
                  <div className="admin-table__actions">
                    {application.links.review ? (
                      <button
                        type="button"
                        className="btn btn--outline btn--sm"
                        aria-label={`Review the application of ${name}`}
                        onClick={() => onReview(application)}
                      >
                        Review
                      </button>
                    ) : null}
                    {quick.approve ? (
                      <button
                        type="button"
                        className="btn btn--primary btn--sm"
                        aria-label={`Approve ${name}`}
                        aria-haspopup="dialog"
                        disabled={busy}
                        onClick={() => onApprove(application)}
                      >
                        {busy ? 'Saving...' : quick.approve.title}
                      </button>
                    ) : null}
                    {quick.reject ? (
                      <button
                        type="button"
                        className="btn btn--danger btn--sm"
                        aria-label={`Reject ${name}`}
                        aria-haspopup="dialog"
                        disabled={busy}
                        onClick={() => onReject(application)}
                      >
                        {quick.reject.title}
                      </button>
                    ) : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
