/**
 * The query keys of reviews, built in one place so that an invalidation names the same queries the
 * reads cached: `reviewKeys.all` is every review query (lists, summaries, the platform figures).
 */
export const reviewKeys = {
  all: ['reviews'] as const,
  platformSummary: () => [...reviewKeys.all, 'platform-summary'] as const,
  cleaner: (cleanerId: number) => [...reviewKeys.all, 'cleaner', cleanerId] as const,
  cleanerList: (cleanerId: number, limit: number) => [...reviewKeys.cleaner(cleanerId), 'list', limit] as const,
  cleanerSummary: (cleanerId: number) => [...reviewKeys.cleaner(cleanerId), 'summary'] as const,
  topCleaners: (limit: number) => [...reviewKeys.all, 'top-cleaners', limit] as const,
  completedBookings: (limit: number) => [...reviewKeys.all, 'completed-bookings', limit] as const,
};
