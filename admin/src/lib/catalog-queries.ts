import { type Cleaner, workingWeekdays } from '@spotless/sdk';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

/** A cleaner's public profile: shared by the profile page and the booking page (one cache entry). */
export const cleanerQuery = (id: number) =>
  queryOptions({
    queryKey: ['cleaners', 'detail', id] as const,
    queryFn: ({ signal }) => api.cleaners.get(id, signal),
  });

/**
 * The weekdays a cleaner works (0 = Sunday), from the weekly hours their profile links to, read by
 * the rule the server's free slots come from (the SDK's `workingWeekdays`; decision 075).
 */
export const cleanerWorkingDaysQuery = (cleaner: Pick<Cleaner, 'id' | 'links'>) =>
  queryOptions({
    queryKey: ['cleaners', 'working-days', cleaner.id] as const,
    queryFn: async ({ signal }) => workingWeekdays((await api.follow(cleaner.links.availability, {}, signal)).items),
  });

/** The service catalogue. */
export const servicesQuery = queryOptions({
  queryKey: ['services'] as const,
  queryFn: ({ signal }) => api.services.list(signal),
});

export const serviceQuery = (id: number) =>
  queryOptions({
    queryKey: ['services', id] as const,
    queryFn: ({ signal }) => api.services.get(id, signal),
  });
