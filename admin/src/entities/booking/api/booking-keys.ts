import type { BookingStatus } from '@spotless/sdk';

/**
 * The query keys of bookings, built in one place so that an invalidation names the same queries
 * the reads cached: `bookingKeys.all` is every bookings query (lists, details, stats).
 */
/** A page of the customer's own bookings: a status or group, a search, a page number. */
export interface MyBookingsView {
  status: 'active' | 'history' | BookingStatus;
  q: string;
  page: number;
}

export const bookingKeys = {
  all: ['bookings'] as const,
  lists: () => [...bookingKeys.all, 'list'] as const,
  /** One page of the signed-in customer's bookings, as the dashboard asks for it. */
  mine: (view: MyBookingsView) => [...bookingKeys.lists(), 'mine', view] as const,
  details: () => [...bookingKeys.all, 'detail'] as const,
  detail: (id: number) => [...bookingKeys.details(), id] as const,
  stats: () => [...bookingKeys.all, 'stats'] as const,
};

/** The keys of a cleaner's free times; apart from bookings, so a booking edit does not refetch them. */
export const slotKeys = {
  all: ['slots'] as const,
  day: (cleanerId: number, date: string, duration: number) => [...slotKeys.all, cleanerId, date, duration] as const,
  /** A day read through a link a resource gave (a booking's `cleanerSlots`). */
  linked: (href: string, date: string) => [...slotKeys.all, 'link', href, date] as const,
};
