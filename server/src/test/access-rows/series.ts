import type { World } from '../access-fixtures';
import { type Expect, type Row, usersOnly } from './row';

/**
 * Recurring cleanings (decision 088): customer A's series with the `cleaner` caller, a fresh one for
 * each write (a write changes it). Its customer pauses, resumes, ends and skips; its cleaner
 * declines; administrators read; anyone else is told it does not exist.
 */
const only = (who: 'customerA' | 'cleaner', status: number): Expect => ({ ...usersOnly(404), [who]: status });
const seriesPath = async (f: World, action: string, status?: 'paused') =>
  `/api/booking-series/${(await f.newSeries(status)).seriesId}/${action}`;
const visitPath = async (f: World, action: string) => {
  const { seriesId, visitId } = await f.newSeries();
  return `/api/booking-series/${seriesId}/visits/${visitId}/${action}`;
};

export const SERIES_ROWS: Record<string, Row> = {
  createBookingSeries: {
    request: async (f) => ({
      path: '/api/booking-series',
      body: { bookingId: await f.newBooking(), frequency: 'biweekly' },
    }),
    expect: only('customerA', 201),
  },
  listBookingSeries: { request: () => ({ path: '/api/booking-series' }), expect: { ...usersOnly(200), admin: 200 } },
  getBookingSeries: {
    request: async (f) => ({ path: `/api/booking-series/${(await f.newSeries()).seriesId}` }),
    expect: { ...usersOnly(404), customerA: 200, cleaner: 200, admin: 200 },
  },
  pauseBookingSeries: {
    request: async (f) => ({ path: await seriesPath(f, 'pause'), body: {} }),
    expect: only('customerA', 200),
  },
  resumeBookingSeries: {
    request: async (f) => ({ path: await seriesPath(f, 'resume', 'paused'), body: {} }),
    expect: only('customerA', 200),
  },
  endBookingSeries: {
    request: async (f) => ({ path: await seriesPath(f, 'end'), body: {} }),
    expect: only('customerA', 200),
  },
  declineBookingSeries: {
    request: async (f) => ({ path: await seriesPath(f, 'decline'), body: { reason: 'I no longer work Mondays' } }),
    expect: only('cleaner', 200),
  },
  skipSeriesVisit: { request: async (f) => ({ path: await visitPath(f, 'skip') }), expect: only('customerA', 200) },
  declineSeriesVisit: {
    request: async (f) => ({ path: await visitPath(f, 'decline'), body: { reason: 'I am away that week' } }),
    expect: only('cleaner', 200),
  },
};
