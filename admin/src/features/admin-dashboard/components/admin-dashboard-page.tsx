import type { Application, ApplicationCounts, ApplicationStatus } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { PageTitle } from '../../../components/page-title';
import { Pagination } from '../../../components/pagination';
import { Tabs } from '../../../components/tabs';
import { errorStatus } from '../../../lib/api-errors';
import { totalPages } from '../../../lib/pagination';
import { Link } from '../../../lib/router';
import { usePendingStatusHref } from '../api/admin-applications.mutations';
import { adminApplicationsQuery } from '../api/admin-applications.queries';
import {
  APPLICATION_TABS,
  APPLICATIONS_PAGE_SIZE,
  applicantName,
  countCards,
  emptyTabText,
} from '../utils/admin-dashboard';
import { ApplicationReviewDialog } from './application-review-dialog';
import { ApplicationsTable } from './applications-table';
import { ApproveApplicationDialog } from './approve-application-dialog';
import { RejectApplicationDialog } from './reject-application-dialog';
import { ReportedReviews } from './reported-reviews';
import '../admin-dashboard.css';
import { StatCards } from '../../../components/stat-cards';

const FIRST_PAGES: Record<ApplicationStatus, number> = { pending: 1, under_review: 1, approved: 1, rejected: 1 };

/** The admin dashboard at /admin-dashboard — counts per status, four tabs, the detailed review (docs/product/administration.md). */
export function AdminDashboardPage() {
  const [tab, setTab] = useState<ApplicationStatus>('pending');
  const [pages, setPages] = useState(FIRST_PAGES);
  const page = pages[tab];
  const list = useQuery(adminApplicationsQuery(tab, page));
  const [reviewing, setReviewing] = useState<Application | null>(null);
  const [rejecting, setRejecting] = useState<Application | null>(null);
  const [approving, setApproving] = useState<Application | null>(null);
  // A row's buttons wait while a decision on it is being sent from a dialog.
  const busyId = usePendingStatusHref();

  // A page emptied by the last decision on it (or by another administrator) goes back to the last page.
  const data = list.data;
  useEffect(() => {
    if (!data || list.isPlaceholderData || data.items.length > 0 || data.page <= 1) return;
    const last = Math.max(1, totalPages(data.total, APPLICATIONS_PAGE_SIZE));
    setPages((current) => ({ ...current, [tab]: last }));
  }, [data, list.isPlaceholderData, tab]);

  const rows = data;
  // The counts cover every application, so they stay on screen while another tab loads.
  const lastCounts = useRef<ApplicationCounts | undefined>(undefined);
  if (data) lastCounts.current = data.counts;
  const empty = emptyTabText(tab);

  return (
    <section className="container page admin-dashboard">
      <PageTitle title="Admin Dashboard" />
      <header className="dashboard-page__header">
        <div>
          <h1>Admin Dashboard</h1>
          <p className="lead">Review cleaner applications and their documents, and reported reviews.</p>
        </div>
        <div className="admin-dashboard__header-actions">
          <Link className="btn btn--ghost" to="/admin-partners">
            Partners
          </Link>
          <Link className="btn btn--ghost" to="/payments">
            Payments
          </Link>
          <Link className="btn btn--ghost" to="/admin-payouts">
            Payouts
          </Link>
          <button type="button" className="btn btn--outline" onClick={() => list.refetch()} disabled={list.isFetching}>
            {list.isFetching ? 'Refreshing...' : 'Refresh'}
          </button>
        </div>
      </header>

      <CountCards counts={data?.counts ?? lastCounts.current} />

      <Tabs tabs={APPLICATION_TABS} selected={tab} onSelect={setTab} label="Applications by status">
        {list.isError && !rows ? (
          <p className="alert alert--error">
            {errorStatus(list.error) === 401 || errorStatus(list.error) === 403
              ? 'You need an admin session to see applications.'
              : 'Failed to load applications. Please try again.'}
          </p>
        ) : !rows ? (
          <p className="loading-text" role="status">
            <span className="spinner" aria-hidden="true" />
            Loading applications...
          </p>
        ) : rows.items.length === 0 ? (
          <div className="empty-state" data-testid="applications-empty">
            <h2>{empty.title}</h2>
            <p>{empty.text}</p>
          </div>
        ) : (
          <>
            <ApplicationsTable
              label={`${APPLICATION_TABS.find((t) => t.id === tab)?.label ?? ''} applications`}
              applications={rows.items}
              busyHref={busyId}
              onReview={setReviewing}
              onApprove={setApproving}
              onReject={setRejecting}
            />
            <Pagination
              page={rows.page}
              pageSize={rows.pageSize}
              total={rows.total}
              label="Applications pages"
              onPageChange={(next) => setPages((current) => ({ ...current, [tab]: next }))}
            />
          </>
        )}
      </Tabs>

      <ReportedReviews />

      <ApplicationReviewDialog application={reviewing} onClose={() => setReviewing(null)} />
      <ApproveApplicationDialog application={approving} onClose={() => setApproving(null)} />
      <RejectApplicationDialog
        application={rejecting}
        title={rejecting ? `Reject ${applicantName(rejecting)}` : 'Reject Application'}
        onClose={() => setRejecting(null)}
      />
    </section>
  );
}

function CountCards({ counts }: { counts: ApplicationCounts | undefined }) {
  const cards = counts
    ? countCards(counts)
    : [...APPLICATION_TABS.map((t) => ({ label: t.label, value: undefined })), { label: 'Total', value: undefined }];
  return (
    <StatCards
      className="admin-dashboard__counts"
      testId="application-counts"
      cards={cards.map((card) => ({ ...card, testId: `count-${card.label}` }))}
    />
  );
}
