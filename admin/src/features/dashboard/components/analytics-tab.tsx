import { type BookingStats, formatDollars } from '@spotless/sdk';

/** The customer's figures: bookings and spending. */
export function AnalyticsTab({ stats }: { stats: BookingStats | undefined }) {
  if (!stats) return <p className="loading-text">Loading your figures...</p>;
  return (
    <div className="analytics-grid" data-testid="dashboard-analytics">
      <section className="card" aria-labelledby="trends-title">
        <h2 id="trends-title" className="card__title">
          Booking Trends
        </h2>
        <dl className="detail-list">
          <div>
            <dt>Bookings this month</dt>
            <dd>{stats.thisMonthCount}</dd>
          </div>
          <div>
            <dt>Average Rating Given</dt>
            <dd>{stats.averageRatingGiven === null ? '—' : stats.averageRatingGiven.toFixed(1)}</dd>
          </div>
          <div>
            <dt>Favourite service</dt>
            <dd>{stats.favouriteService ?? '—'}</dd>
          </div>
        </dl>
      </section>
      <section className="card" aria-labelledby="spending-title">
        <h2 id="spending-title" className="card__title">
          Spending Summary
        </h2>
        <dl className="detail-list">
          <div>
            <dt>Total spent</dt>
            <dd>{formatDollars(stats.totalSpent)}</dd>
          </div>
          <div>
            <dt>Average per booking</dt>
            <dd>{formatDollars(stats.averagePerBooking)}</dd>
          </div>
          <div>
            <dt>Spent this month</dt>
            <dd>{formatDollars(stats.thisMonthSpent)}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
