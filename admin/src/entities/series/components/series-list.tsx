import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { errorMessage } from '../../../lib/api-errors';
import { seriesListQuery } from '../api/series';
import { SeriesCard } from './series-card';

/**
 * The caller's recurring cleanings in one role (a customer's on /dashboard, a cleaner's on
 * /cleaner-dashboard), each a card; `&series=<id>` in the address (the series' `links.page`) brings
 * that card into view, and `&skip=<bookingId>` opens that visit's Skip dialog (it still asks).
 */
export function SeriesList({ as, empty }: { as: 'customer' | 'cleaner'; empty: React.ReactNode }) {
  const list = useQuery(seriesListQuery);
  const items = list.data?.items.filter((s) => s.role === as) ?? [];
  const count = items.length;
  const query = new URLSearchParams(window.location.search);
  const wantedSeries = Number(query.get('series'));
  const skipOf = Number(query.get('skip')) || null;
  useEffect(() => {
    const wanted = new URLSearchParams(window.location.search).get('series');
    if (count === 0 || !wanted) return;
    document.getElementById(`series-${wanted}`)?.scrollIntoView({ block: 'start' });
  }, [count]);
  if (list.isPending) {
    return (
      <p className="loading-text" role="status">
        <span className="spinner" aria-hidden="true" />
        Loading your regular cleanings...
      </p>
    );
  }
  if (list.isError) {
    return <p className="alert alert--error">{errorMessage(list.error, 'Failed to load your regular cleanings.')}</p>;
  }
  if (count === 0) return <div className="empty-state">{empty}</div>;
  return (
    <ul className="booking-cards series-list" aria-label="Regular cleanings">
      {items.map((series) => (
        <SeriesCard key={series.id} series={series} askSkipOf={series.id === wantedSeries ? skipOf : null} />
      ))}
    </ul>
  );
}
