import '../cleaner-dashboard.css';
import { type Booking, type Cleaner, formatDollars, jobChangeText } from '@spotless/sdk';
import { fieldValue } from '@spotless/sdk/forms';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/modal-dialog';
import { PageTitle } from '../../../components/page-title';
import { StatCards } from '../../../components/stat-cards';
import { Tabs } from '../../../components/tabs';
import { BookingSummary, bookingBadges, DamageReportNoteView } from '../../../entities/booking';
import { MessagesToggle } from '../../../entities/message';
import { SeriesList, SeriesNote } from '../../../entities/series';
import { errorCode, errorMessage, errorStatus } from '../../../lib/api-errors';
import { Link, useSearchParams } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { useJobAction } from '../api/cleaner-dashboard.mutations';
import { jobsQuery, overviewQuery, ownProfileQuery } from '../api/cleaner-dashboard.queries';
import { latestJobs, orderJobs, percentText, ratingText } from '../utils/cleaner-dashboard';
import { CalendarTab } from './calendar-tab';
import { PayoutsTab } from './payouts-tab';
import { AvailabilityTab, TimeOffTab } from './schedule-tabs';
import { WithdrawDialog } from './withdraw-dialog';

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'bookings', label: 'Bookings' },
  { id: 'regular', label: 'Regular Cleanings' },
  { id: 'availability', label: 'Availability' },
  { id: 'time-off', label: 'Time Off' },
  { id: 'calendar', label: 'Calendar' },
  { id: 'payouts', label: 'Earnings & Payouts' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** The cleaner dashboard at /cleaner-dashboard (docs/product/cleaners.md), on the cleaner's real figures. */
export function CleanerDashboardPage() {
  const profile = useQuery(ownProfileQuery);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  if (profile.isPending) {
    return (
      <section className="container page">
        <PageTitle title="Cleaner Dashboard" />
        <p className="loading-text" role="status">
          <span className="spinner" aria-hidden="true" />
          Loading your cleaner profile...
        </p>
      </section>
    );
  }
  if (profile.isError) {
    const missing = errorStatus(profile.error) === 404 || errorCode(profile.error) === 'cleaner_profile_not_found';
    return (
      <section className="container page">
        <PageTitle title="Cleaner Dashboard" />
        {missing ? (
          <div className="empty-state" data-testid="cleaner-profile-not-found">
            <h1>Cleaner Profile Not Found</h1>
            <p>You need an approved cleaner application before you can use the cleaner dashboard.</p>
            <Link to="/apply-cleaner" className="btn btn--primary">
              Apply to Become a Cleaner
            </Link>
          </div>
        ) : (
          <p className="alert alert--error">{errorMessage(profile.error, 'Failed to load your cleaner profile.')}</p>
        )}
      </section>
    );
  }
  return <Dashboard cleaner={profile.data} />;
}

function Dashboard({ cleaner }: { cleaner: Cleaner }) {
  // The tab is in the address (`?tab=payouts` is where the payout account's onboarding comes back to).
  const [params, setParams] = useSearchParams();
  // A message notice links `?booking=<id>&tab=messages`: that job's card, its messages open.
  const messagesFor = params.get('tab') === 'messages' ? Number(params.get('booking')) || null : null;
  const tab: TabId = messagesFor ? 'bookings' : (TABS.find((t) => t.id === params.get('tab'))?.id ?? 'overview');
  const setTab = (next: TabId) =>
    setParams(next === 'overview' ? {} : { tab: next }, { replace: true, keepScroll: true });
  const jobs = useQuery(jobsQuery(cleaner.id));
  const items = jobs.data?.items ?? [];
  return (
    <section className="container page dashboard-page" data-testid="cleaner-dashboard">
      <PageTitle title="Cleaner Dashboard" />
      <header className="dashboard-page__header">
        <div>
          <h1>Cleaner Dashboard</h1>
          <p className="lead">
            {cleaner.user.firstName} {cleaner.user.lastName} · {cleaner.city}, {cleaner.state} ·{' '}
            {formatDollars(cleaner.hourlyRate)}/hour
          </p>
        </div>
        <Link to={cleaner.links.page.href} className="btn btn--outline">
          View Public Profile
        </Link>
      </header>
      <Tabs tabs={TABS} selected={tab} onSelect={setTab} label="Cleaner dashboard">
        {tab === 'overview' ? (
          <OverviewTab jobs={items} loading={jobs.isPending} />
        ) : tab === 'bookings' ? (
          jobs.isError ? (
            <p className="alert alert--error">Failed to load your bookings. Please reload the page.</p>
          ) : (
            <JobsTab jobs={items} loading={jobs.isPending} messagesFor={messagesFor} />
          )
        ) : tab === 'regular' ? (
          <SeriesList
            as="cleaner"
            empty={
              <p>No regular cleanings yet: when a customer books you every week or month, they are listed here.</p>
            }
          />
        ) : tab === 'availability' ? (
          <AvailabilityTab cleaner={cleaner} />
        ) : tab === 'time-off' ? (
          <TimeOffTab cleaner={cleaner} />
        ) : tab === 'payouts' ? (
          <PayoutsTab />
        ) : (
          <CalendarTab cleaner={cleaner} jobs={items} />
        )}
      </Tabs>
    </section>
  );
}

function OverviewTab({ jobs, loading }: { jobs: Booking[]; loading: boolean }) {
  const overview = useQuery(overviewQuery);
  const figures = overview.data;
  const cards = [
    {
      label: 'Total Bookings',
      value: figures?.totalBookings,
      note: figures
        ? `${figures.completedBookings} completed · ${figures.upcomingBookings} upcoming · ${figures.cancelledBookings} cancelled`
        : undefined,
    },
    {
      label: 'Total Earnings',
      value: figures ? formatDollars(figures.totalEarnings) : undefined,
      note: figures
        ? `Completed jobs, after refunds · ${formatDollars(figures.upcomingEarnings)} you'll earn from upcoming jobs`
        : undefined,
    },
    {
      label: 'Average Rating',
      value: figures ? ratingText(figures.averageRating) : undefined,
      note: figures ? `From ${figures.reviewCount} ${figures.reviewCount === 1 ? 'review' : 'reviews'}` : undefined,
    },
    {
      label: 'Completion Rate',
      value: figures ? percentText(figures.completionRate) : undefined,
      note: figures
        ? `Of the jobs you accepted that ended: ${figures.completedBookings} completed, ${figures.cancelledByCleanerAfterAccepting} cancelled by you`
        : undefined,
    },
  ];
  const latest = latestJobs(jobs);
  return (
    <>
      {overview.isError ? (
        <p className="alert alert--error">Failed to load your figures.</p>
      ) : (
        <StatCards testId="cleaner-stats" className="dashboard-stats--compact" cards={cards} />
      )}
      <h2 className="section-title">Latest Bookings</h2>
      {loading ? (
        <p className="loading-text">Loading your bookings...</p>
      ) : latest.length === 0 ? (
        <p className="empty-state">No bookings yet. Customers can book you once your hours are set.</p>
      ) : (
        <ul className="booking-cards">
          {latest.map((job) => (
            <JobCard key={job.id} job={job} />
          ))}
        </ul>
      )}
    </>
  );
}

function JobsTab({ jobs, loading, messagesFor }: { jobs: Booking[]; loading: boolean; messagesFor: number | null }) {
  if (loading) return <p className="loading-text">Loading your bookings...</p>;
  if (jobs.length === 0) {
    return (
      <div className="empty-state">
        <h2>No Bookings Yet</h2>
        <p>Bookings customers make with you appear here.</p>
      </div>
    );
  }
  return (
    <ul className="booking-cards" data-testid="cleaner-jobs">
      {orderJobs(jobs).map((job) => (
        <JobCard key={job.id} job={job} withActions messagesOpen={job.id === messagesFor} />
      ))}
    </ul>
  );
}

/** How each job action looks; the status it sends is the action's own (its `status` field's value). */
const JOB_BUTTONS = [
  { name: 'accept', label: 'Accept', tone: 'btn--primary' },
  { name: 'decline', label: 'Decline', tone: 'btn--danger' },
  { name: 'start', label: 'Start Job', tone: 'btn--outline' },
  { name: 'complete', label: 'Mark Complete', tone: 'btn--primary' },
] as const;
const DECLINE = JOB_BUTTONS[1];

function JobCard({
  job,
  withActions = false,
  messagesOpen = false,
}: {
  job: Booking;
  withActions?: boolean;
  messagesOpen?: boolean;
}) {
  const card = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (messagesOpen) card.current?.scrollIntoView({ block: 'start' });
  }, [messagesOpen]);
  const act = useJobAction();
  const [withdrawing, setWithdrawing] = useState(false);
  // Declining tells the customer no: it is asked first, in the app's own dialog.
  const [declining, setDeclining] = useState(false);
  const badges = bookingBadges(job);
  const customer = job.customer
    ? `${job.customer.firstName ?? ''} ${job.customer.lastName ?? ''}`.trim() || job.customer.email
    : 'Guest';
  const run = (button: (typeof JOB_BUTTONS)[number]) => {
    const action = job.actions[button.name];
    const status = fieldValue(action, 'status') as 'confirmed' | 'cancelled' | 'in_progress' | 'completed' | undefined;
    if (!action || !status || act.isPending) return;
    act.mutate(
      { action, status },
      {
        onSuccess: () => {
          setDeclining(false);
          toast({
            title: 'Booking Updated',
            description: `${jobChangeText(button.name, status)}: booking #${job.id}.`,
          });
        },
        onError: (error) => {
          setDeclining(false);
          if (errorStatus(error) === 401) return;
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to update the booking status.'),
            variant: 'destructive',
          });
        },
      },
    );
  };
  return (
    <li ref={card} className="card booking-card" data-testid={`job-card-${job.id}`}>
      <div className="booking-card__head">
        <h3 className="booking-card__service">
          {job.service.name} · {customer}
        </h3>
        <span className="booking-card__badges">
          <span className="tone-badge tone-badge--outline" data-testid="job-status">
            {badges.status}
          </span>
          {badges.payment ? (
            <span className="tone-badge tone-badge--outline" data-testid="job-payment">
              {badges.payment}
            </span>
          ) : null}
        </span>
      </div>
      <BookingSummary
        booking={job}
        layout="grid"
        facts={
          job.specialRequests
            ? ['date', 'time', 'duration', 'total', 'address', 'specialRequests']
            : ['date', 'time', 'duration', 'total', 'address']
        }
      />
      <DamageReportNoteView booking={job} reader="cleaner" />
      <SeriesNote booking={job} reader="cleaner" />
      {job.links.messages ? <MessagesToggle link={job.links.messages} initiallyOpen={messagesOpen} /> : null}
      {withActions ? (
        <div className="button-row">
          {/* Each button is one of the booking's actions: present only when the server would accept it now. */}
          {JOB_BUTTONS.filter((b) => job.actions[b.name]).map((button) => (
            <button
              key={button.name}
              type="button"
              className={`btn btn--sm ${button.tone}`}
              disabled={act.isPending}
              title={job.actions[button.name]?.description}
              aria-haspopup={button.name === 'decline' ? 'dialog' : undefined}
              onClick={() => (button.name === 'decline' ? setDeclining(true) : run(button))}
            >
              {button.label}
            </button>
          ))}
          {/* Offered only while the job is confirmed and has not started (decision 071). */}
          {job.actions.withdraw ? (
            <button
              type="button"
              className="btn btn--sm btn--outline"
              title={job.actions.withdraw.description}
              onClick={() => setWithdrawing(true)}
            >
              Withdraw
            </button>
          ) : null}
        </div>
      ) : null}
      {job.actions.decline ? (
        <ConfirmDialog
          open={declining}
          title={`Decline Booking #${job.id}`}
          confirmLabel="Decline Booking"
          pendingLabel="Declining..."
          cancelLabel="Keep Request"
          pending={act.isPending}
          onConfirm={() => run(DECLINE)}
          onClose={() => setDeclining(false)}
          testId="decline-dialog"
        >
          <p>
            Decline <strong>{job.service.name}</strong> for {customer}?
          </p>
          <BookingSummary booking={job} facts={['date', 'time', 'total']} />
          <p className="alert alert--warning" data-testid="decline-terms">
            {job.actions.decline.description}
          </p>
        </ConfirmDialog>
      ) : null}
      {withdrawing && job.actions.withdraw ? (
        <WithdrawDialog job={job} action={job.actions.withdraw} onClose={() => setWithdrawing(false)} />
      ) : null}
    </li>
  );
}
