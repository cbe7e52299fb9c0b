import {
  type Booking,
  type BookingList,
  type BookingStats,
  CLEANER_WITHDREW,
  formatDollars,
  isPastBooking,
} from '@spotless/sdk';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { PageTitle } from '../../../components/page-title';
import { Pagination } from '../../../components/pagination';
import { StatCards } from '../../../components/stat-cards';
import { Tabs } from '../../../components/tabs';
import { BookingSummary, bookingBadges, bookingStatsQuery, myBookingsQuery } from '../../../entities/booking';
import { frequencyPhrase, SeriesList } from '../../../entities/series';
import { totalPages } from '../../../lib/pagination';
import { Link, useNavigate, useSearchParams } from '../../../lib/router';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import {
  linkedBookingParam,
  paidBookingParam,
  refundLine,
  STATUS_FILTERS,
  type StatusFilter,
  statusTone,
} from '../utils/dashboard';
import { AddToCalendarLink } from './add-to-calendar';
import { AnalyticsTab } from './analytics-tab';
import { CancelBookingButton, EditBookingDialog, PaidBookingDialog } from './booking-dialogs';
import { LinkedBookingDialog, ViewedBookingDialog } from './linked-booking-dialog';
import { ReportDamageButton } from './report-damage-dialog';

/** How long typing pauses before the search asks the server. */
const SEARCH_DELAY_MS = 250;

