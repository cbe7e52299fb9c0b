import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

/** A cleaner's public profile: shared by the profile page and the booking page (one cache entry). */
export const cleanerQuery = (id: number) =>
  queryOptions({
    queryKey: ['cleaners', 'detail', id] as const,
    queryFn: ({ signal }) => api.cleaners.get(id, signal),
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
