/** The query keys of the cleaner's own dashboard; bookings stay under `bookingKeys` so a status change refreshes both. */
export const cleanerKeys = {
  all: ['cleaner-self'] as const,
  profile: () => [...cleanerKeys.all, 'profile'] as const,
  overview: () => [...cleanerKeys.all, 'overview'] as const,
  availability: (cleanerId: number) => [...cleanerKeys.all, 'availability', cleanerId] as const,
  timeOff: (cleanerId: number) => [...cleanerKeys.all, 'time-off', cleanerId] as const,
};