const TABS = [
  { id: 'active', label: 'Active Bookings' },
  { id: 'regular', label: 'Regular Cleanings' },
  { id: 'history', label: 'Booking History' },
  { id: 'analytics', label: 'Analytics' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** The customer dashboard at /dashboard (docs/product/booking-and-payments.md). */
export function DashboardPage() {
  const stats = useQuery(bookingStatsQuery);
  const [viewing, setViewing] = useState<Booking | null>(null);
  const [editing, setEditing] = useState<Booking | null>(null);
  // Back from checkout (`?booking={id}&payment=success`): the booking paid for, with the one confirmation.
  const [params, setParams] = useSearchParams();
  // The tab is in the address (`?tab=history`), so reloading, a link or Back returns to it.
  const tab: TabId = TABS.find((t) => t.id === params.get('tab'))?.id ?? 'active';
  const setTab = (next: TabId) =>
    setParams(next === 'active' ? {} : { tab: next }, { replace: true, keepScroll: true });
  const navigate = useNavigate();
  const paidId = paidBookingParam(params);
  const closePaid = useCallback(() => navigate('/dashboard', { replace: true }), [navigate]);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  return (
    <section className="container page dashboard-page">
      <PageTitle title="My Dashboard" />
      <header className="dashboard-page__header">
        <div>
          <h1>My Dashboard</h1>
          <p className="lead">Manage your cleaning service appointments and history</p>
        </div>
        <Link to="/" className="btn btn--primary">
          Book New Service
        </Link>
      </header>

      <BookingStatCards stats={stats.data} failed={stats.isError} />

      <Tabs tabs={TABS} selected={tab} onSelect={setTab} label="Bookings">
        {tab === 'active' ? (
          <ActiveTab onView={setViewing} onEdit={setEditing} />
        ) : tab === 'regular' ? (
          <SeriesList as="customer" empty={<NoSeries />} />
        ) : tab === 'history' ? (
          <HistoryTab onView={setViewing} />
        ) : (
          <AnalyticsTab stats={stats.data} />
        )}
      </Tabs>

      <ViewedBookingDialog booking={viewing} onClose={() => setViewing(null)} />
      <EditBookingDialog booking={editing} onClose={() => setEditing(null)} />
      <PaidBookingDialog bookingId={paidId} onClose={closePaid} />
      <LinkedBookingDialog bookingId={paidId === null ? linkedBookingParam(params) : null} onClose={closePaid} />
    </section>
  );
}

function BookingStatCards({ stats, failed }: { stats: BookingStats | undefined; failed: boolean }) {
  const cards = [
    { label: 'Total Bookings', value: stats?.total },
    { label: 'Completed', value: stats?.completed },
    { label: 'Upcoming', value: stats?.upcoming },
    { label: 'Total Spent', value: stats ? formatDollars(stats.totalSpent) : undefined },
  ];
  if (failed) return <p className="alert alert--error">Failed to load your booking figures.</p>;
  return <StatCards testId="dashboard-stats" className="dashboard-stats--compact" cards={cards} />;
}

/** What a page of bookings shows while it loads or when it failed; null once it has arrived. */
function ListState({ list }: { list: UseQueryResult<BookingList> }) {
  if (list.isPending) {
    return (
      <p className="loading-text" role="status">
        <span className="spinner" aria-hidden="true" />
        Loading your bookings...
      </p>
    );
  }
  if (list.isError) return <p className="alert alert--error">Failed to load your bookings. Please reload the page.</p>;
  return null;
}

/**
 * Previous / Next under a page of bookings: a new page is read from its top (the tab panel's), and
 * a page left empty (its last booking cancelled) gives way to the last page there is.
 */
function BookingPages({
  list,
  page,
  onPage,
  label,
}: {
  list: BookingList;
  page: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const last = Math.max(1, totalPages(list.total, list.pageSize));
  const anchor = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (page > last) onPage(last);
  }, [page, last, onPage]);
  const turn = (next: number) => {
    onPage(next);
    anchor.current?.closest('[role="tabpanel"]')?.scrollIntoView({ block: 'start' });
  };
  return (
    <>
      <Pagination page={list.page} pageSize={list.pageSize} total={list.total} label={label} onPageChange={turn} />
      <span ref={anchor} hidden />
    </>
  );
}

function ActiveTab({ onView, onEdit }: { onView: (b: Booking) => void; onEdit: (b: Booking) => void }) {
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const id = useId();
  // A completed or cancelled status is never active: the tab lists nothing for it, without asking.
  const impossible = filter !== 'all' && isPastBooking(filter);
  const list = useQuery({
    ...myBookingsQuery({ status: filter === 'all' ? 'active' : filter, q, page }),
    enabled: !impossible,
  });
  const unfiltered = filter === 'all' && q === '' && search.trim() === '';

  if (!impossible && !list.data) return <ListState list={list} />;
  const shown = impossible ? [] : (list.data?.items ?? []);
  if (unfiltered && list.data?.total === 0) {
    return (
      <div className="empty-state" data-testid="no-active-bookings">
        <h2>No Active Bookings</h2>
        <p>You don't have any active bookings at the moment.</p>
        <Link to="/cleaners" className="btn btn--primary">
          Book a Service
        </Link>
      </div>
    );
  }
  const found = impossible ? 0 : (list.data?.total ?? 0);
  return (
    <>
      <div className="dashboard-filters">
        <div className="field">
          <label htmlFor={`${id}-search`} className="visually-hidden">
            Search bookings
          </label>
          <input
            id={`${id}-search`}
            type="search"
            placeholder="Search by cleaner name or service..."
            maxLength={100}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-status`} className="visually-hidden">
            Filter by status
          </label>
          <select
            id={`${id}-status`}
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value as StatusFilter);
              setPage(1);
            }}
          >
            {STATUS_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="visually-hidden" role="status">
        {found} {found === 1 ? 'booking' : 'bookings'} found
      </p>
      {shown.length === 0 ? (
        <p className="empty-state">No bookings match your search.</p>
      ) : (
        <ul className="booking-cards">
          {shown.map((booking) => (
            <BookingCard key={booking.id} booking={booking}>
              <button type="button" className="btn btn--outline btn--sm" onClick={() => onView(booking)}>
                View Details
              </button>
              {/* Each button is one of the booking's actions: present only when the server would accept it. */}
              {booking.actions.pay ? (
                <Link to={booking.links.page.href} className="btn btn--primary btn--sm">
                  {booking.actions.pay.title}
                </Link>
              ) : null}
              {booking.actions.edit ? (
                <button type="button" className="btn btn--outline btn--sm" onClick={() => onEdit(booking)}>
                  Edit
                </button>
              ) : null}
              <AddToCalendarLink booking={booking} />
              <CancelBookingButton booking={booking} />
            </BookingCard>
          ))}
        </ul>
      )}
      {list.data && !impossible ? (
        <BookingPages list={list.data} page={page} onPage={setPage} label="Active bookings pages" />
      ) : null}
    </>
  );
}

function HistoryTab({ onView }: { onView: (b: Booking) => void }) {
  const [page, setPage] = useState(1);
  const list = useQuery(myBookingsQuery({ status: 'history', q: '', page }));
  if (!list.data) return <ListState list={list} />;
  if (list.data.total === 0) {
    return (
      <div className="empty-state" data-testid="no-booking-history">
        <h2>No Booking History</h2>
        <p>Your completed bookings will appear here.</p>
      </div>
    );
  }
  return (
    <>
      <ul className="booking-cards">
        {list.data.items.map((booking) => (
          <BookingCard key={booking.id} booking={booking}>
            <button type="button" className="btn btn--outline btn--sm" onClick={() => onView(booking)}>
              View Details
            </button>
            {/* The server says whether this booking may be reviewed or booked again. */}
            {booking.hasReview ? <span className="tone-badge tone-badge--grey">Reviewed</span> : null}
            {booking.damageReportStatus ? (
              <span
                className={`tone-badge tone-badge--${booking.damageReportStatus === 'open' ? 'yellow' : 'grey'}`}
                data-testid="damage-report-status"
              >
                {DAMAGE_REPORT_TEXT[booking.damageReportStatus]}
              </span>
            ) : null}
            {booking.links.review ? (
              <Link to={booking.links.review.href} className="btn btn--outline btn--sm">
                Leave Review
              </Link>
            ) : null}
            {booking.links.rebook ? (
              <Link to={booking.links.rebook.href} className="btn btn--primary btn--sm">
                Book Again
              </Link>
            ) : null}
            <ReportDamageButton booking={booking} />
          </BookingCard>
        ))}
      </ul>
      <BookingPages list={list.data} page={page} onPage={setPage} label="Booking history pages" />
    </>
  );
}

/** A problem the customer reported on the booking, as its card says it (decision 080). */
const DAMAGE_REPORT_TEXT: Record<NonNullable<Booking['damageReportStatus']>, string> = {
  open: 'Problem reported: under review',
  released: 'Problem reviewed',
  partial_refund: 'Problem: partly refunded',
  full_refund: 'Problem: refunded',
};

function BookingCard({ booking, children }: { booking: Booking; children: React.ReactNode }) {
  const badges = bookingBadges(booking);
  return (
    <li className="card booking-card" data-testid={`booking-card-${booking.id}`}>
      <div className="booking-card__head">
        <h3 className="booking-card__service">{booking.service.name}</h3>
        <span className="booking-card__badges">
          <span className={`tone-badge tone-badge--${statusTone(booking.status)}`} data-testid="booking-status">
            {badges.status}
          </span>
          {badges.payment ? (
            <span className="tone-badge tone-badge--outline" data-testid="payment-status">
              {badges.payment}
            </span>
          ) : null}
          {booking.series ? (
            <span className="tone-badge tone-badge--outline">
              Regular · {frequencyPhrase(booking.series.frequency)}
            </span>
          ) : null}
        </span>
      </div>
      <BookingSummary
        booking={booking}
        layout="grid"
        facts={
          booking.specialRequests
            ? ['cleaner', 'date', 'time', 'total', 'address', 'specialRequests']
            : ['cleaner', 'date', 'time', 'total', 'address']
        }
      />
      {booking.cancellationKind === 'withdrawn' ? (
        // The cleaner cannot come after all (decision 071): their reason, and the money back in full.
        <p className="alert alert--warning" data-testid="withdrawn-note">
          {CLEANER_WITHDREW}: “{booking.cancelReason}”{' '}
          {booking.refund ? refundLine(booking.refund) : 'Nothing was charged.'}
        </p>
      ) : booking.refund?.status === 'failed' ? (
        <p className="alert alert--warning" data-testid="refund-failed-note">
          {refundLine(booking.refund)}
        </p>
      ) : null}
      <div className="button-row">{children}</div>
    </li>
  );
}

function NoSeries() {
  return (
    <>
      <h2>No Regular Cleanings</h2>
      <p>
        Choose how often when you book — weekly, every 2 weeks, monthly... — or open a booking's details and choose Make
        this regular.
      </p>
    </>
  );
}
